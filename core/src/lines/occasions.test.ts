import { describe, expect, it } from 'vitest';
import {
  EID_AL_FITR_DATES,
  addDays,
  daysBetween,
  getOccasion,
  isCalendarDay,
  nextOccasionDate,
  occasionDateFor,
  occasionDateIn,
} from './occasions';

describe('occasions', () => {
  it('Black Friday is the day after the fourth Thursday of November', () => {
    const bf = getOccasion('black_friday');
    expect(occasionDateIn(bf, 2026)).toBe('2026-11-27');
    expect(occasionDateIn(bf, 2027)).toBe('2027-11-26');
    expect(occasionDateIn(bf, 2028)).toBe('2028-11-24');
  });

  it("back to school is the first Monday of Kenya's January term", () => {
    const school = getOccasion('back_to_school');
    expect(occasionDateIn(school, 2026)).toBe('2026-01-05');
    expect(occasionDateIn(school, 2027)).toBe('2027-01-04');
    expect(new Date(`${occasionDateIn(school, 2029)}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('Eid al-Fitr comes from the table, and is unknown past it', () => {
    const eid = getOccasion('eid_al_fitr');
    expect(occasionDateIn(eid, 2027)).toBe('2027-03-09');
    expect(occasionDateIn(eid, 2031)).toBeUndefined();
    expect(nextOccasionDate(eid, '2026-03-21')).toBe('2027-03-09');
    expect(nextOccasionDate(eid, '2030-02-05')).toBeUndefined();
    expect(EID_AL_FITR_DATES).toHaveLength(5);
  });

  it('the next date is on or after the day given; a campaign is about the nearest occurrence', () => {
    const jamhuri = getOccasion('jamhuri_day');
    expect(nextOccasionDate(jamhuri, '2026-12-12')).toBe('2026-12-12');
    expect(nextOccasionDate(jamhuri, '2026-12-13')).toBe('2027-12-12');
    expect(occasionDateFor(jamhuri, '2026-12-09', '2026-12-15')).toBe('2026-12-12');
    // The week after Christmas follows up the Christmas just gone, not next year's.
    expect(occasionDateFor(getOccasion('christmas'), '2026-12-27', '2027-01-02')).toBe('2026-12-25');
    expect(occasionDateFor(getOccasion('new_year'), '2026-12-27', '2027-01-02')).toBe('2027-01-01');
  });

  it('calendar days', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-2-1')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-12-10', '2026-12-12')).toBe(2);
  });
});
