import { expect } from 'vitest';
import type { SmtpStub } from '../stubs/smtp.stub';
import type { TestDatabase } from './database';
import type { ApiClient } from './server';
import { grantPlan, markVerified, registerUser, type TestUser } from './users';

/** The invitation token from the last e-mail delivered to `email` (the link `/join?token=`). */
export async function invitationTokenFor(smtp: SmtpStub, email: string, after = 0): Promise<string> {
  const mail = await smtp.waitFor(
    (m) => m.envelope.to.includes(email) && /\/join\?token=/.test(m.text) && smtp.received.indexOf(m) >= after,
  );
  const match = /\/join\?token=([A-Za-z0-9_%-]+)/.exec(mail.text);
  return decodeURIComponent(match![1]!);
}

/** A Business owner (verified) with a team. */
export async function ownerWithTeam(api: ApiClient, database: TestDatabase, name = 'Owner') {
  const owner = await registerUser(api, { name });
  await grantPlan(database, owner.id, 'business');
  await markVerified(database, owner.id);
  const res = await api.api('/teams', { body: { name: 'Acme' }, token: owner.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { owner, teamId: res.body.data.team.id as string };
}

/** Invites `user` (by `inviter`), reads the mail and joins with its token. */
export async function inviteAndJoin(
  api: ApiClient,
  smtp: SmtpStub,
  teamId: string,
  inviter: TestUser,
  user: TestUser,
  role: 'admin' | 'member' = 'member',
): Promise<void> {
  const before = smtp.received.length;
  const inv = await api.api(`/teams/${teamId}/invitations`, { body: { email: user.email, role }, token: inviter.token });
  expect(inv.status, JSON.stringify(inv.body)).toBe(201);
  const token = await invitationTokenFor(smtp, user.email, before);
  const joined = await api.api('/teams/join', { body: { token }, token: user.token });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
}
