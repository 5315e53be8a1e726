import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, nextEvent, type TestSocket } from '../helpers/socket';
import { inviteAndJoin, ownerWithTeam } from '../helpers/teams';
import { grantPlan, registerUser, type TestUser } from '../helpers/users';
import { startSmtpStub, type SmtpStub } from '../stubs/smtp.stub';

let server: TestServer;
let smtp: SmtpStub;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  smtp = await startSmtpStub();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Genius Lines <hello@geniuslines.test>' } });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.stop();
  await smtp?.close();
});

const kit = (name: string) => ({
  name,
  description: 'Small-batch coffee',
  audience: 'early risers',
  wordsToUse: ['brew'],
  wordsToAvoid: ['cheap'],
  exampleLines: ['Poured before the sun is up.'],
});
const createBrand = (user: TestUser, body: unknown) => server.api('/brands', { body, token: user.token });
const listBrands = async (user: TestUser) => (await server.api('/brands', { token: user.token })).body.data.brands as any[];
const generateWith = (user: TestUser, brandId: string) =>
  server.api('/lines/generate', { body: { category: 'taglines', tone: 'bold', count: 1, brandId }, token: user.token });

/** A Business owner's team with an admin and a member (both free on their own), and an outsider on Business. */
async function teamOfThree() {
  const { owner, teamId } = await ownerWithTeam(server, server.database);
  const admin = await registerUser(server, { name: 'Ada Admin' });
  const member = await registerUser(server, { name: 'Mo Member' });
  const outsider = await registerUser(server, { name: 'Otto Outsider' });
  await grantPlan(server.database, outsider.id, 'business');
  await inviteAndJoin(server, smtp, teamId, owner, admin, 'admin');
  await inviteAndJoin(server, smtp, teamId, owner, member);
  return { owner, admin, member, outsider, teamId };
}

describe('team brand kits', () => {
  it('a kit created in a team is listed for every member with its teamId and used by them; outsiders get 404', async () => {
    const { owner, admin, member, outsider, teamId } = await teamOfThree();
    const personal = (await createBrand(owner, kit('Owner Own'))).body.data.brand;
    expect(personal.teamId).toBeNull();
    const created = await createBrand(admin, { ...kit('Acme Roasters'), teamId });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const team = created.body.data.brand;
    expect(team).toMatchObject({ teamId, name: 'Acme Roasters' });

    // Every member lists it (own kits first), the owner's personal kit stays the owner's.
    expect((await listBrands(owner)).map((b) => [b.name, b.teamId])).toEqual([
      ['Owner Own', null],
      ['Acme Roasters', teamId],
    ]);
    expect((await listBrands(member)).map((b) => [b.name, b.teamId])).toEqual([['Acme Roasters', teamId]]);
    expect((await server.api(`/brands/${team.id}`, { token: member.token })).body.data.brand.id).toBe(team.id);
    expect((await server.api(`/brands/${personal.id}`, { token: member.token })).status).toBe(404);

    // A member generates with it; the generation row keeps the kit.
    const gen = await generateWith(member, team.id);
    expect(gen.status, JSON.stringify(gen.body)).toBe(202);
    const [row] = await server.database.query('select brand from generations where id = $1', [gen.body.data.generation.id]);
    expect(row.brand).toMatchObject({ id: team.id, name: 'Acme Roasters' });
    // The same kit through tone comparison.
    const compare = await server.api('/lines/compare', {
      body: { category: 'taglines', tones: ['bold', 'funny'], brandId: team.id },
      token: member.token,
    });
    expect(compare.status, JSON.stringify(compare.body)).toBe(202);

    // An outsider (even on Business) cannot see, use, edit or delete it: 404 everywhere, and not listed.
    expect(await listBrands(outsider)).toEqual([]);
    expect((await generateWith(outsider, team.id)).status).toBe(404);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', kit('Stolen')],
      ['DELETE', undefined],
    ] as const) {
      const res = await server.api(`/brands/${team.id}`, { method, body, token: outsider.token });
      expect(res.status, method).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    // An outsider cannot create a kit in the team either.
    const foreign = await createBrand(outsider, { ...kit('Intruder'), teamId });
    expect(foreign.status).toBe(404);
    expect(await listBrands(member)).toHaveLength(1);
  });

  it('only the owner and admins create, edit and delete team kits; a member gets 403 and the kit is unchanged', async () => {
    const { owner, admin, member, teamId } = await teamOfThree();
    const byMember = await createBrand(member, { ...kit('Member Made'), teamId });
    expect(byMember.status).toBe(403);
    expect(byMember.body.code).toBe('FORBIDDEN');

    const team = (await createBrand(owner, { ...kit('Acme Beans'), teamId })).body.data.brand;
    const put = await server.api(`/brands/${team.id}`, { method: 'PUT', body: kit('Renamed by member'), token: member.token });
    expect(put.status).toBe(403);
    expect(put.body.code).toBe('FORBIDDEN');
    expect((await server.api(`/brands/${team.id}`, { method: 'DELETE', token: member.token })).status).toBe(403);
    expect((await server.api(`/brands/${team.id}`, { token: member.token })).body.data.brand.name).toBe('Acme Beans');

    // The admin edits it (it stays the team's), the owner deletes it.
    const edited = await server.api(`/brands/${team.id}`, { method: 'PUT', body: kit('Acme Beans II'), token: admin.token });
    expect(edited.status).toBe(200);
    expect(edited.body.data.brand).toMatchObject({ name: 'Acme Beans II', teamId });
    // A kit never moves between a person and a team on PUT.
    const move = await server.api(`/brands/${team.id}`, { method: 'PUT', body: { ...kit('Mine now'), teamId: null }, token: admin.token });
    expect(move.status).toBe(400);
    expect((await server.api(`/brands/${team.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    expect(await listBrands(member)).toEqual([]);
  });

  it("the team's kits count against the owner's 25, together with the owner's own", async () => {
    const { owner, admin, teamId } = await teamOfThree();
    const values = Array.from({ length: 23 }, (_, i) => `('${owner.id}', 'Own ${i}')`).join(', ');
    await server.database.query(`insert into brands (user_id, name) values ${values}`);
    expect((await createBrand(admin, { ...kit('Team 1'), teamId })).status).toBe(201);
    expect((await createBrand(owner, kit('Own 24'))).status).toBe(201);
    const full = await createBrand(admin, { ...kit('Team 2'), teamId });
    expect(full.status).toBe(409);
    expect(full.body.error).toMatch(/up to 25 brand kits/);
    expect((await createBrand(owner, kit('Own 26'))).status).toBe(409);
    // The admin's own kits are theirs to count (Business through the team).
    expect((await createBrand(admin, kit('Admin Own'))).status).toBe(201);
  });

  it("when the owner's Business plan lapses the team's kits are read-only: listed, not changed (403 PLAN_REQUIRED)", async () => {
    const { owner, admin, member, teamId } = await teamOfThree();
    const team = (await createBrand(admin, { ...kit('Lapsing Co'), teamId })).body.data.brand;
    await server.database.query(`update subscriptions set current_period_end = now() - interval '1 minute' where user_id = $1`, [owner.id]);

    expect((await listBrands(member)).map((b) => b.id)).toEqual([team.id]);
    expect((await server.api(`/brands/${team.id}`, { token: admin.token })).status).toBe(200);
    for (const res of [
      await server.api(`/brands/${team.id}`, { method: 'PUT', body: kit('After the lapse'), token: admin.token }),
      await server.api(`/brands/${team.id}`, { method: 'DELETE', token: owner.token }),
      await createBrand(admin, { ...kit('New after the lapse'), teamId }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('PLAN_REQUIRED');
    }
    // The member fell back to Free, which has no brand kits.
    const gen = await generateWith(member, team.id);
    expect(gen.status).toBe(403);
    expect(gen.body.code).toBe('PLAN_REQUIRED');
    expect((await server.api(`/brands/${team.id}`, { token: member.token })).body.data.brand.name).toBe('Lapsing Co');

    // A renewal makes it writable again.
    await server.database.query(`update subscriptions set current_period_end = now() + interval '30 days' where user_id = $1`, [owner.id]);
    expect((await server.api(`/brands/${team.id}`, { method: 'PUT', body: kit('Renewed Co'), token: admin.token })).status).toBe(200);
  });

  it('a removed member loses the kits at once (404); a member who leaves too', async () => {
    const { owner, admin, member, teamId } = await teamOfThree();
    const team = (await createBrand(owner, { ...kit('Gone Soon'), teamId })).body.data.brand;
    expect((await generateWith(member, team.id)).status).toBe(202);

    expect((await server.api(`/teams/${teamId}/members/${member.id}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect(await listBrands(member)).toEqual([]);
    expect((await server.api(`/brands/${team.id}`, { token: member.token })).status).toBe(404);
    expect((await generateWith(member, team.id)).status).toBe(404);

    expect((await server.api(`/teams/${teamId}/leave`, { method: 'POST', token: admin.token })).status).toBe(200);
    expect((await server.api(`/brands/${team.id}`, { method: 'PUT', body: kit('Ex-admin'), token: admin.token })).status).toBe(404);
    expect((await listBrands(owner)).map((b) => b.name)).toEqual(['Gone Soon']);
  });
});

describe('account deletion and the team', () => {
  it("a member deleting their account: the team hears team:member-left; the member's team kits stay the team's, personal kits go", async () => {
    const { owner, admin, member, teamId } = await teamOfThree();
    const teamKit = (await createBrand(admin, { ...kit('Stays With Team'), teamId })).body.data.brand;
    const own = (await createBrand(admin, kit('Admin Personal'))).body.data.brand;
    const ownerSocket = await connectSocket(server.url, { token: owner.token });
    const memberSocket = await connectSocket(server.url, { token: member.token });
    sockets.push(ownerSocket, memberSocket);
    const toOwner = nextEvent<any>(ownerSocket, 'team:member-left', (p) => p.userId === admin.id);
    const toMember = nextEvent<any>(memberSocket, 'team:member-left', (p) => p.userId === admin.id);

    const res = await server.api('/users/account', {
      method: 'DELETE',
      token: admin.token,
      body: { password: admin.password, confirm: 'DELETE' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await toOwner).toEqual({ teamId, userId: admin.id });
    expect(await toMember).toEqual({ teamId, userId: admin.id });

    expect((await listBrands(member)).map((b) => b.id)).toEqual([teamKit.id]);
    const rows = await server.database.query<{ id: string; user_id: string }>('select id, user_id from brands where id = any($1)', [
      [teamKit.id, own.id],
    ]);
    expect(rows).toEqual([{ id: teamKit.id, user_id: owner.id }]);
  });
});
