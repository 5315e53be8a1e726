import { describe, expect, it } from 'vitest';
import { formatKsh, formatMinor, formatUsdCents } from './money';

describe('money, written one way in both languages', () => {
  it('writes shillings as Kenyan shops do: "KSh 1,289", whole shillings', () => {
    expect(formatKsh(1289)).toBe('KSh 1,289');
    expect(formatKsh(37140)).toBe('KSh 37,140');
    expect(formatMinor(1_250_000, 'KES')).toBe('KSh 1,250,000');
  });

  it('writes dollars with the sign against the number, cents kept unless asked to drop whole ones', () => {
    expect(formatUsdCents(999)).toBe('$9.99');
    expect(formatMinor(28790, 'USD')).toBe('$287.90');
    expect(formatUsdCents(1000)).toBe('$10.00');
    expect(formatUsdCents(1000, { trimWhole: true })).toBe('$10');
    expect(formatUsdCents(123456)).toBe('$1,234.56');
  });
});
