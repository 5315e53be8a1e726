import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Config } from '../platform/config';
import type { Logger } from '../platform/logger';
import type { C2bRegisterRequest } from './mpesa-c2b';
import {
  SHORTCODE_IDENTIFIER,
  TRANSACTION_STATUS_COMMAND,
  securityCredential,
  type TransactionStatusAck,
  type TransactionStatusRequest,
} from './mpesa-transaction-status';
import {
  mpesaPassword,
  mpesaTimestamp,
  STILL_PROCESSING_CODE,
  STILL_PROCESSING_MESSAGE,
  STK_TRANSACTION_TYPE,
  type DarajaErrorBody,
  type StkPushRequest,
  type StkPushResponse,
  type StkQueryResponse,
} from './mpesa.protocol';

export const MPESA_TOKEN_FAILED = 'Failed to get M-Pesa access token';
export const MPESA_PUSH_FAILED = 'Failed to initiate M-Pesa payment';
export const MPESA_QUERY_FAILED = 'Failed to check M-Pesa payment status';

export const MPESA_REGISTER_FAILED = 'Failed to register the M-Pesa C2B URLs';

export const MPESA_TX_STATUS_FAILED = 'Failed to ask M-Pesa about a Paybill payment';

export type MpesaErrorKind = 'token' | 'push' | 'query' | 'register' | 'tx-status';

/** A Daraja call that did not succeed; `message` is one of the texts the buyer is shown. */
export class MpesaError extends Error {
  constructor(
    readonly kind: MpesaErrorKind,
    readonly httpStatus?: number,
    readonly body?: DarajaErrorBody & Partial<StkPushResponse>,
    cause?: unknown,
  ) {
    super(
      kind === 'token'
        ? MPESA_TOKEN_FAILED
        : kind === 'push'
          ? MPESA_PUSH_FAILED
          : kind === 'register'
            ? MPESA_REGISTER_FAILED
            : kind === 'tx-status'
              ? MPESA_TX_STATUS_FAILED
              : MPESA_QUERY_FAILED,
      { cause },
    );
    this.name = 'MpesaError';
  }

  /** What Daraja said, for logs and stored result descriptions. */
  get providerMessage(): string | undefined {
    return this.body?.errorMessage ?? this.body?.CustomerMessage ?? this.body?.ResponseDescription;
  }

  /** The STK query's "the customer has not answered yet" (told apart from real 500.001.1001 failures by its message). */
  get stillProcessing(): boolean {
    return (
      this.kind === 'query' &&
      this.body?.errorCode === STILL_PROCESSING_CODE &&
      (this.body.errorMessage ?? '').trim().toLowerCase() === STILL_PROCESSING_MESSAGE.toLowerCase()
    );
  }
}

export interface MpesaClientOptions {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  callbackUrl: string;
  /** Shared token cache: each new Daraja token invalidates the previous one, so all processes share one. */
  redis: Redis;
  redisPrefix: string;
  logger: Logger;
  timeoutMs?: number;
}

export interface StkPushInput {
  amount: number;
  phone: string;
  accountReference: string;
  transactionDesc: string;
  now?: Date;
}

const TOKEN_LOCK_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Daraja from the server only: OAuth token (cached in Redis), STK push, STK query. */
export class MpesaClient {
  private readonly tokenKey: string;
  private readonly timeoutMs: number;

  constructor(private readonly opts: MpesaClientOptions) {
    const id = createHash('sha256').update(`${opts.baseUrl}|${opts.consumerKey}`).digest('hex').slice(0, 16);
    this.tokenKey = `${opts.redisPrefix}-mpesa-token-${id}`;
    this.timeoutMs = opts.timeoutMs ?? 15_000;
  }

  get callbackUrl(): string {
    return this.opts.callbackUrl;
  }

  /** A token valid for every process: read from Redis, or fetched once under a Redis lock and stored until it expires. */
  async accessToken(): Promise<string> {
    try {
      const deadline = Date.now() + TOKEN_LOCK_MS;
      while (Date.now() < deadline) {
        const cached = await this.opts.redis.get(this.tokenKey);
        if (cached) return cached;
        const lockKey = `${this.tokenKey}-lock`;
        const got = await this.opts.redis.set(lockKey, String(process.pid), 'PX', TOKEN_LOCK_MS, 'NX');
        if (got === 'OK') {
          try {
            const again = await this.opts.redis.get(this.tokenKey);
            if (again) return again;
            const { token, expiresInSeconds } = await this.fetchToken();
            const ttlMs = Math.max(1000, (expiresInSeconds - 60) * 1000);
            await this.opts.redis.set(this.tokenKey, token, 'PX', ttlMs);
            return token;
          } finally {
            await this.opts.redis.del(lockKey).catch(() => undefined);
          }
        }
        await sleep(100);
      }
    } catch (err) {
      if (err instanceof MpesaError) throw err;
      // Redis unavailable: a token of our own is better than no payment at all.
      this.opts.logger.warn({ err: (err as Error).message }, 'mpesa token cache unavailable; fetching directly');
    }
    return (await this.fetchToken()).token;
  }

  private async fetchToken(): Promise<{ token: string; expiresInSeconds: number }> {
    const basic = Buffer.from(`${this.opts.consumerKey}:${this.opts.consumerSecret}`).toString('base64');
    let res: Response;
    try {
      res = await fetch(new URL('/oauth/v1/generate?grant_type=client_credentials', this.opts.baseUrl), {
        method: 'GET',
        headers: { authorization: `Basic ${basic}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new MpesaError('token', undefined, undefined, err);
    }
    const body = (await res.json().catch(() => undefined)) as { access_token?: string; expires_in?: string | number } | undefined;
    if (!res.ok || !body?.access_token) {
      this.opts.logger.warn({ status: res.status }, MPESA_TOKEN_FAILED);
      throw new MpesaError('token', res.status, body as DarajaErrorBody);
    }
    return { token: body.access_token, expiresInSeconds: Number(body.expires_in) || 3599 };
  }

  private async forgetToken(token: string): Promise<void> {
    try {
      if ((await this.opts.redis.get(this.tokenKey)) === token) await this.opts.redis.del(this.tokenKey);
    } catch {
      /* the cache is an optimisation */
    }
  }

  /** POSTs with the bearer token; an invalid-token answer drops the cached token and retries once. */
  private async post<T>(path: string, body: unknown, kind: Exclude<MpesaErrorKind, 'token'>): Promise<{ status: number; body: T }> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      let res: Response;
      try {
        res = await fetch(new URL(path, this.opts.baseUrl), {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (err) {
        throw new MpesaError(kind, undefined, undefined, err);
      }
      const parsed = (await res.json().catch(() => ({}))) as T & DarajaErrorBody;
      const invalidToken = res.status === 401 || parsed.errorCode === '404.001.03';
      if (invalidToken && attempt === 0) {
        await this.forgetToken(token);
        continue;
      }
      return { status: res.status, body: parsed };
    }
  }

  private credentials(now: Date) {
    const Timestamp = mpesaTimestamp(now);
    return {
      BusinessShortCode: this.opts.shortcode,
      Password: mpesaPassword(this.opts.shortcode, this.opts.passkey, Timestamp),
      Timestamp,
    };
  }

  /** Sends the STK push; returns what was sent (without the password) and Daraja's acceptance. */
  async stkPush(input: StkPushInput): Promise<{ request: Omit<StkPushRequest, 'Password'>; response: StkPushResponse }> {
    const request: StkPushRequest = {
      ...this.credentials(input.now ?? new Date()),
      TransactionType: STK_TRANSACTION_TYPE,
      Amount: input.amount,
      PartyA: input.phone,
      PartyB: this.opts.shortcode,
      PhoneNumber: input.phone,
      CallBackURL: this.opts.callbackUrl,
      AccountReference: input.accountReference,
      TransactionDesc: input.transactionDesc,
    };
    const { status, body } = await this.post<StkPushResponse>('/mpesa/stkpush/v1/processrequest', request, 'push');
    if (status !== 200 || String(body.ResponseCode) !== '0' || !body.CheckoutRequestID) {
      this.opts.logger.warn({ status, errorCode: (body as DarajaErrorBody).errorCode, desc: body.ResponseDescription }, MPESA_PUSH_FAILED);
      throw new MpesaError('push', status, body);
    }
    const { Password: _omit, ...safe } = request;
    return { request: safe, response: { ...body, ResponseCode: String(body.ResponseCode) } };
  }

  /**
   * C2B v2 registerurl: where Daraja sends a Paybill payment's validation and confirmation. With
   * ResponseType "Completed" a payment completes when our validation URL cannot be reached.
   */
  async registerC2bUrls(request: C2bRegisterRequest): Promise<{ ResponseCode: string; ResponseDescription: string }> {
    const { status, body } = await this.post<{ ResponseCode?: string | number; ResponseDescription?: string }>(
      '/mpesa/c2b/v2/registerurl',
      request,
      'register',
    );
    if (status !== 200 || String(body.ResponseCode ?? '') !== '0') {
      this.opts.logger.warn({ status, errorCode: (body as DarajaErrorBody).errorCode }, MPESA_REGISTER_FAILED);
      throw new MpesaError('register', status, body as DarajaErrorBody);
    }
    return { ResponseCode: '0', ResponseDescription: body.ResponseDescription ?? '' };
  }

  /**
   * Daraja's sandbox-only C2B simulate: a customer paying the Paybill. Used by the development
   * sandbox (PAYMENTS_SIMULATED) so a Paybill payment completes by itself, as the STK push does.
   */
  async c2bSimulate(input: { shortCode: string; amount: number; accountNumber: string; msisdn: string }): Promise<void> {
    const { status, body } = await this.post<{ ResponseCode?: string | number }>(
      '/mpesa/c2b/v1/simulate',
      {
        ShortCode: input.shortCode,
        CommandID: 'CustomerPayBillOnline',
        Amount: input.amount,
        Msisdn: input.msisdn,
        BillRefNumber: input.accountNumber,
      },
      'register',
    );
    if (status !== 200 || String(body.ResponseCode ?? '') !== '0') throw new MpesaError('register', status, body as DarajaErrorBody);
  }

  /**
   * Transaction Status for a C2B TransID (PartyA = our Paybill number). Only the acknowledgement comes
   * back here; the result is posted to `urls.resultUrl` (or `urls.timeoutUrl`) later. Throws MpesaError.
   */
  async transactionStatus(input: {
    initiator: MpesaInitiator;
    transId: string;
    partyA: string;
    resultUrl: string;
    timeoutUrl: string;
    occasion: string;
  }): Promise<{ request: Omit<TransactionStatusRequest, 'SecurityCredential'>; ack: TransactionStatusAck }> {
    const request: TransactionStatusRequest = {
      Initiator: input.initiator.name,
      SecurityCredential: securityCredential(input.initiator.password, input.initiator.certificate),
      CommandID: TRANSACTION_STATUS_COMMAND,
      TransactionID: input.transId,
      PartyA: input.partyA,
      IdentifierType: SHORTCODE_IDENTIFIER,
      ResultURL: input.resultUrl,
      QueueTimeOutURL: input.timeoutUrl,
      Remarks: 'Paybill confirmation not received',
      Occasion: input.occasion.slice(0, 100),
    };
    const { status, body } = await this.post<Partial<TransactionStatusAck>>('/mpesa/transactionstatus/v1/query', request, 'tx-status');
    if (status !== 200 || String(body.ResponseCode ?? '') !== '0' || !body.OriginatorConversationID) {
      this.opts.logger.warn({ status, errorCode: (body as DarajaErrorBody).errorCode }, MPESA_TX_STATUS_FAILED);
      throw new MpesaError('tx-status', status, body as DarajaErrorBody);
    }
    const { SecurityCredential: _omit, ...safe } = request;
    return {
      request: safe,
      ack: {
        OriginatorConversationID: String(body.OriginatorConversationID),
        ConversationID: String(body.ConversationID ?? ''),
        ResponseCode: '0',
        ResponseDescription: String(body.ResponseDescription ?? ''),
      },
    };
  }

  /** STK query. Throws MpesaError (check `stillProcessing`) when Daraja has no result yet or the call fails. */
  async stkQuery(checkoutRequestID: string, now = new Date()): Promise<StkQueryResponse> {
    const { status, body } = await this.post<StkQueryResponse>(
      '/mpesa/stkpushquery/v1/query',
      { ...this.credentials(now), CheckoutRequestID: checkoutRequestID },
      'query',
    );
    if (status !== 200 || body.ResultCode === undefined || body.ResultCode === null) throw new MpesaError('query', status, body);
    return { ...body, ResultCode: String(body.ResultCode), ResponseCode: String(body.ResponseCode) };
  }
}

/** The callback URL Daraja is given: public base + fixed path + the unguessable secret segment. */
export function mpesaCallbackUrl(config: Config): string | undefined {
  const base = config.MPESA_CALLBACK_BASE_URL ?? config.PUBLIC_URL;
  if (!base || !config.MPESA_CALLBACK_SECRET) return undefined;
  return `${base.replace(/\/+$/, '')}/api/payments/mpesa/callback/${config.MPESA_CALLBACK_SECRET}`;
}

/** The C2B URLs Daraja is given: the callback's base and secret segment, under /c2b/validation and /c2b/confirmation. */
export function mpesaC2bUrls(config: Config): { validationUrl: string; confirmationUrl: string } | undefined {
  const base = config.MPESA_CALLBACK_BASE_URL ?? config.PUBLIC_URL;
  if (!base || !config.MPESA_CALLBACK_SECRET) return undefined;
  const root = `${base.replace(/\/+$/, '')}/api/payments/mpesa/c2b`;
  return {
    validationUrl: `${root}/validation/${config.MPESA_CALLBACK_SECRET}`,
    confirmationUrl: `${root}/confirmation/${config.MPESA_CALLBACK_SECRET}`,
  };
}

/** The URLs a Transaction Status answer is posted to: the callback's base and secret segment. */
export function mpesaTransactionStatusUrls(config: Config): { resultUrl: string; timeoutUrl: string } | undefined {
  const base = config.MPESA_CALLBACK_BASE_URL ?? config.PUBLIC_URL;
  if (!base || !config.MPESA_CALLBACK_SECRET) return undefined;
  const root = `${base.replace(/\/+$/, '')}/api/payments/mpesa/transaction-status`;
  return { resultUrl: `${root}/result/${config.MPESA_CALLBACK_SECRET}`, timeoutUrl: `${root}/timeout/${config.MPESA_CALLBACK_SECRET}` };
}

export interface MpesaInitiator {
  name: string;
  password: string;
  /** Safaricom's public certificate: the PEM, or a path to it. */
  certificate: string;
}

/** The Transaction Status initiator, when all of its settings are configured (else undefined: no Transaction Status). */
export function mpesaInitiator(config: Config): MpesaInitiator | undefined {
  const { MPESA_INITIATOR_NAME: name, MPESA_INITIATOR_PASSWORD: password, MPESA_CERTIFICATE: certificate } = config;
  if (!name || !password || !certificate || !mpesaConfigured(config)) return undefined;
  return { name, password, certificate };
}

/** The Paybill business number customers pay to: MPESA_PAYBILL_NUMBER, else the STK shortcode. */
export function mpesaPaybillNumber(config: Config): string {
  return config.MPESA_PAYBILL_NUMBER ?? config.MPESA_SHORTCODE;
}

/** True when every credential M-Pesa needs is configured. */
export function mpesaConfigured(config: Config): boolean {
  return Boolean(config.MPESA_CONSUMER_KEY && config.MPESA_CONSUMER_SECRET && config.MPESA_PASSKEY && mpesaCallbackUrl(config));
}

const clients = new WeakMap<object, MpesaClient>();

/** One client per server context (api or worker); undefined when M-Pesa is not configured. */
export function mpesaClientFor(ctx: { config: Config; redis: Redis; logger: Logger }): MpesaClient | undefined {
  if (!mpesaConfigured(ctx.config)) return undefined;
  let client = clients.get(ctx.config);
  if (!client) {
    const c = ctx.config;
    client = new MpesaClient({
      baseUrl: c.MPESA_BASE_URL,
      consumerKey: c.MPESA_CONSUMER_KEY!,
      consumerSecret: c.MPESA_CONSUMER_SECRET!,
      shortcode: c.MPESA_SHORTCODE,
      passkey: c.MPESA_PASSKEY!,
      callbackUrl: mpesaCallbackUrl(c)!,
      redis: ctx.redis,
      redisPrefix: c.REDIS_PREFIX,
      logger: ctx.logger,
    });
    clients.set(ctx.config, client);
  }
  return client;
}
