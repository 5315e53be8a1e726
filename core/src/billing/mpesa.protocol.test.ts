import { describe, expect, it } from 'vitest';
import { normalizeKenyanPhone, planPriceCents } from '../index';
import {
  callbackPhoneMatches,
  isKenyanMsisdn,
  mpesaAmountKes,
  mpesaPassword,
  mpesaTimestamp,
  parseStkCallback,
  transactionDesc,
} from './mpesa.protocol';
import { mpesaOutcome, normalizeResultCode } from './mpesa.outcomes';

describe('Daraja Timestamp', () => {
  it('is YYYYMMDDHHmmss in Nairobi time (UTC+3)', () => {
    expect(mpesaTimestamp(new Date('2024-03-05T07:08:09Z'))).toBe('20240305100809');
  });
  it('rolls over the day, month and year at 21:00 UTC', () => {
    expect(mpesaTimestamp(new Date('2023-12-31T21:00:00Z'))).toBe('20240101000000');
    expect(mpesaTimestamp(new Date('2024-02-28T22:30:00Z'))).toBe('20240229013000');
  });
  it('uses a 24-hour clock and never 24 for midnight', () => {
    expect(mpesaTimestamp(new Date('2024-06-01T12:15:00Z'))).toBe('20240601151500');
    expect(mpesaTimestamp(new Date('2024-06-01T21:00:00Z'))).toBe('20240602000000');
  });
});

describe('Daraja Password', () => {
  it('is base64(shortcode + passkey + timestamp)', () => {
    const password = mpesaPassword('174379', 'passkey123', '20240305100809');
    expect(password).toBe(Buffer.from('174379passkey12320240305100809').toString('base64'));
    expect(Buffer.from(password, 'base64').toString()).toBe('174379passkey12320240305100809');
  });
});

describe('M-Pesa amount', () => {
  it('is whole shillings, the USD price times the rate, rounded up', () => {
    expect(mpesaAmountKes(999, 129)).toBe(1289); // 1288.71
    expect(mpesaAmountKes(2999, 129)).toBe(3869); // 3868.71
    expect(mpesaAmountKes(planPriceCents('pro', 'year'), 129)).toBe(12372); // 95.90 x 129 = 12371.1
  });
  it('does not add a shilling for float noise on exact amounts', () => {
    expect(mpesaAmountKes(1000, 129)).toBe(1290);
    expect(mpesaAmountKes(999, 100)).toBe(999);
    expect(mpesaAmountKes(100, 0.29 * 100)).toBe(29);
  });
  it('works with a fractional rate', () => {
    expect(mpesaAmountKes(999, 129.35)).toBe(1293); // 1292.2065
  });
  it('refuses a free or negative price', () => {
    expect(() => mpesaAmountKes(0, 129)).toThrow();
    expect(() => mpesaAmountKes(999, 0)).toThrow();
  });
});

describe('phone normalisation and the STK fields', () => {
  it('rewrites numbers not starting with 254 to 254 + the last 9 digits', () => {
    expect(normalizeKenyanPhone('0712345678')).toBe('254712345678');
    expect(normalizeKenyanPhone('+254712345678')).toBe('254712345678');
    expect(normalizeKenyanPhone('254712345678')).toBe('254712345678');
    expect(normalizeKenyanPhone('0712 345 678')).toBe('254712345678');
    expect(isKenyanMsisdn(normalizeKenyanPhone('0712345678'))).toBe(true);
    expect(isKenyanMsisdn(normalizeKenyanPhone('abcdefghijk'))).toBe(false);
    // 254 + the last nine digits (DESIGN.md), then a Kenyan mobile number (254 then 7… or 1…) or refused.
    expect(normalizeKenyanPhone('+44 20 7946 0958')).toBe('254079460958');
    for (const notMobile of ['+44 20 7946 0958', '0202 123 456', '254 020 212 3456']) {
      expect(isKenyanMsisdn(normalizeKenyanPhone(notMobile)), notMobile).toBe(false);
    }
    expect(normalizeKenyanPhone('0112 345 678')).toBe('254112345678');
  });
  it('TransactionDesc says what is bought, within 13 characters', () => {
    expect(transactionDesc('Pro', 'month')).toBe('Pro 1 month');
    expect(transactionDesc('Pro', 'year')).toBe('Pro 1 year');
    expect(transactionDesc('Business', 'month')).toBe('Business 1 mo');
    expect(transactionDesc('Business', 'year')).toBe('Business 1 yr');
    expect(transactionDesc('Enterprise Plus', 'year').length).toBeLessThanOrEqual(13);
  });
});

describe('callback parsing', () => {
  const success = {
    Body: {
      stkCallback: {
        MerchantRequestID: '29115-34620561-1',
        CheckoutRequestID: 'ws_CO_191220191020363925',
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'PhoneNumber', Value: 254708374149 },
            { Name: 'Amount', Value: 1289 },
            { Name: 'Balance' },
            { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
            { Name: 'TransactionDate', Value: 20191219102115 },
          ],
        },
      },
    },
  };
  it('maps CallbackMetadata items by Name, whatever their order', () => {
    expect(parseStkCallback(success)).toEqual({
      merchantRequestID: '29115-34620561-1',
      checkoutRequestID: 'ws_CO_191220191020363925',
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      amount: 1289,
      receipt: 'NLJ7RT61SV',
      transactionDate: '20191219102115',
      phone: '254708374149',
    });
  });
  it('reads a failure without metadata, and refuses what is not a callback', () => {
    const failed = parseStkCallback({
      Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: 'c', ResultCode: 1032, ResultDesc: 'Request cancelled by user' } },
    });
    expect(failed).toMatchObject({ resultCode: '1032', amount: undefined });
    expect(parseStkCallback({})).toBeUndefined();
    expect(parseStkCallback({ Body: { stkCallback: { ResultCode: 0 } } })).toBeUndefined();
    expect(parseStkCallback(null)).toBeUndefined();
  });
  it('normalises ResultCode once: trimmed digits, else the callback is refused', () => {
    const withCode = (ResultCode: unknown) =>
      parseStkCallback({ Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: 'c', ResultCode, ResultDesc: 'x' } } });
    expect(withCode(' 0')?.resultCode).toBe('0');
    expect(withCode('0 ')?.resultCode).toBe('0');
    expect(withCode(0)?.resultCode).toBe('0');
    expect(withCode('01032')?.resultCode).toBe('1032');
    for (const bad of ['', ' ', '0x0', '-1', '1.5', 'ok', null, true, -1, 1.5, {}]) expect(withCode(bad)).toBeUndefined();
    expect(normalizeResultCode(' 1032 ')).toBe('1032');
  });
  it('compares phones, also when Daraja masks the middle digits', () => {
    expect(callbackPhoneMatches('254708374149', '254708374149')).toBe(true);
    expect(callbackPhoneMatches('254708374149', '254708374148')).toBe(false);
    expect(callbackPhoneMatches('254708374149', '2547******49')).toBe(true);
    expect(callbackPhoneMatches('254708374149', '2541******49')).toBe(false);
    expect(callbackPhoneMatches('254708374149', undefined)).toBe(false);
  });
  it('turns result codes into transitions: 0 completes, 1032 cancels, others fail', () => {
    expect(mpesaOutcome('0', 'ok').status).toBe('completed');
    expect(mpesaOutcome('0', 'ok').status).toBe('completed');
    expect(mpesaOutcome('1032', 'Request cancelled by user')).toMatchObject({ status: 'cancelled', resultCode: '1032' });
    expect(mpesaOutcome('1037', 'DS timeout').status).toBe('failed');
    expect(mpesaOutcome('2001', 'wrong PIN').status).toBe('failed');
  });
});
