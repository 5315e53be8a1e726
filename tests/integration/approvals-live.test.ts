import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, nextEvent, recordEvents, type TestSocket } from '../helpers/socket';
import { inviteAndJoin, ownerWithTeam } from '../helpers/teams';
import { grantPlan, markVerified, registerUser, type TestUser } from '../helpers/users';
import { startSmtpStub, type SmtpStub } from '../stubs/smtp.stub';
import { startWebhookReceiver, type WebhookReceiver } from '../stubs/webhook-receiver.stub';
import { watchApproval } from '../helpers/approvals';

/**
 * Approval links live (DESIGN.md §21): a decision reaches the creator and the team's members over
 * Socket.IO, and the other client pages watching the same link (public fields only), never an
 * outsider; the creator's webhook endpoint gets `approval.decided`, signed; the v1 API shows the link.
 */
let server: TestServer;
let smtp: SmtpStub;
let receiver: WebhookReceiver;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  smtp = await startSmtpStub();
  receiver = await startWebhookReceiver();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.stop();
  await receiver?.close();
  await smtp?.close();
});

const connect = async (auth: { token?: string; visitorId?: string }) => {
  const s = await connectSocket(server.url, auth);
  sockets.push(s);
  return s;
};

async function shareForTeam(owner: TestUser, teamId: string, texts: string[], pin?: string) {
  const ids: string[] = [];
  for (const text of texts) {
    const res = await server.api(`/teams/${teamId}/lines`, { body: { text, category: 'taglines', tone: 'bold' }, token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.data.savedLine.id);
  }
  const res = await server.api('/approvals', {
    body: { title: 'Team link', teamId, pin, source: { savedLineIds: ids } },
    token: owner.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; token: string };
}

describe('approval events', () => {
  it('reach the creator, the team and the other reviewers of the link, not an outsider; removing a member breaks nothing', async () => {
    const { owner, teamId } = await ownerWithTeam(server, server.database, 'Olive Owner');
    const member = await registerUser(server, { name: 'Mo Member' });
    await inviteAndJoin(server, smtp, teamId, owner, member);
    const outsider = await registerUser(server, { name: 'Out Sider' });
    const link = await shareForTeam(owner, teamId, ['Team line one', 'Team line two'], '2580');
    const other = await shareForTeam(owner, teamId, ['Another link line']);

    const ownerSocket = await connect({ token: owner.token });
    const memberSocket = await connect({ token: member.token });
    const outsiderSocket = await connect({ token: outsider.token });
    const reviewerA = await connect({ visitorId: randomUUID() });
    const reviewerB = await connect({ visitorId: randomUUID() });
    const otherLinkReviewer = await connect({ visitorId: randomUUID() });
    expect(await watchApproval(reviewerB, link.token)).toEqual({ ok: false }); // the PIN is missing
    expect(await watchApproval(reviewerB, link.token, '9999')).toEqual({ ok: false });
    expect(await watchApproval(reviewerA, link.token, '2580')).toEqual({ ok: true });
    expect(await watchApproval(reviewerB, link.token, '2580')).toEqual({ ok: true });
    expect(await watchApproval(otherLinkReviewer, other.token)).toEqual({ ok: true });
    const outsiderEvents = recordEvents(outsiderSocket, ['approval:decided', 'approval:line', 'approval:updated']);
    const otherLinkEvents = recordEvents(otherLinkReviewer, ['approval:decided', 'approval:line']);
    const reviewerEvents = recordEvents(reviewerB, ['approval:decided']);

    const page = await server.api(`/public/approvals/${link.token}`, { headers: { 'X-Approval-Pin': '2580' } });
    const [one] = page.body.data.lines;
    const decided = { approvalId: link.id, lineId: one.id, state: 'changes_requested', reviewerName: 'Rehema', comment: 'Add the price' };
    const heardByOwner = nextEvent(ownerSocket, 'approval:decided', (p: any) => p.lineId === one.id);
    const heardByMember = nextEvent(memberSocket, 'approval:decided', (p: any) => p.lineId === one.id);
    const heardByReviewer = nextEvent(reviewerB, 'approval:line', (p: any) => p.line.id === one.id);
    const res = await server.api(`/public/approvals/${link.token}/decisions`, {
      body: { reviewerName: 'Rehema', decisions: [{ lineId: one.id, decision: 'request_changes', comment: 'Add the price' }] },
      headers: { 'X-Approval-Pin': '2580' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await heardByOwner).toMatchObject({ ...decided, decision: 'request_changes', version: 1 });
    expect(await heardByMember).toMatchObject(decided);
    // The other page hears the line as the client page shows it: nothing else.
    expect(await heardByReviewer).toEqual({
      line: { id: one.id, text: 'Team line one', platform: null, state: 'changes_requested', version: 1 },
    });

    // A new version reaches the reviewers' pages at once.
    const newVersion = nextEvent(reviewerA, 'approval:line', (p: any) => p.line.version === 2);
    const updated = nextEvent(memberSocket, 'approval:updated', (p: any) => p.approvalId === link.id);
    await server.api(`/approvals/${link.id}/lines`, {
      body: { lines: [{ text: 'Team line one, KSh 50', replaces: one.id }] },
      token: member.token,
    });
    expect(await newVersion).toMatchObject({ line: { id: one.id, text: 'Team line one, KSh 50', state: 'pending', version: 2 } });
    await updated;

    // The member leaves: the owner's link keeps working, the member no longer sees it or hears it.
    expect((await server.api(`/teams/${teamId}/members/${member.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    const stillHeard = nextEvent(ownerSocket, 'approval:decided', (p: any) => p.decision === 'approve');
    const memberEvents = recordEvents(memberSocket, ['approval:decided']);
    const again = await server.api(`/public/approvals/${link.token}/decisions`, {
      body: { reviewerName: 'Rehema', decisions: [{ lineId: one.id, decision: 'approve', version: 2 }] },
      headers: { 'X-Approval-Pin': '2580' },
    });
    expect(again.status).toBe(200);
    await stillHeard;
    expect((await server.api(`/approvals/${link.id}`, { token: member.token })).status).toBe(404);

    // The approved line goes to the team library (the default for a team's link), marked approved.
    // As any team save, the members' libraries hear it live.
    const librarySaved = nextEvent(ownerSocket, 'team:line-saved', (p: any) => p.line.text === 'Team line one, KSh 50');
    const saved = await server.api(`/approvals/${link.id}/save-approved`, { body: {}, token: owner.token });
    expect(saved.body.data).toEqual({ target: 'team', saved: 1, alreadySaved: 0 });
    expect(await librarySaved).toMatchObject({ teamId, line: { teamId, approvedBy: { name: 'Rehema', at: expect.any(String) } } });
    const library = await server.api(`/teams/${teamId}/lines`, { token: owner.token });
    expect(library.body.data.savedLines.find((l: any) => l.text === 'Team line one, KSh 50')).toMatchObject({
      approvedBy: { name: 'Rehema', at: expect.any(String) },
    });

    // Revoking closes the pages watching it.
    const closed = nextEvent(reviewerA, 'approval:closed');
    await server.api(`/approvals/${link.id}/revoke`, { method: 'POST', token: owner.token });
    await closed;

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(outsiderEvents).toEqual([]);
    expect(otherLinkEvents).toEqual([]);
    expect(reviewerEvents).toEqual([]);
    expect(memberEvents).toEqual([]);
  });
});

describe('approval.decided webhook and the v1 API', () => {
  it('sends each decision to the creator’s endpoint, signed, and GET /v1/approvals/:id shows the same facts', async () => {
    const bea = await registerUser(server, { name: 'Bea' });
    await grantPlan(server.database, bea.id, 'business');
    await markVerified(server.database, bea.id);
    const hook = await server.api('/webhooks', {
      body: { url: `${receiver.url}/approvals`, events: ['approval.decided'] },
      token: bea.token,
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const saved = await server.api('/lines/save', { body: { text: 'Webhook line', category: 'taglines', tone: 'bold' }, token: bea.token });
    const link = await server.api('/approvals', {
      body: { title: 'Hooked', source: { savedLineIds: [saved.body.data.savedLine.id] } },
      token: bea.token,
    });
    const { id, token } = link.body.data;
    const [line] = (await server.api(`/public/approvals/${token}`)).body.data.lines;
    await server.api(`/public/approvals/${token}/decisions`, {
      body: { reviewerName: 'Achieng', decisions: [{ lineId: line.id, decision: 'approve' }] },
    });

    const [received] = await receiver.waitFor(1, (r) => r.path === '/approvals');
    const event = new Webhook(hook.body.data.secret).verify(received!.raw, received!.headers as Record<string, string>) as any;
    expect(event).toMatchObject({
      type: 'approval.decided',
      data: {
        approvalId: id,
        title: 'Hooked',
        lineId: line.id,
        version: 1,
        text: 'Webhook line',
        decision: 'approve',
        state: 'approved',
        reviewerName: 'Achieng',
        comment: null,
      },
    });
    expect(received!.raw).not.toContain(token);

    const key = await server.api('/api-keys', { body: { name: 'Approvals' }, token: bea.token });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const v1 = await fetch(`${server.url}/api/v1/approvals/${id}`, { headers: { authorization: `Bearer ${key.body.data.key}` } });
    expect(v1.status).toBe(200);
    const body = (await v1.json()) as any;
    expect(body).toMatchObject({
      success: true,
      approval: { id, title: 'Hooked', counts: { approved: 1 }, lines: [{ state: 'approved', decidedBy: 'Achieng' }] },
    });
    const foreign = await fetch(`${server.url}/api/v1/approvals/${randomUUID()}`, {
      headers: { authorization: `Bearer ${key.body.data.key}` },
    });
    expect(foreign.status).toBe(404);
  });
});
