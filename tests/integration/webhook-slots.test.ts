import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { DeliverySlots } from '@gl/core/server';
import { eventually } from '../helpers/eventually';
import { clearRedisPrefix, TEST_REDIS_URL, testPrefix } from '../helpers/redis';

/** The delivery slots of fair webhook delivery, on the real Redis (docs/webhooks.md). */
const prefix = testPrefix();
const redis = new Redis(TEST_REDIS_URL);
afterAll(async () => {
  await clearRedisPrefix(prefix);
  redis.disconnect();
});

const slots = new DeliverySlots(redis, prefix, { perEndpoint: 1, perAccount: 2 });
const slot = (endpointId: string, userId: string, holder: string) => ({ endpointId, userId, holder });

describe('DeliverySlots', () => {
  it('one attempt per endpoint and two per account; released slots are free again', async () => {
    expect(await slots.acquire(slot('e1', 'a', 'd1'), 10_000)).toBe(true);
    expect(await slots.acquire(slot('e1', 'a', 'd2'), 10_000)).toBe(false); // the endpoint is busy
    expect(await slots.acquire(slot('e2', 'a', 'd3'), 10_000)).toBe(true);
    expect(await slots.acquire(slot('e3', 'a', 'd4'), 10_000)).toBe(false); // the account is busy
    expect(await slots.acquire(slot('e9', 'b', 'd5'), 10_000)).toBe(true); // another account is not
    // The same holder taking its slot again (a stalled job run again) renews it, not a second slot.
    expect(await slots.acquire(slot('e1', 'a', 'd1'), 10_000)).toBe(true);
    await slots.release(slot('e1', 'a', 'd1'));
    expect(await slots.acquire(slot('e1', 'a', 'd2'), 10_000)).toBe(true);
  });

  it('a slot whose worker died lapses after its hold', async () => {
    expect(await slots.acquire(slot('lost', 'c', 'dead-worker'), 300)).toBe(true);
    expect(await slots.acquire(slot('lost', 'c', 'next'), 10_000)).toBe(false);
    await eventually(() => slots.acquire(slot('lost', 'c', 'next'), 10_000), 5000);
  });
});
