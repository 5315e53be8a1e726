import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, mailsTo, nthMailTo } from '../helpers/mail-links';
import type { TestServer } from '../helpers/server';
import { startServerWithMail, stopServerWithMail } from '../helpers/mail-server';
import { grantPlan, markVerified, registerUser, type TestUser } from '../helpers/users';
import type { SmtpStub } from '../stubs/smtp.stub';

/** DESIGN.md §14: the account's language, the request's language for server messages, e-mails in the account's language. */
let smtp: SmtpStub;
let server: TestServer;
beforeAll(async () => ({ server, smtp } = await startServerWithMail()));
afterAll(() => stopServerWithMail(server, smtp));

const setLanguage = (u: TestUser, language: unknown) =>
  server.api('/account/language', { method: 'PATCH', token: u.token, body: { language } });
const forgot = (email: string) => server.api('/auth/forgot-password', { body: { email } });
const badLogin = (email: string, headers: Record<string, string> = {}) =>
  server.api('/auth/login', { body: { email, password: 'not-the-password' }, headers });

describe("the account's language", () => {
  it('is English for a new account, and sign-up keeps the language the browser shows', async () => {
    const en = await registerUser(server);
    expect((await server.api('/auth/me', { token: en.token })).body.data.user.language).toBe('en');

    const res = await server.api('/auth/register', {
      body: { name: 'Wanjiku', email: `wanjiku-${Date.now()}@example.com`, password: 'correct horse battery', language: 'sw' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.user.language).toBe('sw');
    // No language in the body: the request's (Accept-Language); an unknown one is English, never refused.
    const byHeader = await server.api('/auth/register', {
      body: { name: 'Baraka', email: `baraka-${Date.now()}@example.com`, password: 'correct horse battery' },
      headers: { 'accept-language': 'sw-KE,sw;q=0.9' },
    });
    expect(byHeader.body.data.user.language).toBe('sw');
    const unknown = await server.api('/auth/register', {
      body: { name: 'Amani', email: `amani-${Date.now()}@example.com`, password: 'correct horse battery', language: 'klingon' },
    });
    expect(unknown.status).toBe(201);
    expect(unknown.body.data.user.language).toBe('en');
  });

  it('PATCH /account/language answers the updated account; the profile and the data export carry it', async () => {
    const u = await registerUser(server);
    const res = await setLanguage(u, 'sw');
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: u.id, email: u.email, language: 'sw' });
    expect((await server.api('/auth/me', { token: u.token })).body.data.user.language).toBe('sw');

    const exported = await fetch(`${server.url}/api/users/export`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(exported.status).toBe(200);
    expect(JSON.parse(await exported.text()).profile.language).toBe('sw');
  });

  it('refuses an unknown language with 400 and a clear message, and needs a session', async () => {
    const u = await registerUser(server);
    for (const language of ['fr', '', 42, null]) {
      const res = await setLanguage(u, language);
      expect(res.status, String(language)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.body.error).toBe('language: Unknown language: choose one of en, sw (English, Kiswahili)');
    }
    expect((await server.api('/account/language', { method: 'PATCH', body: { language: 'sw' } })).status).toBe(401);
    expect((await server.api('/auth/me', { token: u.token })).body.data.user.language).toBe('en');
  });

  it('a stored value we do not speak reads as English: in the account, its messages and its e-mails', async () => {
    const u = await registerUser(server);
    await server.database.query(`update users set language = 'xx' where id = $1`, [u.id]);
    expect((await server.api('/auth/me', { token: u.token })).body.data.user.language).toBe('en');
    const res = await server.api('/account/language', { method: 'PATCH', token: u.token, body: { language: 'de' } });
    expect(res.body.error).toMatch(/^language: Unknown language/);
    expect((await forgot(u.email)).status).toBe(202);
    const mail = await nthMailTo(smtp, u.email, /Reset your Genius Lines password/);
    expect(mail.text).toMatch(/^Hello Test User,/);
  });
});

describe('e-mails in the account language', () => {
  it('after switching to Kiswahili, the next e-mail (read from the SMTP server) is in Kiswahili; back to English, English again', async () => {
    const u = await registerUser(server, { name: 'Akinyi' });
    // The sign-up's verification mail: English, the account's language then.
    await nthMailTo(smtp, u.email, /Confirm your email address/);

    expect((await setLanguage(u, 'sw')).status).toBe(200);
    expect((await server.api('/auth/resend-verification', { token: u.token, body: {} })).status).toBeLessThan(300);
    const verify = await nthMailTo(smtp, u.email, /^Thibitisha barua pepe yako$/);
    expect(verify.text).toMatch(/^Habari Akinyi,/);
    expect(verify.text).toContain('Tafadhali thibitisha kwamba barua pepe hii ni yako');
    expect(verify.text).toMatch(/kwa muda wa (dakika|saa) \d+ \(hadi \d+ \w+ \d{4}, \d{2}:\d{2} [A-Z]+\)\./);
    expect(verify.html).toContain('Thibitisha barua pepe yangu');
    expect(linkIn(verify, '/verify-email').token.length).toBeGreaterThanOrEqual(43);

    expect((await forgot(u.email)).status).toBe(202);
    const reset = await nthMailTo(smtp, u.email, /^Badilisha nenosiri lako la Genius Lines$/);
    expect(reset.text).toContain('Fungua kiungo hiki uchague nenosiri jipya');
    expect(reset.text.replace(/https?:\S+/g, '')).not.toMatch(/\b(Hello|password|minutes)\b/);

    expect((await setLanguage(u, 'en')).status).toBe(200);
    expect((await forgot(u.email)).status).toBe(202);
    const english = await nthMailTo(smtp, u.email, /^Reset your Genius Lines password$/);
    expect(english.text).toMatch(/^Hello Akinyi,/);
    expect(mailsTo(smtp, u.email, /^Badilisha/)).toHaveLength(1);
  });
});

describe('e-mails to people without an account', () => {
  it("a team invitation goes out in the inviter's language", async () => {
    const owner = await registerUser(server, { name: 'Wanjiku' });
    await grantPlan(server.database, owner.id, 'business');
    await markVerified(server.database, owner.id);
    await setLanguage(owner, 'sw');
    const team = await server.api('/teams', { body: { name: 'Duka Letu' }, token: owner.token });
    expect(team.status).toBeLessThan(300);
    const invitee = `invitee-${Date.now()}@example.com`;
    const inv = await server.api(`/teams/${team.body.data.team.id}/invitations`, { body: { email: invitee }, token: owner.token });
    expect(inv.status).toBeLessThan(300);
    const mail = await nthMailTo(smtp, invitee, /^Jiunge na Duka Letu kwenye Genius Lines$/);
    expect(mail.text).toContain('Wanjiku amekualika ujiunge na timu "Duka Letu" kwenye Genius Lines kama mwanachama.');
    expect(linkIn(mail, '/join').token.length).toBeGreaterThanOrEqual(43);
  });

  it("the newsletter welcome goes out in the subscribing request's language", async () => {
    const email = `reader-${Date.now()}@example.com`;
    const res = await server.api('/newsletter', { body: { email }, headers: { 'accept-language': 'sw-KE' } });
    expect(res.status).toBeLessThan(300);
    const mail = await nthMailTo(smtp, email, /^Karibu Genius Lines$/);
    expect(mail.text).toContain('Asante kwa kujiunga na jarida la Genius Lines!');
  });
});

describe("server messages in the request's language", () => {
  it('Accept-Language: sw answers Kiswahili words with the same English code', async () => {
    const u = await registerUser(server);
    const en = await badLogin(u.email);
    const sw = await badLogin(u.email, { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.5' });
    expect(en.status).toBe(401);
    expect(sw.status).toBe(401);
    expect(en.body).toMatchObject({ code: 'UNAUTHENTICATED', error: 'Invalid email or password' });
    expect(sw.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED', error: 'Barua pepe au nenosiri si sahihi' });
  });

  it('validation messages and their details follow it too; the field names stay', async () => {
    const body = { name: 'Juma', email: 'juma@example.com', password: '123' };
    const en = await server.api('/auth/register', { body });
    const sw = await server.api('/auth/register', { body, headers: { 'accept-language': 'sw' } });
    expect(en.body).toMatchObject({ code: 'VALIDATION_FAILED', error: 'password: Password must be at least 6 characters long' });
    expect(sw.status).toBe(400);
    expect(sw.body).toMatchObject({ code: 'VALIDATION_FAILED', error: 'password: Nenosiri liwe na herufi 6 au zaidi' });
    expect(sw.body.details).toEqual([{ path: 'password', message: 'Nenosiri liwe na herufi 6 au zaidi' }]);
  });

  it('the gl_lang cookie the switch sets counts before Accept-Language; an unknown language anywhere is English', async () => {
    const u = await registerUser(server);
    expect((await badLogin(u.email, { cookie: 'theme=dark; gl_lang=sw', 'accept-language': 'en' })).body.error).toBe(
      'Barua pepe au nenosiri si sahihi',
    );
    const unknown: Record<string, string>[] = [
      { cookie: 'gl_lang=fr' },
      { 'accept-language': 'fr-FR,de;q=0.8' },
      { 'accept-language': ';;;q=x' },
    ];
    for (const headers of unknown) {
      const res = await badLogin(u.email, headers);
      expect(res.body.error, JSON.stringify(headers)).toBe('Invalid email or password');
    }
  });

  it("a signed-in account's language comes first", async () => {
    const u = await registerUser(server);
    await setLanguage(u, 'sw');
    const res = await server.api('/lines/saved/00000000-0000-4000-8000-000000000000', {
      method: 'DELETE',
      token: u.token,
      headers: { 'accept-language': 'en', cookie: 'gl_lang=en' },
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect(res.body.error).toMatch(/haukupatikana/);
  });
});
