import type { PaypalClient, PaypalLink } from './paypal.client';

/** Catalog Products v1 and Subscriptions v1 shapes we use (product_request_POST, plan_request_POST, subscription_request_post). */
export interface PaypalProduct {
  id: string;
  name: string;
}
export interface PaypalPlan {
  id: string;
  product_id?: string;
  name: string;
  status?: string;
}
export interface PaypalPlanRequest {
  product_id: string;
  name: string;
  description?: string;
  status: 'ACTIVE';
  billing_cycles: Array<{
    frequency: { interval_unit: 'MONTH' | 'YEAR'; interval_count: number };
    tenure_type: 'REGULAR';
    sequence: number;
    total_cycles: number;
    pricing_scheme: { fixed_price: { currency_code: string; value: string } };
  }>;
  payment_preferences: { auto_bill_outstanding: boolean; payment_failure_threshold: number };
}
export type PaypalSubscriptionStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
export interface PaypalSubscription {
  id: string;
  plan_id: string;
  status: PaypalSubscriptionStatus;
  custom_id?: string;
  start_time?: string;
  billing_info?: { next_billing_time?: string; last_payment?: { amount?: { currency_code: string; value: string }; time?: string } };
  links?: PaypalLink[];
}

const enc = encodeURIComponent;

/** PayPal's catalog and subscriptions endpoints, through the shared client (token, retries on 401, base URL). */
export const paypalSubscriptionsApi = {
  async listProducts(c: PaypalClient): Promise<PaypalProduct[]> {
    const found: PaypalProduct[] = [];
    for (let page = 1; page <= 20; page++) {
      const body = await c.call<{ products?: PaypalProduct[]; total_pages?: number }>(
        'GET',
        `/v1/catalogs/products?page_size=20&page=${page}&total_required=true`,
        { ok: [200] },
      );
      found.push(...(body.products ?? []));
      if (!body.total_pages || page >= body.total_pages) break;
    }
    return found;
  },
  createProduct(c: PaypalClient, body: { name: string; description: string; type: 'SERVICE'; category: 'SOFTWARE' }, requestId: string) {
    return c.call<PaypalProduct>('POST', '/v1/catalogs/products', { body, requestId, ok: [200, 201] });
  },
  async listPlans(c: PaypalClient, productId: string): Promise<PaypalPlan[]> {
    const found: PaypalPlan[] = [];
    for (let page = 1; page <= 20; page++) {
      const body = await c.call<{ plans?: PaypalPlan[]; total_pages?: number }>(
        'GET',
        `/v1/billing/plans?product_id=${enc(productId)}&page_size=20&page=${page}&total_required=true`,
        { ok: [200] },
      );
      found.push(...(body.plans ?? []));
      if (!body.total_pages || page >= body.total_pages) break;
    }
    return found;
  },
  createPlan(c: PaypalClient, body: PaypalPlanRequest, requestId: string) {
    return c.call<PaypalPlan>('POST', '/v1/billing/plans', { body, requestId, ok: [200, 201] });
  },
  createSubscription(
    c: PaypalClient,
    body: {
      plan_id: string;
      custom_id: string;
      application_context?: {
        brand_name: string;
        shipping_preference: 'NO_SHIPPING';
        user_action: 'SUBSCRIBE_NOW';
        return_url: string;
        cancel_url: string;
      };
    },
    requestId: string,
  ) {
    return c.call<PaypalSubscription>('POST', '/v1/billing/subscriptions', { body, requestId, ok: [200, 201] });
  },
  getSubscription(c: PaypalClient, id: string) {
    return c.call<PaypalSubscription>('GET', `/v1/billing/subscriptions/${enc(id)}`, { ok: [200] });
  },
  /** suspend | activate | cancel, each with a reason; PayPal answers 204. */
  async change(c: PaypalClient, id: string, action: 'suspend' | 'activate' | 'cancel', reason: string): Promise<void> {
    await c.call('POST', `/v1/billing/subscriptions/${enc(id)}/${action}`, { body: { reason }, ok: [204] });
  },
};

/** PayPal's plan name for one of ours; the sync finds plans again by this name. */
export const paypalPlanName = (planId: string, interval: string) => `Genius Lines ${planId} ${interval === 'year' ? 'yearly' : 'monthly'}`;
export const PAYPAL_PRODUCT_NAME = 'Genius Lines';
export const paypalPlanKey = (planId: string, interval: string) => `plan:${planId}:${interval}`;
