import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, nextEvent, type TestSocket } from '../helpers/socket';
import { inviteAndJoin, ownerWithTeam } from '../helpers/teams';
import { grantPlan, markVerified, registerUser, type TestUser } from '../helpers/users';
import { startSmtpStub, type SmtpStub } from '../stubs/smtp.stub';
import { watchApproval } from '../helpers/approvals';

/**
 * A line the client asked to change, refined with the generator's refine actions and re-shared as
 * its next version (DESIGN.md §21): through the generation it came from when that is the member's,
 * else from its text; and a fresh link for an approval, the old one gone at once.
 */
let server: TestServer;
let smtp: SmtpStub;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  smtp = await startSmtpStub();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.stop();
  await smtp?.close();
});

const connect = async (auth: { token?: string; visitorId?: string }) => {
  const s = await connectSocket(server.url, auth);
  sockets.push(s);
  return s;
};

async function businessUser(name = 'Bea Business'): Promise<TestUser> {
  const user = await registerUser(server, { name });
  await grantPlan(server.database, user.id, 'business');
  await markVerified(server.database, user.id);
  return user;
}

async function share(user: TestUser, body: Record<string, unknown>) {
  const res = await server.api('/approvals', { body: { title: 'Market week', ...body }, token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; token: string; url: string; approval: any };
}

async function savedLine(user: TestUser, text: string, platform = 'sms'): Promise<string> {
  const res = await server.api('/lines/save', { body: { text, platform, category: 'adlines', tone: 'bold' }, token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.savedLine.id;
}

const requestChanges = (token: string, lineId: string) =>
  server.api(`/public/approvals/${token}/decisions`, {
    body: { reviewerName: 'Amina', decisions: [{ lineId, decision: 'request_changes', comment: 'Shorter, please' }] },
  });

/** Refines the line and waits for its generation to finish: the refined line (at the answer's index). */
async function refine(user: TestUser, socket: TestSocket, approvalId: string, lineId: string, body: Record<string, unknown>) {
  const done = new Map<string, unknown>();
  const listener = (p: { id: string }) => done.set(p.id, p);
  socket.on('generation:completed', listener);
  const res = await server.api(`/approvals/${approvalId}/lines/${lineId}/refine`, { body, token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const accepted = res.body.data as { generation: { id: string; status: string }; index: number; usage: unknown };
  if (!done.has(accepted.generation.id)) await nextEvent(socket, 'generation:completed', (p: any) => p.id === accepted.generation.id);
  socket.off('generation:completed', listener);
  const generation = (await server.api(`/lines/generations/${accepted.generation.id}`, { token: user.token })).body.data.generation;
  return { accepted, generation, text: generation.lines[accepted.index] as string | undefined };
}

describe('refining a line the client asked to change', () => {
  it('refines a library line from its text, re-shares it as version 2 live, and refines that version through its generation', async () => {
    const bea = await businessUser();
    const original = 'Sukuma, spinach and dhania at your door before breakfast. Order by 9pm tonight.';
    const link = await share(bea, { source: { savedLineIds: [await savedLine(bea, original)] } });
    const [line] = link.approval.lines;
    expect((await requestChanges(link.token, line.id)).status).toBe(200);
    const socket = await connect({ token: bea.token });
    const reviewer = await connect({ visitorId: randomUUID() });
    expect(await watchApproval(reviewer, link.token)).toEqual({ ok: true });

    const first = await refine(bea, socket, link.id, line.id, { action: 'shorter' });
    expect(first.accepted.index).toBe(1);
    expect(first.generation.lines[0]).toBe(original);
    expect(first.generation.refinements).toEqual([{ index: 1, from: 0, action: 'shorter', language: 'en' }]);
    expect(first.text).toBeDefined();
    expect(first.text!.length).toBeLessThan(original.length);
    // The line is its own brief: its refinement keeps to what it is about.
    expect(first.text).toMatch(/sukuma|spinach|dhania/i);
    // Nothing reaches the client until the member re-shares it.
    expect((await server.api(`/public/approvals/${link.token}`)).body.data.lines[0]).toMatchObject({ text: original, version: 1 });

    const heard = nextEvent(reviewer, 'approval:line', (p: any) => p.line.version === 2);
    const reshared = await server.api(`/approvals/${link.id}/lines`, {
      body: { lines: [{ text: first.text, replaces: line.id, from: { generationId: first.accepted.generation.id, index: 1 } }] },
      token: bea.token,
    });
    expect(reshared.status, JSON.stringify(reshared.body)).toBe(200);
    expect(await heard).toEqual({ line: { id: line.id, text: first.text, platform: 'sms', state: 'pending', version: 2 } });
    const v2 = reshared.body.data.approval.lines[0];
    expect(v2.versions.map((v: any) => v.text)).toEqual([original, first.text]);
    expect(v2.decisions).toMatchObject([{ version: 1, decision: 'request_changes', comment: 'Shorter, please' }]);

    // Version 2 is that generation's line 1: the next refinement goes on in the same generation.
    expect((await requestChanges(link.token, line.id)).status).toBe(200);
    const second = await refine(bea, socket, link.id, line.id, { action: 'translate', language: 'sw' });
    expect(second.accepted.generation.id).toBe(first.accepted.generation.id);
    expect(second.accepted.index).toBe(2);
    expect(second.generation.refinements.at(-1)).toEqual({ index: 2, from: 1, action: 'translate', language: 'sw' });
  });

  it("refines a line shared from the member's generation through that generation; a teammate refines it from its text", async () => {
    const { owner, teamId } = await ownerWithTeam(server, server.database, 'Olive Owner');
    const member = await businessUser('Mo Member');
    await inviteAndJoin(server, smtp, teamId, owner, member);
    const [gen] = await server.database.query<{ id: string }>(
      `insert into generations (user_id, subject, plan_id, category, tone, count, status, lines, platform)
       values ($1, $2, 'business', 'captions', 'funny', 2, 'completed', $3, 'instagram_caption') returning id`,
      [owner.id, `user-${owner.id}`, JSON.stringify(['Hot buns at 7, warm from the oven', 'Warm loaves at 8, sliced while you wait'])],
    );
    const link = await share(owner, { teamId, source: { generationId: gen!.id, indexes: [1] } });
    const [line] = link.approval.lines;
    expect((await requestChanges(link.token, line.id)).status).toBe(200);

    const ownerSocket = await connect({ token: owner.token });
    const own = await refine(owner, ownerSocket, link.id, line.id, { action: 'funnier' });
    expect(own.accepted.generation.id).toBe(gen!.id);
    expect(own.accepted.index).toBe(2);
    expect(own.generation.refinements).toEqual([{ index: 2, from: 1, action: 'funnier', language: 'en' }]);

    // The generation is the owner's, not the member's: the member's refinement starts from the text.
    const memberSocket = await connect({ token: member.token });
    const theirs = await refine(member, memberSocket, link.id, line.id, { action: 'more_formal' });
    expect(theirs.accepted.generation.id).not.toBe(gen!.id);
    expect(theirs.accepted.index).toBe(1);
    expect(theirs.generation).toMatchObject({
      lines: ['Warm loaves at 8, sliced while you wait', expect.any(String)],
      platform: 'instagram_caption',
    });
  });

  it('refuses bad input (400), a line not in the link or not theirs (404), a revoked link (409) and a Pro account (403)', async () => {
    const bea = await businessUser();
    const link = await share(bea, { source: { savedLineIds: [await savedLine(bea, 'Fresh greens by 8am', 'x_post')] } });
    const [line] = link.approval.lines;
    const post = (user: TestUser, lineId: string, body: unknown) =>
      server.api(`/approvals/${link.id}/lines/${lineId}/refine`, { body, token: user.token });

    const noLanguage = await post(bea, line.id, { action: 'translate' });
    expect(noLanguage.status).toBe(400);
    expect(noLanguage.body.error).toContain('language is required to translate');
    expect((await post(bea, line.id, { action: 'louder' })).status).toBe(400);
    expect((await post(bea, line.id, { action: 'shorter', index: 0 })).status).toBe(400);
    // The generator's rule: "Remove emoji" is not offered on a line without one.
    const noEmoji = await post(bea, line.id, { action: 'remove_emoji' });
    expect(noEmoji.status).toBe(400);
    expect(noEmoji.body.error).toContain('remove_emoji is not offered');

    expect((await post(bea, randomUUID(), { action: 'shorter' })).status).toBe(404);
    expect((await post(await businessUser('Other'), line.id, { action: 'shorter' })).status).toBe(404);
    const pro = await registerUser(server);
    await grantPlan(server.database, pro.id, 'pro');
    expect((await post(pro, line.id, { action: 'shorter' })).status).toBe(403);

    await server.api(`/approvals/${link.id}/revoke`, { method: 'POST', token: bea.token });
    expect((await post(bea, line.id, { action: 'shorter' })).status).toBe(409);
  });

  it('keeps no generation link for a re-shared text that is not the generation line it names', async () => {
    const bea = await businessUser();
    const socket = await connect({ token: bea.token });
    const link = await share(bea, {
      source: { savedLineIds: [await savedLine(bea, 'Chapati Fridays at the corner kiosk, two for fifty shillings')] },
    });
    const [line] = link.approval.lines;
    const first = await refine(bea, socket, link.id, line.id, { action: 'shorter' });
    const edited = `${first.text} Today only.`;
    const res = await server.api(`/approvals/${link.id}/lines`, {
      body: { lines: [{ text: edited, replaces: line.id, from: { generationId: first.accepted.generation.id, index: 1 } }] },
      token: bea.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Edited by hand: the next refinement starts from the edited text, in a generation of its own.
    const next = await refine(bea, socket, link.id, line.id, { action: 'punchier' });
    expect(next.accepted.generation.id).not.toBe(first.accepted.generation.id);
    expect(next.generation.lines[0]).toBe(edited);
  });
});

describe('a fresh link for an approval', () => {
  it('answers a new token; the old one gets the same 404 as an unknown one at once, and its pages hear approval:closed', async () => {
    const bea = await businessUser();
    const link = await share(bea, { language: 'sw', source: { savedLineIds: [await savedLine(bea, 'Maziwa fresh kila asubuhi')] } });
    const [line] = link.approval.lines;
    await requestChanges(link.token, line.id);
    const reviewer = await connect({ visitorId: randomUUID() });
    expect(await watchApproval(reviewer, link.token)).toEqual({ ok: true });
    const closed = nextEvent(reviewer, 'approval:closed');

    const res = await server.api(`/approvals/${link.id}/token`, { body: {}, token: bea.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { token, url, approval } = res.body.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(token).not.toBe(link.token);
    expect(url).toBe(`${server.url}/sw/approve/${token}`);
    await closed;

    const old = await server.api(`/public/approvals/${link.token}`);
    const unknown = await server.api(`/public/approvals/${'x'.repeat(22)}`);
    expect(old.status).toBe(404);
    expect(old.body).toEqual(unknown.body);
    expect(
      (
        await server.api(`/public/approvals/${link.token}/decisions`, {
          body: { reviewerName: 'A', decisions: [{ lineId: line.id, decision: 'approve' }] },
        })
      ).status,
    ).toBe(404);
    expect(await watchApproval(await connect({ visitorId: randomUUID() }), link.token)).toEqual({ ok: false });
    // The same approval: its lines and decisions stay.
    const page = await server.api(`/public/approvals/${token}`);
    expect(page.status).toBe(200);
    expect(page.body.data.lines).toMatchObject([{ id: line.id, state: 'changes_requested', version: 1 }]);
    expect(approval.lines[0].decisions).toHaveLength(1);
  });

  it('needs a PIN for a link with one (400); the new PIN opens the new link; 404 for another account, 409 once revoked', async () => {
    const bea = await businessUser();
    const link = await share(bea, { pin: '2468', source: { savedLineIds: [await savedLine(bea, 'Mandazi hot at 6am')] } });
    const missing = await server.api(`/approvals/${link.id}/token`, { body: {}, token: bea.token });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('This link has a PIN');
    expect((await server.api(`/approvals/${link.id}/token`, { body: { pin: '12' }, token: bea.token })).status).toBe(400);

    const res = await server.api(`/approvals/${link.id}/token`, { body: { pin: '1357' }, token: bea.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { token } = res.body.data;
    expect((await server.api(`/public/approvals/${token}`, { headers: { 'X-Approval-Pin': '2468' } })).status).toBe(404);
    expect((await server.api(`/public/approvals/${token}`, { headers: { 'X-Approval-Pin': '1357' } })).status).toBe(200);
    expect((await server.api(`/public/approvals/${link.token}`, { headers: { 'X-Approval-Pin': '2468' } })).status).toBe(404);

    expect((await server.api(`/approvals/${link.id}/token`, { body: {}, token: (await businessUser('Other')).token })).status).toBe(404);
    await server.api(`/approvals/${link.id}/revoke`, { method: 'POST', token: bea.token });
    expect((await server.api(`/approvals/${link.id}/token`, { body: { pin: '1357' }, token: bea.token })).status).toBe(409);
  });
});
