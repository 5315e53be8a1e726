import { useQuery } from '@tanstack/react-query';
import { PLANS, getPlan, type BillingInterval, type Plan, type PlanId } from '@gl/core/types';
import { api } from '../../platform/api';
import { useAuth } from '../accounts';

/** The plan whose rules apply to this browser: the signed-in user's, or free for visitors. */
export function useCurrentPlan(): Plan {
  const { user } = useAuth();
  const id: PlanId = user?.planId ?? 'free';
  return getPlan(id);
}

/** A plan as GET /api/plans offers it: with its shilling prices (absent in the bundled placeholder). */
export type PlanOffer = Plan & { priceKes?: number; yearlyPriceKes?: number };

/**
 * What M-Pesa charges for a plan, in whole shillings: GET /api/plans carries it, from the same
 * conversion the M-Pesa push uses (`planPriceKes`); the bundled placeholder has none, so no KES line
 * shows until the answer arrives.
 */
export function planKes(plan: PlanOffer, interval: BillingInterval): number | null {
  const kes = interval === 'year' ? plan.yearlyPriceKes : plan.priceKes;
  return typeof kes === 'number' && kes > 0 ? kes : null;
}

/** GET /api/plans (the catalogue), with the bundled catalogue as the initial value. */
export function usePlans() {
  return useQuery<PlanOffer[]>({
    queryKey: ['plans'],
    queryFn: async () => (await api('/plans')).plans,
    placeholderData: PLANS as PlanOffer[],
    staleTime: 10 * 60_000,
  });
}

/** The cheapest plan that unlocks something, for upgrade hints ("Available on Pro"). */
export function planThatAllows(predicate: (plan: Plan) => boolean): Plan | undefined {
  return PLANS.find(predicate);
}
