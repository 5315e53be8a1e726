import { createPrivateKey, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DARAJA_TEST_INITIATOR, DARAJA_TEST_PRIVATE_KEY } from './daraja-test-certificate';

/**
 * Safaricom Daraja (M-Pesa Express) on 127.0.0.1, speaking its real wire protocol:
 *  - GET  /oauth/v1/generate?grant_type=client_credentials (Basic auth) -> { access_token, expires_in }
 *    Each new token invalidates the previous one, as Daraja does.
 *  - POST /mpesa/stkpush/v1/processrequest -> { MerchantRequestID, CheckoutRequestID, ResponseCode: "0", ... }
 *  - POST /mpesa/stkpushquery/v1/query -> { ResultCode: "0" | "1032" | ... } or, while the customer
 *    has not answered, HTTP 500 { requestId, errorCode: "500.001.1001", errorMessage: "The transaction is being processed" }
 *  - fireCallback(): POSTs the real stkCallback body to the CallBackURL the push carried.
 *  - POST /mpesa/c2b/v2/registerurl -> { OriginatorCoversationID, ResponseCode: "0", ResponseDescription: "Success" }
 *  - POST /mpesa/c2b/v1/simulate { ShortCode, CommandID, Amount, Msisdn, BillRefNumber } (Daraja's sandbox
 *    API) and payBill(): a customer paying the Paybill from the M-Pesa menu: the validation request to the
 *    registered ValidationURL, then (accepted, or unreachable with ResponseType "Completed") the
 *    confirmation to the ConfirmationURL.
 *  - loseCallbacks(): pushes still complete (the STK query says so) but their callback never comes.
 *  - POST /mpesa/transactionstatus/v1/query (Initiator + SecurityCredential, the password encrypted with
 *    the test certificate in ./daraja-test-certificate): acknowledged at once, the result posted to the
 *    ResultURL a moment later ("Completed" with ReceiptNo and Amount for a Paybill payment that moved
 *    money, a non-zero ResultCode otherwise), or to the QueueTimeOutURL when told to time out.
 *  - loseConfirmations(): Paybill payments still move money (Transaction Status says so) but their
 *    confirmation never comes; setC2bOutcome() says whether a TransID's money moved.
 * Also used by `npm start` in development when no M-Pesa credentials are set (the sandbox).
 */

export interface DarajaRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

export interface StkPushRecord {
  body: any;
  checkoutRequestID: string;
  merchantRequestID: string;
  at: number;
}

export type StkOutcome = 'pending' | { resultCode: string; resultDesc?: string };

export interface DarajaStubOptions {
  consumerKey?: string;
  consumerSecret?: string;
  shortcode?: string;
  passkey?: string;
  tokenTtlSeconds?: number;
  /** Sandbox: confirm every push by itself (callback with ResultCode 0) after this many ms. */
  autoConfirmAfterMs?: number;
  /** Where the stub reports problems of its own (sandbox mode). */
  log?: (msg: string) => void;
  /** The Transaction Status initiator it accepts (default: DARAJA_TEST_INITIATOR) and the key that reads its credential. */
  initiatorName?: string;
  initiatorPassword?: string;
  privateKeyPem?: string;
  /** How long after the acknowledgement a Transaction Status answer is posted (default 50 ms). */
  txStatusDelayMs?: number;
}

export interface TxStatusQuery {
  body: any;
  /** Where the answer went and what our server replied. */
  answeredTo?: 'result' | 'timeout';
  answer?: any;
  reply?: { status: number; body: any };
}

export interface C2bPayment {
  transId: string;
  body: any;
  validation?: { status: number; body: any };
  confirmation?: { status: number; body: any };
}

export interface DarajaStub {
  url: string;
  requests: DarajaRequest[];
  pushes: StkPushRecord[];
  /** What registerurl was last told, per shortcode. */
  c2bRegistrations: Map<string, { ShortCode: string; ResponseType: string; ConfirmationURL: string; ValidationURL: string }>;
  /** Every Paybill payment simulated, with our server's answers. */
  c2bPayments: C2bPayment[];
  /**
   * A customer pays the Paybill: validation first, confirmation if accepted. `shortCode` defaults to
   * the only (or first) registered one. Resolves once both requests are answered.
   */
  payBill(input: {
    accountNumber: string;
    amount: number | string;
    msisdn?: string;
    shortCode?: string;
    transId?: string;
  }): Promise<C2bPayment>;
  /** From now on (true) or not (false), an accepted Paybill payment moves the money but its confirmation never comes. */
  loseConfirmations(on: boolean): void;
  /** Whether a TransID's money moved ('made') or not ('lost'): what Transaction Status answers for it. */
  setC2bOutcome(transId: string, outcome: 'made' | 'lost'): void;
  /** The next `n` Transaction Status queries are answered on the QueueTimeOutURL (M-Pesa's queue gave up). */
  timeOutTxStatus(n: number): void;
  /** Every Transaction Status query received, with where its answer went. */
  txStatusQueries: TxStatusQuery[];
  /** Sends a confirmation body as Daraja would (to replay one, or skip validation). */
  postC2b(kind: 'validation' | 'confirmation', body: any, shortCode?: string): Promise<{ status: number; body: any }>;
  /** From now on (true) or not (false), a push's callback is lost: the query still answers its outcome. */
  loseCallbacks(on: boolean): void;
  /** Every later push is answered on the phone by itself after `ms` (undefined: never), as the sandbox does. */
  autoConfirm(ms: number | undefined): void;
  /** Sandbox auto-confirmation ends every later push with this ResultCode instead of 0 ("1037": the phone never answered). */
  setAutoResult(resultCode: number): void;
  /** How many OAuth tokens were issued. */
  tokensIssued(): number;
  /** What the STK query answers for a request (default: still processing). */
  setOutcome(checkoutRequestID: string, outcome: StkOutcome): void;
  /** The next call to `kind` (for a query: of that CheckoutRequestID, when given) answers this status and body instead. */
  failNext(kind: 'token' | 'push' | 'query' | 'register' | 'tx-status', status: number, body: unknown, checkoutRequestID?: string): void;
  /** Sends Daraja's callback for a push; sets the query outcome to match. Returns our server's answer. */
  fireCallback(
    checkoutRequestID: string,
    resultCode: number,
    overrides?: { amount?: number; phone?: string; resultDesc?: string; url?: string; merchantRequestID?: string },
  ): Promise<{ status: number; body: any }>;
  /** The callback body fireCallback would send (to replay it, e.g. many times at once). */
  callbackBody(checkoutRequestID: string, resultCode: number, overrides?: { amount?: number; phone?: string; resultDesc?: string }): any;
  waitForPushes(n: number, timeoutMs?: number): Promise<StkPushRecord[]>;
  queriesFor(checkoutRequestID: string): number;
  close(): Promise<void>;
}

export const RESULT_DESCRIPTIONS: Record<string, string> = {
  '0': 'The service request is processed successfully.',
  '1': 'The balance is insufficient for the transaction.',
  '1032': 'Request cancelled by user',
  '1037': 'DS timeout user cannot be reached',
  '2001': 'The initiator information is invalid.',
};

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Nairobi time as Daraja writes it: YYYYMMDDHHmmss. */
function nairobiNow(): string {
  const d = new Date(Date.now() + 3 * 3600_000);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

export async function startDarajaStub(opts: DarajaStubOptions = {}): Promise<DarajaStub> {
  const consumerKey = opts.consumerKey ?? 'test-consumer-key';
  const consumerSecret = opts.consumerSecret ?? 'test-consumer-secret';
  const shortcode = opts.shortcode ?? '174379';
  const passkey = opts.passkey ?? 'test-passkey';
  const requests: DarajaRequest[] = [];
  const pushes: StkPushRecord[] = [];
  const outcomes = new Map<string, StkOutcome>();
  const queryCounts = new Map<string, number>();
  const failures: Record<'token' | 'push' | 'query' | 'register' | 'tx-status', Array<{ status: number; body: unknown; id?: string }>> = {
    token: [],
    push: [],
    query: [],
    register: [],
    'tx-status': [],
  };
  const initiatorName = opts.initiatorName ?? DARAJA_TEST_INITIATOR.name;
  const initiatorPassword = opts.initiatorPassword ?? DARAJA_TEST_INITIATOR.password;
  const privateKey = createPrivateKey(opts.privateKeyPem ?? DARAJA_TEST_PRIVATE_KEY).export({ format: 'jwk' });
  /** TransID -> whether its money moved, and how much. */
  const c2bMoney = new Map<string, { made: boolean; amount: string; msisdn: string }>();
  const txStatusQueries: TxStatusQuery[] = [];
  let losingConfirmations = false;
  let txTimeouts = 0;
  const c2bRegistrations: DarajaStub['c2bRegistrations'] = new Map();
  const c2bPayments: C2bPayment[] = [];
  let losing = false;
  let autoResult = 0;
  let autoConfirmAfterMs = opts.autoConfirmAfterMs;
  const timers = new Set<NodeJS.Timeout>();
  let currentToken: string | undefined;
  let tokenExpiresAt = 0;
  let issued = 0;

  const darajaError = (errorCode: string, errorMessage: string) => ({
    requestId: `${randomBytes(4).toString('hex')}-${Date.now()}`,
    errorCode,
    errorMessage,
  });
  const validPassword = (body: any) =>
    typeof body?.Timestamp === 'string' &&
    /^\d{14}$/.test(body.Timestamp) &&
    body.Password === Buffer.from(`${shortcode}${passkey}${body.Timestamp}`).toString('base64');

  const callbackBody = (
    id: string,
    resultCode: number,
    o: { amount?: number; phone?: string; resultDesc?: string; merchantRequestID?: string } = {},
  ) => {
    const push = pushes.find((p) => p.checkoutRequestID === id);
    const stkCallback: any = {
      MerchantRequestID: o.merchantRequestID ?? push?.merchantRequestID ?? `${randomBytes(4).toString('hex')}-1`,
      CheckoutRequestID: id,
      ResultCode: resultCode,
      ResultDesc: o.resultDesc ?? RESULT_DESCRIPTIONS[String(resultCode)] ?? 'The transaction failed.',
    };
    if (resultCode === 0) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: o.amount ?? Number(push?.body.Amount ?? 1) },
          { Name: 'MpesaReceiptNumber', Value: `T${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}` },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(nairobiNow()) },
          { Name: 'PhoneNumber', Value: Number(o.phone ?? push?.body.PhoneNumber ?? '254708374149') },
        ],
      };
    }
    return { Body: { stkCallback } };
  };

  const postJson = async (url: string, body: unknown) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* keep text */
    }
    return { status: res.status, body: parsed };
  };

  /** Reads a SecurityCredential back: raw RSA with the private key, then PKCS#1 v1.5 unpadding (Node no longer decrypts that padding itself). */
  const readCredential = (credential: string): string | undefined => {
    try {
      const big = (b64url: string) => BigInt(`0x${Buffer.from(b64url, 'base64url').toString('hex')}`);
      const n = big(privateKey.n!);
      const d = big(privateKey.d!);
      let c = BigInt(`0x${Buffer.from(credential, 'base64').toString('hex') || '0'}`);
      let m = 1n;
      for (let e = d; e > 0n; e >>= 1n) {
        if (e & 1n) m = (m * c) % n;
        c = (c * c) % n;
      }
      const k = Buffer.from(privateKey.n!, 'base64url').length;
      const em = Buffer.from(m.toString(16).padStart(k * 2, '0'), 'hex');
      const sep = em.indexOf(0, 2);
      if (em[0] !== 0 || em[1] !== 2 || sep < 10) return undefined;
      return em.subarray(sep + 1).toString('utf8');
    } catch {
      return undefined;
    }
  };

  const txTimeoutBody = (ack: { OriginatorConversationID: string; ConversationID: string }) => ({
    Result: {
      ResultType: 1,
      ResultCode: 1,
      ResultDesc: 'The service request timed out.',
      OriginatorConversationID: ack.OriginatorConversationID,
      ConversationID: ack.ConversationID,
      TransactionID: `T${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}`,
    },
  });

  const txResultBody = (b: any, ack: { OriginatorConversationID: string; ConversationID: string }) => {
    const base = {
      ResultType: 0,
      OriginatorConversationID: ack.OriginatorConversationID,
      ConversationID: ack.ConversationID,
      TransactionID: `T${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}`,
    };
    if (b.Initiator !== initiatorName || readCredential(b.SecurityCredential) !== initiatorPassword)
      return { Result: { ...base, ResultCode: 2001, ResultDesc: RESULT_DESCRIPTIONS['2001'] } };
    const money = c2bMoney.get(String(b.TransactionID));
    // The simulator's own wording for an unknown TransID; the server reads any non-zero ResultCode as "not paid".
    if (!money?.made) return { Result: { ...base, ResultCode: 1, ResultDesc: 'No transaction matches the TransactionID.' } };
    const now = Number(nairobiNow());
    return {
      Result: {
        ...base,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        ResultParameters: {
          ResultParameter: [
            { Key: 'DebitPartyName', Value: `${money.msisdn} - John Doe` },
            { Key: 'CreditPartyName', Value: `${b.PartyA} - Genius Lines` },
            { Key: 'OriginatorConversationID', Value: ack.OriginatorConversationID },
            { Key: 'InitiatedTime', Value: now },
            { Key: 'DebitAccountType', Value: 'MMF Account For Customer' },
            { Key: 'DebitPartyCharges' },
            { Key: 'TransactionReason' },
            { Key: 'ReasonType', Value: 'Pay Bill Online' },
            { Key: 'TransactionStatus', Value: 'Completed' },
            { Key: 'FinalisedTime', Value: now },
            { Key: 'Amount', Value: Number(money.amount) },
            { Key: 'ConversationID', Value: ack.ConversationID },
            { Key: 'ReceiptNo', Value: String(b.TransactionID) },
          ],
        },
        ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: String(b.Occasion ?? '') } },
      },
    };
  };

  const registrationFor = (shortCode?: string) => (shortCode ? c2bRegistrations.get(shortCode) : [...c2bRegistrations.values()][0]);

  const postC2b: DarajaStub['postC2b'] = async (kind, body, shortCode) => {
    const reg = registrationFor(shortCode ?? body?.BusinessShortCode);
    if (!reg) throw new Error('no C2B URLs registered');
    return postJson(kind === 'validation' ? reg.ValidationURL : reg.ConfirmationURL, body);
  };

  const payBill: DarajaStub['payBill'] = async (input) => {
    const reg = registrationFor(input.shortCode);
    if (!reg) throw new Error('no C2B URLs registered');
    const transId = input.transId ?? `T${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}`;
    const amount = typeof input.amount === 'number' ? input.amount.toFixed(2) : input.amount;
    const body = {
      TransactionType: 'Pay Bill',
      TransID: transId,
      TransTime: nairobiNow(),
      TransAmount: amount,
      BusinessShortCode: reg.ShortCode,
      BillRefNumber: input.accountNumber,
      InvoiceNumber: '',
      OrgAccountBalance: '',
      ThirdPartyTransID: '',
      // C2B v2 masks the payer's number.
      MSISDN: (input.msisdn ?? '254708374149').replace(/^(\d{4})\d{5}(\d{3})$/, '$1*****$2'),
      FirstName: 'John',
      MiddleName: '',
      LastName: 'Doe',
    };
    const payment: C2bPayment = { transId, body };
    c2bPayments.push(payment);
    let accepted: boolean;
    try {
      payment.validation = await postJson(reg.ValidationURL, body);
      accepted = payment.validation.status === 200 && String(payment.validation.body?.ResultCode) === '0';
    } catch {
      // Unreachable validation: Daraja does what the registration's ResponseType says.
      accepted = reg.ResponseType === 'Completed';
    }
    if (accepted) {
      c2bMoney.set(transId, { made: true, amount: body.TransAmount, msisdn: body.MSISDN });
      if (!losingConfirmations) payment.confirmation = await postJson(reg.ConfirmationURL, { ...body, OrgAccountBalance: '49197.00' });
    }
    return payment;
  };

  const fireCallback: DarajaStub['fireCallback'] = async (id, resultCode, o = {}) => {
    const push = pushes.find((p) => p.checkoutRequestID === id);
    const url = o.url ?? push?.body.CallBackURL;
    if (!url) throw new Error(`no CallBackURL known for ${id}`);
    outcomes.set(id, { resultCode: String(resultCode), resultDesc: o.resultDesc });
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(callbackBody(id, resultCode, o)),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* keep text */
    }
    return { status: res.status, body };
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://stub');
      let body: any;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        return reply(400, darajaError('400.002.02', 'Bad Request - Invalid JSON'));
      }
      requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, headers: req.headers, body });

      if (req.method === 'GET' && url.pathname === '/oauth/v1/generate') {
        const failure = failures.token.shift();
        if (failure) return reply(failure.status, failure.body);
        const expected = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`;
        if (url.searchParams.get('grant_type') !== 'client_credentials')
          return reply(400, darajaError('400.008.02', 'Invalid grant type passed'));
        if (req.headers.authorization !== expected) return reply(400, darajaError('400.008.01', 'Invalid Authentication passed'));
        issued++;
        // A new token replaces the previous one: the old one stops working.
        currentToken = randomBytes(18).toString('base64url');
        const ttl = opts.tokenTtlSeconds ?? 3599;
        tokenExpiresAt = Date.now() + ttl * 1000;
        return reply(200, { access_token: currentToken, expires_in: String(ttl) });
      }

      const isPush = req.method === 'POST' && url.pathname === '/mpesa/stkpush/v1/processrequest';
      const isQuery = req.method === 'POST' && url.pathname === '/mpesa/stkpushquery/v1/query';
      const isRegister = req.method === 'POST' && url.pathname === '/mpesa/c2b/v2/registerurl';
      const isSimulate = req.method === 'POST' && url.pathname === '/mpesa/c2b/v1/simulate';
      const isTxStatus = req.method === 'POST' && url.pathname === '/mpesa/transactionstatus/v1/query';
      if (!isPush && !isQuery && !isRegister && !isSimulate && !isTxStatus)
        return reply(404, darajaError('404.001.01', 'Resource not found'));
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || bearer !== currentToken || Date.now() > tokenExpiresAt)
        return reply(401, darajaError('404.001.03', 'Invalid Access Token'));

      if (isRegister) {
        const failure = failures.register.shift();
        if (failure) return reply(failure.status, failure.body);
        const b = body ?? {};
        if (!/^\d{5,7}$/.test(String(b.ShortCode ?? ''))) return reply(400, darajaError('400.003.02', 'Bad Request - Invalid ShortCode'));
        if (b.ResponseType !== 'Completed' && b.ResponseType !== 'Cancelled')
          return reply(400, darajaError('400.003.02', 'Bad Request - Invalid ResponseType'));
        for (const key of ['ConfirmationURL', 'ValidationURL'])
          if (typeof b[key] !== 'string' || !/^https?:\/\//.test(b[key]))
            return reply(400, darajaError('400.003.02', `Bad Request - Invalid ${key}`));
        c2bRegistrations.set(String(b.ShortCode), {
          ShortCode: String(b.ShortCode),
          ResponseType: b.ResponseType,
          ConfirmationURL: b.ConfirmationURL,
          ValidationURL: b.ValidationURL,
        });
        return reply(200, {
          OriginatorCoversationID: `${randomBytes(4).toString('hex')}-1`,
          ResponseCode: '0',
          ResponseDescription: 'Success',
        });
      }

      if (isTxStatus) {
        const failure = failures['tx-status'].shift();
        if (failure) return reply(failure.status, failure.body);
        const b = body ?? {};
        for (const key of ['Initiator', 'SecurityCredential', 'TransactionID', 'PartyA', 'Remarks'])
          if (typeof b[key] !== 'string' || b[key].length === 0)
            return reply(400, darajaError('400.002.02', `Bad Request - Invalid ${key}`));
        if (b.CommandID !== 'TransactionStatusQuery') return reply(400, darajaError('400.002.02', 'Bad Request - Invalid CommandID'));
        if (String(b.IdentifierType) !== '4') return reply(400, darajaError('400.002.02', 'Bad Request - Invalid IdentifierType'));
        for (const key of ['ResultURL', 'QueueTimeOutURL'])
          if (typeof b[key] !== 'string' || !/^https?:\/\//.test(b[key]))
            return reply(400, darajaError('400.002.02', `Bad Request - Invalid ${key}`));
        const query: TxStatusQuery = { body: b };
        txStatusQueries.push(query);
        const ack = {
          OriginatorConversationID: `${randomBytes(4).toString('hex')}-${randomBytes(4).readUInt32BE(0)}-1`,
          ConversationID: `AG_${nairobiNow().slice(0, 8)}_${randomBytes(10).toString('hex')}`,
          ResponseCode: '0',
          ResponseDescription: 'Accept the service request successfully.',
        };
        const timeout = txTimeouts > 0;
        if (timeout) txTimeouts--;
        const timer = setTimeout(() => {
          timers.delete(timer);
          const answer = timeout ? txTimeoutBody(ack) : txResultBody(b, ack);
          query.answeredTo = timeout ? 'timeout' : 'result';
          query.answer = answer;
          postJson(timeout ? b.QueueTimeOutURL : b.ResultURL, answer)
            .then((r) => void (query.reply = r))
            .catch((err: Error) => opts.log?.(`sandbox M-Pesa Transaction Status answer failed: ${err.message}`));
        }, opts.txStatusDelayMs ?? 50);
        timer.unref();
        timers.add(timer);
        return reply(200, ack);
      }

      if (isSimulate) {
        const b = body ?? {};
        if (!c2bRegistrations.has(String(b.ShortCode))) return reply(400, darajaError('400.002.02', 'Bad Request - Invalid ShortCode'));
        if (!Number.isFinite(Number(b.Amount)) || Number(b.Amount) < 1)
          return reply(400, darajaError('400.002.02', 'Bad Request - Invalid Amount'));
        // The customer takes a moment in the menu (the sandbox's confirmation delay).
        const timer = setTimeout(() => {
          timers.delete(timer);
          payBill({
            accountNumber: String(b.BillRefNumber ?? ''),
            amount: Number(b.Amount),
            msisdn: String(b.Msisdn ?? ''),
            shortCode: String(b.ShortCode),
          }).catch((err: Error) => opts.log?.(`sandbox M-Pesa Paybill failed: ${err.message}`));
        }, autoConfirmAfterMs ?? 0);
        timer.unref();
        timers.add(timer);
        return reply(200, {
          OriginatorCoversationID: `${randomBytes(4).toString('hex')}-1`,
          ResponseCode: '0',
          ResponseDescription: 'Accept the service request successfully.',
        });
      }

      if (isPush) {
        const failure = failures.push.shift();
        if (failure) return reply(failure.status, failure.body);
        const b = body ?? {};
        if (String(b.BusinessShortCode) !== shortcode || String(b.PartyB) !== shortcode)
          return reply(400, darajaError('400.002.02', 'Bad Request - Invalid BusinessShortCode'));
        if (!validPassword(b)) return reply(400, darajaError('400.002.02', 'Bad Request - Invalid Password'));
        if (b.TransactionType !== 'CustomerPayBillOnline' && b.TransactionType !== 'CustomerBuyGoodsOnline')
          return reply(400, darajaError('400.002.02', 'Bad Request - Invalid TransactionType'));
        if (!Number.isInteger(Number(b.Amount)) || Number(b.Amount) < 1)
          return reply(400, darajaError('400.002.02', 'Bad Request - Invalid Amount'));
        if (!/^2547\d{8}$|^2541\d{8}$/.test(String(b.PhoneNumber)) || String(b.PartyA) !== String(b.PhoneNumber))
          return reply(400, darajaError('400.002.02', 'Bad Request - Invalid PhoneNumber'));
        if (typeof b.CallBackURL !== 'string' || !/^https?:\/\//.test(b.CallBackURL))
          return reply(400, darajaError('400.002.02', 'Bad Request - Invalid CallBackURL'));
        if (typeof b.AccountReference !== 'string' || b.AccountReference.length === 0 || b.AccountReference.length > 12)
          return reply(400, darajaError('400.002.02', 'Bad Request - Invalid AccountReference'));
        if (typeof b.TransactionDesc !== 'string' || b.TransactionDesc.length === 0 || b.TransactionDesc.length > 13)
          return reply(400, darajaError('400.002.02', 'Bad Request - Invalid TransactionDesc'));
        const checkoutRequestID = `ws_CO_${nairobiNow().slice(6)}${randomBytes(6).toString('hex')}`;
        const merchantRequestID = `${randomUUID().slice(0, 5)}-${randomBytes(4).readUInt32BE(0)}-1`;
        pushes.push({ body: b, checkoutRequestID, merchantRequestID, at: Date.now() });
        outcomes.set(checkoutRequestID, 'pending');
        if (autoConfirmAfterMs !== undefined) {
          const result = autoResult;
          const timer = setTimeout(() => {
            timers.delete(timer);
            if (losing) return void outcomes.set(checkoutRequestID, { resultCode: String(result) });
            fireCallback(checkoutRequestID, result).catch((err: Error) => opts.log?.(`sandbox M-Pesa callback failed: ${err.message}`));
          }, autoConfirmAfterMs);
          timer.unref();
          timers.add(timer);
        }
        return reply(200, {
          MerchantRequestID: merchantRequestID,
          CheckoutRequestID: checkoutRequestID,
          ResponseCode: '0',
          ResponseDescription: 'Success. Request accepted for processing',
          CustomerMessage: 'Success. Request accepted for processing',
        });
      }

      // STK query
      const b = body ?? {};
      const failureAt = failures.query.findIndex((f) => f.id === undefined || f.id === String(b.CheckoutRequestID));
      if (failureAt >= 0) {
        const [failure] = failures.query.splice(failureAt, 1);
        return reply(failure!.status, failure!.body);
      }
      if (String(b.BusinessShortCode) !== shortcode || !validPassword(b))
        return reply(400, darajaError('400.002.02', 'Bad Request - Invalid Password'));
      const id = String(b.CheckoutRequestID ?? '');
      const push = pushes.find((p) => p.checkoutRequestID === id);
      if (!push) return reply(400, darajaError('400.002.02', 'Bad Request - Invalid CheckoutRequestID'));
      queryCounts.set(id, (queryCounts.get(id) ?? 0) + 1);
      const outcome = outcomes.get(id) ?? 'pending';
      if (outcome === 'pending') return reply(500, darajaError('500.001.1001', 'The transaction is being processed'));
      return reply(200, {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: push.merchantRequestID,
        CheckoutRequestID: id,
        ResultCode: outcome.resultCode,
        ResultDesc: outcome.resultDesc ?? RESULT_DESCRIPTIONS[outcome.resultCode] ?? 'The transaction failed.',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    pushes,
    tokensIssued: () => issued,
    setOutcome: (id, outcome) => void outcomes.set(id, outcome),
    failNext: (kind, status, body, id) => void failures[kind].push({ status, body, id }),
    fireCallback,
    callbackBody,
    c2bRegistrations,
    c2bPayments,
    payBill,
    postC2b,
    loseCallbacks: (on) => void (losing = on),
    loseConfirmations: (on) => void (losingConfirmations = on),
    setC2bOutcome: (transId, outcome) => {
      const known = c2bMoney.get(transId);
      c2bMoney.set(transId, { amount: known?.amount ?? '0', msisdn: known?.msisdn ?? '254708374149', made: outcome === 'made' });
    },
    timeOutTxStatus: (n) => void (txTimeouts = n),
    txStatusQueries,
    autoConfirm: (ms) => void (autoConfirmAfterMs = ms),
    setAutoResult: (code) => void (autoResult = code),
    queriesFor: (id) => queryCounts.get(id) ?? 0,
    async waitForPushes(n, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (pushes.length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} STK pushes, got ${pushes.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return pushes;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
