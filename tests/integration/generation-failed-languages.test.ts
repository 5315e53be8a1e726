import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationJob } from '@gl/core/server';
import { registerProcessor } from '@gl/worker';
import { emailProcessor } from '@gl/worker/email.processor';
import { GENERATION_FAILED_MESSAGE, processGeneration } from '@gl/worker/generation.processor';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, nextEvent, type TestSocket } from '../helpers/socket';
import { registerUser, type TestUser } from '../helpers/users';

/**
 * Issue #23: why a generation failed reaches its owner in the account's language, over the socket
 * (generation:failed) and in GET /lines/generations/:id. The real processor, whose last writer (no AI
 * provider is configured here) always fails.
 */
const SW_FAILED = 'Hatukuweza kutunga mistari kwa sasa. Tafadhali jaribu tena.';

let server: TestServer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({
    processors: [
      emailProcessor,
      registerProcessor(generationJob, (p, ctx, job) =>
        processGeneration(p.generationId, ctx, job, {
          offline: () => {
            throw new Error('offline library unavailable');
          },
        }),
      ),
    ],
  });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.stop();
});

async function socketOf(auth: { token?: string; visitorId?: string }) {
  const socket = await connectSocket(server.url, auth);
  sockets.push(socket);
  return socket;
}

/** Asks for lines and waits for generation:failed; returns the generation's id and the event's text. */
async function failedGeneration(socket: TestSocket, auth: { token?: string; headers?: Record<string, string> }) {
  const res = await server.api('/lines/generate', { ...auth, body: { category: 'taglines', tone: 'funny' } });
  expect(res.status).toBe(202);
  const id = res.body.data.generation.id as string;
  const failed = await nextEvent(socket, 'generation:failed', (p: any) => p.id === id, 30_000);
  return { id, error: failed.error as string };
}

async function speaks(user: TestUser, language: 'en' | 'sw') {
  const res = await server.api('/account/language', { method: 'PATCH', token: user.token, body: { language } });
  expect(res.status).toBe(200);
}

describe("a failed generation's words in the owner's language", () => {
  it('a Kiswahili account hears generation:failed in Kiswahili, and reads it so in the generation', async () => {
    const user = await registerUser(server);
    await speaks(user, 'sw');
    const { id, error } = await failedGeneration(await socketOf({ token: user.token }), { token: user.token });
    expect(error).toBe(SW_FAILED);
    const stored = await server.api(`/lines/generations/${id}`, { token: user.token, headers: { 'accept-language': 'en' } });
    expect(stored.body.data.generation).toMatchObject({ status: 'failed', error: SW_FAILED });
    const listed = await server.api('/lines/generations', { token: user.token });
    expect(listed.body.data.generations.find((g: any) => g.id === id)).toMatchObject({ error: SW_FAILED });
  }, 40_000);

  it('an English account keeps the English text, whatever the browser asks', async () => {
    const user = await registerUser(server);
    const { id, error } = await failedGeneration(await socketOf({ token: user.token }), { token: user.token });
    expect(error).toBe(GENERATION_FAILED_MESSAGE);
    const stored = await server.api(`/lines/generations/${id}`, { token: user.token, headers: { 'accept-language': 'sw' } });
    expect(stored.body.data.generation).toMatchObject({ status: 'failed', error: GENERATION_FAILED_MESSAGE });
  }, 40_000);

  it('a visitor (no account) hears it in English; reading the generation follows the request language', async () => {
    const visitorId = randomUUID();
    const headers = { 'x-visitor-id': visitorId, cookie: 'gl_lang=sw' };
    const { id, error } = await failedGeneration(await socketOf({ visitorId }), { headers });
    expect(error).toBe(GENERATION_FAILED_MESSAGE);
    const stored = await server.api(`/lines/generations/${id}`, { headers });
    expect(stored.body.data.generation).toMatchObject({ status: 'failed', error: SW_FAILED });
  }, 40_000);
});
