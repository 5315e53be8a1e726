import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OPEN_WEBHOOK_POLICY, recordWebhookEvent, schema, STRICT_WEBHOOK_POLICY, type ResolveAll } from '@gl/core/server';
import { reconcileOnce } from '@gl/worker/reconciler';
import { sendWebhook } from '@gl/worker/webhook-sender';
import { eventually } from '../helpers/eventually';
import { startTestServer, type TestServer } from '../helpers/server';
import { grantPlan, markVerified, registerUser, type TestUser } from '../helpers/users';
import { startSmtpStub, type SmtpStub } from '../stubs/smtp.stub';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../stubs/webhook-receiver.stub';

let server: TestServer;
let smtp: SmtpStub;
let receiver: WebhookReceiver;
let business: TestUser;

const RETRY_BASE_MS = 200;
const TIMEOUT_MS = 600;

beforeAll(async () => {
  smtp = await startSmtpStub();
  receiver = await startWebhookReceiver();
  server = await startTestServer({
    env: {
      SMTP_URL: smtp.url,
      WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS),
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      GENERATE_RATE_LIMIT_PER_USER: '1000',
    },
  });
  business = await businessUser();
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await smtp?.close();
});
beforeEach(() => receiver.behave(() => 200));

async function businessUser(): Promise<TestUser> {
  const user = await registerUser(server);
  await grantPlan(server.database, user.id, 'business');
  await markVerified(server.database, user.id);
  return user;
}

interface Created {
  endpoint: { id: string; url: string; events: string[]; status: string };
  secret: string;
}

async function addEndpoint(
  user: TestUser,
  path: string,
  events = ['generation.completed', 'line.saved', 'campaign.completed'],
): Promise<Created> {
  const res = await server.api('/webhooks', { body: { url: `${receiver.url}${path}`, events }, token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Created;
}

async function saveLine(user: TestUser, text: string) {
  const res = await server.api('/lines/save', { body: { text, category: 'taglines', tone: 'funny' }, token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res;
}

const forPath = (path: string) => (r: ReceivedWebhook) => r.path === path;

/** Verifies a received request with the standardwebhooks library (throws when the signature does not match). */
function verified(secret: string, hook: ReceivedWebhook): { type: string; timestamp: string; data: Record<string, any> } {
  return new Webhook(secret).verify(hook.raw, hook.headers as Record<string, string>) as any;
}

async function attemptsOf(user: TestUser, endpointId: string) {
  const res = await server.api(`/webhooks/${endpointId}/attempts`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body.data.attempts as Array<{
    messageId: string;
    outcome: string;
    responseStatus: number | null;
    error: string | null;
    attempt: number;
  }>;
}

describe('webhook endpoints', () => {
  it('a free or pro user cannot add one (403 PLAN_REQUIRED naming Business)', async () => {
    const free = await registerUser(server);
    const pro = await registerUser(server);
    await grantPlan(server.database, pro.id, 'pro');
    for (const u of [free, pro]) {
      const res = await server.api('/webhooks', { body: { url: `${receiver.url}/x`, events: ['line.saved'] }, token: u.token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'PLAN_REQUIRED',
        requiredPlan: 'business',
        error: 'Webhooks needs the Business plan. Upgrade to use it.',
      });
    }
    expect((await server.api('/webhooks', { body: { url: `${receiver.url}/x`, events: ['line.saved'] } })).status).toBe(401);
  });

  it('refuses bad input with 400 and a message', async () => {
    const cases: Array<[unknown, string]> = [
      [{ url: 'not a url', events: ['line.saved'] }, 'url must be a valid http(s) URL'],
      [{ url: 'ftp://example.com/hook', events: ['line.saved'] }, 'url must be a valid http(s) URL'],
      [{ url: `${receiver.url}/x`, events: [] }, 'Choose at least one event'],
      [
        { url: `${receiver.url}/x`, events: ['line.deleted'] },
        'events must be among: generation.completed, line.saved, campaign.completed',
      ],
      [{ url: `${receiver.url}/x`, events: ['line.saved', 'line.saved'] }, 'Each event can be chosen once'],
      [{ url: `http://user:pw@127.0.0.1/x`, events: ['line.saved'] }, 'must not contain a user name or password'],
      [{ url: `${receiver.url}/x`, events: ['line.saved'], secret: 'mine' }, 'Unknown field(s): secret'],
    ];
    for (const [body, message] of cases) {
      const res = await server.api('/webhooks', { body, token: business.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.error).toContain(message);
    }
  });

  it('shows the whsec_ secret once, keeps it server-side, rotates it, and keeps endpoints private to their owner', async () => {
    const user = await businessUser();
    const { endpoint, secret } = await addEndpoint(user, '/private', ['line.saved']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({ url: `${receiver.url}/private`, events: ['line.saved'], status: 'active', failingSince: null });

    const list = await server.api('/webhooks', { token: user.token });
    expect(list.body.data.endpoints).toEqual([expect.objectContaining({ id: endpoint.id })]);
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const rotated = await server.api(`/webhooks/${endpoint.id}/rotate-secret`, { method: 'POST', token: user.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(secret);
    expect(rotated.body.data.endpoint.secretRotatedAt).toBeTruthy();

    // A line saved now is signed with the new secret; the old one no longer verifies.
    await saveLine(user, 'Rotated secrets sign this');
    const [hook] = await receiver.waitFor(1, forPath('/private'));
    expect(verified(rotated.body.data.secret, hook!).data.text).toBe('Rotated secrets sign this');
    expect(() => verified(secret, hook!)).toThrow();

    const other = await businessUser();
    expect((await server.api('/webhooks', { token: other.token })).body.data.endpoints).toEqual([]);
    expect((await server.api(`/webhooks/${endpoint.id}/attempts`, { token: other.token })).status).toBe(404);
    expect((await server.api(`/webhooks/${endpoint.id}/rotate-secret`, { method: 'POST', token: other.token })).status).toBe(404);
    expect((await server.api(`/webhooks/${endpoint.id}`, { method: 'DELETE', token: other.token })).status).toBe(404);
    expect((await server.api(`/webhooks/not-an-id`, { method: 'DELETE', token: user.token })).status).toBe(400);

    expect((await server.api(`/webhooks/${endpoint.id}`, { method: 'DELETE', token: user.token })).status).toBe(200);
    expect((await server.api('/webhooks', { token: user.token })).body.data.endpoints).toEqual([]);
  });
});

describe('delivery', () => {
  it('line.saved and generation.completed arrive signed per Standard Webhooks, verified by the standardwebhooks library', async () => {
    const user = await businessUser();
    const all = await addEndpoint(user, '/all');
    const linesOnly = await addEndpoint(user, '/lines-only', ['line.saved']);

    const saved = await saveLine(user, 'Fresh mandazi every morning');
    expect(saved.status).toBe(201);
    const [lineHook] = await receiver.waitFor(1, forPath('/all'));
    expect(lineHook!.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(Number(lineHook!.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
    expect(lineHook!.headers['webhook-signature']).toMatch(/^v1,/);
    const event = verified(all.secret, lineHook!);
    expect(event).toMatchObject({
      type: 'line.saved',
      data: { id: saved.body.data.savedLine.id, text: 'Fresh mandazi every morning', category: 'taglines' },
    });
    // Each endpoint signs with its own secret.
    const [otherCopy] = await receiver.waitFor(1, forPath('/lines-only'));
    expect(verified(linesOnly.secret, otherCopy!).type).toBe('line.saved');
    expect(() => verified(linesOnly.secret, lineHook!)).toThrow();

    // Saving the same text again saves nothing and sends nothing.
    expect((await saveLine(user, 'FRESH MANDAZI EVERY MORNING')).status).toBe(200);

    const gen = await server.api('/lines/generate', {
      body: { category: 'taglines', tone: 'funny', topic: 'bakery', count: 2 },
      token: user.token,
    });
    expect(gen.status).toBe(202);
    const id = gen.body.data.generation.id;
    const [genHook] = await receiver.waitFor(1, (r) => r.path === '/all' && r.raw.includes('generation.completed'));
    const genEvent = verified(all.secret, genHook!);
    expect(genEvent).toMatchObject({
      type: 'generation.completed',
      data: { id, status: 'completed', category: 'taglines', tone: 'funny' },
    });
    expect(genEvent.data.lines).toHaveLength(2);

    await server.drain();
    expect(receiver.received.filter(forPath('/all'))).toHaveLength(2);
    // The lines-only endpoint got the line, not the generation.
    expect(receiver.received.filter(forPath('/lines-only'))).toHaveLength(1);

    const attempts = await attemptsOf(user, all.endpoint.id);
    expect(attempts).toHaveLength(2);
    expect(attempts.every((a) => a.outcome === 'succeeded' && a.responseStatus === 200 && a.attempt === 1)).toBe(true);
  });

  it('a user without endpoints records no deliveries', async () => {
    const quiet = await businessUser();
    await saveLine(quiet, 'Nobody is listening');
    await server.drain();
    const rows = await server.services.ctx.db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.userId, quiet.id));
    expect(rows).toEqual([]);
  });

  it('retries after a 500 with the same webhook-id, then succeeds; each attempt is recorded', async () => {
    const user = await businessUser();
    const { endpoint, secret } = await addEndpoint(user, '/flaky', ['line.saved']);
    receiver.behave((r) => (r.path === '/flaky' && receiver.received.filter(forPath('/flaky')).length === 1 ? 500 : 200));
    await saveLine(user, 'Second time lucky');
    const hooks = await receiver.waitFor(2, forPath('/flaky'));
    expect(hooks[0]!.headers['webhook-id']).toBe(hooks[1]!.headers['webhook-id']);
    expect(hooks[1]!.raw).toBe(hooks[0]!.raw);
    for (const h of hooks) expect(verified(secret, h).data.text).toBe('Second time lucky');
    // The retry waited for the backoff.
    expect(hooks[1]!.at.getTime() - hooks[0]!.at.getTime()).toBeGreaterThanOrEqual(RETRY_BASE_MS - 20);

    const attempts = await eventually(async () => {
      const list = await attemptsOf(user, endpoint.id);
      return list.length === 2 ? list : undefined;
    });
    expect(attempts.map((a) => [a.attempt, a.outcome, a.responseStatus])).toEqual([
      [2, 'succeeded', 200],
      [1, 'failed', 500],
    ]);
    expect(attempts[1]!.error).toBe('HTTP 500');
    expect(new Set(attempts.map((a) => a.messageId))).toEqual(new Set([hooks[0]!.headers['webhook-id']]));
    // The success ended the failure streak.
    await eventually(async () => {
      const [row] = await server.services.ctx.db.select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, endpoint.id));
      return row!.failingSince === null;
    });
  });

  it('a receiver that hangs times out, then the retry succeeds', async () => {
    const user = await businessUser();
    const { endpoint } = await addEndpoint(user, '/slow', ['line.saved']);
    receiver.behave((r) => (r.path === '/slow' && receiver.received.filter(forPath('/slow')).length === 1 ? 'hang' : 200));
    await saveLine(user, 'Patience pays');
    const hooks = await receiver.waitFor(2, forPath('/slow'));
    expect(hooks[1]!.headers['webhook-id']).toBe(hooks[0]!.headers['webhook-id']);
    const attempts = await eventually(async () => {
      const list = await attemptsOf(user, endpoint.id);
      return list.length === 2 && list[0]!.outcome === 'succeeded' ? list : undefined;
    });
    expect(attempts[1]).toMatchObject({ attempt: 1, outcome: 'failed', responseStatus: null, error: 'timed out after 600 ms' });
  });

  it('an endpoint failing for more than 24 hours is disabled and its owner e-mailed; rotating turns it back on', async () => {
    const user = await businessUser();
    const { endpoint } = await addEndpoint(user, '/down', ['line.saved']);
    receiver.behave((r) => (r.path === '/down' ? 503 : 200));
    await saveLine(user, 'Into the void');
    await receiver.waitFor(1, forPath('/down'));
    const db = server.services.ctx.db;
    const failing = await eventually(async () => {
      const [row] = await db.select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, endpoint.id));
      return row?.failingSince ?? undefined;
    });
    expect(failing.getTime()).toBeLessThanOrEqual(Date.now());
    // Still failing but under 24 hours: not disabled.
    expect((await server.api('/webhooks', { token: user.token })).body.data.endpoints[0].status).toBe('active');

    // The streak began 25 hours ago (moved in PostgreSQL): the next failed attempt disables it.
    await db
      .update(schema.webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(schema.webhookEndpoints.id, endpoint.id));
    const disabled = await eventually(async () => {
      const [row] = await db.select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, endpoint.id));
      return row?.disabledAt ? row : undefined;
    });
    expect(disabled.disabledReason).toBe('Every attempt failed for more than 24 hours');
    const disabledMail = (m: { envelope: { to: string[] }; subject: string }) =>
      m.envelope.to.includes(user.email) && m.subject === 'Your Genius Lines webhook endpoint has been disabled';
    const mail = await smtp.waitFor(disabledMail);
    expect(mail.text).toContain(`${receiver.url}/down`);
    expect(mail.text).toContain('/api-docs#webhooks');

    await server.drain();
    const [delivery] = await db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.endpointId, endpoint.id));
    expect(delivery!.status).toBe('failed');
    const listed = (await server.api('/webhooks', { token: user.token })).body.data.endpoints[0];
    expect(listed).toMatchObject({ status: 'disabled', disabledReason: 'Every attempt failed for more than 24 hours' });

    // Disabled: a new event records nothing for it, and sends nothing.
    const before = receiver.received.filter(forPath('/down')).length;
    await saveLine(user, 'Nobody home');
    await server.drain();
    expect(receiver.received.filter(forPath('/down'))).toHaveLength(before);
    expect(smtp.received.filter(disabledMail)).toHaveLength(1);

    // The owner fixes the receiver and rotates the secret: the endpoint is active again.
    receiver.behave(() => 200);
    const rotated = await server.api(`/webhooks/${endpoint.id}/rotate-secret`, { method: 'POST', token: user.token });
    expect(rotated.body.data.endpoint).toMatchObject({ status: 'active', failingSince: null, disabledAt: null });
    await saveLine(user, 'Back in business');
    const [back] = await receiver.waitFor(1, (r) => r.path === '/down' && r.raw.includes('Back in business'));
    expect(verified(rotated.body.data.secret, back!).data.text).toBe('Back in business');
  });

  it('a redirect is not followed: the attempt fails and the target is never called', async () => {
    const user = await businessUser();
    const { endpoint } = await addEndpoint(user, '/moved', ['line.saved']);
    receiver.behave((r) => (r.path === '/moved' ? { redirect: `${receiver.url}/moved-target` } : 200));
    await saveLine(user, 'Stay where you are');
    const attempts = await eventually(async () => {
      const list = await attemptsOf(user, endpoint.id);
      return list.length >= 1 ? list : undefined;
    });
    expect(attempts.at(-1)).toMatchObject({ outcome: 'failed', responseStatus: 302, error: 'HTTP 302: redirects are not followed' });
    expect(receiver.received.filter(forPath('/moved-target'))).toEqual([]);
    await server.api(`/webhooks/${endpoint.id}`, { method: 'DELETE', token: user.token });
  });

  it('a delivery recorded while the queue was away is enqueued by the reconciler with its own id', async () => {
    const user = await businessUser();
    const { secret } = await addEndpoint(user, '/late', ['campaign.completed']);
    const ctx = server.services.ctx;
    // Recorded (as a producer would, in its transaction) but never enqueued: Redis lost it.
    const [deliveryId] = await recordWebhookEvent(ctx.db, {
      userId: user.id,
      type: 'campaign.completed',
      data: { id: 'c-1', lines: 3 },
      key: 'campaign-c-1',
    });
    expect(deliveryId).toBeTruthy();
    // Recording the same event key again records nothing.
    expect(await recordWebhookEvent(ctx.db, { userId: user.id, type: 'campaign.completed', data: {}, key: 'campaign-c-1' })).toEqual([]);

    const later = new Date(Date.now() + ctx.config.RECONCILE_GRACE_MS + 1000);
    expect((await reconcileOnce(ctx, later)).webhooks).toBeGreaterThanOrEqual(1);
    const [hook] = await receiver.waitFor(1, forPath('/late'));
    expect(hook!.headers['webhook-id']).toBe(`msg_${deliveryId}`);
    expect(verified(secret, hook!)).toMatchObject({ type: 'campaign.completed', data: { id: 'c-1', lines: 3 } });
  });
});

describe('the per-attempt address check (production policy)', () => {
  const request = (url: string, policy = STRICT_WEBHOOK_POLICY, resolve?: ResolveAll) =>
    sendWebhook({
      url,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      messageId: 'msg_check',
      body: '{"type":"line.saved"}',
      at: new Date(),
      timeoutMs: 2000,
      policy: { ...policy, httpsOnly: false },
      resolve,
    });
  const port = () => new URL(receiver.url).port;

  it('never connects to loopback, by address or by a name that resolves to it', async () => {
    const before = receiver.received.length;
    const rebinding: ResolveAll = async () => [{ address: '127.0.0.1', family: 4 }];
    for (const [url, resolve] of [
      [`http://127.0.0.1:${port()}/ssrf`, undefined],
      [`http://[::ffff:127.0.0.1]:${port()}/ssrf`, undefined],
      [`http://localhost:${port()}/ssrf`, undefined],
      [`http://hooks.example.test:${port()}/ssrf`, rebinding],
    ] as const) {
      const result = await request(url, STRICT_WEBHOOK_POLICY, resolve);
      expect(result, url).toMatchObject({ ok: false, status: null });
      expect(result.error).toContain('public address');
    }
    expect(receiver.received.length).toBe(before);
  });

  it('the same requests reach the receiver under the development policy', async () => {
    const rebinding: ResolveAll = async () => [{ address: '127.0.0.1', family: 4 }];
    const result = await request(`http://hooks.example.test:${port()}/dev-ok`, OPEN_WEBHOOK_POLICY, rebinding);
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    expect(receiver.received.filter(forPath('/dev-ok'))).toHaveLength(1);
  });

  it('production refuses http before anything is sent', async () => {
    const result = await sendWebhook({
      url: `${receiver.url}/plain`,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      messageId: 'msg_check',
      body: '{}',
      at: new Date(),
      timeoutMs: 2000,
      policy: STRICT_WEBHOOK_POLICY,
    });
    expect(result).toMatchObject({ ok: false, error: 'refused: Webhook URLs must use https' });
    expect(receiver.received.filter(forPath('/plain'))).toEqual([]);
  });
});
