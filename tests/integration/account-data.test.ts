import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@gl/core/server';
import type { TestServer } from '../helpers/server';
import { startServerWithMail, stopServerWithMail } from '../helpers/mail-server';
import { connectSocket } from '../helpers/socket';
import { nthMailTo } from '../helpers/mail-links';
import { markVerified, registerUser, type TestUser } from '../helpers/users';
import type { SmtpStub } from '../stubs/smtp.stub';

let smtp: SmtpStub;
let server: TestServer;
beforeAll(async () => ({ server, smtp } = await startServerWithMail()));
afterAll(() => stopServerWithMail(server, smtp));

const db = () => server.services.ctx.db;

/**
 * A user with something of everything: saved lines, a generation, a payment and subscription, an
 * API key, the newsletter, a brand kit, a webhook endpoint with a delivery, a campaign.
 */
async function userWithData(): Promise<TestUser & { paymentId: string; webhookSecret: string; endpointId: string; campaignId: string }> {
  const u = await registerUser(server, { name: 'Wanjiru Kamau' });
  await markVerified(server.database, u.id);
  await db()
    .insert(schema.savedLines)
    .values([
      { userId: u.id, text: 'Fresh every morning', category: 'taglines', tone: 'friendly' },
      { userId: u.id, text: 'Bold moves only', category: 'slogans', tone: 'bold' },
    ]);
  await db()
    .insert(schema.generations)
    .values({
      userId: u.id,
      subject: `user-${u.id}`,
      planId: 'free',
      category: 'taglines',
      tone: 'friendly',
      count: 2,
      status: 'completed',
      lines: ['A', 'B'],
    });
  const [payment] = await db()
    .insert(schema.payments)
    .values({
      userId: u.id,
      provider: 'mpesa',
      providerRef: `ws_CO_${u.id}`,
      planId: 'pro',
      interval: 'month',
      amountMinor: 1290,
      currency: 'KES',
      status: 'completed',
      phone: '254712345678',
      providerPayload: { MpesaReceiptNumber: 'QKX1', PhoneNumber: 254712345678 },
    })
    .returning();
  await db()
    .insert(schema.paymentEvents)
    .values({ paymentId: payment!.id, provider: 'mpesa', kind: 'callback', payload: { PhoneNumber: 254712345678 } });
  await db().insert(schema.subscriptions).values({ userId: u.id, planId: 'business', status: 'active', paymentId: payment!.id });
  const key = await server.api('/api-keys', { body: { name: 'shop' }, token: u.token });
  expect(key.status).toBe(201);
  await server.api('/newsletter', { body: { email: u.email } });
  // On the Business plan above: a personal brand kit.
  const brand = await server.api('/brands', {
    body: { name: 'Kamau Crafts', audience: 'makers', wordsToUse: ['handmade'], wordsToAvoid: ['cheap'], exampleLines: ['Made by hand.'] },
    token: u.token,
  });
  expect(brand.status, JSON.stringify(brand.body)).toBe(201);
  // A webhook endpoint with a delivery and its attempt, and a campaign with one line.
  const hook = await server.api('/webhooks', { body: { url: 'http://127.0.0.1:9/kamau-hooks', events: ['line.saved'] }, token: u.token });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  const endpointId = hook.body.data.endpoint.id as string;
  const [delivery] = await db()
    .insert(schema.webhookDeliveries)
    .values({
      endpointId,
      userId: u.id,
      eventType: 'line.saved',
      eventKey: `k-${u.id}`,
      payload: { type: 'line.saved', timestamp: new Date().toISOString(), data: { text: 'Fresh every morning' } },
      status: 'delivered',
      attempts: 1,
    })
    .returning();
  await db()
    .insert(schema.webhookAttempts)
    .values({ deliveryId: delivery!.id, endpointId, attempt: 1, outcome: 'succeeded', responseStatus: 200, durationMs: 12 });
  const [campaign] = await db()
    .insert(schema.campaigns)
    .values({
      userId: u.id,
      occasion: 'madaraka-day',
      startsOn: '2026-06-01',
      days: 1,
      platforms: ['instagram'],
      tone: 'bold',
      status: 'completed',
    })
    .returning();
  const [campaignGeneration] = await db()
    .insert(schema.generations)
    .values({
      userId: u.id,
      subject: `user-${u.id}`,
      planId: 'business',
      category: 'captions',
      tone: 'bold',
      count: 1,
      status: 'completed',
      lines: ['Madaraka!'],
    })
    .returning();
  await db().insert(schema.campaignLines).values({
    campaignId: campaign!.id,
    day: 0,
    date: '2026-06-01',
    platform: 'instagram',
    position: 0,
    category: 'captions',
    generationId: campaignGeneration!.id,
    text: 'Happy Madaraka Day from Kamau Crafts',
  });
  return { ...u, paymentId: payment!.id, webhookSecret: hook.body.data.secret as string, endpointId, campaignId: campaign!.id };
}

describe('GET /users/export', () => {
  it('downloads one JSON attachment with every section and no secrets', async () => {
    const u = await userWithData();
    const res = await fetch(`${server.url}/api/users/export`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="genius-lines-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await res.text();
    const data = JSON.parse(text);
    expect(Object.keys(data)).toEqual([
      'exportedAt',
      'profile',
      'savedLines',
      'generations',
      'payments',
      'subscriptions',
      'newsletter',
      'apiKeys',
      'teamMemberships',
      'brands',
      'campaigns',
      'webhookEndpoints',
      'webhookDeliveries',
      'approvalLinks',
    ]);
    expect(data.profile).toMatchObject({ id: u.id, email: u.email, name: 'Wanjiru Kamau', emailVerified: true, planId: 'business' });
    expect(data.savedLines.map((l: any) => l.text).sort()).toEqual(['Bold moves only', 'Fresh every morning']);
    expect(data.generations).toHaveLength(2);
    expect(data.payments).toEqual([
      expect.objectContaining({ id: u.paymentId, amountMinor: 1290, currency: 'KES', phone: '254712345678' }),
    ]);
    expect(data.subscriptions).toEqual([expect.objectContaining({ planId: 'business', status: 'active' })]);
    expect(data.newsletter).toMatchObject({ subscribed: true });
    expect(data.apiKeys).toEqual([expect.objectContaining({ name: 'shop', prefix: expect.stringMatching(/^gl_/) })]);
    expect(data.brands).toEqual([
      expect.objectContaining({
        name: 'Kamau Crafts',
        teamId: null,
        audience: 'makers',
        wordsToUse: ['handmade'],
        wordsToAvoid: ['cheap'],
        exampleLines: ['Made by hand.'],
      }),
    ]);
    expect(data.campaigns).toEqual([
      expect.objectContaining({
        id: u.campaignId,
        occasion: 'madaraka-day',
        startsOn: '2026-06-01',
        platforms: ['instagram'],
        status: 'completed',
        lines: [expect.objectContaining({ date: '2026-06-01', platform: 'instagram', text: 'Happy Madaraka Day from Kamau Crafts' })],
      }),
    ]);
    expect(data.webhookEndpoints).toEqual([
      expect.objectContaining({ url: 'http://127.0.0.1:9/kamau-hooks', events: ['line.saved'], disabledAt: null }),
    ]);
    expect(data.webhookDeliveries).toEqual([
      expect.objectContaining({
        eventType: 'line.saved',
        status: 'delivered',
        attempts: 1,
        payload: expect.objectContaining({ data: { text: 'Fresh every morning' } }),
      }),
    ]);
    expect(text).not.toContain(u.webhookSecret);
    // No hashes or secrets of any kind.
    const [user] = await db().select().from(schema.users).where(eq(schema.users.id, u.id));
    const [keyRow] = await db().select().from(schema.apiKeys).where(eq(schema.apiKeys.userId, u.id));
    expect(text).not.toContain(user!.passwordHash);
    expect(text).not.toContain(keyRow!.keyHash);
    expect(text).not.toMatch(/passwordHash|keyHash|tokenHash|refreshToken/);
  });

  it('needs a session and only ever shows the caller', async () => {
    expect((await server.api('/users/export')).status).toBe(401);
    const a = await userWithData();
    const b = await registerUser(server);
    const res = await fetch(`${server.url}/api/users/export`, { headers: { authorization: `Bearer ${b.token}` } });
    const data = JSON.parse(await res.text());
    expect(data.profile.id).toBe(b.id);
    expect(JSON.stringify(data)).not.toContain(a.email);
    expect(data.savedLines).toEqual([]);
    expect(data.brands).toEqual([]);
  });

  it("is named by the person's own day: UTC+14 and UTC−11 are never on the same date", async () => {
    // Kiritimati and Pago Pago are 25 hours apart, so their dates always differ.
    const days = new Set<string>();
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const u = await registerUser(server);
      expect((await server.api('/account/time-zone', { method: 'PATCH', token: u.token, body: { timeZone } })).status).toBe(200);
      const res = await fetch(`${server.url}/api/users/export`, { headers: { authorization: `Bearer ${u.token}` } });
      const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
      days.add(day);
      expect(res.headers.get('content-disposition'), timeZone).toBe(`attachment; filename="genius-lines-export-${day}.json"`);
      await res.text();
    }
    expect(days.size).toBe(2);
  });
});

describe('DELETE /users/account', () => {
  const del = (u: TestUser, body: unknown) => server.api('/users/account', { method: 'DELETE', token: u.token, body });

  it('wrong password, missing or wrong confirmation: 400 and nothing changes', async () => {
    const u = await userWithData();
    for (const body of [
      { password: 'wrong-password', confirm: 'DELETE' },
      { password: u.password },
      { password: u.password, confirm: 'delete' },
      { password: u.password, confirm: 'DELETE', extra: 1 },
    ]) {
      const res = await del(u, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await server.api('/auth/me', { token: u.token })).status).toBe(200);
    expect(await db().select().from(schema.savedLines).where(eq(schema.savedLines.userId, u.id))).toHaveLength(2);
  });

  it('a pending M-Pesa payment: 409 with a clear message, nothing changed', async () => {
    const u = await userWithData();
    await db()
      .insert(schema.payments)
      .values({
        userId: u.id,
        provider: 'mpesa',
        providerRef: `pending-${u.id}`,
        planId: 'pro',
        interval: 'month',
        amountMinor: 1290,
        currency: 'KES',
        status: 'pending',
      });
    const res = await del(u, { password: u.password, confirm: 'DELETE' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(res.body.error).toMatch(/M-Pesa payment is still being processed/);
    expect((await server.api('/auth/me', { token: u.token })).status).toBe(200);
    expect(await db().select().from(schema.payments).where(eq(schema.payments.userId, u.id))).toHaveLength(2);
  });

  it('deletes everything of the user but keeps payments anonymised; sockets close; a mail confirms; the address can register again', async () => {
    const u = await userWithData();
    const socket = await connectSocket(server.url, { token: u.token });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    const res = await del(u, { password: u.password, confirm: 'DELETE' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deleted: true });
    expect(await closed).toBe('io server disconnect');

    const mail = await nthMailTo(smtp, u.email, /account has been deleted/);
    expect(mail.text).toMatch(/payments are kept for accounting/);

    expect(await db().select().from(schema.users).where(eq(schema.users.id, u.id))).toHaveLength(0);
    for (const table of [
      schema.savedLines,
      schema.generations,
      schema.apiKeys,
      schema.sessions,
      schema.refreshTokens,
      schema.subscriptions,
      schema.accountTokens,
      schema.brands,
      schema.campaigns,
      schema.webhookEndpoints,
      schema.webhookDeliveries,
    ]) {
      expect(await db().select().from(table).where(eq(table.userId, u.id))).toHaveLength(0);
    }
    expect(await db().select().from(schema.campaignLines).where(eq(schema.campaignLines.campaignId, u.campaignId))).toHaveLength(0);
    expect(await db().select().from(schema.webhookAttempts).where(eq(schema.webhookAttempts.endpointId, u.endpointId))).toHaveLength(0);
    expect(await db().select().from(schema.newsletterSubscribers).where(eq(schema.newsletterSubscribers.email, u.email))).toHaveLength(0);
    // The payment stays, for accounting, without the person.
    const [payment] = await db().select().from(schema.payments).where(eq(schema.payments.id, u.paymentId));
    expect(payment).toMatchObject({
      userId: null,
      phone: null,
      providerPayload: null,
      amountMinor: 1290,
      currency: 'KES',
      status: 'completed',
    });
    const events = await db().select().from(schema.paymentEvents).where(eq(schema.paymentEvents.paymentId, u.paymentId));
    expect(JSON.stringify(events)).not.toContain('254712345678');
    expect(JSON.stringify(payment)).not.toContain(u.email);

    expect((await server.api('/auth/me', { token: u.token })).status).toBe(401);
    expect((await server.api('/auth/refresh', { body: { refreshToken: u.refreshToken } })).status).toBe(401);
    expect((await server.api('/auth/login', { body: { email: u.email, password: u.password } })).status).toBe(401);
    const again = await registerUser(server, { email: u.email });
    expect(again.id).not.toBe(u.id);
  });
});
