import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPaypalSubscriptionsSim, type PaypalSubscriptionsSim } from './paypal-subscriptions';
import { createPaypalRefundsSim, type PaypalRefundsSim, type Refundable } from './paypal-refunds';

/**
 * PayPal's REST API on 127.0.0.1, as its OpenAPI documents describe it (Orders v2, Notifications v1):
 *  - POST /v1/oauth2/token (Basic client credentials, grant_type=client_credentials)
 *  - POST /v2/checkout/orders (order_request -> order; PayPal-Request-Id: a replay answers 200 with the same order)
 *  - POST /v2/checkout/orders/{id}/capture (-> order with purchase_units[].payments.captures[]; 422 ORDER_NOT_APPROVED,
 *    ORDER_ALREADY_CAPTURED; PayPal-Request-Id replay)
 *  - GET  /v2/checkout/orders/{id}
 *  - POST /v1/notifications/verify-webhook-signature (-> { verification_status: SUCCESS | FAILURE })
 *  - POST /v2/payments/captures/{id}/refund, GET /v2/payments/refunds/{id} (paypal-refunds.ts)
 * Controls: approve(orderId) stands in for the buyer; signWebhook()/sendWebhook() deliver signed events;
 * refunds.refund()/reverse() and refunds.refundEvent() refund at PayPal's side and build PAYMENT.CAPTURE.REFUNDED / .REVERSED.
 * Also used by `npm start` in development when no PayPal credentials are set (autoApprove).
 */

export interface PaypalStubRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

export interface PaypalStubOptions {
  clientId?: string;
  clientSecret?: string;
  webhookId?: string;
  /** Orders and subscriptions are approved as soon as they are created (the sandbox's "simulated approval"). */
  autoApprove?: boolean;
  tokenTtlSeconds?: number;
}

export type CaptureOutcome = 'COMPLETED' | 'PENDING' | 'DECLINED';
export type PaypalFailure = { status: number; body: unknown } | 'drop-after-capture';

export type PaypalFailRoute = 'token' | 'create' | 'capture' | 'verify' | 'subscription-action' | 'subscription-get' | 'refund';

export interface PaypalStub {
  url: string;
  requests: PaypalStubRequest[];
  orders: Map<string, any>;
  approve(orderId: string): void;
  /** How the next capture of this order ends (default COMPLETED); `amount` overrides the captured value. */
  setCaptureOutcome(orderId: string, outcome: CaptureOutcome, amount?: string): void;
  /**
   * The next call to `route` fails. 'drop-after-capture' captures for real, then answers 500 (a lost response).
   * 'subscription-action' is POST /v1/billing/subscriptions/{id}/suspend | activate | cancel; 'subscription-get' is
   * GET /v1/billing/subscriptions/{id}; 'refund' is POST /v2/payments/captures/{id}/refund.
   */
  failNext(route: PaypalFailRoute, failure: PaypalFailure): void;
  capturesOf(orderId: string): number;
  tokensIssued(): number;
  /** PAYMENT.CAPTURE.COMPLETED (or another capture event) for a captured order. */
  captureEvent(orderId: string, eventType?: string): any;
  /** The PAYPAL-* headers PayPal would sign an event delivery with. */
  signWebhook(event: unknown): Record<string, string>;
  /** Delivers an event to a webhook URL, signed unless headers are given. */
  sendWebhook(url: string, event: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  /** Catalog products, plans and subscriptions (paypal-subscriptions.ts). */
  billing: PaypalSubscriptionsSim;
  /** Refunds and reversals of captures and subscription sales, and their webhooks (paypal-refunds.ts). */
  refunds: PaypalRefundsSim;
  close(): Promise<void>;
}

const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const paypalId = (n = 17) => Array.from(randomBytes(n), (b) => CHARS[b % CHARS.length]).join('');

export async function startPaypalStub(opts: PaypalStubOptions = {}): Promise<PaypalStub> {
  const clientId = opts.clientId ?? 'test-paypal-client';
  const clientSecret = opts.clientSecret ?? 'test-paypal-secret';
  const webhookId = opts.webhookId ?? 'WH1TESTWEBHOOK';
  const signingKey = randomBytes(32);
  const requests: PaypalStubRequest[] = [];
  const orders = new Map<string, any>();
  const captureOutcomes = new Map<string, { outcome: CaptureOutcome; amount?: string }>();
  const captureCounts = new Map<string, number>();
  const idempotent = new Map<string, { route: string; body: unknown }>();
  const transmissions = new Map<string, { sig: string; eventJson: string }>();
  const failures: Record<PaypalFailRoute, PaypalFailure[]> = {
    token: [],
    create: [],
    capture: [],
    verify: [],
    'subscription-action': [],
    'subscription-get': [],
    refund: [],
  };
  const tokens = new Set<string>();
  let issued = 0;
  let base = '';
  const billing = createPaypalSubscriptionsSim(() => base, { autoApprove: opts.autoApprove });
  const refunds = createPaypalRefundsSim(
    () => base,
    (captureId): Refundable | undefined => {
      for (const order of orders.values()) {
        for (const unit of order.purchase_units ?? []) {
          const capture = unit.payments?.captures?.find((c: any) => c.id === captureId);
          if (capture)
            return { kind: 'capture', amount: capture.amount, capture, custom_id: capture.custom_id, invoice_id: capture.invoice_id };
        }
      }
      const sale = billing.sim.sales.get(captureId);
      return sale ? { kind: 'sale', amount: { currency_code: sale.amount.currency, value: sale.amount.total } } : undefined;
    },
  );

  const links = (id: string) => [
    { href: `${base}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
    { href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
    { href: `${base}/v2/checkout/orders/${id}`, rel: 'update', method: 'PATCH' },
    { href: `${base}/v2/checkout/orders/${id}/capture`, rel: 'capture', method: 'POST' },
  ];
  const apiError = (name: string, message: string, details: Array<{ issue: string; description: string; field?: string }> = []) => ({
    name,
    message,
    debug_id: randomBytes(7).toString('hex'),
    details,
    links: [],
  });
  const view = (order: any, prefer: string | undefined) =>
    /return=representation/i.test(prefer ?? '') ? order : { id: order.id, status: order.status, links: order.links };

  const captureEvent = (orderId: string, eventType = 'PAYMENT.CAPTURE.COMPLETED') => {
    const order = orders.get(orderId);
    const capture = order?.purchase_units?.[0]?.payments?.captures?.[0];
    if (!capture) throw new Error(`order ${orderId} has no capture`);
    return {
      id: `WH-${paypalId(8)}-${paypalId(17)}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'capture',
      resource_version: '2.0',
      event_type: eventType,
      summary: `Payment completed for $ ${capture.amount.value} ${capture.amount.currency_code}`,
      resource: {
        ...capture,
        status:
          eventType === 'PAYMENT.CAPTURE.COMPLETED' ? 'COMPLETED' : eventType === 'PAYMENT.CAPTURE.DENIED' ? 'DECLINED' : capture.status,
        supplementary_data: { related_ids: { order_id: orderId } },
      },
      links: [{ href: `${base}/v1/notifications/webhooks-events/WH-1`, rel: 'self', method: 'GET' }],
    };
  };

  const signWebhook = (event: unknown): Record<string, string> => {
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    const eventJson = JSON.stringify(event);
    const sig = createHmac('sha256', signingKey).update(`${transmissionId}|${time}|${webhookId}|${eventJson}`).digest('base64');
    transmissions.set(transmissionId, { sig, eventJson });
    return {
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': sig,
      'paypal-cert-url': `${base}/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77`,
      'paypal-auth-algo': 'SHA256withRSA',
    };
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': randomBytes(7).toString('hex') });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://stub');
      const isForm = /application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? '');
      let body: any;
      try {
        body = isForm ? Object.fromEntries(new URLSearchParams(raw)) : raw ? JSON.parse(raw) : undefined;
      } catch {
        return reply(
          400,
          apiError('INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
            { issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' },
          ]),
        );
      }
      requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body });

      if (req.method === 'POST' && url.pathname === '/v1/oauth2/token') {
        const failure = failures.token.shift();
        if (failure && failure !== 'drop-after-capture') return reply(failure.status, failure.body);
        const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
        if (req.headers.authorization !== expected)
          return reply(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        if (body?.grant_type !== 'client_credentials')
          return reply(400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
        const token = `A21AA${randomBytes(24).toString('base64url')}`;
        tokens.add(token);
        issued++;
        return reply(200, {
          scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-80W284485P519543T',
          expires_in: opts.tokenTtlSeconds ?? 32400,
          nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
        });
      }

      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !tokens.has(bearer)) {
        return reply(
          401,
          apiError(
            'AUTHENTICATION_FAILURE',
            'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
          ),
        );
      }
      const requestId = typeof req.headers['paypal-request-id'] === 'string' ? req.headers['paypal-request-id'] : undefined;
      const prefer = req.headers.prefer as string | undefined;

      if (req.method === 'POST' && url.pathname === '/v2/checkout/orders') {
        if (requestId && idempotent.has(`create:${requestId}`)) return reply(200, idempotent.get(`create:${requestId}`)!.body);
        const failure = failures.create.shift();
        if (failure && failure !== 'drop-after-capture') return reply(failure.status, failure.body);
        const unit = body?.purchase_units?.[0];
        const amount = unit?.amount;
        if (body?.intent !== 'CAPTURE' && body?.intent !== 'AUTHORIZE')
          return reply(
            400,
            apiError('INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
              { field: '/intent', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' },
            ]),
          );
        if (!amount || typeof amount.currency_code !== 'string' || !/^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/.test(String(amount.value)))
          return reply(
            400,
            apiError('INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
              {
                field: "/purchase_units/@reference_id=='default'/amount",
                issue: 'MISSING_REQUIRED_PARAMETER',
                description: 'A required field / parameter is missing.',
              },
            ]),
          );
        const id = paypalId();
        const now = new Date().toISOString();
        const order = {
          id,
          intent: body.intent,
          status: body.payment_source?.paypal ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
          purchase_units: body.purchase_units.map((u: any) => ({
            reference_id: u.reference_id ?? 'default',
            amount: u.amount,
            payee: { email_address: 'merchant@example.com', merchant_id: 'C7CYMKZDG8D6E' },
            description: u.description,
            custom_id: u.custom_id,
            invoice_id: u.invoice_id,
            soft_descriptor: u.soft_descriptor,
          })),
          create_time: now,
          links: links(id),
        };
        orders.set(id, order);
        const answer = view(order, prefer);
        if (requestId) idempotent.set(`create:${requestId}`, { route: 'create', body: answer });
        if (opts.autoApprove) approve(id);
        return reply(201, answer);
      }

      const orderMatch = /^\/v2\/checkout\/orders\/([A-Za-z0-9-]+)(\/capture)?$/.exec(url.pathname);
      if (orderMatch && req.method === 'GET' && !orderMatch[2]) {
        const order = orders.get(orderMatch[1]!);
        if (!order)
          return reply(
            404,
            apiError('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
              {
                issue: 'INVALID_RESOURCE_ID',
                description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
              },
            ]),
          );
        return reply(200, order);
      }

      if (orderMatch && req.method === 'POST' && orderMatch[2]) {
        const id = orderMatch[1]!;
        if (requestId && idempotent.has(`capture:${requestId}`)) return reply(200, idempotent.get(`capture:${requestId}`)!.body);
        const failure = failures.capture.shift();
        if (failure && failure !== 'drop-after-capture') return reply(failure.status, failure.body);
        const order = orders.get(id);
        if (!order)
          return reply(
            404,
            apiError('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
              {
                issue: 'INVALID_RESOURCE_ID',
                description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
              },
            ]),
          );
        if (order.status === 'COMPLETED')
          return reply(
            422,
            apiError(
              'UNPROCESSABLE_ENTITY',
              'The requested action could not be performed, semantically incorrect, or failed business validation.',
              [
                {
                  issue: 'ORDER_ALREADY_CAPTURED',
                  description: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
                },
              ],
            ),
          );
        if (order.status !== 'APPROVED')
          return reply(
            422,
            apiError(
              'UNPROCESSABLE_ENTITY',
              'The requested action could not be performed, semantically incorrect, or failed business validation.',
              [
                {
                  issue: 'ORDER_NOT_APPROVED',
                  description:
                    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
                },
              ],
            ),
          );
        const { outcome, amount } = captureOutcomes.get(id) ?? { outcome: 'COMPLETED' as const };
        const now = new Date().toISOString();
        const unit = order.purchase_units[0];
        const captured = { currency_code: unit.amount.currency_code, value: amount ?? unit.amount.value };
        const captureId = paypalId();
        unit.payments = {
          captures: [
            {
              id: captureId,
              status: outcome,
              ...(outcome === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
              amount: captured,
              final_capture: true,
              custom_id: unit.custom_id,
              seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
              seller_receivable_breakdown: {
                gross_amount: captured,
                paypal_fee: { currency_code: captured.currency_code, value: '0.59' },
                net_amount: { currency_code: captured.currency_code, value: (Number(captured.value) - 0.59).toFixed(2) },
              },
              links: [{ href: `${base}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' }],
              create_time: now,
              update_time: now,
            },
          ],
        };
        order.status = 'COMPLETED';
        order.update_time = now;
        order.links = [{ href: `${base}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' }];
        captureCounts.set(id, (captureCounts.get(id) ?? 0) + 1);
        const answer = view(order, prefer);
        if (requestId) idempotent.set(`capture:${requestId}`, { route: 'capture', body: answer });
        if (failure === 'drop-after-capture') {
          return reply(500, apiError('INTERNAL_SERVER_ERROR', 'An internal server error occurred.'));
        }
        return reply(201, answer);
      }

      if (req.method === 'POST' && url.pathname === '/v1/notifications/verify-webhook-signature') {
        const failure = failures.verify.shift();
        if (failure && failure !== 'drop-after-capture') return reply(failure.status, failure.body);
        const b = body ?? {};
        const required = [
          'auth_algo',
          'cert_url',
          'transmission_id',
          'transmission_sig',
          'transmission_time',
          'webhook_id',
          'webhook_event',
        ];
        const missing = required.filter((k) => b[k] === undefined || b[k] === '');
        if (missing.length > 0)
          return reply(
            400,
            apiError(
              'VALIDATION_ERROR',
              'Invalid request - see details',
              missing.map((field) => ({ field, issue: 'MISSING_REQUIRED_PARAMETER', description: 'Required field is missing' })),
            ),
          );
        const known = transmissions.get(String(b.transmission_id));
        const ok =
          b.webhook_id === webhookId &&
          known !== undefined &&
          known.sig === b.transmission_sig &&
          known.eventJson === JSON.stringify(b.webhook_event) &&
          b.auth_algo === 'SHA256withRSA';
        return reply(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
      }

      if (req.method === 'POST' && /^\/v1\/billing\/subscriptions\/[^/]+\/(suspend|activate|cancel)$/.test(url.pathname)) {
        const failure = failures['subscription-action'].shift();
        if (failure && failure !== 'drop-after-capture') return reply(failure.status, failure.body);
      }
      if (req.method === 'GET' && /^\/v1\/billing\/subscriptions\/[^/]+$/.test(url.pathname)) {
        const failure = failures['subscription-get'].shift();
        if (failure && failure !== 'drop-after-capture') return reply(failure.status, failure.body);
      }
      if (req.method === 'POST' && /^\/v2\/payments\/captures\/[^/]+\/refund$/.test(url.pathname)) {
        const failure = failures.refund.shift();
        if (failure && failure !== 'drop-after-capture') return reply(failure.status, failure.body);
      }
      if (refunds.handle(req.method ?? 'GET', url.pathname, body, requestId, reply)) return;
      if (billing.handle(req.method ?? 'GET', url.pathname, url.searchParams, body, requestId, reply)) return;
      reply(404, apiError('RESOURCE_NOT_FOUND', 'The specified resource does not exist.'));
    });
  });

  function approve(orderId: string) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`unknown order ${orderId}`);
    if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
      order.status = 'APPROVED';
      order.payer = {
        name: { given_name: 'Sandbox', surname: 'Buyer' },
        email_address: 'buyer@example.com',
        payer_id: paypalId(13),
        address: { country_code: 'US' },
      };
      order.payment_source = {
        paypal: { email_address: 'buyer@example.com', account_id: order.payer.payer_id, account_status: 'VERIFIED' },
      };
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    requests,
    orders,
    approve,
    setCaptureOutcome: (orderId, outcome, amount) => void captureOutcomes.set(orderId, { outcome, amount }),
    failNext: (route, failure) => void failures[route].push(failure),
    capturesOf: (orderId) => captureCounts.get(orderId) ?? 0,
    tokensIssued: () => issued,
    billing: billing.sim,
    refunds: refunds.sim,
    captureEvent,
    signWebhook,
    async sendWebhook(target, event, headers) {
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(headers ?? signWebhook(event)) },
        body: JSON.stringify(event),
      });
      const text = await res.text();
      let parsed: any = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* keep text */
      }
      return { status: res.status, body: parsed };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
