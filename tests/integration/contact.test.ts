import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_SUBJECTS } from '@gl/core';
import { schema } from '@gl/core/server';
import { emailProcessor } from '@gl/worker/email.processor';
import { startTestServer, type TestServer } from '../helpers/server';
import { startServerWithMail, stopServerWithMail } from '../helpers/mail-server';
import { registerUser } from '../helpers/users';
import { eventually } from '../helpers/eventually';
import { startSmtpStub, type SmtpStub } from '../stubs/smtp.stub';
import { startEmailJsStub } from '../stubs/emailjs.stub';

let smtp: SmtpStub;
let server: TestServer;
beforeAll(async () => ({ server, smtp } = await startServerWithMail({ CONTACT_INBOX: 'inbox@geniuslines.test' })));
afterAll(() => stopServerWithMail(server, smtp));

let ipCounter = 1;
const fromNewIp = () => ({ 'x-forwarded-for': `203.0.113.${ipCounter++}` });

const valid = {
  name: 'Wanjiru Kamau',
  email: 'wanjiru@example.com',
  subject: 'Feature Request',
  message: 'Could you add a Kiswahili tone?\nAsante sana, "Genius Lines" team, 👏',
};

const messageRow = (server: TestServer, id: string) =>
  server.services.ctx.db
    .select()
    .from(schema.contactMessages)
    .where(eq(schema.contactMessages.id, id))
    .then((rows) => rows[0]);

describe('contact form: validation', () => {
  it.each([
    ['name', /^name: Name is required$/],
    ['email', /^email: Email is required$/],
    ['subject', /^subject: Subject is required$/],
    ['message', /^message: Message is required$/],
  ])('without %s answers 400 naming the field', async (field, message) => {
    const body: Record<string, string> = { ...valid };
    delete body[field];
    const res = await server.api('/contact', { body, headers: fromNewIp() });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.error).toMatch(message);
    expect(res.body.details[0].path).toBe(field);
    // Blank counts as missing too.
    const blank = await server.api('/contact', { body: { ...valid, [field]: '   ' }, headers: fromNewIp() });
    expect(blank.status).toBe(400);
  });

  it('refuses a bad e-mail, an unknown subject, a too-long message and unknown fields', async () => {
    const headers = fromNewIp();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...valid, email: 'not-an-email' }, /Please enter a valid email address/],
      [{ ...valid, subject: 'Complaint' }, /Choose a subject from the list/],
      [{ ...valid, message: 'x'.repeat(5001) }, /at most 5000 characters/],
      [{ ...valid, name: 'n'.repeat(101) }, /at most 100 characters/],
      [{ ...valid, status: 'delivered' }, /Unknown field/],
    ];
    for (const [body, message] of cases) {
      const res = await server.api('/contact', { body, headers });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect(CONTACT_SUBJECTS).toHaveLength(7);
  });
});

describe('contact form: delivery', () => {
  it('stores the message, answers its id, and delivers it to CONTACT_INBOX', async () => {
    const res = await server.api('/contact', { body: { ...valid, message: 'x'.repeat(4990) + ' 👏' }, headers: fromNewIp() });
    expect(res.status).toBe(202);
    const id = res.body.data.id as string;
    const mail = await smtp.waitFor((m) => m.envelope.to.includes('inbox@geniuslines.test') && m.text.includes('x'.repeat(4990)));
    expect(mail.subject).toBe('[Contact] Feature Request: Wanjiru Kamau');
    expect(mail.replyTo).toContain('wanjiru@example.com');
    expect(mail.text).toContain('Name: Wanjiru Kamau');
    expect(mail.text).toContain('👏');
    const row = await eventually(async () => {
      const r = await messageRow(server, id);
      return r?.status === 'delivered' ? r : undefined;
    });
    expect(row).toMatchObject({
      name: 'Wanjiru Kamau',
      email: 'wanjiru@example.com',
      subject: 'Feature Request',
      userId: null,
      attempts: 1,
    });
  });

  it('attaches the signed-in user and keeps every subject of the list', async () => {
    const user = await registerUser(server);
    const headers = fromNewIp();
    for (const subject of CONTACT_SUBJECTS.slice(0, 3)) {
      const res = await server.api('/contact', { body: { ...valid, subject }, token: user.token, headers });
      expect(res.status).toBe(202);
      expect((await messageRow(server, res.body.data.id))!.userId).toBe(user.id);
    }
  });

  it('a header-injection attempt in the name stays in the body', async () => {
    const res = await server.api('/contact', {
      body: { ...valid, name: 'Eve\r\nBcc: victim@example.com' },
      headers: fromNewIp(),
    });
    expect(res.status).toBe(202);
    const mail = await smtp.waitFor((m) => m.text.includes('Eve'));
    expect(mail.envelope.to).toEqual(['inbox@geniuslines.test']);
    expect(mail.headers.bcc).toBeUndefined();
  });

  it('limits messages per client IP', async () => {
    const headers = fromNewIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await server.api('/contact', { body: valid, headers })).status);
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
  });
});

describe('contact form: SMTP outage', () => {
  it('keeps the message while SMTP is down and delivers it once SMTP is back', async () => {
    const outage = await startSmtpStub();
    const down = await startTestServer({
      env: { SMTP_URL: outage.url, CONTACT_INBOX: 'ops@geniuslines.test' },
      processors: [emailProcessor],
    });
    try {
      await outage.stop();
      const res = await down.api('/contact', { body: { ...valid, subject: 'Bug Report', message: 'Sent during the outage' } });
      expect(res.status).toBe(202);
      const id = res.body.data.id as string;

      // The first attempt fails; the row is kept pending with the attempt and the error recorded.
      const failed = await eventually(async () => {
        const r = await messageRow(down, id);
        return r && r.attempts >= 1 ? r : undefined;
      });
      expect(failed.status).toBe('pending');
      expect(failed.lastError).toMatch(/SMTP delivery failed/);

      await outage.start();
      const mail = await outage.waitFor((m) => m.text.includes('Sent during the outage'), 25_000);
      expect(mail.envelope.to).toEqual(['ops@geniuslines.test']);
      const delivered = await eventually(async () => {
        const r = await messageRow(down, id);
        return r?.status === 'delivered' ? r : undefined;
      });
      expect(delivered.attempts).toBeGreaterThanOrEqual(2);
      expect(delivered.lastError).toBeNull();
      expect(outage.received.filter((m) => m.text.includes('Sent during the outage'))).toHaveLength(1);
    } finally {
      await down.stop();
      await outage.close();
    }
  });

  it('a recipient the server refuses for good: one attempt, then the message is marked failed, keeping its text and the reason', async () => {
    const refusing = await startSmtpStub({ refuseRecipients: /^nobody@/ });
    const prod = await startTestServer({
      env: { SMTP_URL: refusing.url, CONTACT_INBOX: 'nobody@geniuslines.test' },
      processors: [emailProcessor],
    });
    try {
      const res = await prod.api('/contact', { body: { ...valid, message: 'Never delivered' } });
      expect(res.status).toBe(202);
      const row = await eventually(async () => {
        const r = await messageRow(prod, res.body.data.id);
        return r?.status === 'failed' ? r : undefined;
      });
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/SMTP refused the recipient/);
      expect(row.message).toBe('Never delivered');
      expect(refusing.received).toHaveLength(0);
    } finally {
      await prod.stop();
      await refusing.close();
    }
  });
});

describe('contact form through EmailJS', () => {
  it('sends the default template with exactly name, email, subject and message; retries a failed call', async () => {
    const keys = { serviceId: 'service_live', publicKey: 'pk_live_1' };
    const emailjs = await startEmailJsStub({ ...keys, templateIds: ['template_default', 'template_sub'] });
    const viaEmailJs = await startTestServer({
      env: {
        MAIL_TRANSPORT: 'emailjs',
        EMAILJS_BASE_URL: `${emailjs.url}/`,
        EMAILJS_SERVICE_ID: keys.serviceId,
        EMAILJS_TEMPLATE_ID: 'template_default',
        EMAILJS_SUBSCRIPTION_TEMPLATE_ID: 'template_sub',
        EMAILJS_PUBLIC_KEY: keys.publicKey,
      },
      processors: [emailProcessor],
    });
    try {
      emailjs.failNext(500, 'Internal server error');
      const res = await viaEmailJs.api('/contact', { body: valid });
      expect(res.status).toBe(202);
      const id = res.body.data.id as string;
      const requests = await emailjs.waitForRequests(2, 25_000);
      for (const request of requests) {
        expect(request.headers['content-type']).toMatch(/^application\/json/);
        expect(request.body).toEqual({
          service_id: 'service_live',
          template_id: 'template_default',
          user_id: 'pk_live_1',
          template_params: { name: valid.name, email: valid.email, subject: valid.subject, message: valid.message },
        });
      }
      const row = await eventually(async () => {
        const r = await messageRow(viaEmailJs, id);
        return r?.status === 'delivered' ? r : undefined;
      });
      expect(row.attempts).toBe(2);
    } finally {
      await viaEmailJs.stop();
      await emailjs.close();
    }
  });
});

describe('contact form without any mail transport', () => {
  it('in production the message stays stored and undelivered, with the reason recorded', async () => {
    const prod = await startTestServer({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://lines.example.com' },
      processors: [emailProcessor],
    });
    try {
      const res = await prod.api('/contact', { body: valid });
      expect(res.status).toBe(202);
      const row = await eventually(async () => {
        const r = await messageRow(prod, res.body.data.id);
        return r && r.attempts >= 1 ? r : undefined;
      });
      expect(row.status).toBe('pending');
      expect(row.lastError).toMatch(/No e-mail transport is configured/);
      expect(row.message).toBe(valid.message);
    } finally {
      await prod.stop();
    }
  });

  it('in development and tests the log transport records it and marks it delivered', async () => {
    const dev = await startTestServer({ processors: [emailProcessor] });
    try {
      const res = await dev.api('/contact', { body: valid });
      await eventually(async () => (await messageRow(dev, res.body.data.id))?.status === 'delivered');
    } finally {
      await dev.stop();
    }
  });
});
