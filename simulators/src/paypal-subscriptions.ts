import { randomBytes } from 'node:crypto';

/**
 * PayPal Catalog Products v1 and Subscriptions v1 for the PayPal simulator (mounted by paypal.ts):
 *  - POST/GET /v1/catalogs/products            (product_request_POST; list with page, page_size)
 *  - POST/GET /v1/billing/plans, GET /v1/billing/plans/{id}   (plan_request_POST; list by product_id)
 *  - POST /v1/billing/subscriptions, GET /v1/billing/subscriptions/{id}   (subscription_request_post)
 *  - POST /v1/billing/subscriptions/{id}/suspend | activate | cancel   (204)
 * Controls: approve() stands in for the buyer (at once with autoApprove, as the sandbox runs it); subscriptionEvent()/saleEvent() build the webhooks PayPal sends.
 */
export interface PaypalSubscriptionsSim {
  products: Map<string, any>;
  plans: Map<string, any>;
  subscriptions: Map<string, any>;
  /** Every sale (subscription payment) an event was built for, by its transaction id: refundable. */
  sales: Map<string, any>;
  /** The buyer approves: APPROVAL_PENDING -> ACTIVE, with the first billing cycle. */
  approve(subscriptionId: string): void;
  /** Sets a subscription's status (e.g. CANCELLED at PayPal's side). */
  setStatus(subscriptionId: string, status: string): void;
  /** A BILLING.SUBSCRIPTION.* event carrying the subscription as it is now. */
  subscriptionEvent(subscriptionId: string, eventType: string): any;
  /** PAYMENT.SALE.COMPLETED for one billing cycle (a new sale id unless given). */
  saleEvent(subscriptionId: string, opts?: { saleId?: string; total?: string }): any;
}

type Reply = (status: number, body?: unknown) => void;
const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const pid = (n: number) => Array.from(randomBytes(n), (b) => CHARS[b % CHARS.length]).join('');
const invalid = (field: string, issue = 'MISSING_REQUIRED_PARAMETER') => ({
  name: 'INVALID_REQUEST',
  message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  debug_id: randomBytes(7).toString('hex'),
  details: [{ field, issue, description: 'A required field / parameter is missing or invalid.' }],
});
const notFound = () => ({
  name: 'RESOURCE_NOT_FOUND',
  message: 'The specified resource does not exist.',
  debug_id: randomBytes(7).toString('hex'),
  details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Requested resource ID was not found.' }],
});
const unprocessable = (issue: string, description: string) => ({
  name: 'UNPROCESSABLE_ENTITY',
  message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  debug_id: randomBytes(7).toString('hex'),
  details: [{ issue, description }],
});

export function createPaypalSubscriptionsSim(base: () => string, opts: { autoApprove?: boolean } = {}) {
  const products = new Map<string, any>();
  const plans = new Map<string, any>();
  const subscriptions = new Map<string, any>();
  const sales = new Map<string, any>();
  const idempotent = new Map<string, unknown>();

  const page = (items: any[], params: URLSearchParams) => {
    const size = Math.min(20, Math.max(1, Number(params.get('page_size') ?? 10)));
    const n = Math.max(1, Number(params.get('page') ?? 1));
    return {
      slice: items.slice((n - 1) * size, n * size),
      total_items: items.length,
      total_pages: Math.max(1, Math.ceil(items.length / size)),
    };
  };
  const subView = (s: any) => ({
    ...s,
    links: [
      { href: `${base()}/v1/billing/subscriptions/${s.id}`, rel: 'self', method: 'GET' },
      ...(s.status === 'APPROVAL_PENDING'
        ? [
            {
              href: `https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=BA-${s.id.slice(2)}`,
              rel: 'approve',
              method: 'GET',
            },
          ]
        : []),
    ],
  });
  const once = (key: string | undefined, reply: Reply, make: () => [number, unknown]) => {
    if (key && idempotent.has(key)) return reply(200, idempotent.get(key));
    const [status, body] = make();
    if (key && status < 300) idempotent.set(key, body);
    reply(status, body);
  };

  /** Answers a request it knows (true), or leaves it to the rest of the simulator (false). */
  function handle(method: string, path: string, params: URLSearchParams, body: any, requestId: string | undefined, reply: Reply): boolean {
    if (path === '/v1/catalogs/products') {
      if (method === 'GET') {
        const { slice, ...rest } = page([...products.values()], params);
        reply(200, { products: slice, ...rest, links: [] });
        return true;
      }
      if (method !== 'POST') return false;
      if (typeof body?.name !== 'string' || !body.name) return (reply(400, invalid('/name')), true);
      if (!['PHYSICAL', 'DIGITAL', 'SERVICE'].includes(body?.type)) return (reply(400, invalid('/type')), true);
      once(requestId && `product:${requestId}`, reply, () => {
        const product = {
          id: `PROD-${pid(17)}`,
          name: body.name,
          description: body.description,
          type: body.type,
          category: body.category,
          create_time: new Date().toISOString(),
        };
        products.set(product.id, product);
        return [201, product];
      });
      return true;
    }
    if (path === '/v1/billing/plans') {
      if (method === 'GET') {
        const all = [...plans.values()].filter((p) => !params.get('product_id') || p.product_id === params.get('product_id'));
        const { slice, ...rest } = page(all, params);
        reply(200, { plans: slice.map(({ billing_cycles: _b, payment_preferences: _p, ...p }) => p), ...rest, links: [] });
        return true;
      }
      if (method !== 'POST') return false;
      if (!products.has(body?.product_id)) return (reply(422, unprocessable('INVALID_PARAMETER_VALUE', 'Invalid product id.')), true);
      if (!Array.isArray(body?.billing_cycles) || body.billing_cycles.length === 0) return (reply(400, invalid('/billing_cycles')), true);
      if (!body?.payment_preferences) return (reply(400, invalid('/payment_preferences')), true);
      once(requestId && `plan:${requestId}`, reply, () => {
        const plan = {
          id: `P-${pid(24)}`,
          product_id: body.product_id,
          name: body.name,
          description: body.description,
          status: body.status ?? 'ACTIVE',
          usage_type: 'LICENSED',
          billing_cycles: body.billing_cycles,
          payment_preferences: body.payment_preferences,
          create_time: new Date().toISOString(),
        };
        plans.set(plan.id, plan);
        return [201, plan];
      });
      return true;
    }
    const planMatch = /^\/v1\/billing\/plans\/([A-Za-z0-9-]+)$/.exec(path);
    if (planMatch && method === 'GET') {
      const plan = plans.get(planMatch[1]!);
      reply(plan ? 200 : 404, plan ?? notFound());
      return true;
    }
    if (path === '/v1/billing/subscriptions' && method === 'POST') {
      const plan = plans.get(body?.plan_id);
      if (!plan) return (reply(422, unprocessable('RESOURCE_NOT_FOUND', 'The specified plan does not exist.')), true);
      if (plan.status !== 'ACTIVE') return (reply(422, unprocessable('PLAN_STATUS_INVALID', 'Invalid plan status.')), true);
      once(requestId && `sub:${requestId}`, reply, () => {
        const sub = {
          id: `I-${pid(12)}`,
          plan_id: plan.id,
          status: 'APPROVAL_PENDING',
          custom_id: body.custom_id,
          quantity: '1',
          create_time: new Date().toISOString(),
          status_update_time: new Date().toISOString(),
          plan_overridden: false,
        };
        subscriptions.set(sub.id, sub);
        const created = subView(sub);
        // The sandbox's simulated approval: created as PayPal answers it, then approved by the "buyer" at once.
        if (opts.autoApprove) sim.approve(sub.id);
        return [201, created];
      });
      return true;
    }
    const subMatch = /^\/v1\/billing\/subscriptions\/([A-Za-z0-9-]+)(?:\/(suspend|activate|cancel))?$/.exec(path);
    if (!subMatch) return false;
    const sub = subscriptions.get(subMatch[1]!);
    if (!sub) return (reply(404, notFound()), true);
    const action = subMatch[2];
    if (!action && method === 'GET') return (reply(200, subView(sub)), true);
    if (!action || method !== 'POST') return false;
    if (typeof body?.reason !== 'string' || !body.reason) return (reply(400, invalid('/reason')), true);
    const allowed: Record<string, string[]> = { suspend: ['ACTIVE'], activate: ['SUSPENDED'], cancel: ['ACTIVE', 'SUSPENDED'] };
    if (!allowed[action]!.includes(sub.status)) {
      return (
        reply(
          422,
          unprocessable(
            'SUBSCRIPTION_STATUS_INVALID',
            `Invalid subscription status for ${action} action; subscription status=${sub.status}`,
          ),
        ),
        true
      );
    }
    sub.status = action === 'suspend' ? 'SUSPENDED' : action === 'activate' ? 'ACTIVE' : 'CANCELLED';
    sub.status_update_time = new Date().toISOString();
    reply(204);
    return true;
  }

  const price = (sub: any) => plans.get(sub.plan_id)?.billing_cycles?.[0]?.pricing_scheme?.fixed_price?.value ?? '0.00';
  const event = (eventType: string, resourceType: string, resource: unknown) => ({
    id: `WH-${pid(8)}-${pid(17)}`,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: resourceType,
    resource_version: '2.0',
    event_type: eventType,
    summary: eventType,
    resource,
    links: [],
  });
  const get = (id: string) => {
    const s = subscriptions.get(id);
    if (!s) throw new Error(`unknown subscription ${id}`);
    return s;
  };

  const sim: PaypalSubscriptionsSim = {
    products,
    plans,
    subscriptions,
    sales,
    approve(id) {
      const s = get(id);
      if (s.status !== 'APPROVAL_PENDING') return;
      s.status = 'ACTIVE';
      s.start_time = new Date().toISOString();
      s.subscriber = { email_address: 'buyer@example.com', payer_id: pid(13), name: { given_name: 'Sandbox', surname: 'Buyer' } };
      s.billing_info = {
        outstanding_balance: { currency_code: 'USD', value: '0.00' },
        failed_payments_count: 0,
        last_payment: { amount: { currency_code: 'USD', value: price(s) }, time: s.start_time },
      };
    },
    setStatus(id, status) {
      get(id).status = status;
    },
    subscriptionEvent: (id, eventType) => event(eventType, 'subscription', subView(get(id))),
    saleEvent(id, opts = {}) {
      const s = get(id);
      const saleId = opts.saleId ?? pid(17);
      sales.set(saleId, { id: saleId, subscriptionId: id, amount: { total: opts.total ?? price(s), currency: 'USD' } });
      return event('PAYMENT.SALE.COMPLETED', 'sale', {
        id: saleId,
        state: 'completed',
        amount: { total: opts.total ?? price(s), currency: 'USD', details: { subtotal: opts.total ?? price(s) } },
        payment_mode: 'INSTANT_TRANSFER',
        protection_eligibility: 'ELIGIBLE',
        billing_agreement_id: s.id,
        custom: s.custom_id,
        create_time: new Date().toISOString(),
        update_time: new Date().toISOString(),
      });
    },
  };
  return { handle, sim };
}
