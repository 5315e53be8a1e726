/**
 * Daraja (M-Pesa Express / STK push) wire protocol: the request and response shapes and the
 * small computations every request needs. Pure functions, unit-tested beside this file.
 */
import { normalizeResultCode } from './mpesa.outcomes';

export const MPESA_TIME_ZONE = 'Africa/Nairobi';
export const STK_TRANSACTION_TYPE = 'CustomerPayBillOnline';
/** Daraja's query answer while the customer has not responded yet (the same errorCode also covers real failures). */
export const STILL_PROCESSING_CODE = '500.001.1001';
export const STILL_PROCESSING_MESSAGE = 'The transaction is being processed';
export const MAX_ACCOUNT_REFERENCE = 12;
export const MAX_TRANSACTION_DESC = 13;

export interface StkPushRequest {
  BusinessShortCode: string;
  Password: string;
  Timestamp: string;
  TransactionType: typeof STK_TRANSACTION_TYPE;
  Amount: number;
  PartyA: string;
  PartyB: string;
  PhoneNumber: string;
  CallBackURL: string;
  AccountReference: string;
  TransactionDesc: string;
}

export interface StkPushResponse {
  MerchantRequestID: string;
  CheckoutRequestID: string;
  ResponseCode: string;
  ResponseDescription: string;
  CustomerMessage: string;
}

export interface StkQueryRequest {
  BusinessShortCode: string;
  Password: string;
  Timestamp: string;
  CheckoutRequestID: string;
}

export interface StkQueryResponse {
  ResponseCode: string;
  ResponseDescription: string;
  MerchantRequestID: string;
  CheckoutRequestID: string;
  /** A string in the query answer ("0", "1032", ...); a number in the callback. */
  ResultCode: string;
  ResultDesc: string;
}

/** Daraja's error body: `{ requestId, errorCode, errorMessage }`. */
export interface DarajaErrorBody {
  requestId?: string;
  errorCode?: string;
  errorMessage?: string;
}

export interface StkCallbackItem {
  Name: string;
  Value?: string | number;
}

export interface StkCallbackBody {
  Body: {
    stkCallback: {
      MerchantRequestID: string;
      CheckoutRequestID: string;
      ResultCode: number;
      ResultDesc: string;
      CallbackMetadata?: { Item: StkCallbackItem[] };
    };
  };
}

/** YYYYMMDDHHmmss in Nairobi time (EAT, UTC+3, no daylight saving). */
export function mpesaTimestamp(date: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: MPESA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}${get('month')}${get('day')}${get('hour')}${get('minute')}${get('second')}`;
}

/** Password = base64(shortcode + passkey + timestamp). */
export function mpesaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');
}

/** Whole shillings for a USD price in cents, rounded up: ceil(USD x rate). */
export function mpesaAmountKes(priceCents: number, kesPerUsd: number): number {
  if (!Number.isFinite(priceCents) || priceCents <= 0) throw new Error('A paid plan price is required');
  if (!Number.isFinite(kesPerUsd) || kesPerUsd <= 0) throw new Error('MPESA_KES_PER_USD must be positive');
  // Rounded to 6 decimals first so float noise (1288.0000000001) does not add a shilling.
  return Math.ceil(Number(((priceCents * kesPerUsd) / 100).toFixed(6)));
}

/** What is bought, within Daraja's 13 characters: "Pro 1 month", "Business 1 yr". */
export function transactionDesc(planName: string, interval: 'month' | 'year'): string {
  const long = `${planName} 1 ${interval}`;
  if (long.length <= MAX_TRANSACTION_DESC) return long;
  const short = `${planName} 1 ${interval === 'year' ? 'yr' : 'mo'}`;
  return short.length <= MAX_TRANSACTION_DESC ? short : planName.slice(0, MAX_TRANSACTION_DESC);
}

/** A normalised Kenyan MSISDN: 254 followed by 9 digits. */
export function isKenyanMsisdn(phone: string): boolean {
  // A Kenyan mobile number: 254 then 7… or 1… (Safaricom, Airtel and Telkom lines), nine digits.
  return /^254[17]\d{8}$/.test(phone);
}

export interface ParsedStkCallback {
  merchantRequestID: string;
  checkoutRequestID: string;
  resultCode: string;
  resultDesc: string;
  /** CallbackMetadata items by Name (present on success only). */
  amount?: number;
  receipt?: string;
  transactionDate?: string;
  phone?: string;
}

/** Reads a Daraja callback body; undefined when it is not one. Items are mapped by Name, never by position. */
export function parseStkCallback(body: unknown): ParsedStkCallback | undefined {
  const cb = (body as Partial<StkCallbackBody> | undefined)?.Body?.stkCallback;
  if (!cb || typeof cb !== 'object') return undefined;
  const { CheckoutRequestID, MerchantRequestID, ResultCode, ResultDesc } = cb;
  if (typeof CheckoutRequestID !== 'string' || CheckoutRequestID.length === 0 || CheckoutRequestID.length > 100) return undefined;
  // Normalised once here; every later check (amount, phone, outcome) uses this one value.
  const resultCode = normalizeResultCode(ResultCode);
  if (resultCode === undefined) return undefined;
  const items = Array.isArray(cb.CallbackMetadata?.Item) ? cb.CallbackMetadata.Item : [];
  const byName = new Map<string, string | number | undefined>();
  for (const item of items) if (item && typeof item.Name === 'string') byName.set(item.Name, item.Value);
  const amount = byName.get('Amount');
  const receipt = byName.get('MpesaReceiptNumber');
  const date = byName.get('TransactionDate');
  const phone = byName.get('PhoneNumber');
  return {
    merchantRequestID: typeof MerchantRequestID === 'string' ? MerchantRequestID : '',
    checkoutRequestID: CheckoutRequestID,
    resultCode,
    resultDesc: typeof ResultDesc === 'string' ? ResultDesc.slice(0, 500) : '',
    amount: amount === undefined || amount === '' ? undefined : Number(amount),
    receipt: receipt === undefined ? undefined : String(receipt),
    transactionDate: date === undefined ? undefined : String(date),
    phone: phone === undefined ? undefined : String(phone),
  };
}

/**
 * Does a callback's phone match the number we asked? Daraja may mask the middle digits
 * (e.g. 2547*****678): then every visible digit must match its position.
 */
export function callbackPhoneMatches(stored: string, reported: string | undefined): boolean {
  if (reported === undefined) return false;
  const r = reported.replace(/\s/g, '');
  if (/^\d+$/.test(r)) return r === stored;
  if (r.length !== stored.length) return false;
  for (let i = 0; i < r.length; i++) if (/\d/.test(r[i]!) && r[i] !== stored[i]) return false;
  return true;
}
