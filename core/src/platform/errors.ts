import type { ApiFailure, ErrorCode } from './contract/common';
import { VISION_UNAVAILABLE_MESSAGE } from '../photo/photo-limits';

/** The fields that failed validation: `{ path, message }` each. */
export type ErrorDetails = NonNullable<ApiFailure['details']>;

/**
 * The HTTP status of each error code: one table, so a code always answers with the same status
 * (the client and the OpenAPI document read the code; the status follows from it).
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_TOKEN: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_DECLINED: 402,
  FORBIDDEN: 403,
  PLAN_REQUIRED: 403,
  EMAIL_NOT_VERIFIED: 403,
  SEAT_LIMIT: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VISION_UNAVAILABLE: 422,
  DAILY_LIMIT_REACHED: 429,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PROVIDER_ERROR: 502,
  UNAVAILABLE: 503,
  TIMEOUT: 504,
} as const satisfies Record<ErrorCode, number>;

/**
 * The one error type: a machine code, its HTTP status (from `ERROR_STATUS`) and a user-safe message.
 * Anything that is not an AppError is serialised as a generic 500 without details.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: ErrorDetails;
  readonly headers?: Record<string, string>;
  /** Extra top-level data for the envelope (e.g. usage on DAILY_LIMIT_REACHED). */
  readonly data?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { details?: ErrorDetails; headers?: Record<string, string>; data?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = opts.details;
    this.headers = opts.headers;
    this.data = opts.data;
  }

  toJSON(): ApiFailure & Record<string, unknown> {
    return {
      success: false,
      error: this.message,
      code: this.code,
      ...(this.details ? { details: this.details } : {}),
      ...(this.data ?? {}),
    };
  }
}

export const Errors = {
  validation: (message: string, details?: ErrorDetails) => new AppError('VALIDATION_FAILED', message, { details }),
  unauthenticated: (message = 'Authentication required') => new AppError('UNAUTHENTICATED', message),
  forbidden: (message = 'You do not have access to this resource') => new AppError('FORBIDDEN', message),
  planRequired: (planName: string, what: string, requiredPlan: string) =>
    new AppError('PLAN_REQUIRED', `${what} needs the ${planName} plan. Upgrade to use it.`, { data: { requiredPlan } }),
  emailNotVerified: (what: string) =>
    new AppError(
      'EMAIL_NOT_VERIFIED',
      `Please verify your e-mail address before you ${what}. Check your inbox for the link, or send a new one.`,
    ),
  seatLimit: (seats: number) =>
    new AppError('SEAT_LIMIT', `Your team has used all ${seats} seats. Remove a member or revoke an invitation first.`),
  invalidToken: (message = 'This link is invalid or has expired. Please request a new one.') => new AppError('INVALID_TOKEN', message),
  notFound: (message = 'Not found') => new AppError('NOT_FOUND', message),
  conflict: (message: string) => new AppError('CONFLICT', message),
  tooLarge: (message = 'Request body is too large') => new AppError('PAYLOAD_TOO_LARGE', message),
  unsupportedMedia: (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message),
  /** No provider that can see a photo is configured (DESIGN.md §15): nothing was counted or kept. */
  visionUnavailable: (message = VISION_UNAVAILABLE_MESSAGE) => new AppError('VISION_UNAVAILABLE', message),
  rateLimited: (retryAfterSeconds: number, message = 'Too many requests. Please try again later.') =>
    new AppError('RATE_LIMITED', message, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } }),
  unavailable: (message = 'Service temporarily unavailable. Please try again shortly.', cause?: unknown) =>
    new AppError('UNAVAILABLE', message, { cause }),
  provider: (message: string, cause?: unknown) => new AppError('PROVIDER_ERROR', message, { cause }),
  /** The payer's provider refused the payment (declined, not approved, another amount). */
  paymentDeclined: (message: string, cause?: unknown) => new AppError('PAYMENT_DECLINED', message, { cause }),
  /** The work goes on, but the answer took longer than the caller waits. */
  timeout: (message: string, data?: Record<string, unknown>) => new AppError('TIMEOUT', message, { data }),
  internal: (cause?: unknown) => new AppError('INTERNAL', 'Something went wrong on our side. Please try again.', { cause }),
};

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|Stream isn't writeable|enableOfflineQueue|max retries per request|Command timed out|All sentinels are unreachable|^(READONLY|MASTERDOWN|LOADING)\b/i;

/**
 * Is this error a lost connection to PostgreSQL or Redis (as opposed to a bug)? A Redis failover
 * shows as a closed connection, a replica refusing writes (READONLY) or a command that ran out of
 * retries or time. Such errors are
 * answered 503 UNAVAILABLE: the request can be retried once the dependency is back.
 */
export function isDependencyUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
