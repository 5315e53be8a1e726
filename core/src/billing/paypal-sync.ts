import { BILLING_INTERVALS, planPriceCents, type PlanId } from '../platform/catalogue';
import type { DbOrTx } from '../platform/db/database';
import { centsToPaypalValue, type PaypalClient } from './paypal.client';
import { PAYPAL_PRODUCT_NAME, paypalPlanKey, paypalPlanName, paypalSubscriptionsApi as api } from './paypal-subscriptions.client';
import { billingRepository } from './billing.repository';

const PAID: PlanId[] = ['pro', 'business'];

/**
 * `npm run paypal:sync`: one PayPal product and one plan per (planId, interval) from the catalogue.
 * Idempotent: each is looked up by name first and only created when missing; the ids are stored
 * in PostgreSQL, where the api reads them when it first needs them.
 */
export async function syncPaypalCatalog(client: PaypalClient, db: DbOrTx): Promise<Array<{ key: string; id: string; created: boolean }>> {
  const out: Array<{ key: string; id: string; created: boolean }> = [];
  let product = (await api.listProducts(client)).find((p) => p.name === PAYPAL_PRODUCT_NAME);
  const productCreated = !product;
  product ??= await api.createProduct(
    client,
    { name: PAYPAL_PRODUCT_NAME, description: 'Genius Lines plans', type: 'SERVICE', category: 'SOFTWARE' },
    'gl-product',
  );
  await billingRepository.saveCatalog(db, { key: 'product', paypalId: product.id, name: PAYPAL_PRODUCT_NAME });
  out.push({ key: 'product', id: product.id, created: productCreated });

  const existing = await api.listPlans(client, product.id);
  for (const planId of PAID) {
    for (const interval of BILLING_INTERVALS) {
      const name = paypalPlanName(planId, interval);
      let plan = existing.find((p) => p.name === name && (p.status ?? 'ACTIVE') === 'ACTIVE');
      const created = !plan;
      plan ??= await api.createPlan(
        client,
        {
          product_id: product.id,
          name,
          description: `Genius Lines ${planId} plan, renews every ${interval}`,
          status: 'ACTIVE',
          billing_cycles: [
            {
              frequency: { interval_unit: interval === 'year' ? 'YEAR' : 'MONTH', interval_count: 1 },
              tenure_type: 'REGULAR',
              sequence: 1,
              total_cycles: 0,
              pricing_scheme: { fixed_price: { currency_code: 'USD', value: centsToPaypalValue(planPriceCents(planId, interval)) } },
            },
          ],
          payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
        },
        `gl-plan-${planId}-${interval}`,
      );
      await billingRepository.saveCatalog(db, { key: paypalPlanKey(planId, interval), paypalId: plan.id, name });
      out.push({ key: paypalPlanKey(planId, interval), id: plan.id, created });
    }
  }
  return out;
}
