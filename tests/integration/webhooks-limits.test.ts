import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_CHANGES_PER_HOUR, WEBHOOK_ENDPOINTS_MAX } from '@gl/core';
import { startTestServer, type TestServer } from '../helpers/server';
import { grantPlan, markVerified, registerUser, type TestUser } from '../helpers/users';
import { startWebhookReceiver, type WebhookReceiver } from '../stubs/webhook-receiver.stub';

/**
 * A server as `npm start` runs it without WEBHOOKS_ALLOW_PRIVATE (NODE_ENV is not production):
 * webhook addresses must still be public (DESIGN §22). The second server allows private addresses,
 * as the tests and local development do.
 */
let strict: TestServer;
let open: TestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  [strict, open] = await Promise.all([
    startTestServer({ roles: ['api'], env: { NODE_ENV: 'development', WEBHOOKS_ALLOW_PRIVATE: 'false' } }),
    startTestServer({ roles: ['api'] }),
  ]);
});
afterAll(async () => {
  await strict?.stop();
  await open?.stop();
  await receiver?.close();
});

async function businessUser(server: TestServer): Promise<TestUser> {
  const user = await registerUser(server);
  await grantPlan(server.database, user.id, 'business');
  await markVerified(server.database, user.id);
  return user;
}

const ONE_MESSAGE =
  'Webhook URLs must point to a host with a public address (this one could not be found, or is private, loopback or link-local)';

describe('private addresses without WEBHOOKS_ALLOW_PRIVATE (any NODE_ENV)', () => {
  it('refuses loopback, private and IPv4-in-IPv6 receivers, and an unknown name, with one message', async () => {
    const user = await businessUser(strict);
    const port = new URL(receiver.url).port;
    for (const url of [
      `${receiver.url}/scan`,
      `http://localhost:${port}/scan`,
      `http://10.0.0.5/scan`,
      `http://[::127.0.0.1]:${port}/scan`,
      `http://[::ffff:127.0.0.1]:${port}/scan`,
      `http://[64:ff9b::7f00:1]:${port}/scan`,
      'http://no-such-host.invalid/scan',
    ]) {
      const res = await strict.api('/webhooks', { body: { url, events: ['line.saved'] }, token: user.token });
      expect(res.status, url).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', error: ONE_MESSAGE });
    }
    expect((await strict.api('/webhooks', { token: user.token })).body.data.endpoints).toEqual([]);
    expect(receiver.received).toEqual([]);
  });

  it('allows them when WEBHOOKS_ALLOW_PRIVATE=true', async () => {
    const user = await businessUser(open);
    const res = await open.api('/webhooks', { body: { url: `${receiver.url}/local`, events: ['line.saved'] }, token: user.token });
    expect(res.status).toBe(201);
  });
});

describe('POST /webhooks is bounded', () => {
  it(`answers 429 after ${WEBHOOK_CHANGES_PER_HOUR} changes in an hour, refused ones included`, async () => {
    const user = await businessUser(strict);
    for (let i = 0; i < WEBHOOK_CHANGES_PER_HOUR; i++) {
      const res = await strict.api('/webhooks', { body: { url: `http://10.0.0.${i + 1}/x`, events: ['line.saved'] }, token: user.token });
      expect(res.status).toBe(400);
    }
    const limited = await strict.api('/webhooks', { body: { url: 'http://10.0.0.99/x', events: ['line.saved'] }, token: user.token });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(limited.body.error).toMatch(/^Too many webhook changes\. Please try again in/);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // Another account has its own budget.
    const other = await businessUser(strict);
    expect((await strict.api('/webhooks', { body: { url: 'http://10.0.0.1/x', events: ['line.saved'] }, token: other.token })).status).toBe(
      400,
    );
  });

  it(`keeps the ${WEBHOOK_ENDPOINTS_MAX}-endpoint limit under 25 concurrent creates on PostgreSQL`, async () => {
    const user = await businessUser(open);
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        open.api('/webhooks', { body: { url: `${receiver.url}/race-${i}`, events: ['line.saved'] }, token: user.token }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(WEBHOOK_ENDPOINTS_MAX);
    expect(statuses.filter((s) => s === 409)).toHaveLength(25 - WEBHOOK_ENDPOINTS_MAX);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body).toMatchObject({
      code: 'CONFLICT',
      error: `You can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Delete one first.`,
    });
    expect((await open.api('/webhooks', { token: user.token })).body.data.endpoints).toHaveLength(WEBHOOK_ENDPOINTS_MAX);
  });
});
