import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney } from './format';

describe('formatting by language', () => {
  it('writes shillings whole and dollars with cents, in sw-KE and en-US', () => {
    expect(formatMoney(1290, 'KES', 'sw')).toMatch(/^Ksh\s1,290$/);
    expect(formatMoney(999, 'USD', 'en')).toBe('$9.99');
    expect(formatMoney(1290, 'KES', 'en')).toMatch(/^KES\s1,290$/);
  });

  it('writes a day with the month named in the language', () => {
    expect(formatDay(new Date('2026-11-26T23:30:00Z'), 'sw')).toBe('26 Novemba 2026');
    expect(formatDay(new Date('2026-11-26T23:30:00Z'), 'en')).toBe('November 26, 2026');
  });
});
