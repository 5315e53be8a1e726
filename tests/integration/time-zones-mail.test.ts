/**
 * DESIGN.md §20: times in e-mails are in the recipient's time zone, with the zone named; Kiswahili on
 * the 24-hour clock (never "saa" before a figure). Read from the mail the SMTP test server received.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nthMailTo } from '../helpers/mail-links';
import type { TestServer } from '../helpers/server';
import { startServerWithMail, stopServerWithMail } from '../helpers/mail-server';
import { ownerWithTeam } from '../helpers/teams';
import { registerUser, type TestUser } from '../helpers/users';
import type { SmtpStub } from '../stubs/smtp.stub';

let smtp: SmtpStub;
let server: TestServer;
beforeAll(async () => ({ server, smtp } = await startServerWithMail()));
afterAll(() => stopServerWithMail(server, smtp));

const setZone = (u: TestUser, timeZone: string) =>
  server.api('/account/time-zone', { method: 'PATCH', token: u.token, body: { timeZone } });
const setLanguage = (u: TestUser, language: string) =>
  server.api('/account/language', { method: 'PATCH', token: u.token, body: { language } });
/** The wall clock at `at` shifted by a fixed offset (Nairobi +3 and Honolulu −10 keep no daylight saving). */
const wall = (at: Date, offsetHours: number) => new Date(at.getTime() + offsetHours * 3_600_000);
const two = (n: number) => String(n).padStart(2, '0');

describe('times in e-mails', () => {
  it("a password reset for a Kiswahili account in Nairobi says until when, on Nairobi's 24-hour clock", async () => {
    const u = await registerUser(server);
    await setLanguage(u, 'sw');
    await setZone(u, 'Africa/Nairobi');
    expect((await server.api('/auth/forgot-password', { body: { email: u.email } })).status).toBe(202);
    const mail = await nthMailTo(smtp, u.email, /^Badilisha nenosiri lako la Genius Lines$/);
    const [token] = await server.database.query<{ expires_at: Date }>(
      `select expires_at from account_tokens where user_id = $1 and kind = 'password_reset' order by created_at desc limit 1`,
      [u.id],
    );
    const local = wall(token!.expires_at, 3);
    expect(mail.text).toContain(`kwa muda wa dakika 30 (hadi `);
    expect(mail.text).toContain(`, ${two(local.getUTCHours())}:${two(local.getUTCMinutes())} EAT).`);
    expect(mail.text).not.toMatch(/saa \d|UTC/);
  });

  it('an English account in Honolulu reads the same link lifetime in HST', async () => {
    const u = await registerUser(server);
    await setZone(u, 'Pacific/Honolulu');
    expect((await server.api('/auth/forgot-password', { body: { email: u.email } })).status).toBe(202);
    const mail = await nthMailTo(smtp, u.email, /^Reset your Genius Lines password$/);
    const [token] = await server.database.query<{ expires_at: Date }>(
      `select expires_at from account_tokens where user_id = $1 and kind = 'password_reset' order by created_at desc limit 1`,
      [u.id],
    );
    const local = wall(token!.expires_at, -10);
    const hour12 = local.getUTCHours() % 12 || 12;
    const ampm = local.getUTCHours() < 12 ? 'AM' : 'PM';
    expect(mail.text).toMatch(
      new RegExp(`for 30 minutes \\(until \\w+ \\d{1,2}, \\d{4}, ${hour12}:${two(local.getUTCMinutes())}\\s${ampm} HST\\)`),
    );
    expect(mail.text).not.toMatch(/UTC|GMT/);
  });

  it("an invitation's expiry is in the invitee's zone when they have an account", async () => {
    const { owner, teamId } = await ownerWithTeam(server, server.database);
    await setLanguage(owner, 'sw');
    const invitee = await registerUser(server);
    await setZone(invitee, 'Africa/Nairobi');
    const inv = await server.api(`/teams/${teamId}/invitations`, { body: { email: invitee.email, role: 'member' }, token: owner.token });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    const mail = await nthMailTo(smtp, invitee.email, /^Jiunge na Acme kwenye Genius Lines$/);
    const [row] = await server.database.query<{ expires_at: Date }>(`select expires_at from team_invitations where email = $1`, [
      invitee.email,
    ]);
    const local = wall(row!.expires_at, 3);
    expect(mail.text).toContain(`${two(local.getUTCHours())}:${two(local.getUTCMinutes())} EAT. Ingia (au jisajili)`);
    expect(mail.text).not.toMatch(/saa \d|UTC/);
  });
});
