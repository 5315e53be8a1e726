import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, waitForRedis } from '@gl/core/server';
import { RecentLinesStore } from '@gl/worker/offline/recent-lines.store';
import { clearRedisPrefix, TEST_REDIS_URL, testPrefix } from '../helpers/redis';
import { startTestServer, type TestServer } from '../helpers/server';
import { eventually } from '../helpers/eventually';
import { connectSocket, recordEvents, type TestSocket } from '../helpers/socket';
import { grantPlan, registerUser } from '../helpers/users';

const brief = { category: 'taglines', tone: 'funny', topic: "Rosie's Bakery", language: 'en' };

describe('recent-lines store (Redis)', () => {
  const prefix = testPrefix();
  const connections: Redis[] = [];
  const connect = async () => {
    const c = createRedis(TEST_REDIS_URL, 'producer');
    connections.push(c);
    await waitForRedis(c);
    return c;
  };

  afterAll(async () => {
    for (const c of connections) c.disconnect();
    await clearRedisPrefix(prefix);
  });

  it('is shared between processes (separate connections) and kept per subject and brief', async () => {
    const a = new RecentLinesStore(await connect(), prefix);
    const b = new RecentLinesStore(await connect(), prefix);
    await a.remember('user-1', brief, ['  Rosie’s Bakery. Awkwardly AWESOME. ', 'Keep calm and try it.']);
    expect(await b.recall('user-1', brief)).toEqual(new Set(['rosie’s bakery. awkwardly awesome', 'keep calm and try it']));
    expect((await b.recall('user-2', brief)).size).toBe(0);
    expect((await b.recall('user-1', { ...brief, tone: 'bold' })).size).toBe(0);
    // Same brief whatever the topic's spacing and case.
    expect((await b.recall('user-1', { ...brief, topic: "  rosie's   BAKERY " })).size).toBe(2);
  });

  it('keeps only the newest lines, with an expiry', async () => {
    const redis = await connect();
    const store = new RecentLinesStore(redis, prefix, { max: 5, ttlSeconds: 60 });
    await store.remember('visitor-9', brief, ['one', 'two', 'three']);
    await store.remember('visitor-9', brief, ['four', 'five', 'six', 'seven']);
    expect(await store.recall('visitor-9', brief)).toEqual(new Set(['three', 'four', 'five', 'six', 'seven']));
    const ttl = await redis.ttl(store.keyFor('visitor-9', brief));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
  });

  it('never throws when Redis is unreachable: an empty memory, a dropped write, the error reported', async () => {
    const dead = createRedis('redis://127.0.0.1:1', 'producer');
    connections.push(dead);
    const errors: string[] = [];
    const store = new RecentLinesStore(dead, prefix, {}, (err) => errors.push(err.message));
    expect((await store.recall('user-1', brief)).size).toBe(0);
    await expect(store.remember('user-1', brief, ['a line'])).resolves.toBeUndefined();
    expect(errors).toHaveLength(2);
  });
});

describe('offline generations remember what each user was shown', () => {
  let server: TestServer;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    // No AI keys: every generation is written offline, as on a fresh `npm start`.
    server = await startTestServer({ env: { GENERATE_RATE_LIMIT_PER_USER: '1000', GENERATE_RATE_LIMIT_PER_IP: '1000' } });
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.stop();
  });

  async function generate(socket: TestSocket, body: Record<string, unknown>, auth: { token?: string; visitorId?: string }) {
    const events = recordEvents(socket, ['generation:completed', 'generation:failed']);
    const headers: Record<string, string> = auth.visitorId ? { 'x-visitor-id': auth.visitorId } : {};
    const res = await server.api('/lines/generate', { body, token: auth.token, headers });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const id = res.body.data.generation.id as string;
    const completed = await eventually(async () => events.find((e) => e.payload.id === id)?.payload, 15_000, 'generation:completed');
    expect(completed.error).toBeUndefined();
    socket.removeAllListeners('generation:completed');
    return completed.lines as string[];
  }

  it('10 repeats of one pro brief give 45+ distinct lines out of 50, and the memory is in Redis', async () => {
    const pro = await registerUser(server);
    await grantPlan(server.database, pro.id, 'pro');
    const socket = await connectSocket(server.url, { token: pro.token });
    sockets.push(socket);
    const body = { category: 'captions', tone: 'funny', topic: 'sourdough bakery', count: 5 };
    const all: string[] = [];
    for (let i = 0; i < 10; i++) all.push(...(await generate(socket, body, { token: pro.token })));
    expect(all).toHaveLength(50);
    expect(new Set(all.map((l) => l.toLowerCase())).size).toBeGreaterThanOrEqual(45);
    // About the brief, not the brief pasted (issue 22): "Sourdough and vibes.", "Behind the scenes at our sourdough bakery."
    expect(all.filter((l) => /sourdough|bakery/i.test(l)).length).toBeGreaterThanOrEqual(40);

    const store = new RecentLinesStore(server.services.ctx.redis, server.prefix);
    const remembered = await store.recall(`user-${pro.id}`, { ...body, language: 'en' });
    expect(remembered.size).toBe(50);
  });

  it('a visitor has a memory of their own', async () => {
    const visitorId = randomUUID();
    const socket = await connectSocket(server.url, { visitorId });
    sockets.push(socket);
    const body = { category: 'taglines', tone: 'bold', topic: 'Zesty Juice', count: 5 };
    const first = await generate(socket, body, { visitorId });
    const second = await generate(socket, body, { visitorId });
    for (const line of second) expect(first).not.toContain(line);
    const store = new RecentLinesStore(server.services.ctx.redis, server.prefix);
    expect((await store.recall(`visitor-${visitorId}`, { ...body, language: 'en' })).size).toBe(10);
  });
});
