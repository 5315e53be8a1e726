import type { Redis } from 'ioredis';

/**
 * Delivery slots (DESIGN §22: shared worker capacity is fair per account). An attempt at a webhook
 * delivery first takes a slot of its endpoint and one of its account, counted in Redis over every
 * worker process; when either is full the delivery waits (the job moves back to delayed), so one
 * account's slow endpoints wait behind themselves and never fill the workers other accounts share.
 * BullMQ's own per-group concurrency is a BullMQ Pro feature; this is the open-source equivalent.
 *
 * Each slot set is a sorted set of holders (the delivery id) scored by when the hold lapses, so a
 * worker that died holding one frees it after the attempt's timeout and a margin. The same holder
 * taking its slot again (a stalled job run again) renews it instead of counting twice.
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local holdMs = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local held = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not held then
  if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
  if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 0 end
end
redis.call('ZADD', KEYS[1], now + holdMs, ARGV[1])
redis.call('ZADD', KEYS[2], now + holdMs, ARGV[1])
redis.call('PEXPIRE', KEYS[1], holdMs)
redis.call('PEXPIRE', KEYS[2], holdMs)
return 1
`;

export interface DeliverySlot {
  endpointId: string;
  userId: string;
  /** Who holds it: the delivery's id. */
  holder: string;
}

export interface DeliverySlotLimits {
  perEndpoint: number;
  perAccount: number;
}

export class DeliverySlots {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limits: DeliverySlotLimits,
  ) {}

  private keys(slot: DeliverySlot): [string, string] {
    return [`${this.prefix}-webhook-slots-endpoint-${slot.endpointId}`, `${this.prefix}-webhook-slots-account-${slot.userId}`];
  }

  /** Takes a slot of the endpoint and of its account for at most `holdMs`; false when either is full. */
  async acquire(slot: DeliverySlot, holdMs: number): Promise<boolean> {
    const [endpointKey, accountKey] = this.keys(slot);
    const taken = await this.redis.eval(
      ACQUIRE,
      2,
      endpointKey,
      accountKey,
      slot.holder,
      String(Math.ceil(holdMs)),
      String(this.limits.perEndpoint),
      String(this.limits.perAccount),
    );
    return Number(taken) === 1;
  }

  async release(slot: DeliverySlot): Promise<void> {
    const [endpointKey, accountKey] = this.keys(slot);
    await this.redis.multi().zrem(endpointKey, slot.holder).zrem(accountKey, slot.holder).exec();
  }
}
