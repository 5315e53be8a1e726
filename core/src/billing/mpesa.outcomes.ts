import type { PaymentTransition } from './payments.repository';

export const MPESA_SUCCESS = '0';
export const MPESA_CANCELLED_BY_USER = '1032';

/**
 * The one normal form of a Daraja ResultCode (a number in callbacks, a string in queries): trimmed,
 * digits only, without leading zeros. Anything else is not a result code (undefined: refuse it).
 */
export function normalizeResultCode(raw: unknown): string | undefined {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : undefined;
  if (typeof raw !== 'string') return undefined;
  const s = raw.trim();
  if (!/^\d{1,12}$/.test(s)) return undefined;
  return s.replace(/^0+(?=\d)/, '');
}

/**
 * A normalised ResultCode (see normalizeResultCode) as a payment transition: 0 completes, 1032 is
 * the customer cancelling, anything else is a failure.
 */
export function mpesaOutcome(code: string, resultDesc: string, providerResult?: unknown): PaymentTransition {
  const status = code === MPESA_SUCCESS ? 'completed' : code === MPESA_CANCELLED_BY_USER ? 'cancelled' : 'failed';
  return { status, resultCode: code, resultDesc: resultDesc.slice(0, 500), providerResult };
}
