import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster, type RoleProcess } from '../helpers/cluster';
import type { TestDatabase } from '../helpers/database';
import { apiClient, type ApiClient } from '../helpers/server';
import { connectSocket, nextEvent, recordEvents, type TestSocket } from '../helpers/socket';
import { inviteAndJoin, ownerWithTeam } from '../helpers/teams';
import { registerUser } from '../helpers/users';
import { startSmtpStub, type SmtpStub } from '../stubs/smtp.stub';

/**
 * The shared library is live across api processes: a member's socket on api B hears what happens
 * through api A (Redis emitter + adapter); outsiders never do, and a removed member's open socket
 * stops hearing the team at once, without reconnecting.
 */
let cluster: Cluster;
let database: TestDatabase;
let smtp: SmtpStub;
const sockets: TestSocket[] = [];
let apiA: RoleProcess;
let apiB: RoleProcess;
let a: ApiClient;

beforeAll(async () => {
  smtp = await startSmtpStub();
  cluster = await startCluster({ apis: 2, workers: 1, env: () => ({ SMTP_URL: smtp.url }) });
  database = cluster.database;
  [apiA, apiB] = cluster.apis as [RoleProcess, RoleProcess];
  a = apiClient(apiA.url);
}, 180_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await cluster?.stop();
  await smtp?.close();
}, 60_000);

const connect = async (url: string, token: string) => {
  const s = await connectSocket(url, { token });
  sockets.push(s);
  return s;
};

describe('team events on two api processes', () => {
  it('reach members on the other process, not outsiders, and stop at once for a removed member', async () => {
    const { owner, teamId } = await ownerWithTeam(a, database);
    const member = await registerUser(a, { name: 'Mia Member' });
    const leaver = await registerUser(a, { name: 'Leo Leaver' });
    const { owner: outsider } = await ownerWithTeam(a, database, 'Olga Outsider');

    // The member's socket is open on api B before joining: joining moves it into the team's room.
    const memberSocket = await connect(apiB.url, member.token);
    const outsiderSocket = await connect(apiB.url, outsider.token);
    const outsiderEvents = recordEvents(outsiderSocket, ['team:line-saved', 'team:member-joined', 'team:member-left', 'team:line-deleted']);

    const joined = nextEvent(memberSocket, 'team:member-joined', (p: any) => p.member.userId === member.id);
    await inviteAndJoin(a, smtp, teamId, owner, member);
    expect(await joined).toMatchObject({ teamId, member: { userId: member.id, name: 'Mia Member', role: 'member' } });

    // The leaver joins first, then connects on api B: the team's room is joined on connect.
    await inviteAndJoin(a, smtp, teamId, owner, leaver);
    const leaverSocket = await connect(apiB.url, leaver.token);
    const leaverEvents = recordEvents(leaverSocket, ['team:line-saved', 'team:member-left']);

    const saved = nextEvent(memberSocket, 'team:line-saved', (p: any) => p.line.text === 'Saved on api A');
    const heardByLeaver = nextEvent(leaverSocket, 'team:line-saved', (p: any) => p.line.text === 'Saved on api A');
    const res = await a.api(`/teams/${teamId}/lines`, {
      body: { text: 'Saved on api A', category: 'taglines', tone: 'bold' },
      token: owner.token,
    });
    expect(res.status).toBe(201);
    expect(await saved).toMatchObject({ teamId, line: { id: res.body.data.savedLine.id, savedBy: { userId: owner.id, name: 'Owner' } } });
    await heardByLeaver;

    // Removed through api A; the leaver's open socket on api B is told, then hears nothing more.
    const told = nextEvent(leaverSocket, 'team:member-left', (p: any) => p.userId === leaver.id);
    expect((await a.api(`/teams/${teamId}/members/${leaver.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    await told;
    expect(leaverSocket.connected).toBe(true);

    const deleted = nextEvent(memberSocket, 'team:line-deleted', (p: any) => p.id === res.body.data.savedLine.id);
    await a.api(`/teams/${teamId}/lines/${res.body.data.savedLine.id}`, { method: 'DELETE', token: owner.token });
    await deleted;
    const after = nextEvent(memberSocket, 'team:line-saved', (p: any) => p.line.text === 'After the removal');
    await a.api(`/teams/${teamId}/lines`, { body: { text: 'After the removal', category: 'taglines', tone: 'bold' }, token: owner.token });
    await after;

    // Same process as the member's socket, which already heard it: nothing more is on its way.
    expect(leaverEvents.filter((e) => e.event === 'team:line-saved').map((e) => e.payload.line.text)).toEqual(['Saved on api A']);
    expect(outsiderEvents).toEqual([]);
  });
});
