import { planPriceCents, type BillingInterval, type PlanId } from '../platform/catalogue';
import { mpesaAmountKes } from './mpesa.protocol';

/**
 * A plan's catalogue price in whole Kenya shillings: the one conversion (ceil(USD x MPESA_KES_PER_USD))
 * that the M-Pesa push charges (through the billing quote) and the pricing cards show. Free is 0.
 */
export function planPriceKes(planId: PlanId, interval: BillingInterval, kesPerUsd: number): number {
  const cents = planPriceCents(planId, interval);
  return cents > 0 ? mpesaAmountKes(cents, kesPerUsd) : 0;
}
