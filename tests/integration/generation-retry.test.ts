import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationJob, schema } from '@gl/core/server';
import { registerProcessor } from '@gl/worker';
import { generateOffline } from '@gl/worker/offline/offline-generator';
import type { OfflineRequest } from '@gl/worker/provider-chain';
import { emailProcessor } from '@gl/worker/email.processor';
import { GENERATION_FAILED_MESSAGE, processGeneration } from '@gl/worker/generation.processor';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, nextEvent, recordEvents, type TestSocket } from '../helpers/socket';
import { registerUser, type TestUser } from '../helpers/users';

/**
 * The real generation processor with its last provider made to fail on demand (no AI provider
 * is configured here): a failing attempt is retried with backoff; the last failure is reported.
 */
let failuresLeft = 0;
function flakyOffline(req: OfflineRequest) {
  if (failuresLeft > 0) {
    failuresLeft--;
    throw new Error('offline library unavailable');
  }
  return generateOffline(req);
}

let server: TestServer;
let user: TestUser;
let socket: TestSocket;

beforeAll(async () => {
  server = await startTestServer({
    // The e-mail processor too: signing up sends a verification mail, and the queues must drain.
    processors: [
      emailProcessor,
      registerProcessor(generationJob, (p, ctx, job) => processGeneration(p.generationId, ctx, job, { offline: flakyOffline })),
    ],
  });
  user = await registerUser(server);
  socket = await connectSocket(server.url, { token: user.token });
});
afterAll(async () => {
  socket?.disconnect();
  await server?.stop();
});

async function row(id: string) {
  const [r] = await server.services.ctx.db.select().from(schema.generations).where(eq(schema.generations.id, id));
  return r!;
}

describe('generation retries', () => {
  it('a transient failure is retried with backoff and then completes, with exactly one completion', async () => {
    failuresLeft = 1;
    const events = recordEvents(socket, ['generation:started', 'generation:completed', 'generation:failed']);
    const res = await server.api('/lines/generate', { body: { category: 'taglines', tone: 'funny' }, token: user.token });
    expect(res.status).toBe(202);
    const id = res.body.data.generation.id;
    const completed = await nextEvent(socket, 'generation:completed', (p: any) => p.id === id);
    expect(completed.lines).toHaveLength(4);
    await server.drain();
    expect(events.filter((e) => e.event === 'generation:started')).toHaveLength(2);
    expect(events.filter((e) => e.event === 'generation:completed')).toHaveLength(1);
    expect(events.filter((e) => e.event === 'generation:failed')).toHaveLength(0);
    expect(await row(id)).toMatchObject({ status: 'completed', attempts: 2, source: 'static_fallback' });
    socket.removeAllListeners();
  });

  it('after the last attempt fails, the client gets generation:failed and the row says why', async () => {
    failuresLeft = 100;
    const res = await server.api('/lines/generate', { body: { category: 'bios', tone: 'bold' }, token: user.token });
    const id = res.body.data.generation.id;
    const failed = await nextEvent(socket, 'generation:failed', (p: any) => p.id === id, 20_000);
    expect(failed).toEqual({ id, error: GENERATION_FAILED_MESSAGE });
    const r = await row(id);
    expect(r).toMatchObject({ status: 'failed', attempts: 3, error: GENERATION_FAILED_MESSAGE, lines: [] });
    expect(r.timings.at(-1)).toMatchObject({ ok: false, error: 'offline library unavailable' });
    const got = await server.api(`/lines/generations/${id}`, { token: user.token });
    expect(got.body.data.generation).toMatchObject({ status: 'failed', error: GENERATION_FAILED_MESSAGE });
    failuresLeft = 0;
  });
});
