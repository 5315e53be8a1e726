import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, defaultTimeZone, formatClock, formatTimeFor, localDay } from './time';

describe('times for a person', () => {
  const at = new Date('2026-11-26T10:05:00Z');

  it('Kiswahili: the 24-hour clock with the zone named, never "saa" before a figure', () => {
    expect(formatTimeFor(at, { language: 'sw', timeZone: 'Africa/Nairobi' })).toBe('26 Novemba 2026, 13:05 EAT');
    expect(formatClock(at, { language: 'sw', timeZone: 'Pacific/Honolulu' })).toBe('00:05 HST');
    expect(formatTimeFor(at, { language: 'sw', timeZone: 'Africa/Nairobi' })).not.toMatch(/saa/);
  });

  it('English: the zone abbreviation too', () => {
    expect(formatTimeFor(at, { language: 'en', timeZone: 'Africa/Nairobi' })).toMatch(/^November 26, 2026, 1:05\sPM EAT$/);
    expect(formatTimeFor(at, { language: 'en', timeZone: 'Pacific/Honolulu' })).toMatch(/^November 26, 2026, 12:05\sAM HST$/);
    expect(formatClock(at, { language: 'en', timeZone: 'UTC' })).toMatch(/^10:05\sAM UTC$/);
  });

  it("the day is the zone's own", () => {
    expect(localDay(new Date('2026-11-27T21:30:00Z'), 'Africa/Nairobi')).toBe('2026-11-28');
    expect(localDay(new Date('2026-11-28T09:30:00Z'), 'Pacific/Honolulu')).toBe('2026-11-27');
  });

  it('only IANA names are zones; the default follows the language or a Kenyan number', () => {
    expect(canonicalTimeZone('Africa/Nairobi')).toBe('Africa/Nairobi');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['+03:00', 'Mars/Olympus_Mons', '', 'Africa/Nairobi ', '../etc/passwd']) expect(canonicalTimeZone(bad)).toBeNull();
    expect(defaultTimeZone({ language: 'sw' })).toBe('Africa/Nairobi');
    expect(defaultTimeZone({ language: 'en', phone: '+254 712 345678' })).toBe('Africa/Nairobi');
    expect(defaultTimeZone({ language: 'en' })).toBe('UTC');
  });
});
