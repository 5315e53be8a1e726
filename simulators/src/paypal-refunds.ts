import { randomBytes } from 'node:crypto';

/**
 * Refunds and reversals for the PayPal simulator (mounted by paypal.ts), as PayPal's documents
 * describe them:
 *  - POST /v2/payments/captures/{id}/refund (refund_request: empty body = the whole remaining amount,
 *    or `amount`; PayPal-Request-Id replays answer 200 with the same refund; 422 CAPTURE_FULLY_REFUNDED,
 *    REFUND_AMOUNT_EXCEEDED; 404 for an unknown capture). The id may be an order capture or the
 *    transaction (sale) id of a subscription payment.
 *  - GET /v2/payments/refunds/{id}
 * Controls: refund() and reverse() do on PayPal's side what the merchant's dashboard or a dispute
 * does; refundEvent() builds the webhook PayPal then sends: PAYMENT.CAPTURE.REFUNDED / .REVERSED with
 * the refund (Orders v2 `refund`: its `up` link names the capture) as resource, or for a subscription
 * sale PAYMENT.SALE.REFUNDED / .REVERSED with a v1 refund (`sale_id`, `amount.total`).
 */

/** A money movement that can be refunded: an order capture (its object is changed in place) or a subscription sale. */
export interface Refundable {
  kind: 'capture' | 'sale';
  amount: { currency_code: string; value: string };
  /** The capture object of the order (status becomes PARTIALLY_REFUNDED / REFUNDED). */
  capture?: { status: string; update_time?: string };
  custom_id?: string;
  invoice_id?: string;
}

export interface PaypalRefundsSim {
  refunds: Map<string, any>;
  /** The merchant refunds a capture or sale (all that is left unless `value` is given); returns PayPal's refund. */
  refund(captureId: string, opts?: { value?: string; note?: string }): any;
  /** PayPal reverses a capture or sale in full (a dispute or chargeback decided for the buyer). */
  reverse(captureId: string): any;
  /** The webhook PayPal sends for a refund made here: PAYMENT.CAPTURE.* for captures, PAYMENT.SALE.* for subscription sales. */
  refundEvent(refundId: string): any;
}

type Reply = (status: number, body?: unknown) => void;
const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const pid = (n: number) => Array.from(randomBytes(n), (b) => CHARS[b % CHARS.length]).join('');
const cents = (value: string) => Math.round(Number(value) * 100);
const money = (currency: string, c: number) => ({ currency_code: currency, value: (c / 100).toFixed(2) });
const unprocessable = (issue: string, description: string) => ({
  name: 'UNPROCESSABLE_ENTITY',
  message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  debug_id: randomBytes(7).toString('hex'),
  details: [{ issue, description }],
});
const notFound = () => ({
  name: 'RESOURCE_NOT_FOUND',
  message: 'The specified resource does not exist.',
  debug_id: randomBytes(7).toString('hex'),
  details: [
    { issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' },
  ],
});

export function createPaypalRefundsSim(base: () => string, find: (captureId: string) => Refundable | undefined) {
  const refunds = new Map<string, any>();
  const refunded = new Map<string, number>();
  const idempotent = new Map<string, unknown>();

  function make(captureId: string, requested: number | undefined, note: string | undefined): [number, any] {
    const target = find(captureId);
    if (!target) return [404, notFound()];
    const total = cents(target.amount.value);
    const done = refunded.get(captureId) ?? 0;
    if (done >= total) return [422, unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded')];
    const amount = requested ?? total - done;
    if (amount <= 0 || done + amount > total)
      return [
        422,
        unprocessable(
          'REFUND_AMOUNT_EXCEEDED',
          'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        ),
      ];
    refunded.set(captureId, done + amount);
    const now = new Date().toISOString();
    if (target.capture) {
      target.capture.status = done + amount >= total ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      target.capture.update_time = now;
    }
    const id = pid(17);
    const currency = target.amount.currency_code;
    const refund = {
      id,
      status: 'COMPLETED',
      amount: money(currency, amount),
      ...(target.invoice_id ? { invoice_id: target.invoice_id } : {}),
      ...(target.custom_id ? { custom_id: target.custom_id } : {}),
      ...(note ? { note_to_payer: note } : {}),
      seller_payable_breakdown: {
        gross_amount: money(currency, amount),
        paypal_fee: money(currency, 0),
        net_amount: money(currency, amount),
        total_refunded_amount: money(currency, done + amount),
      },
      create_time: now,
      update_time: now,
      links: [
        { href: `${base()}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${base()}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
    };
    refunds.set(id, { refund, captureId, kind: target.kind, reversal: false });
    return [201, refund];
  }

  /** Answers a request it knows (true), or leaves it to the rest of the simulator (false). */
  function handle(method: string, path: string, body: any, requestId: string | undefined, reply: Reply): boolean {
    const refundMatch = /^\/v2\/payments\/captures\/([A-Za-z0-9-]+)\/refund$/.exec(path);
    if (refundMatch && method === 'POST') {
      const key = requestId && `refund:${requestId}`;
      if (key && idempotent.has(key)) return (reply(200, idempotent.get(key)), true);
      const value = body?.amount?.value;
      if (value !== undefined && !/^\d+(\.\d{1,2})?$/.test(String(value))) {
        reply(400, {
          name: 'INVALID_REQUEST',
          message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
          debug_id: randomBytes(7).toString('hex'),
          details: [
            {
              field: '/amount/value',
              issue: 'INVALID_PARAMETER_SYNTAX',
              description: 'The value of a field does not conform to the expected format.',
            },
          ],
        });
        return true;
      }
      const [status, answer] = make(refundMatch[1]!, value === undefined ? undefined : cents(String(value)), body?.note_to_payer);
      if (key && status < 300) idempotent.set(key, answer);
      reply(status, answer);
      return true;
    }
    const getMatch = /^\/v2\/payments\/refunds\/([A-Za-z0-9-]+)$/.exec(path);
    if (getMatch && method === 'GET') {
      const found = refunds.get(getMatch[1]!);
      reply(found ? 200 : 404, found ? found.refund : notFound());
      return true;
    }
    return false;
  }

  const take = (captureId: string, value: number | undefined, note: string | undefined) => {
    const [status, answer] = make(captureId, value, note);
    if (status >= 300) throw new Error(`refund of ${captureId} refused: ${JSON.stringify(answer)}`);
    return answer;
  };

  const sim: PaypalRefundsSim = {
    refunds,
    refund: (captureId, opts = {}) => take(captureId, opts.value === undefined ? undefined : cents(opts.value), opts.note),
    reverse(captureId) {
      const refund = take(captureId, undefined, 'Payment reversed');
      refunds.get(refund.id).reversal = true;
      return refund;
    },
    refundEvent(refundId) {
      const found = refunds.get(refundId);
      if (!found) throw new Error(`unknown refund ${refundId}`);
      const { refund, captureId, kind, reversal } = found;
      const verb = reversal ? 'REVERSED' : 'REFUNDED';
      const resource =
        kind === 'sale'
          ? {
              id: refund.id,
              state: 'completed',
              amount: { total: refund.amount.value, currency: refund.amount.currency_code },
              sale_id: captureId,
              parent_payment: `PAYID-${pid(24)}`,
              create_time: refund.create_time,
              update_time: refund.update_time,
              links: [
                { href: `${base()}/v1/payments/refund/${refund.id}`, rel: 'self', method: 'GET' },
                { href: `${base()}/v1/payments/sale/${captureId}`, rel: 'sale', method: 'GET' },
              ],
            }
          : refund;
      return {
        id: `WH-${pid(8)}-${pid(17)}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'refund',
        resource_version: kind === 'sale' ? '1.0' : '2.0',
        event_type: `PAYMENT.${kind === 'sale' ? 'SALE' : 'CAPTURE'}.${verb}`,
        summary: `A $ ${refund.amount.value} ${refund.amount.currency_code} ${kind === 'sale' ? 'sale' : 'capture payment'} was ${verb.toLowerCase()}`,
        resource,
        links: [{ href: `${base()}/v1/notifications/webhooks-events/WH-${pid(8)}`, rel: 'self', method: 'GET' }],
      };
    },
  };
  return { handle, sim };
}
