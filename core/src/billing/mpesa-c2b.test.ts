import { describe, expect, it } from 'vitest';
import { c2bValidationAnswer, newAccountNumber, normalizeAccountNumber, parseC2b } from './mpesa-c2b';

describe('Lipa na M-Pesa Paybill (C2B)', () => {
  it('account numbers are 8 digits, never starting with 0', () => {
    for (let i = 0; i < 200; i++) expect(newAccountNumber()).toMatch(/^[1-9]\d{7}$/);
  });

  it('reads the account number as typed: spaces and dashes ignored', () => {
    expect(normalizeAccountNumber(' 4827 1630 ')).toBe('48271630');
    expect(normalizeAccountNumber('4827-1630')).toBe('48271630');
    expect(normalizeAccountNumber(48271630)).toBe('48271630');
    expect(normalizeAccountNumber(undefined)).toBe('');
  });

  it('parses a confirmation body, amounts as Daraja writes them ("1289.00")', () => {
    const parsed = parseC2b({
      TransactionType: 'Pay Bill',
      TransID: 'RKTQDM7W6S',
      TransTime: '20261128214512',
      TransAmount: '1289.00',
      BusinessShortCode: '600638',
      BillRefNumber: '48271630',
      MSISDN: '2547 ***** 126',
    });
    expect(parsed).toMatchObject({ transId: 'RKTQDM7W6S', amount: 1289, accountNumber: '48271630', shortCode: '600638' });
    expect(parseC2b({ TransID: 'RKTQDM7W6S', TransAmount: 'lots', BillRefNumber: '1' })!.amount).toBeNaN();
    expect(parseC2b({ TransID: '../../', TransAmount: '1', BillRefNumber: '1' })).toBeUndefined();
    expect(parseC2b('junk')).toBeUndefined();
  });

  it('validation answers carry a string ResultCode', () => {
    expect(c2bValidationAnswer('0')).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    expect(c2bValidationAnswer('C2B00012')).toEqual({ ResultCode: 'C2B00012', ResultDesc: 'Rejected' });
  });
});
