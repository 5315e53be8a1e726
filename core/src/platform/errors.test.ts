import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './contract/common';
import { AppError, ERROR_STATUS, Errors, isDependencyUnavailable } from './errors';

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

describe('a lost dependency', () => {
  it('reads what a Redis failover throws as unavailable (answered 503), and a bug as not', () => {
    for (const message of [
      "Stream isn't writeable and enableOfflineQueue options is false",
      'Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.',
      'Command timed out',
      "READONLY You can't write against a read only replica.",
      'All sentinels are unreachable. Retrying from scratch after 200ms.',
      'Connection is closed.',
    ])
      expect(isDependencyUnavailable(new Error('The job queue is unavailable', { cause: new Error(message) })), message).toBe(true);
    expect(isDependencyUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDependencyUnavailable(new Error('ERR wrong number of arguments for READONLY'))).toBe(false);
  });
});
