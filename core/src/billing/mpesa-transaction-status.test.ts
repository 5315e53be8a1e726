import { generateKeyPairSync, privateDecrypt, constants } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseTransactionStatusResult, securityCredential, transactionStatusVerdict } from './mpesa-transaction-status';

const result = (over: Record<string, unknown> = {}, params?: unknown) => ({
  Result: {
    ResultType: 0,
    ResultCode: 0,
    ResultDesc: 'The service request is processed successfully.',
    OriginatorConversationID: '1234-5678-1',
    ConversationID: 'AG_20261129_abc',
    TransactionID: 'TQ00000001',
    ResultParameters: params ?? {
      ResultParameter: [
        { Key: 'ReasonType', Value: 'Pay Bill Online' },
        { Key: 'TransactionStatus', Value: 'Completed' },
        { Key: 'Amount', Value: 1289 },
        { Key: 'ReceiptNo', Value: 'qk7abc1234' },
      ],
    },
    ...over,
  },
});

describe('Transaction Status', () => {
  it('encrypts the initiator password with the certificate (PKCS#1 v1.5, base64): a fresh ciphertext each time', () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const one = securityCredential('Safaricom999!*!', pem);
    expect(Buffer.from(one, 'base64')).toHaveLength(256);
    expect(securityCredential('Safaricom999!*!', pem)).not.toBe(one);
    // OAEP decryption of a PKCS#1 v1.5 ciphertext fails: the padding is the one Daraja reads.
    expect(() => privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING }, Buffer.from(one, 'base64'))).toThrow();
  });

  it('reads a result by key (ReceiptNo upper-cased, Amount a number), with one parameter or many', () => {
    expect(parseTransactionStatusResult(result())).toEqual({
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      originatorConversationId: '1234-5678-1',
      conversationId: 'AG_20261129_abc',
      receiptNo: 'QK7ABC1234',
      transactionStatus: 'Completed',
      amount: 1289,
    });
    const single = parseTransactionStatusResult(result({}, { ResultParameter: { Key: 'TransactionStatus', Value: 'Failed' } }));
    expect(single).toMatchObject({ transactionStatus: 'Failed', receiptNo: undefined, amount: undefined });
    expect(parseTransactionStatusResult(result({ ResultCode: 'R000002' }))?.resultCode).toBe('R000002');
  });

  it.each([[{}], [[]], [{ Result: [] }], [{ Result: { ResultCode: {} } }], [result({ OriginatorConversationID: '', ConversationID: '' })]])(
    'is not a result: %j',
    (body) => expect(parseTransactionStatusResult(body)).toBeUndefined(),
  );

  it('pays only on ResultCode 0, "Completed" and the asked TransID; other answers are definitive "not paid"', () => {
    const parsed = (over?: Record<string, unknown>, params?: unknown) => parseTransactionStatusResult(result(over, params))!;
    expect(transactionStatusVerdict(parsed(), 'QK7ABC1234')).toEqual({ kind: 'paid', transId: 'QK7ABC1234', amount: 1289 });
    expect(transactionStatusVerdict(parsed(), 'QK7OTHER99').kind).toBe('unreadable');
    expect(transactionStatusVerdict(parsed({ ResultCode: 1, ResultDesc: 'not found' }), 'QK7ABC1234')).toEqual({
      kind: 'not-paid',
      reason: 'ResultCode 1: not found',
    });
    const failed = parsed({}, { ResultParameter: [{ Key: 'TransactionStatus', Value: 'Failed' }] });
    expect(transactionStatusVerdict(failed, 'QK7ABC1234')).toEqual({ kind: 'not-paid', reason: 'TransactionStatus Failed' });
  });
});
