import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './contract/common';
import { AppError, ERROR_STATUS, Errors } from './errors';

describe('error statuses', () => {
  it('every error code answers with the status of the one table', () => {
    for (const code of ERROR_CODES) expect(new AppError(code, 'x').status).toBe(ERROR_STATUS[code]);
  });

  it('a declined payment is 402, a provider failure 502 and a wait that ran out 504', () => {
    expect(Errors.paymentDeclined('Payment processing failed.')).toMatchObject({ code: 'PAYMENT_DECLINED', status: 402 });
    expect(Errors.provider('PayPal failed')).toMatchObject({ code: 'PROVIDER_ERROR', status: 502 });
    expect(Errors.timeout('Still working', { id: 'g1' })).toMatchObject({ code: 'TIMEOUT', status: 504, data: { id: 'g1' } });
  });
});
