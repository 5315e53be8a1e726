import { describe, expect, it } from 'vitest';
import { formatDay } from './format';

describe('formatting by language', () => {
  it('writes a day with the month named in the language', () => {
    expect(formatDay(new Date('2026-11-26T23:30:00Z'), 'sw')).toBe('26 Novemba 2026');
    expect(formatDay(new Date('2026-11-26T23:30:00Z'), 'en')).toBe('November 26, 2026');
  });
});
