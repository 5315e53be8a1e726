import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from './logger';
import { Realtime } from './realtime';
import { createRedis } from './redis';

/** A logger that keeps what was warned (the Realtime's only way to report a lost event). */
function recordingLogger() {
  const warnings: string[] = [];
  const logger = {
    warn: (_obj: unknown, msg?: string) => warnings.push(msg ?? String(_obj)),
    info: () => undefined,
    error: () => undefined,
    debug: () => undefined,
  } as unknown as Logger;
  return { logger, warnings };
}

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('Realtime while Redis is away', () => {
  it('emit, disconnect, joinTeam and leaveTeam reject nothing: the lost publish is logged, the process is untouched', async () => {
    const unhandled: unknown[] = [];
    const onRejection = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onRejection);
    // Nothing listens on port 1: the producer client (no offline queue) fails every command at once.
    const redis = createRedis('redis://127.0.0.1:1', 'producer');
    stop = () => {
      process.off('unhandledRejection', onRejection);
      redis.disconnect();
    };
    const { logger, warnings } = recordingLogger();
    const realtime = new Realtime(redis, 'gl-unit', logger);
    const closedHere: string[] = [];
    realtime.attachLocalSockets((room) => closedHere.push(room));

    realtime.emit({ userId: 'u1' }, 'account:updated', { user: {} as never });
    realtime.disconnect({ sessionId: 's1' });
    realtime.disconnect({ userId: 'u1' });
    await realtime.joinTeam('u1', 't1');
    await realtime.leaveTeam('u1', 't1');
    // Let every rejected publish settle (and any unhandled rejection be reported).
    await new Promise((r) => setTimeout(r, 200));

    expect(unhandled).toEqual([]);
    // One warning for the outage, not one per event.
    expect(warnings.filter((w) => /publish failed/.test(w))).toHaveLength(1);
    // This process's own sockets were closed without Redis.
    expect(closedHere).toEqual(['session:s1', 'user:u1']);
  });
});
