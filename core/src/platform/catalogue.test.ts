import { describe, expect, it } from 'vitest';
import { PLANS, planPriceCents, remainingGenerations, yearlyMonthlyEquivalentCents, getPlan, cheapestPlanWhere } from './catalogue';

describe('catalogue', () => {
  it('prices plans as the spec says, in cents', () => {
    expect(PLANS.map((p) => [p.id, p.priceCents])).toEqual([
      ['free', 0],
      ['pro', 999],
      ['business', 2999],
    ]);
    expect(getPlan('pro').popular).toBe(true);
  });

  it('computes yearly as monthly x 12 x 0.8', () => {
    expect(planPriceCents('pro', 'year')).toBe(9590);
    expect(planPriceCents('business', 'year')).toBe(28790);
    expect(yearlyMonthlyEquivalentCents('pro')).toBe(799);
    expect(planPriceCents('free', 'year')).toBe(0);
  });

  it('counts remaining generations, never below zero, -1 for unlimited', () => {
    expect(remainingGenerations(10, 3)).toBe(7);
    expect(remainingGenerations(10, 12)).toBe(0);
    expect(remainingGenerations(-1, 500)).toBe(-1);
  });

  it('names the cheapest plan that allows a feature', () => {
    expect(cheapestPlanWhere((l) => l.customPrompts)?.id).toBe('pro');
    expect(cheapestPlanWhere((l) => l.apiAccess)?.id).toBe('business');
    expect(cheapestPlanWhere((l) => l.tones.includes('romantic'))?.id).toBe('pro');
  });
});
