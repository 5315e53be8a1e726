import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/eventually';
import { linkIn, mailsTo, nthMailTo } from '../helpers/mail-links';
import { startTestServer, type TestServer } from '../helpers/server';
import { grantPlan, markVerified, registerUser, type TestUser } from '../helpers/users';
import { startSmtpStub, type SmtpStub } from '../stubs/smtp.stub';
import { startWebhookReceiver, type WebhookReceiver } from '../stubs/webhook-receiver.stub';

/**
 * DESIGN §22: a webhook endpoint is a credential that receives the account's data, so it ends with
 * the account's trust (password reset, password change, sign out everywhere) as API keys do; adding
 * an endpoint or rotating its secret e-mails the owner, in their language.
 */
let server: TestServer;
let smtp: SmtpStub;
let receiver: WebhookReceiver;

beforeAll(async () => {
  smtp = await startSmtpStub();
  receiver = await startWebhookReceiver();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, WEBHOOK_RETRY_BASE_MS: '200', WEBHOOK_TIMEOUT_MS: '2000' } });
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await smtp?.close();
});

const ADDED = /^A webhook endpoint was added to your Genius Lines account$/;
const ROTATED = /^The signing secret of your Genius Lines webhook endpoint was replaced$/;
const ADDED_SW = /^Anwani ya webhook imeongezwa kwenye akaunti yako ya Genius Lines$/;
const ROTATED_SW = /^Siri ya kusaini ya webhook yako ya Genius Lines imebadilishwa$/;
const TRUST_REASON = 'Turned off when the password was changed or reset, or every device was signed out: check that this URL is yours';

async function businessUser(): Promise<TestUser> {
  const user = await registerUser(server, { password: 'old-password-1' });
  await grantPlan(server.database, user.id, 'business');
  await markVerified(server.database, user.id);
  return user;
}

/** What an intruder who had the password sets up: an endpoint receiving everything, and an API key. */
async function intruderSetup(user: TestUser, path: string) {
  const hook = await server.api('/webhooks', {
    body: { url: `${receiver.url}${path}`, events: ['line.saved', 'generation.completed', 'campaign.completed'] },
    token: user.token,
  });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  const key = await server.api('/api-keys', { body: { name: 'intruder' }, token: user.token });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  // The endpoint works before the owner acts.
  await saveLine(user.token, `before ${path}`);
  await receiver.waitFor(1, (r) => r.path === path);
  return { endpointId: hook.body.data.endpoint.id as string, apiKey: key.body.data.key as string };
}

async function saveLine(token: string, text: string) {
  const res = await server.api('/lines/save', { body: { text, category: 'taglines', tone: 'funny' }, token });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
}

/** After the owner's action: the endpoint is disabled with the reason, gets nothing, and the API key is refused. */
async function expectTrustEnded(token: string, setup: { endpointId: string; apiKey: string }, path: string) {
  const list = await server.api('/webhooks', { token });
  expect(list.status).toBe(200);
  expect(list.body.data.endpoints).toEqual([
    expect.objectContaining({ id: setup.endpointId, status: 'disabled', disabledReason: TRUST_REASON }),
  ]);
  const before = receiver.received.filter((r) => r.path === path).length;
  await saveLine(token, `after ${path}`);
  await server.drain();
  expect(receiver.received.filter((r) => r.path === path)).toHaveLength(before);
  const v1 = await server.api('/v1/usage', { headers: { authorization: `Bearer ${setup.apiKey}` } });
  expect(v1.status).toBe(401);
  expect(v1.body).toMatchObject({ code: 'UNAUTHENTICATED', error: 'Invalid or revoked API key' });
}

describe('webhook endpoints and API keys end with the account trust', () => {
  it('a password reset disables the endpoints and revokes the keys', async () => {
    const owner = await businessUser();
    const setup = await intruderSetup(owner, '/reset');
    await server.api('/auth/forgot-password', { body: { email: owner.email } });
    const { token } = linkIn(await nthMailTo(smtp, owner.email, /Reset your Genius Lines password/), '/reset-password');
    const reset = await server.api('/auth/reset-password', { body: { token, password: 'new-password-22' } });
    expect(reset.status).toBe(200);
    await expectTrustEnded(reset.body.data.token, setup, '/reset');
  });

  it('a password change does the same, and the caller gets a fresh session pair that works', async () => {
    const owner = await businessUser();
    const setup = await intruderSetup(owner, '/change');
    const changed = await server.api('/users/change-password', {
      body: { currentPassword: 'old-password-1', newPassword: 'new-password-22' },
      token: owner.token,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ token: expect.any(String), refreshToken: expect.any(String) });
    expect((await server.api('/auth/me', { token: owner.token })).status).toBe(401);
    expect((await server.api('/auth/refresh', { body: { refreshToken: changed.body.data.refreshToken } })).status).toBe(200);
    await expectTrustEnded(changed.body.data.token, setup, '/change');
  });

  it('signing out everywhere does the same; rotating the secret turns the endpoint back on', async () => {
    const owner = await businessUser();
    const setup = await intruderSetup(owner, '/everywhere');
    const out = await server.api('/auth/logout-all', { method: 'POST', token: owner.token });
    expect(out.status).toBe(200);
    const token = out.body.data.token as string;
    expect((await server.api('/auth/me', { token })).status).toBe(200);
    await expectTrustEnded(token, setup, '/everywhere');

    // The owner checked the URL: rotating gives a new secret and turns it back on.
    const rotated = await server.api(`/webhooks/${setup.endpointId}/rotate-secret`, { method: 'POST', token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.endpoint).toMatchObject({ status: 'active', disabledReason: null });
    await saveLine(token, 'back on');
    await receiver.waitFor(1, (r) => r.path === '/everywhere' && r.raw.includes('back on'));
  });
});

describe('the owner hears of every new endpoint and every new secret', () => {
  it('e-mails the owner when an endpoint is added and when its secret is rotated, with a link to the list', async () => {
    const owner = await businessUser();
    const created = await server.api('/webhooks', { body: { url: `${receiver.url}/told`, events: ['line.saved'] }, token: owner.token });
    expect(created.status).toBe(201);
    const added = await nthMailTo(smtp, owner.email, ADDED);
    expect(added.text).toContain(`${receiver.url}/told`);
    expect(added.text).toContain(`${server.url}/api-docs#webhooks`);
    expect(added.text).not.toContain(created.body.data.secret);

    const id = created.body.data.endpoint.id as string;
    const rotated = await server.api(`/webhooks/${id}/rotate-secret`, { method: 'POST', token: owner.token });
    expect(rotated.status).toBe(200);
    const mail = await nthMailTo(smtp, owner.email, ROTATED);
    expect(mail.text).toContain(`${receiver.url}/told`);
    expect(mail.text).toContain(`${server.url}/api-docs#webhooks`);
    expect(mail.text).not.toContain(rotated.body.data.secret);
    expect(mailsTo(smtp, owner.email, ADDED)).toHaveLength(1);
  });

  it('writes in Kiswahili to an account that reads Kiswahili', async () => {
    const owner = await businessUser();
    expect((await server.api('/account/language', { method: 'PATCH', body: { language: 'sw' }, token: owner.token })).status).toBe(200);
    const created = await server.api('/webhooks', { body: { url: `${receiver.url}/sw`, events: ['line.saved'] }, token: owner.token });
    expect(created.status).toBe(201);
    const added = await nthMailTo(smtp, owner.email, ADDED_SW);
    expect(added.text).toContain(`${receiver.url}/sw`);
    expect(added.text).toContain('/api-docs#webhooks');
    await server.api(`/webhooks/${created.body.data.endpoint.id}/rotate-secret`, { method: 'POST', token: owner.token });
    const rotated = await nthMailTo(smtp, owner.email, ROTATED_SW);
    expect(rotated.text).toContain(`${receiver.url}/sw`);

    // The reason a trust reset gives is read in the account's language too.
    const out = await server.api('/auth/logout-all', { method: 'POST', token: owner.token });
    const list = await eventually(async () => {
      const res = await server.api('/webhooks', { token: out.body.data.token, headers: { 'accept-language': 'sw' } });
      return res.body.data?.endpoints?.[0]?.status === 'disabled' ? res.body.data.endpoints[0] : undefined;
    });
    expect(list.disabledReason).not.toBe(TRUST_REASON);
    expect(list.disabledReason).toMatch(/nenosiri/);
  });
});
