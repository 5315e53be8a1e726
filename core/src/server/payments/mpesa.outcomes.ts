import type { PaymentTransition } from '../repositories/payments.repository';

export const MPESA_SUCCESS = '0';
export const MPESA_CANCELLED_BY_USER = '1032';

/**
 * A Daraja ResultCode (a string from the query, a number from the callback) as a payment
 * transition: 0 completes, 1032 is the customer cancelling, anything else is a failure.
 */
export function mpesaOutcome(resultCode: string | number, resultDesc: string, providerResult?: unknown): PaymentTransition {
  const code = String(resultCode).trim();
  const status = code === MPESA_SUCCESS ? 'completed' : code === MPESA_CANCELLED_BY_USER ? 'cancelled' : 'failed';
  return { status, resultCode: code, resultDesc: resultDesc.slice(0, 500), providerResult };
}
