/**
 * A small typed client for the four PayPal REST calls we make, with a configurable base URL
 * (the official server SDK hard-codes PayPal's hosts, so it cannot reach a local stub).
 * Shapes follow PayPal's OpenAPI documents: Orders v2 (order_request, order) and
 * Notifications v1 (verify_webhook_signature).
 */

export interface PaypalMoney {
  currency_code: string;
  value: string;
}

export interface PaypalLink {
  href: string;
  rel: string;
  method?: string;
}

export interface PaypalOrderRequest {
  intent: 'CAPTURE' | 'AUTHORIZE';
  purchase_units: Array<{
    reference_id?: string;
    description?: string;
    custom_id?: string;
    invoice_id?: string;
    soft_descriptor?: string;
    amount: PaypalMoney;
  }>;
  payment_source?: {
    paypal?: {
      experience_context?: {
        brand_name?: string;
        shipping_preference?: 'GET_FROM_FILE' | 'NO_SHIPPING' | 'SET_PROVIDED_ADDRESS';
        user_action?: 'CONTINUE' | 'PAY_NOW';
        return_url?: string;
        cancel_url?: string;
      };
    };
  };
}

export type PaypalCaptureStatus = 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED';

export interface PaypalCapture {
  id: string;
  status: PaypalCaptureStatus;
  amount?: PaypalMoney;
  custom_id?: string;
  invoice_id?: string;
  final_capture?: boolean;
  status_details?: { reason?: string };
  create_time?: string;
  update_time?: string;
  links?: PaypalLink[];
}

/** A refund (Orders v2 / Payments v2 `refund`): also the resource of PAYMENT.CAPTURE.REFUNDED and .REVERSED. */
export interface PaypalRefund {
  id: string;
  status: 'CANCELLED' | 'FAILED' | 'PENDING' | 'COMPLETED';
  amount?: PaypalMoney;
  custom_id?: string;
  invoice_id?: string;
  note_to_payer?: string;
  create_time?: string;
  update_time?: string;
  links?: PaypalLink[];
}

export type PaypalOrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';

export interface PaypalOrder {
  id: string;
  status: PaypalOrderStatus;
  intent?: 'CAPTURE' | 'AUTHORIZE';
  purchase_units?: Array<{
    reference_id?: string;
    custom_id?: string;
    amount?: PaypalMoney;
    payments?: { captures?: PaypalCapture[] };
  }>;
  payer?: { payer_id?: string; email_address?: string };
  create_time?: string;
  update_time?: string;
  links?: PaypalLink[];
}

export interface PaypalWebhookEvent {
  id: string;
  event_type: string;
  resource_type?: string;
  resource_version?: string;
  event_version?: string;
  create_time?: string;
  summary?: string;
  resource?: Record<string, unknown>;
  links?: PaypalLink[];
}

export interface VerifyWebhookSignatureRequest {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
  webhook_event: unknown;
}

/** PayPal's error body (error_400, error_422, ...): name, message, details[].issue, debug_id. */
export class PaypalApiError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly body:
      { name?: string; message?: string; debug_id?: string; details?: Array<{ issue?: string; description?: string }> } | undefined,
    cause?: unknown,
  ) {
    super(body?.message ?? (status ? `PayPal answered ${status}` : 'PayPal could not be reached'), { cause });
    this.name = 'PaypalApiError';
  }

  get issue(): string | undefined {
    return this.body?.details?.[0]?.issue;
  }
}

export interface PaypalClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
}

export class PaypalClient {
  private token: { value: string; expiresAt: number } | undefined;
  private pendingToken: Promise<string> | undefined;
  private readonly timeoutMs: number;

  constructor(private readonly opts: PaypalClientOptions) {
    this.timeoutMs = opts.timeoutMs ?? 15_000;
  }

  /** OAuth 2.0 client credentials; cached in this process until shortly before it expires. */
  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => (this.pendingToken = undefined));
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.opts.clientId}:${this.opts.clientSecret}`).toString('base64');
    const { status, body } = await this.send<{ access_token?: string; expires_in?: number }>('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (status !== 200 || !body?.access_token) throw new PaypalApiError(status, body as PaypalApiError['body']);
    const ttlMs = Math.max(0, (Number(body.expires_in) || 0) - 60) * 1000;
    this.token = { value: body.access_token, expiresAt: Date.now() + ttlMs };
    return body.access_token;
  }

  private async send<T>(path: string, init: RequestInit): Promise<{ status: number; body: T | undefined }> {
    let res: Response;
    try {
      res = await fetch(new URL(path, this.opts.baseUrl), { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      throw new PaypalApiError(undefined, undefined, err);
    }
    const text = await res.text();
    let body: T | undefined;
    try {
      body = text ? (JSON.parse(text) as T) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, body };
  }

  /**
   * An authorised JSON call; a 401 (token revoked or expired early) refreshes the token once.
   * A 204 (suspend, activate, cancel) resolves with undefined.
   */
  async call<T>(method: string, path: string, opts: { body?: unknown; requestId?: string; ok: number[] }): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        prefer: 'return=representation',
      };
      if (opts.body !== undefined) headers['content-type'] = 'application/json';
      if (opts.requestId) headers['paypal-request-id'] = opts.requestId;
      const { status, body } = await this.send<T>(path, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
      if (status === 401 && attempt === 0) {
        this.token = undefined;
        continue;
      }
      if (!opts.ok.includes(status) || (body === undefined && status !== 204))
        throw new PaypalApiError(status, body as PaypalApiError['body']);
      return body as T;
    }
  }

  /** POST /v2/checkout/orders. The PayPal-Request-Id makes a retry return the same order (200). */
  createOrder(order: PaypalOrderRequest, requestId: string): Promise<PaypalOrder> {
    return this.call<PaypalOrder>('POST', '/v2/checkout/orders', { body: order, requestId, ok: [200, 201] });
  }

  /** POST /v2/checkout/orders/{id}/capture. A replay with the same PayPal-Request-Id answers 200 with the same order. */
  captureOrder(orderId: string, requestId: string): Promise<PaypalOrder> {
    return this.call<PaypalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
      body: {},
      requestId,
      ok: [200, 201],
    });
  }

  getOrder(orderId: string): Promise<PaypalOrder> {
    return this.call<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`, { ok: [200] });
  }

  /**
   * POST /v2/payments/captures/{id}/refund with an empty body: a full refund of a capture, or of a
   * subscription payment by its transaction (sale) id. The PayPal-Request-Id makes a retry return the same refund.
   */
  refundCapture(captureId: string, requestId: string): Promise<PaypalRefund> {
    return this.call<PaypalRefund>('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
      body: {},
      requestId,
      ok: [200, 201],
    });
  }

  /** POST /v1/notifications/verify-webhook-signature: true only for verification_status SUCCESS. */
  async verifyWebhookSignature(req: VerifyWebhookSignatureRequest): Promise<boolean> {
    const body = await this.call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', {
      body: req,
      ok: [200],
    });
    return body.verification_status === 'SUCCESS';
  }
}

/** A client for the configured PayPal account, or undefined when PayPal is not configured. */
export function paypalClientFor(c: {
  PAYPAL_BASE_URL: string;
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_CLIENT_SECRET?: string;
}): PaypalClient | undefined {
  if (!c.PAYPAL_CLIENT_ID || !c.PAYPAL_CLIENT_SECRET) return undefined;
  return new PaypalClient({ baseUrl: c.PAYPAL_BASE_URL, clientId: c.PAYPAL_CLIENT_ID, clientSecret: c.PAYPAL_CLIENT_SECRET });
}

/** The capture a refund belongs to: the id at the end of its `up` link (.../v2/payments/captures/{id}). */
export function refundedCaptureId(refund: { links?: PaypalLink[] }): string | undefined {
  const up = refund.links?.find((l) => l.rel === 'up')?.href;
  const id = up ? /\/v2\/payments\/captures\/([A-Za-z0-9-]+)\/?$/.exec(up)?.[1] : undefined;
  return id;
}

/** Formats integer cents as PayPal's decimal string ("9.99"). */
export function centsToPaypalValue(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Parses PayPal's decimal string to integer cents; NaN when it is not a money value. */
export function paypalValueToCents(value: string | undefined): number {
  if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value)) return Number.NaN;
  const [whole, frac = ''] = value.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export type CaptureCheck =
  | { kind: 'completed'; capture: PaypalCapture }
  | { kind: 'pending'; capture: PaypalCapture | undefined }
  | { kind: 'declined'; reason: string }
  | { kind: 'mismatch'; reason: string };

/**
 * Decides what a captured order means for us: the order must be COMPLETED and its capture must
 * itself be COMPLETED, for exactly the amount and currency we stored.
 */
export function checkCapturedOrder(order: PaypalOrder, expected: { amountCents: number; currency: string }): CaptureCheck {
  const captures = (order.purchase_units ?? []).flatMap((u) => u.payments?.captures ?? []);
  const capture = captures.find((c) => c.status === 'COMPLETED') ?? captures[0];
  if (!capture) {
    return order.status === 'COMPLETED' ? { kind: 'mismatch', reason: 'order completed without a capture' } : { kind: 'pending', capture };
  }
  if (capture.status === 'DECLINED' || capture.status === 'FAILED') return { kind: 'declined', reason: capture.status };
  const amount = capture.amount;
  if (!amount || amount.currency_code !== expected.currency || paypalValueToCents(amount.value) !== expected.amountCents) {
    return { kind: 'mismatch', reason: `captured ${amount?.value ?? '?'} ${amount?.currency_code ?? '?'}` };
  }
  if (order.status === 'COMPLETED' && capture.status === 'COMPLETED') return { kind: 'completed', capture };
  if (capture.status === 'PENDING') return { kind: 'pending', capture };
  return { kind: 'declined', reason: `order ${order.status}, capture ${capture.status}` };
}
