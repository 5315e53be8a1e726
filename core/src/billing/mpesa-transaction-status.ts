/**
 * Daraja Transaction Status (`/mpesa/transactionstatus/v1/query`): how a Paybill (C2B) payment whose
 * confirmation never came is asked about. The request is answered at once with an acknowledgement;
 * the result comes later, posted to our ResultURL (or to the QueueTimeOutURL when M-Pesa's queue gave
 * up). Wire shapes and pure helpers, unit-tested beside.
 */
import { constants, publicEncrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { normalizeResultCode } from './mpesa.outcomes';

export const TRANSACTION_STATUS_COMMAND = 'TransactionStatusQuery';
/** IdentifierType 4: PartyA is an organisation short code (our Paybill number). */
export const SHORTCODE_IDENTIFIER = '4';
/** The result's TransactionStatus for money that moved. */
export const TRANSACTION_COMPLETED = 'Completed';
/** Payment event kinds: a query we sent, a result Daraja posted, a queue timeout Daraja posted. */
export const TX_STATUS_QUERY_EVENT = 'tx-status-query';
export const TX_STATUS_RESULT_EVENT = 'tx-status-result';
export const TX_STATUS_TIMEOUT_EVENT = 'tx-status-timeout';
/** The note on a result event that says, for good, that the asked TransID did not pay this payment. */
export const TX_STATUS_NOT_PAID_NOTE = 'not paid';

export interface TransactionStatusRequest {
  Initiator: string;
  SecurityCredential: string;
  CommandID: typeof TRANSACTION_STATUS_COMMAND;
  TransactionID: string;
  PartyA: string;
  IdentifierType: typeof SHORTCODE_IDENTIFIER;
  ResultURL: string;
  QueueTimeOutURL: string;
  Remarks: string;
  Occasion: string;
}

export interface TransactionStatusAck {
  OriginatorConversationID: string;
  ConversationID: string;
  ResponseCode: string;
  ResponseDescription: string;
}

/** What a result (or a queue timeout) posted to us says, read by key, never by position. */
export interface ParsedTransactionStatusResult {
  resultCode: string;
  resultDesc: string;
  originatorConversationId: string;
  conversationId: string;
  /** ResultParameters by Key (present on a result with ResultCode 0). */
  receiptNo?: string;
  transactionStatus?: string;
  /** Whole shillings, or NaN when Amount is not a number. */
  amount?: number;
}

/**
 * The SecurityCredential Daraja wants: the initiator password encrypted with Safaricom's public
 * certificate (RSA, PKCS#1 v1.5 padding), base64. `certificate` is the PEM itself or a path to it.
 */
export function securityCredential(password: string, certificate: string): string {
  const pem = certificate.includes('-----BEGIN') ? certificate : readFileSync(certificate, 'utf8');
  return publicEncrypt({ key: pem, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(password, 'utf8')).toString('base64');
}

const text = (v: unknown, max = 100) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim().slice(0, max) : '');

/** Reads a Transaction Status result or queue-timeout body; undefined when it is not one. */
export function parseTransactionStatusResult(body: unknown): ParsedTransactionStatusResult | undefined {
  const r = (body as { Result?: Record<string, unknown> } | undefined)?.Result;
  if (!r || typeof r !== 'object' || Array.isArray(r)) return undefined;
  // Digits as everywhere in Daraja; a lettered code (some errors have them) is kept as sent.
  const rawCode = typeof r.ResultCode === 'string' ? r.ResultCode.trim() : '';
  const resultCode = normalizeResultCode(r.ResultCode) ?? (/^[A-Za-z][A-Za-z0-9.]{0,19}$/.test(rawCode) ? rawCode : undefined);
  const originatorConversationId = text(r.OriginatorConversationID);
  const conversationId = text(r.ConversationID);
  if (resultCode === undefined || (!originatorConversationId && !conversationId)) return undefined;
  const raw = (r.ResultParameters as { ResultParameter?: unknown } | undefined)?.ResultParameter;
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? [raw] : [];
  const byKey = new Map<string, unknown>();
  for (const p of list as Array<{ Key?: unknown; Value?: unknown }>)
    if (p && typeof p === 'object' && typeof p.Key === 'string') byKey.set(p.Key, p.Value);
  const amountText = text(byKey.get('Amount'));
  return {
    resultCode,
    resultDesc: text(r.ResultDesc, 500),
    originatorConversationId,
    conversationId,
    receiptNo: byKey.has('ReceiptNo') ? text(byKey.get('ReceiptNo')).toUpperCase() : undefined,
    transactionStatus: byKey.has('TransactionStatus') ? text(byKey.get('TransactionStatus')) : undefined,
    amount: byKey.has('Amount') ? (/^\d{1,9}(\.\d{1,2})?$/.test(amountText) ? Number(amountText) : Number.NaN) : undefined,
  };
}

/** What the answer to our Transaction Status query says the asked TransID did. */
export type TransactionStatusVerdict =
  { kind: 'paid'; transId: string; amount: number } | { kind: 'not-paid'; reason: string } | { kind: 'unreadable'; reason: string };

/**
 * The verdict on a result for a query about `transId`: paid only with ResultCode 0, TransactionStatus
 * "Completed" and a ReceiptNo equal to the asked TransID; any other definitive answer (another status,
 * a non-zero ResultCode such as "not found") is not paid.
 */
export function transactionStatusVerdict(result: ParsedTransactionStatusResult, transId: string): TransactionStatusVerdict {
  if (result.resultCode !== '0') return { kind: 'not-paid', reason: `ResultCode ${result.resultCode}: ${result.resultDesc}`.slice(0, 300) };
  if (result.transactionStatus !== TRANSACTION_COMPLETED)
    return { kind: 'not-paid', reason: `TransactionStatus ${result.transactionStatus ?? 'missing'}` };
  if (result.receiptNo !== transId) return { kind: 'unreadable', reason: `ReceiptNo ${result.receiptNo ?? 'missing'} is not ${transId}` };
  if (result.amount === undefined || Number.isNaN(result.amount)) return { kind: 'unreadable', reason: 'no readable Amount' };
  return { kind: 'paid', transId, amount: result.amount };
}
