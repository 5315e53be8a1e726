import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, nthMailTo } from '../helpers/mail-links';
import type { TestServer } from '../helpers/server';
import { startServerWithMail, stopServerWithMail } from '../helpers/mail-server';
import { eventually } from '../helpers/eventually';
import { invitationTokenFor, ownerWithTeam } from '../helpers/teams';
import { grantPlan, markVerified, registerUser, type TestUser } from '../helpers/users';
import type { SmtpStub } from '../stubs/smtp.stub';

/**
 * Links sent by e-mail: the ones that act on the account's credentials or address die with the
 * credentials (a password change or reset, "sign out everywhere"), and every link starts with the
 * configured origin, never with a header the caller sent. Read from the mails the SMTP stub received.
 */
let smtp: SmtpStub;
let server: TestServer;
beforeAll(async () => ({ server, smtp } = await startServerWithMail()));
afterAll(() => stopServerWithMail(server, smtp));

const RESET = /Reset your Genius Lines password/;
const CHANGE = /Confirm your new email/;
const unique = (what: string) => `${what}-${Math.random().toString(36).slice(2, 10)}@example.com`;

/** Someone who knows the password asks to move the account to their own address; the link arrives there. */
async function attackerAsksForEmailChange(u: TestUser): Promise<{ attackerEmail: string; token: string }> {
  const attackerEmail = unique('attacker');
  const res = await server.api('/users/email', { method: 'PUT', token: u.token, body: { newEmail: attackerEmail, password: u.password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { token } = linkIn(await nthMailTo(smtp, attackerEmail, CHANGE), '/verify-email');
  return { attackerEmail, token };
}

async function resetLinkFor(email: string, n = 1): Promise<string> {
  expect((await server.api('/auth/forgot-password', { body: { email } })).status).toBe(202);
  return linkIn(await nthMailTo(smtp, email, RESET, n), '/reset-password').token;
}

/** Opening the change-of-e-mail link after the owner reacted: refused, and the account stays where it was. */
async function expectEmailChangeRefused(u: TestUser, token: string, attackerEmail: string, password: string) {
  const opened = await server.api('/auth/verify-email', { body: { token } });
  expect(opened.status).toBe(400);
  expect(opened.body).toMatchObject({ success: false, code: 'INVALID_TOKEN' });
  expect(opened.body.error).toMatch(/invalid, expired or already used/);
  expect((await server.api('/auth/login', { body: { email: attackerEmail, password } })).status).toBe(401);
  const login = await server.api('/auth/login', { body: { email: u.email, password } });
  expect(login.status).toBe(200);
  expect(login.body.data.user.email).toBe(u.email);
}

describe('a change of the password voids pending e-mail-change and reset links', () => {
  it('the owner, warned by the notice, changes the password: the attacker’s e-mail-change link answers 400 and the account stays', async () => {
    const u = await registerUser(server, { password: 'first-password' });
    const { attackerEmail, token } = await attackerAsksForEmailChange(u);
    // The owner is told at the old address...
    expect((await nthMailTo(smtp, u.email, /being changed/)).text).toContain(attackerEmail);
    // ...and also has a reset link pending (asked for earlier, say).
    const reset = await resetLinkFor(u.email);

    const changed = await server.api('/users/change-password', {
      token: u.token,
      body: { currentPassword: 'first-password', newPassword: 'second-password' },
    });
    expect(changed.status).toBe(200);

    await expectEmailChangeRefused(u, token, attackerEmail, 'second-password');
    const resetLater = await server.api('/auth/reset-password', { body: { token: reset, password: 'attacker-password' } });
    expect(resetLater.status).toBe(400);
    expect(resetLater.body.code).toBe('INVALID_TOKEN');
    expect((await server.api('/auth/login', { body: { email: u.email, password: 'second-password' } })).status).toBe(200);
  });

  it('a password reset voids the pending e-mail change (and older reset links) and revokes the account’s API keys', async () => {
    const u = await registerUser(server, { password: 'first-password' });
    await grantPlan(server.database, u.id, 'business');
    await markVerified(server.database, u.id);
    const created = await server.api('/api-keys', { body: { name: 'Integration' }, token: u.token });
    expect(created.status).toBe(201);
    const apiKey = created.body.data.key as string;
    const v1Usage = () => server.api('/v1/usage', { headers: { authorization: `Bearer ${apiKey}` } });
    expect((await v1Usage()).status).toBe(200);

    const { attackerEmail, token } = await attackerAsksForEmailChange(u);
    const reset = await resetLinkFor(u.email);
    const done = await server.api('/auth/reset-password', { body: { token: reset, password: 'reset-password' } });
    expect(done.status).toBe(200);

    await expectEmailChangeRefused(u, token, attackerEmail, 'reset-password');
    // API keys made by whoever had the old password stop working; the list shows them revoked.
    const afterReset = await v1Usage();
    expect(afterReset.status).toBe(401);
    const keys = await server.api('/api-keys', { token: done.body.data.token });
    expect(keys.body.data.apiKeys).toEqual([expect.objectContaining({ revokedAt: expect.any(String) })]);
    // The owner can make a new one at once.
    expect((await server.api('/api-keys', { body: { name: 'New' }, token: done.body.data.token })).status).toBe(201);
  });

  it('"sign out everywhere" voids the pending e-mail change and reset links too', async () => {
    const u = await registerUser(server, { password: 'first-password' });
    const { attackerEmail, token } = await attackerAsksForEmailChange(u);
    const reset = await resetLinkFor(u.email);
    const out = await server.api('/auth/logout-all', { method: 'POST', token: u.token });
    expect(out.status).toBe(200);
    await expectEmailChangeRefused(u, token, attackerEmail, 'first-password');
    expect((await server.api('/auth/reset-password', { body: { token: reset, password: 'attacker-password' } })).body.code).toBe(
      'INVALID_TOKEN',
    );
  });

  it('a link still waiting in the outbox (mail server down) when the password changes is never sent', async () => {
    const u = await registerUser(server, { password: 'first-password' });
    const attackerEmail = unique('queued');
    await smtp.stop();
    try {
      const asked = await server.api('/users/email', {
        method: 'PUT',
        token: u.token,
        body: { newEmail: attackerEmail, password: 'first-password' },
      });
      expect(asked.status).toBe(200);
      const changed = await server.api('/users/change-password', {
        token: u.token,
        body: { currentPassword: 'first-password', newPassword: 'second-password' },
      });
      expect(changed.status).toBe(200);
    } finally {
      await smtp.start();
    }
    // The next attempt finds the link voided: that mail is given up, with the reason kept.
    const row = await eventually(
      async () => {
        const [r] = await server.database.query<{ status: string; last_error: string | null }>(
          `select status, last_error from outbound_emails where to_address = $1`,
          [attackerEmail],
        );
        return r?.status === 'failed' ? r : undefined;
      },
      20_000,
      'the queued change-of-e-mail mail given up',
    );
    expect(row.last_error).toMatch(/voided/);
    // The notice to the owner's own address still goes out; nothing ever reaches the new address.
    await nthMailTo(smtp, u.email, /being changed/);
    expect(smtp.received.filter((m) => m.envelope.to.includes(attackerEmail))).toEqual([]);
  });
});

/** A request with headers fetch will not send (Host), straight over HTTP. */
function rawPost(path: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const url = new URL(`/api${path}`, server.url);
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const HOSTILE = { host: 'evil.test', 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'https' };

describe('links in e-mails never follow the Host header', () => {
  it('a forgot-password request with Host: evil.test mails a link on the configured origin', async () => {
    const u = await registerUser(server);
    expect(await rawPost('/auth/forgot-password', { email: u.email }, HOSTILE)).toBe(202);
    const mail = await nthMailTo(smtp, u.email, RESET);
    const { url } = linkIn(mail, '/reset-password');
    // PUBLIC_URL is unset in tests: the configured HOST and the port the server listens on.
    expect(url.startsWith(`${server.url}/reset-password?token=`)).toBe(true);
    expect(server.url).toBe(`http://${server.config.HOST}:${new URL(server.url).port}`);
    expect(mail.text).not.toContain('evil.test');
  });

  it('sign-up verification, change of e-mail, team invitations and the newsletter welcome too', async () => {
    const email = unique('signup');
    expect(await rawPost('/auth/register', { name: 'Hostile', email, password: 'a-good-password' }, HOSTILE)).toBe(201);
    const verify = await nthMailTo(smtp, email, /Confirm your email address/);
    expect(linkIn(verify, '/verify-email').url.startsWith(`${server.url}/verify-email?token=`)).toBe(true);
    expect(verify.text).not.toContain('evil.test');

    const { owner, teamId } = await ownerWithTeam(server, server.database);
    const invitee = unique('invitee');
    const before = smtp.received.length;
    const invited = await new Promise<number>((resolve, reject) => {
      const payload = JSON.stringify({ email: invitee, role: 'member' });
      const req = http.request(
        new URL(`/api/teams/${teamId}/invitations`, server.url),
        {
          method: 'POST',
          headers: {
            ...HOSTILE,
            authorization: `Bearer ${owner.token}`,
            'content-type': 'application/json',
            'content-length': payload.length,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
    expect(invited).toBe(201);
    await invitationTokenFor(smtp, invitee, before);
    const invitation = smtp.received.filter((m) => m.envelope.to.includes(invitee)).at(-1)!;
    expect(invitation.text).toContain(`${server.url}/join?token=`);
    expect(invitation.text).not.toContain('evil.test');

    const reader = unique('reader');
    expect(await rawPost('/newsletter', { email: reader }, HOSTILE)).toBe(200);
    const welcome = await nthMailTo(smtp, reader, /./);
    expect(welcome.text).toContain(`${server.url}/unsubscribe?token=`);
    expect(welcome.text).not.toContain('evil.test');
    expect(welcome.raw).not.toContain('evil.test');
  });
});
