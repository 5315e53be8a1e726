import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_NEED_ROLES, TEAM_NEEDS, TEAM_ROLES, type TeamNeed, type TeamRole } from '@gl/core';
import { teamsRepository } from '@gl/core/server';
import { startTestServer, type TestServer } from '../helpers/server';
import { ownerWithTeam } from '../helpers/teams';
import { registerUser, type TestUser } from '../helpers/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Who = TeamRole | 'stranger';
const WHO: Who[] = [...TEAM_ROLES, 'stranger'];

/** A Business owner's team with an admin and a member (added in PostgreSQL), and a stranger. */
async function team() {
  const { owner, teamId } = await ownerWithTeam(server, server.database);
  const admin = await registerUser(server, { name: 'Ada Admin' });
  const member = await registerUser(server, { name: 'Mo Member' });
  const stranger = await registerUser(server, { name: 'Sam Stranger' });
  for (const [u, role] of [
    [admin, 'admin'],
    [member, 'member'],
  ] as const)
    await server.database.query(`insert into team_members (team_id, user_id, role) values ($1, $2, $3)`, [teamId, u.id, role]);
  const users: Record<Who, TestUser> = { owner, admin, member, stranger };
  return { teamId, users };
}

/** One route per need: what each caller gets back (status, and the code when refused). */
async function answers(teamId: string, users: Record<Who, TestUser>) {
  const tries: Record<TeamNeed, (u: TestUser, who: Who) => Promise<{ status: number; body: any }>> = {
    read: (u) => server.api(`/teams/${teamId}/usage`, { token: u.token }),
    write: (u, who) =>
      server.api(`/teams/${teamId}/lines`, {
        body: { text: `Saved by the ${who} at ${Date.now()}`, category: 'taglines', tone: 'bold' },
        token: u.token,
      }),
    manage: (u) => server.api(`/teams/${teamId}`, { method: 'PUT', body: { name: 'Acme' }, token: u.token }),
    own: (u) => server.api(`/teams/${teamId}/members/${users.member.id}`, { method: 'PUT', body: { role: 'member' }, token: u.token }),
  };
  const out: Record<string, string> = {};
  for (const need of TEAM_NEEDS)
    for (const who of WHO) {
      const res = await tries[need](users[who], who);
      out[`${need} by ${who}`] = res.status < 300 ? 'ok' : `${res.status} ${res.body.code}`;
    }
  return out;
}

const expected = (refusedWrite: string) =>
  Object.fromEntries(
    TEAM_NEEDS.flatMap((need) =>
      WHO.map((who) => {
        const answer =
          who === 'stranger'
            ? '404 NOT_FOUND'
            : !TEAM_NEED_ROLES[need].includes(who)
              ? '403 FORBIDDEN'
              : need === 'read'
                ? 'ok'
                : refusedWrite;
        return [`${need} by ${who}`, answer];
      }),
    ),
  );

describe('the team policy: each need against each role', () => {
  it('the membership query decides: the roles of TEAM_NEED_ROLES are allowed, a stranger reads no membership', async () => {
    const { teamId, users } = await team();
    const db = server.services.ctx.db;
    for (const need of TEAM_NEEDS)
      for (const who of WHO) {
        const access = await teamsRepository.authorize(db, teamId, users[who].id, TEAM_NEED_ROLES[need]);
        if (who === 'stranger') expect(access, `${need} by ${who}`).toBeUndefined();
        else expect(access, `${need} by ${who}`).toMatchObject({ role: who, allowed: TEAM_NEED_ROLES[need].includes(who), writable: true });
      }
  });

  it('over HTTP: a stranger 404, a member without the role 403, the rest go through; read, write, manage and own', async () => {
    const { teamId, users } = await team();
    expect(await answers(teamId, users)).toEqual(expected('ok'));
  });

  it("while the owner's Business plan is not in force: reads still work, every other need is 403 PLAN_REQUIRED (a stranger still 404)", async () => {
    const { teamId, users } = await team();
    await server.database.query(`update subscriptions set status = 'expired' where user_id = $1`, [users.owner.id]);
    expect(await answers(teamId, users)).toEqual(expected('403 PLAN_REQUIRED'));
  });
});
