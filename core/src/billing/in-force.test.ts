import { describe, expect, it } from 'vitest';
import type { SubscriptionRow } from './subscriptions.repository';
import { toSubscriptionDto } from './billing-dto';
import { hasLapsed, isCurrent, isInForce } from './in-force';

const now = new Date('2026-05-10T12:00:00.000Z');
const ms = (n: number) => new Date(now.getTime() + n);
const row = (over: Partial<SubscriptionRow>): SubscriptionRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  planId: 'pro',
  interval: 'month',
  status: 'active',
  currentPeriodStart: null,
  currentPeriodEnd: ms(86_400_000),
  provider: null,
  providerSubscriptionId: null,
  cancelAtPeriodEnd: false,
  paymentId: null,
  replacesSubscriptionId: null,
  createdAt: ms(-86_400_000),
  updatedAt: ms(-86_400_000),
  ...over,
});

describe('a subscription in force', () => {
  // [case, row, in force, lapsed (shown as expired)]
  const cases: Array<[string, SubscriptionRow, boolean, boolean]> = [
    ['active, period ends tomorrow', row({}), true, false],
    ['active, period ends a millisecond from now', row({ currentPeriodEnd: ms(1) }), true, false],
    ['active, period ends exactly now: over', row({ currentPeriodEnd: now }), false, true],
    ['past due: still marked active, period ended a millisecond ago', row({ currentPeriodEnd: ms(-1) }), false, true],
    [
      'auto-renew cancelled, still in its period: in force to the end',
      row({ cancelAtPeriodEnd: true, providerSubscriptionId: 'I-1' }),
      true,
      false,
    ],
    ['cancelled (refunded or ended at PayPal) with an end still ahead: nothing', row({ status: 'cancelled' }), false, false],
    ['expired with an end still ahead: nothing', row({ status: 'expired' }), false, false],
    ['scheduled (a downgrade waiting its turn): not yet', row({ status: 'scheduled' }), false, false],
    ['active without an end (granted): always', row({ currentPeriodEnd: null }), true, false],
  ];
  it.each(cases)('%s', (_name, s, inForce, lapsed) => {
    expect(isInForce(s, now)).toBe(inForce);
    expect(hasLapsed(s, now)).toBe(lapsed);
    expect(isCurrent(s, now)).toBe(inForce);
    expect(toSubscriptionDto(s, now).status).toBe(lapsed ? 'expired' : s.status);
  });

  it('isCurrent also needs a paid plan, and nothing is never current', () => {
    expect(isInForce(row({ planId: 'free' }), now)).toBe(true);
    expect(isCurrent(row({ planId: 'free' }), now)).toBe(false);
    expect(isCurrent(row({ planId: 'no-such-plan' }), now)).toBe(false);
    expect(isCurrent(undefined, now)).toBe(false);
    expect(isInForce(undefined, now)).toBe(false);
  });
});
