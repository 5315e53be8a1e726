import { describe, expect, it } from 'vitest';
import { nextRetryDelay, retryBaseMs, STATUS_WINDOW_MS } from './payment-status.processor';

describe('status check backoff', () => {
  it('starts at 5 s with the default 30 s delay and scales down for short delays', () => {
    expect(retryBaseMs(30_000)).toBe(5000);
    expect(retryBaseMs(600)).toBe(100);
    expect(retryBaseMs(0)).toBe(100);
  });
  it('doubles, caps at a minute, and never runs past the 3-minute window', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => nextRetryDelay(n, 5000, STATUS_WINDOW_MS))).toEqual([5000, 10000, 20000, 40000, 60000, 60000]);
    expect(nextRetryDelay(3, 5000, 12_000)).toBe(12_000);
    expect(nextRetryDelay(0, 5000, -5)).toBe(0);
  });
});
