import { describe, expect, it } from 'vitest';
import { WEBHOOK_ATTEMPTS, WEBHOOK_BACKOFF } from '@gl/core/server';
import { WEBHOOK_DISABLE_AFTER_MS, webhookBackoff } from './webhook-delivery.processor';

describe('webhookBackoff', () => {
  const backoff = webhookBackoff({ WEBHOOK_RETRY_BASE_MS: 30_000 });

  it('waits the base, then twice as long after each failed attempt', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoff(n, WEBHOOK_BACKOFF))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
  });

  it('keeps retrying past the 24 hours after which a failing endpoint is disabled', () => {
    let total = 0;
    for (let n = 1; n < WEBHOOK_ATTEMPTS; n++) total += backoff(n, WEBHOOK_BACKOFF);
    expect(total).toBeGreaterThan(WEBHOOK_DISABLE_AFTER_MS);
  });

  it('leaves other backoff types alone', () => {
    expect(backoff(1, 'something-else')).toBe(-1);
  });
});
