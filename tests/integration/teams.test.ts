import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamsRepository } from '@gl/core/server';
import { reconcileOnce } from '@gl/worker/reconciler';
import { eventually } from '../helpers/eventually';
import { TEST_REDIS_URL } from '../helpers/redis';
import { startTestServer, type TestServer } from '../helpers/server';
import { invitationTokenFor, inviteAndJoin, ownerWithTeam } from '../helpers/teams';
import { grantPlan, markVerified, registerUser, type TestUser } from '../helpers/users';
import { startSmtpStub, type SmtpStub } from '../stubs/smtp.stub';

let server: TestServer;
let smtp: SmtpStub;

beforeAll(async () => {
  smtp = await startSmtpStub();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Genius Lines <hello@geniuslines.test>' } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const line = (text: string) => ({ text, category: 'taglines', tone: 'bold' });

describe('creating a team', () => {
  it('needs the Business plan (403 PLAN_REQUIRED), answers the team with the caller as owner, one team per user (409)', async () => {
    const free = await registerUser(server);
    const refused = await server.api('/teams', { body: { name: 'Nope' }, token: free.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAN_REQUIRED');
    expect((await server.api('/teams/current', { token: free.token })).body).toEqual({ success: true, data: null });

    const { owner, teamId } = await ownerWithTeam(server, server.database);
    const current = await server.api('/teams/current', { token: owner.token });
    expect(current.body.data).toMatchObject({
      team: { id: teamId, name: 'Acme', seats: 5, seatsUsed: 1, active: true },
      role: 'owner',
      members: [{ userId: owner.id, email: owner.email, role: 'owner' }],
      invitations: [],
    });
    expect((await server.api('/teams', { body: { name: 'Second' }, token: owner.token })).status).toBe(409);
  });

  it('rejects bad input with a clear 400', async () => {
    const { owner, teamId } = await ownerWithTeam(server, server.database);
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(81) }, { name: 'ok', extra: 1 }]) {
      const res = await server.api(`/teams/${teamId}`, { method: 'PUT', body, token: owner.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await server.api('/teams/not-a-uuid/lines', { token: owner.token })).status).toBe(400);
    const badInvites = [{ email: 'nope' }, { email: 'a@b.co', role: 'owner' }, { email: 'a@b.co', role: 'member', x: 1 }];
    for (const body of badInvites)
      expect((await server.api(`/teams/${teamId}/invitations`, { body, token: owner.token })).status).toBe(400);
    expect((await server.api(`/teams/${teamId}/lines`, { body: line('x'.repeat(501)), token: owner.token })).status).toBe(400);
    expect((await server.api(`/teams/${teamId}/lines?cursor=garbage!`, { token: owner.token })).status).toBe(400);
    expect((await server.api('/teams/join', { body: { token: '' }, token: owner.token })).status).toBe(400);
    expect((await server.api(`/teams/${teamId}/lines`)).status).toBe(401);
  });
});

describe('the IDOR matrix: every team route × outsider, member, admin, owner', () => {
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let teamId: string;
  let otherTeamId: string;

  beforeAll(async () => {
    ({ owner, teamId } = await ownerWithTeam(server, server.database));
    admin = await registerUser(server, { name: 'Ada Admin' });
    member = await registerUser(server, { name: 'Max Member' });
    await markVerified(server.database, admin.id);
    await inviteAndJoin(server, smtp, teamId, owner, admin, 'admin');
    await inviteAndJoin(server, smtp, teamId, owner, member, 'member');
    // The outsider owns another team with its own library: never visible from team A, and A never from it.
    ({ owner: outsider, teamId: otherTeamId } = await ownerWithTeam(server, server.database, 'Olga Outsider'));
    expect((await server.api(`/teams/${otherTeamId}/lines`, { body: line('Outsider secret line'), token: outsider.token })).status).toBe(
      201,
    );
  });

  const as = (u: TestUser) => u.token;

  it('reads: outsiders 404, every member 200, never another team’s data', async () => {
    for (const path of [`/teams/${teamId}/lines`, `/teams/${teamId}/usage`]) {
      const res = await server.api(path, { token: as(outsider) });
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
      expect(JSON.stringify(res.body)).not.toContain(owner.email);
      for (const u of [member, admin, owner]) expect((await server.api(path, { token: as(u) })).status, path).toBe(200);
    }
    for (const u of [member, admin, owner]) {
      const res = await server.api(`/teams/${otherTeamId}/lines`, { token: as(u) });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Outsider secret line');
    }
    const current = await server.api('/teams/current', { token: as(member) });
    expect(current.body.data.team.id).toBe(teamId);
    expect(current.body.data.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin', 'member']);
    expect(current.body.data.invitations).toEqual([]); // members do not see invitations
  });

  it('rename: outsider 404, member 403, admin and owner 200', async () => {
    const put = (u: TestUser, name: string) => server.api(`/teams/${teamId}`, { method: 'PUT', body: { name }, token: as(u) });
    expect((await put(outsider, 'Hijacked')).status).toBe(404);
    expect((await put(member, 'By member')).status).toBe(403);
    expect((await put(admin, 'By admin')).status).toBe(200);
    expect((await put(owner, 'Acme Team')).body.data.team.name).toBe('Acme Team');
  });

  it('lines: save by any member (201, savedBy), outsider 404; delete by saver, admin or owner only', async () => {
    const save = (u: TestUser, text: string) => server.api(`/teams/${teamId}/lines`, { body: line(text), token: as(u) });
    expect((await save(outsider, 'Outsider line')).status).toBe(404);
    const byOwner1 = (await save(owner, 'Owner line one')).body.data.savedLine;
    const byOwner2 = (await save(owner, 'Owner line two')).body.data.savedLine;
    const byMember = await save(member, 'Member line');
    expect(byMember.status).toBe(201);
    expect(byMember.body.data.savedLine.savedBy).toEqual({ userId: member.id, name: 'Max Member' });
    const again = await save(admin, 'MEMBER LINE');
    expect(again.status).toBe(200);
    expect(again.body.data.alreadySaved).toBe(true);

    const del = (u: TestUser, id: string) => server.api(`/teams/${teamId}/lines/${id}`, { method: 'DELETE', token: as(u) });
    expect((await del(outsider, byOwner1.id)).status).toBe(404);
    expect((await del(member, byOwner1.id)).status).toBe(403);
    expect((await del(admin, byOwner1.id)).status).toBe(200);
    expect((await del(owner, byOwner2.id)).status).toBe(200);
    expect((await del(member, byMember.body.data.savedLine.id)).status).toBe(200);
    expect((await del(owner, byOwner2.id)).status).toBe(404);
    // The outsider's own team line cannot be deleted through team A's path.
    const [outsiderLine] = (await server.api(`/teams/${otherTeamId}/lines`, { token: as(outsider) })).body.data.savedLines;
    expect((await del(owner, outsiderLine.id)).status).toBe(404);
    expect((await server.api(`/teams/${otherTeamId}/lines`, { token: as(outsider) })).body.data.total).toBe(1);
  });

  it('invitations: outsider 404, member 403, admin and owner 201; resend and revoke likewise', async () => {
    const invite = (u: TestUser, email: string) =>
      server.api(`/teams/${teamId}/invitations`, { body: { email, role: 'member' }, token: as(u) });
    expect((await invite(outsider, 'x1@example.com')).status).toBe(404);
    expect((await invite(member, 'x2@example.com')).status).toBe(403);
    const byAdmin = await invite(admin, 'x3@example.com');
    expect(byAdmin.status).toBe(201);
    const byOwner = await invite(owner, 'x4@example.com');
    expect(byOwner.status).toBe(201);
    const seen = (await server.api('/teams/current', { token: as(admin) })).body.data;
    expect(seen.invitations.map((i: { email: string }) => i.email).sort()).toEqual(['x3@example.com', 'x4@example.com']);
    expect(seen.team.seatsUsed).toBe(5);

    const resend = (u: TestUser, id: string) => server.api(`/teams/${teamId}/invitations/${id}/resend`, { method: 'POST', token: as(u) });
    expect((await resend(outsider, byAdmin.body.data.invitation.id)).status).toBe(404);
    expect((await resend(member, byAdmin.body.data.invitation.id)).status).toBe(403);
    expect((await resend(admin, byAdmin.body.data.invitation.id)).status).toBe(200);

    const revoke = (u: TestUser, id: string) => server.api(`/teams/${teamId}/invitations/${id}`, { method: 'DELETE', token: as(u) });
    expect((await revoke(outsider, byAdmin.body.data.invitation.id)).status).toBe(404);
    expect((await revoke(member, byAdmin.body.data.invitation.id)).status).toBe(403);
    expect((await revoke(admin, byAdmin.body.data.invitation.id)).status).toBe(200);
    expect((await revoke(owner, byOwner.body.data.invitation.id)).status).toBe(200);
    expect((await revoke(owner, byOwner.body.data.invitation.id)).status).toBe(404);
  });

  it('roles: owner only; outsider 404; the owner cannot be removed; members leave, the owner cannot', async () => {
    const setRole = (u: TestUser, target: TestUser, role: string) =>
      server.api(`/teams/${teamId}/members/${target.id}`, { method: 'PUT', body: { role }, token: as(u) });
    expect((await setRole(outsider, member, 'admin')).status).toBe(404);
    expect((await setRole(member, member, 'admin')).status).toBe(403);
    expect((await setRole(admin, member, 'admin')).status).toBe(403);
    expect((await setRole(owner, member, 'member')).body.data.member).toMatchObject({ userId: member.id, role: 'member' });
    expect((await setRole(owner, outsider, 'member')).status).toBe(404);

    const remove = (u: TestUser, target: TestUser) =>
      server.api(`/teams/${teamId}/members/${target.id}`, { method: 'DELETE', token: as(u) });
    expect((await remove(outsider, member)).status).toBe(404);
    expect((await remove(member, admin)).status).toBe(403);
    const ownerOut = await remove(admin, owner);
    expect(ownerOut.status).toBe(400);
    expect((await remove(owner, owner)).status).toBe(400);

    const leave = (u: TestUser) => server.api(`/teams/${teamId}/leave`, { method: 'POST', token: as(u) });
    expect((await leave(outsider)).status).toBe(404);
    expect((await leave(owner)).status).toBe(400);
    expect((await leave(member)).status).toBe(200);
    // Saving to a team one just left: 404, nothing saved.
    expect((await server.api(`/teams/${teamId}/lines`, { body: line('After leaving'), token: as(member) })).status).toBe(404);
    expect((await leave(member)).status).toBe(404);

    const usage = await server.api(`/teams/${teamId}/usage`, { token: as(admin) });
    expect(usage.body.data.members.map((m: { userId: string }) => m.userId)).toEqual([owner.id, admin.id]);
    expect((await remove(admin, admin)).status).toBe(200);
    expect((await server.api(`/teams/${teamId}/lines`, { token: as(admin) })).status).toBe(404);
  });
});

describe('only the owner makes or removes admins', () => {
  it('an admin invites and removes members, but inviting an admin or removing one is 403 with a clear message; the owner can', async () => {
    const { owner, teamId } = await ownerWithTeam(server, server.database);
    const [ada, abe, max] = [
      await registerUser(server, { name: 'Ada' }),
      await registerUser(server, { name: 'Abe' }),
      await registerUser(server),
    ];
    await markVerified(server.database, ada.id);
    await inviteAndJoin(server, smtp, teamId, owner, ada, 'admin');
    await inviteAndJoin(server, smtp, teamId, owner, abe, 'admin');
    await inviteAndJoin(server, smtp, teamId, ada, max, 'member');

    const inviteAdmin = await server.api(`/teams/${teamId}/invitations`, {
      body: { email: 'would-be-admin@example.com', role: 'admin' },
      token: ada.token,
    });
    expect(inviteAdmin.status).toBe(403);
    expect(inviteAdmin.body).toMatchObject({ success: false, code: 'FORBIDDEN', error: "Only the team's owner can make or remove admins" });
    expect((await server.api('/teams/current', { token: owner.token })).body.data.invitations).toEqual([]);

    const removeAdmin = await server.api(`/teams/${teamId}/members/${abe.id}`, { method: 'DELETE', token: ada.token });
    expect(removeAdmin.status).toBe(403);
    expect(removeAdmin.body.error).toBe("Only the team's owner can make or remove admins");
    // Admins still manage members.
    expect((await server.api(`/teams/${teamId}/members/${max.id}`, { method: 'DELETE', token: ada.token })).status).toBe(200);
    // The owner does both.
    expect(
      (await server.api(`/teams/${teamId}/invitations`, { body: { email: 'new-admin@example.com', role: 'admin' }, token: owner.token }))
        .status,
    ).toBe(201);
    expect((await server.api(`/teams/${teamId}/members/${abe.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    const members = (await server.api('/teams/current', { token: owner.token })).body.data.members as Array<{ userId: string }>;
    expect(members.map((m) => m.userId).sort()).toEqual([owner.id, ada.id].sort());
  });
});

describe('invitation tokens stay out of the job queue', () => {
  it('the e-mail job carries no token: nothing in Redis holds the link the invitee receives', async () => {
    const { owner, teamId } = await ownerWithTeam(server, server.database);
    const invitee = await registerUser(server);
    const before = smtp.received.length;
    const inv = await server.api(`/teams/${teamId}/invitations`, { body: { email: invitee.email }, token: owner.token });
    expect(inv.status).toBe(201);
    const token = await invitationTokenFor(smtp, invitee.email, before);
    const invitationId = inv.body.data.invitation.id as string;

    const redis = new Redis(TEST_REDIS_URL);
    try {
      const job = await redis.hgetall(`${server.prefix}:email:email-team-invitation-${invitationId}-1`);
      expect(JSON.parse(job.data!)).toEqual({ kind: 'team-invitation', invitationId, sends: 1 });
      // Anywhere under this server's prefix (jobs, their return values, events): not the token.
      for (const key of await redis.keys(`${server.prefix}*`)) {
        const type = await redis.type(key);
        const dump =
          type === 'hash'
            ? JSON.stringify(await redis.hgetall(key))
            : type === 'string'
              ? String(await redis.get(key))
              : type === 'list'
                ? JSON.stringify(await redis.lrange(key, 0, -1))
                : type === 'stream'
                  ? JSON.stringify(await redis.xrange(key, '-', '+'))
                  : type === 'zset'
                    ? JSON.stringify(await redis.zrange(key, 0, -1))
                    : '';
        expect(dump.includes(token), key).toBe(false);
      }
    } finally {
      redis.disconnect();
    }
    // PostgreSQL holds only its hash; the link works once.
    const [row] = await server.database.query<{ token_hash: string }>(`select token_hash from team_invitations where id = $1`, [
      invitationId,
    ]);
    expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect((await server.api('/teams/join', { body: { token }, token: invitee.token })).status).toBe(200);
  });
});

describe('ownership transfer', () => {
  it('the owner hands the team over: the new owner’s Business plan keeps it active, the old owner becomes an admin and may leave', async () => {
    const { owner, teamId } = await ownerWithTeam(server, server.database);
    const next = await registerUser(server, { name: 'Nia Next' });
    await inviteAndJoin(server, smtp, teamId, owner, next, 'admin');
    expect(await server.services.ctx.db.transaction((tx) => teamsRepository.ownsTeamWithMembers(tx, owner.id))).toBe(true);

    const res = await server.api(`/teams/${teamId}/members/${next.id}`, { method: 'PUT', body: { role: 'owner' }, token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data.member.role).toBe('owner');
    const current = (await server.api('/teams/current', { token: owner.token })).body.data;
    expect(current.role).toBe('admin');
    // The new owner has no Business plan of their own: the team is read-only until they have one.
    expect(current.team.active).toBe(false);
    await grantPlan(server.database, next.id, 'business');
    expect((await server.api('/teams/current', { token: owner.token })).body.data.team.active).toBe(true);
    // The former owner can no longer change roles, and can leave.
    expect(
      (await server.api(`/teams/${teamId}/members/${next.id}`, { method: 'PUT', body: { role: 'member' }, token: owner.token })).status,
    ).toBe(403);
    expect((await server.api(`/teams/${teamId}/leave`, { method: 'POST', token: owner.token })).status).toBe(200);
    expect((await server.api('/teams/current', { token: owner.token })).body.data).toBeNull();
    expect(await teamsRepository.ownsTeamWithMembers(server.services.ctx.db, next.id)).toBe(false);
  });
});

describe('account export and deletion', () => {
  const deleteAccount = (u: TestUser) =>
    server.api('/users/account', { method: 'DELETE', token: u.token, body: { password: u.password, confirm: 'DELETE' } });

  it('the export lists the team membership; an owner with members must transfer first (409); a member leaves by deleting; an owner alone takes the team along', async () => {
    const { owner, teamId } = await ownerWithTeam(server, server.database);
    const member = await registerUser(server, { name: 'Mo Member' });
    await inviteAndJoin(server, smtp, teamId, owner, member);

    const exported = await fetch(`${server.url}/api/users/export`, { headers: { authorization: `Bearer ${member.token}` } });
    expect(exported.status).toBe(200);
    expect((await exported.json()).teamMemberships).toEqual([expect.objectContaining({ teamId, teamName: 'Acme', role: 'member' })]);

    const refused = await deleteAccount(owner);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: 'CONFLICT', error: 'Transfer ownership of your team first' });
    expect((await server.api('/teams/current', { token: owner.token })).body.data.team.id).toBe(teamId);

    expect((await deleteAccount(member)).status).toBe(200);
    const members = (await server.api('/teams/current', { token: owner.token })).body.data.members as { userId: string }[];
    expect(members.map((m) => m.userId)).toEqual([owner.id]);

    expect((await deleteAccount(owner)).status).toBe(200);
    expect(await teamsRepository.teamById(server.services.ctx.db, teamId)).toBeUndefined();
  });
});

describe('invitations and joining', () => {
  it('single use, e-mail must match, one team per user, revoked and expired tokens are 400 INVALID_TOKEN', async () => {
    const { owner, teamId } = await ownerWithTeam(server, server.database);
    const invitee = await registerUser(server);
    const stranger = await registerUser(server);

    const before = smtp.received.length;
    await server.api(`/teams/${teamId}/invitations`, { body: { email: invitee.email.toUpperCase(), role: 'member' }, token: owner.token });
    const token = await invitationTokenFor(smtp, invitee.email, before);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [row] = await server.database.query<{ token_hash: string }>(`select token_hash from team_invitations where email = $1`, [
      invitee.email,
    ]);
    expect(row!.token_hash).not.toContain(token);

    const foreign = await server.api('/teams/join', { body: { token }, token: stranger.token });
    expect(foreign.status).toBe(403);
    expect((await server.api('/teams/join', { body: { token: 'A'.repeat(43) }, token: invitee.token })).body.code).toBe('INVALID_TOKEN');

    const [a, b] = await Promise.all([
      server.api('/teams/join', { body: { token }, token: invitee.token }),
      server.api('/teams/join', { body: { token }, token: invitee.token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const members = await server.database.query(`select 1 from team_members where user_id = $1`, [invitee.id]);
    expect(members).toHaveLength(1);

    // Already a member: inviting again is 409; joining a second team is 409.
    expect((await server.api(`/teams/${teamId}/invitations`, { body: { email: invitee.email }, token: owner.token })).status).toBe(409);
    const other = await ownerWithTeam(server, server.database);
    const before2 = smtp.received.length;
    await server.api(`/teams/${other.teamId}/invitations`, { body: { email: invitee.email }, token: other.owner.token });
    const second = await server.api('/teams/join', {
      body: { token: await invitationTokenFor(smtp, invitee.email, before2) },
      token: invitee.token,
    });
    expect(second.status).toBe(409);

    // Revoked, and expired (stored time moved), tokens.
    const before3 = smtp.received.length;
    const inv = await server.api(`/teams/${teamId}/invitations`, { body: { email: stranger.email }, token: owner.token });
    const revokedToken = await invitationTokenFor(smtp, stranger.email, before3);
    await server.api(`/teams/${teamId}/invitations/${inv.body.data.invitation.id}`, { method: 'DELETE', token: owner.token });
    expect((await server.api('/teams/join', { body: { token: revokedToken }, token: stranger.token })).body.code).toBe('INVALID_TOKEN');

    const before4 = smtp.received.length;
    await server.api(`/teams/${teamId}/invitations`, { body: { email: stranger.email }, token: owner.token });
    const expiring = await invitationTokenFor(smtp, stranger.email, before4);
    await server.database.query(
      `update team_invitations set expires_at = now() - interval '1 minute' where email = $1 and revoked_at is null`,
      [stranger.email],
    );
    expect((await server.api('/teams/join', { body: { token: expiring }, token: stranger.token })).body.code).toBe('INVALID_TOKEN');

    // Re-sending gives a new link; the old one stops working.
    const before6 = smtp.received.length;
    const open = await server.api(`/teams/${teamId}/invitations`, { body: { email: stranger.email }, token: owner.token });
    const stale = await invitationTokenFor(smtp, stranger.email, before6);
    const before5 = smtp.received.length;
    await server.api(`/teams/${teamId}/invitations/${open.body.data.invitation.id}/resend`, { method: 'POST', token: owner.token });
    const fresh = await invitationTokenFor(smtp, stranger.email, before5);
    expect(fresh).not.toBe(stale);
    expect((await server.api('/teams/join', { body: { token: stale }, token: stranger.token })).body.code).toBe('INVALID_TOKEN');
    expect((await server.api('/teams/join', { body: { token: fresh }, token: stranger.token })).status).toBe(200);
  });

  it('an invitation whose e-mail job was lost is sent again by the reconciler, with a new working link', async () => {
    const { owner, teamId } = await ownerWithTeam(server, server.database);
    const invitee = await registerUser(server);
    const before = smtp.received.length;
    await server.api(`/teams/${teamId}/invitations`, { body: { email: invitee.email }, token: owner.token });
    const first = await invitationTokenFor(smtp, invitee.email, before);
    const status = async () =>
      (
        await server.database.query<{ email_status: string }>(`select email_status from team_invitations where email = $1`, [invitee.email])
      )[0]!.email_status;
    // The first job is over (the mail can arrive before its processor records it), so nothing of it
    // overwrites the state set next.
    await eventually(async () => (await status()) === 'delivered', 10_000, 'first delivered');
    // As if the job had vanished with Redis before the mail went out.
    await server.database.query(
      `update team_invitations set email_status = 'pending', updated_at = now() - interval '1 hour' where email = $1`,
      [invitee.email],
    );
    const before2 = smtp.received.length;
    expect((await reconcileOnce(server.services.ctx)).emails).toBeGreaterThanOrEqual(1);
    const second = await invitationTokenFor(smtp, invitee.email, before2);
    expect(second).not.toBe(first);
    expect((await server.api('/teams/join', { body: { token: first }, token: invitee.token })).body.code).toBe('INVALID_TOKEN');
    expect((await server.api('/teams/join', { body: { token: second }, token: invitee.token })).status).toBe(200);
    // Delivered now: the next round leaves it alone.
    await eventually(async () => (await status()) === 'delivered', 10_000, 'delivered');
    expect((await reconcileOnce(server.services.ctx)).emails).toBe(0);
  });

  it('an unverified e-mail cannot invite (403 EMAIL_NOT_VERIFIED)', async () => {
    const owner = await registerUser(server);
    await grantPlan(server.database, owner.id, 'business');
    const { body } = await server.api('/teams', { body: { name: 'Unverified' }, token: owner.token });
    const res = await server.api(`/teams/${body.data.team.id}/invitations`, { body: { email: 'someone@example.com' }, token: owner.token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('seats hold under concurrency: two admins inviting at once never pass the seats (403 SEAT_LIMIT)', async () => {
    const { owner, teamId } = await ownerWithTeam(server, server.database);
    const admin = await registerUser(server);
    await markVerified(server.database, admin.id);
    await inviteAndJoin(server, smtp, teamId, owner, admin, 'admin');
    // 2 members; 3 seats left. Ten invitations at once from both admins.
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        server.api(`/teams/${teamId}/invitations`, {
          body: { email: `seat-${i}-${teamId.slice(0, 8)}@example.com` },
          token: (i % 2 ? owner : admin).token,
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 403).every((r) => r.body.code === 'SEAT_LIMIT')).toBe(true);
    expect(statuses.filter((s) => s !== 201 && s !== 403)).toEqual([]);
    expect((await server.api('/teams/current', { token: owner.token })).body.data.team.seatsUsed).toBe(5);
  });
});

describe('plan inheritance', () => {
  it('members have Business over HTTP and the v1 API while the owner’s subscription is in force; then the team is read-only', async () => {
    const { owner, teamId } = await ownerWithTeam(server, server.database);
    const member = await registerUser(server);
    await markVerified(server.database, member.id);

    const usageBefore = await server.api('/users/usage', { token: member.token });
    expect(usageBefore.body.data.planId).toBe('free');
    const romantic = { category: 'quotes', tone: 'romantic', count: 1 };
    expect((await server.api('/lines/generate', { body: romantic, token: member.token })).status).toBe(403);

    await inviteAndJoin(server, smtp, teamId, owner, member);
    expect((await server.api('/users/usage', { token: member.token })).body.data).toMatchObject({ planId: 'business', limit: -1 });
    expect((await server.api('/lines/generate', { body: { ...romantic, prompt: 'Keep it short' }, token: member.token })).status).toBe(202);
    const key = await server.api('/api-keys', { body: { name: 'member key' }, token: member.token });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const v1 = (k: string) => server.api('/v1/usage', { headers: { authorization: `Bearer ${k}` } });
    expect((await v1(key.body.data.key)).status).toBe(200);
    await server.api(`/teams/${teamId}/lines`, { body: line('Before the lapse'), token: member.token });

    // The owner's Business period ends (stored time moved into the past).
    await server.database.query(`update subscriptions set current_period_end = now() - interval '1 minute' where user_id = $1`, [owner.id]);
    expect((await server.api('/users/usage', { token: member.token })).body.data.planId).toBe('free');
    const refused = await v1(key.body.data.key);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAN_REQUIRED');
    expect((await server.api('/lines/generate', { body: romantic, token: member.token })).status).toBe(403);

    // Read-only: reads work, every write is 403 PLAN_REQUIRED, nothing deleted.
    const lines = await server.api(`/teams/${teamId}/lines`, { token: member.token });
    expect(lines.body.data.savedLines.map((l: { text: string }) => l.text)).toEqual(['Before the lapse']);
    const current = await server.api('/teams/current', { token: owner.token });
    expect(current.body.data.team.active).toBe(false);
    for (const res of [
      await server.api(`/teams/${teamId}/lines`, { body: line('After the lapse'), token: member.token }),
      await server.api(`/teams/${teamId}/lines/${lines.body.data.savedLines[0].id}`, { method: 'DELETE', token: owner.token }),
      await server.api(`/teams/${teamId}/invitations`, { body: { email: 'late@example.com' }, token: owner.token }),
      await server.api(`/teams/${teamId}`, { method: 'PUT', body: { name: 'Renamed' }, token: owner.token }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('PLAN_REQUIRED');
    }

    // A subscription marked expired (the billing sweep's outcome) counts the same; a renewal brings it all back.
    await server.database.query(`update subscriptions set status = 'expired' where user_id = $1`, [owner.id]);
    expect((await server.api('/users/usage', { token: member.token })).body.data.planId).toBe('free');
    await grantPlan(server.database, owner.id, 'business');
    expect((await server.api('/users/usage', { token: member.token })).body.data.planId).toBe('business');
    expect((await v1(key.body.data.key)).status).toBe(200);
  });
});

describe('shared library pages', () => {
  it('search (any case, parts of words), category filter and keyset cursor pages', async () => {
    const { owner, teamId } = await ownerWithTeam(server, server.database);
    for (let i = 0; i < 7; i++) {
      await server.api(`/teams/${teamId}/lines`, {
        body: { text: `Coffee line ${i}`, category: i % 2 ? 'slogans' : 'taglines', tone: 'bold' },
        token: owner.token,
      });
    }
    await server.api(`/teams/${teamId}/lines`, { body: line('Tea time'), token: owner.token });
    const search = await server.api(`/teams/${teamId}/lines?search=COFF`, { token: owner.token });
    expect(search.body.data.total).toBe(7);
    const slogans = await server.api(`/teams/${teamId}/lines?category=slogans`, { token: owner.token });
    expect(slogans.body.data.total).toBe(3);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await server.api(`/teams/${teamId}/lines?limit=3${cursor ? `&cursor=${cursor}` : ''}`, { token: owner.token });
      seen.push(...page.body.data.savedLines.map((l: { text: string }) => l.text));
      cursor = page.body.data.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    expect(seen[0]).toBe('Tea time');
  });
});
