import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@gl/core/server';
import type { TestServer } from '../helpers/server';
import { startServerWithMail, stopServerWithMail } from '../helpers/mail-server';
import { linkIn, nthMailTo } from '../helpers/mail-links';
import type { SmtpStub } from '../stubs/smtp.stub';

let smtp: SmtpStub;
let server: TestServer;
beforeAll(async () => ({ server, smtp } = await startServerWithMail()));
afterAll(() => stopServerWithMail(server, smtp));

const subscriber = async (email: string) =>
  (await server.services.ctx.db.select().from(schema.newsletterSubscribers).where(eq(schema.newsletterSubscribers.email, email)))[0];

async function subscribeAndReadWelcome(email: string) {
  expect((await server.api('/newsletter', { body: { email } })).status).toBe(200);
  return nthMailTo(smtp, email, /Welcome to Genius Lines/);
}

describe('newsletter unsubscribe', () => {
  it('the welcome e-mail carries List-Unsubscribe, List-Unsubscribe-Post and a visible /unsubscribe link', async () => {
    const mail = await subscribeAndReadWelcome('headers@example.com');
    expect(mail.headers['list-unsubscribe']).toMatch(new RegExp(`^<${server.url}/api/newsletter/unsubscribe\\?token=[A-Za-z0-9_-]{43,}>$`));
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const page = linkIn(mail, '/unsubscribe');
    expect(page.url.startsWith(`${server.url}/unsubscribe?token=`)).toBe(true);
    expect(mail.html).toContain('/unsubscribe?token=');
    // Only a hash is stored.
    const tokens = await server.services.ctx.db.select().from(schema.newsletterUnsubscribeTokens);
    expect(JSON.stringify(tokens)).not.toContain(page.token);
  });

  it('RFC 8058 one-click: form body List-Unsubscribe=One-Click, token in the query, no cookie or login; idempotent', async () => {
    const mail = await subscribeAndReadWelcome('oneclick@example.com');
    const target = /^<(.+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!;
    // Exactly what a mail provider sends.
    const oneClick = () =>
      fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const res = await oneClick();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { unsubscribed: true } });
    const row = await subscriber('oneclick@example.com');
    expect(row!.unsubscribedAt).toBeInstanceOf(Date);
    const again = await oneClick();
    expect(again.status).toBe(200);
    expect((await subscriber('oneclick@example.com'))!.unsubscribedAt!.getTime()).toBe(row!.unsubscribedAt!.getTime());
  });

  it('the /unsubscribe page posts the token as JSON; subscribing again later works', async () => {
    const mail = await subscribeAndReadWelcome('again@example.com');
    const { token } = linkIn(mail, '/unsubscribe');
    const res = await server.api('/newsletter/unsubscribe', { body: { token } });
    expect(res.status).toBe(200);
    expect((await subscriber('again@example.com'))!.unsubscribedAt).not.toBeNull();
    expect((await server.api('/newsletter', { body: { email: 'again@example.com' } })).status).toBe(200);
    expect((await subscriber('again@example.com'))!.unsubscribedAt).toBeNull();
    // The old link still unsubscribes (idempotent, not single-use).
    expect((await server.api('/newsletter/unsubscribe', { body: { token } })).status).toBe(200);
  });

  it('bad tokens are a clear 400, never a 500', async () => {
    for (const body of [{}, { token: 'nope' }, { token: 'x'.repeat(201) }, { token: 5 }]) {
      const res = await server.api('/newsletter/unsubscribe', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const form = await fetch(`${server.url}/api/newsletter/unsubscribe?token=unknown`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(form.status).toBe(400);
    expect(((await form.json()) as any).code).toBe('INVALID_TOKEN');
  });
});
