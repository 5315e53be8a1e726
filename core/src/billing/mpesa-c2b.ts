/**
 * Lipa na M-Pesa Paybill (Daraja Customer to Business, C2B v2): the customer pays our business
 * number from the M-Pesa menu with the payment's short account number; Daraja asks our validation
 * URL first, then tells our confirmation URL. Wire shapes and pure helpers, unit-tested beside.
 */
import { randomInt } from 'node:crypto';

/** Validation answers: Daraja expects ResultCode as a string here ("0" accepts). */
export const C2B_ACCEPTED = '0';
export const C2B_INVALID_ACCOUNT = 'C2B00012';
export const C2B_INVALID_AMOUNT = 'C2B00013';

/** How long a Paybill account number is good for; after it the payment ends unpaid (`cancelled`, EXPIRED). */
export const PAYBILL_WINDOW_MS = 30 * 60_000;
/** Result code of a Paybill payment nobody paid in time (status `cancelled`; a late confirmation still completes it). */
export const PAYBILL_EXPIRED_CODE = 'EXPIRED';
/** Payment kind of a Paybill payment (an STK payment is `one-time`). */
export const PAYBILL_KIND = 'mpesa-paybill';

export interface C2bRegisterRequest {
  ShortCode: string;
  ResponseType: 'Completed' | 'Cancelled';
  ConfirmationURL: string;
  ValidationURL: string;
}

/** The body Daraja posts to both URLs (v2: MSISDN may be masked or hashed). */
export interface C2bTransaction {
  TransactionType?: string;
  TransID: string;
  TransTime?: string;
  TransAmount: string;
  BusinessShortCode?: string;
  BillRefNumber: string;
  InvoiceNumber?: string;
  OrgAccountBalance?: string;
  ThirdPartyTransID?: string;
  MSISDN?: string;
  FirstName?: string;
  MiddleName?: string;
  LastName?: string;
}

export interface ParsedC2b {
  transId: string;
  /** Whole shillings, or NaN when TransAmount is not a number. */
  amount: number;
  /** The account number as typed, normalised (no spaces, upper case). */
  accountNumber: string;
  shortCode: string;
  msisdn: string;
  transTime: string;
}

/** A payment's account number: 8 digits, the first not 0 (typed on any phone's keypad, read aloud easily). */
export function newAccountNumber(): string {
  return String(randomInt(10_000_000, 100_000_000));
}

/** What a customer typed as the account number, as we store it: spaces and dashes gone, upper case, bounded. */
export function normalizeAccountNumber(raw: unknown): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') return '';
  return String(raw).replace(/[\s-]/g, '').toUpperCase().slice(0, 20);
}

/** Reads a C2B validation or confirmation body; undefined when it is not one. */
export function parseC2b(body: unknown): ParsedC2b | undefined {
  const b = body as Partial<Record<keyof C2bTransaction, unknown>> | undefined;
  if (!b || typeof b !== 'object') return undefined;
  const transId = typeof b.TransID === 'string' ? b.TransID.trim() : '';
  if (!/^[A-Za-z0-9]{6,20}$/.test(transId)) return undefined;
  const rawAmount =
    typeof b.TransAmount === 'number' ? String(b.TransAmount) : typeof b.TransAmount === 'string' ? b.TransAmount.trim() : '';
  const amount = /^\d{1,9}(\.\d{1,2})?$/.test(rawAmount) ? Number(rawAmount) : Number.NaN;
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, 100) : '');
  return {
    transId: transId.toUpperCase(),
    amount,
    accountNumber: normalizeAccountNumber(b.BillRefNumber),
    shortCode: str(b.BusinessShortCode),
    msisdn: str(b.MSISDN),
    transTime: str(b.TransTime),
  };
}

/** The validation answer (ResultCode a string, as Daraja wants it). */
export function c2bValidationAnswer(code: string): { ResultCode: string; ResultDesc: string } {
  return { ResultCode: code, ResultDesc: code === C2B_ACCEPTED ? 'Accepted' : 'Rejected' };
}

/** The confirmation answer (ResultCode a number): always accepted, whatever we made of it. */
export const C2B_CONFIRMATION_ANSWER = { ResultCode: 0, ResultDesc: 'Accepted' } as const;
