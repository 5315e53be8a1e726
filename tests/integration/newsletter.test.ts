import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@gl/core/server';
import { emailProcessor } from '@gl/worker/email.processor';
import { startTestServer, type TestServer } from '../helpers/server';
import { startServerWithMail, stopServerWithMail } from '../helpers/mail-server';
import { eventually } from '../helpers/eventually';
import type { SmtpStub } from '../stubs/smtp.stub';
import { startEmailJsStub } from '../stubs/emailjs.stub';

let smtp: SmtpStub;
let server: TestServer;
beforeAll(async () => ({ server, smtp } = await startServerWithMail()));
afterAll(() => stopServerWithMail(server, smtp));

const subscribers = (email: string) =>
  server.services.ctx.db.select().from(schema.newsletterSubscribers).where(eq(schema.newsletterSubscribers.email, email));

/** Each test its own client address (trusted proxy on loopback), so the per-IP limit is per test. */
let ipCounter = 1;
const fromNewIp = () => ({ 'x-forwarded-for': `198.51.100.${ipCounter++}` });

describe('newsletter', () => {
  it('refuses bad e-mails with the spec’s message', async () => {
    const headers = fromNewIp();
    for (const email of ['plainaddress', 'no-at.example.com', 'a@b', 'a b@example.com', '@example.com', 'user@', 'user@exa mple.com']) {
      const res = await server.api('/newsletter', { body: { email }, headers });
      expect(res.status, email).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', error: 'Please enter a valid email address' });
    }
    const missing = await server.api('/newsletter', { body: {}, headers });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Email is required');
    const extra = await server.api('/newsletter', { body: { email: 'ok@example.com', admin: true }, headers });
    expect(extra.status).toBe(400);
    expect(extra.body.error).toMatch(/Unknown field/);
    const wrongType = await server.api('/newsletter', { body: { email: ['a@b.co'] }, headers });
    expect(wrongType.status).toBe(400);
  });

  it('subscribes once and the welcome e-mail arrives at the SMTP server', async () => {
    const res = await server.api('/newsletter', { body: { email: 'reader@example.com' }, headers: fromNewIp() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { subscribed: true } });

    const mail = await smtp.waitFor((m) => m.envelope.to.includes('reader@example.com'));
    expect(mail.subject).toBe('Welcome to Genius Lines');
    expect(mail.envelope.from).toBe('hello@geniuslines.test');
    expect(mail.text).toContain('Thank you for subscribing');

    const [row] = await eventually(async () => {
      const rows = await subscribers('reader@example.com');
      return rows[0]?.welcomeStatus === 'delivered' ? rows : undefined;
    });
    expect(row).toMatchObject({ attempts: 1, lastError: null });
    expect(row!.deliveredAt).toBeInstanceOf(Date);
  });

  it('a repeat (any case, spaces) answers the same, keeps one row and sends one welcome', async () => {
    const headers = fromNewIp();
    const first = await server.api('/newsletter', { body: { email: 'fan@example.com' }, headers });
    await smtp.waitFor((m) => m.envelope.to.includes('fan@example.com'));
    await server.drain();
    const again = await server.api('/newsletter', { body: { email: '  FAN@Example.com ' }, headers });
    const third = await server.api('/newsletter', { body: { email: 'fan@example.com' }, headers });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);
    await server.drain();
    expect(await subscribers('fan@example.com')).toHaveLength(1);
    expect(smtp.received.filter((m) => m.envelope.to.includes('fan@example.com'))).toHaveLength(1);
  });

  it('two subscribes at the same moment still make one row', async () => {
    const headers = fromNewIp();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => server.api('/newsletter', { body: { email: 'race@example.com' }, headers })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await subscribers('race@example.com')).toHaveLength(1);
  });

  it('limits subscriptions per client IP', async () => {
    const headers = fromNewIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await server.api('/newsletter', { body: { email: `many-${i}@example.com` }, headers });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.code).toBe('RATE_LIMITED');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    // Another address is not affected.
    expect((await server.api('/newsletter', { body: { email: 'other-ip@example.com' }, headers: fromNewIp() })).status).toBe(200);
  });
});

describe('newsletter through EmailJS', () => {
  it('sends the subscription template with exactly subscriber_email, subscription_date and to_email', async () => {
    const keys = { serviceId: 'service_test', publicKey: 'public-key-123', privateKey: 'private-key-456' };
    const emailjs = await startEmailJsStub({ ...keys, templateIds: ['template_contact', 'template_subscribe'] });
    const viaEmailJs = await startTestServer({
      env: {
        EMAILJS_BASE_URL: emailjs.url,
        EMAILJS_SERVICE_ID: keys.serviceId,
        EMAILJS_TEMPLATE_ID: 'template_contact',
        EMAILJS_SUBSCRIPTION_TEMPLATE_ID: 'template_subscribe',
        EMAILJS_PUBLIC_KEY: keys.publicKey,
        EMAILJS_PRIVATE_KEY: keys.privateKey,
        // Even with SMTP configured, EmailJS keys select EmailJS unless MAIL_TRANSPORT says otherwise.
        SMTP_URL: smtp.url,
      },
      processors: [emailProcessor],
    });
    try {
      const res = await viaEmailJs.api('/newsletter', { body: { email: 'Joiner@Example.com' } });
      expect(res.status).toBe(200);
      const [request] = await emailjs.waitForRequests(1);
      const [row] = await viaEmailJs.services.ctx.db
        .select()
        .from(schema.newsletterSubscribers)
        .where(eq(schema.newsletterSubscribers.email, 'joiner@example.com'));
      expect(request!.body).toEqual({
        service_id: 'service_test',
        template_id: 'template_subscribe',
        user_id: 'public-key-123',
        accessToken: 'private-key-456',
        template_params: {
          subscriber_email: 'joiner@example.com',
          subscription_date: row!.createdAt.toISOString(),
          to_email: 'joiner@example.com',
        },
      });
      expect(request!.body.template_params!.subscription_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      await eventually(async () => {
        const [r] = await viaEmailJs.services.ctx.db
          .select()
          .from(schema.newsletterSubscribers)
          .where(eq(schema.newsletterSubscribers.id, row!.id));
        return r?.welcomeStatus === 'delivered';
      });
      expect(smtp.received.some((m) => m.envelope.to.includes('joiner@example.com'))).toBe(false);
    } finally {
      await viaEmailJs.stop();
      await emailjs.close();
    }
  });
});
