import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APPROVAL_PIN_ATTEMPTS_MAX } from '@gl/core';
import { reconcileOnce } from '@gl/worker/reconciler';
import { startTestServer, type TestServer } from '../helpers/server';
import { grantPlan, markVerified, registerUser, type TestUser } from '../helpers/users';
import { startSmtpStub, type SmtpStub } from '../stubs/smtp.stub';
import { inviteAndJoin, ownerWithTeam } from '../helpers/teams';

/**
 * Client approval links (DESIGN.md §21), the team side and the client's: Business only, a snapshot
 * of lines, one 404 for every link that cannot be shown, PIN lock and unlock, versions, decisions
 * (last wins, all kept), exports, saving approved lines, the summary e-mail.
 */
let server: TestServer;
let smtp: SmtpStub;

beforeAll(async () => {
  smtp = await startSmtpStub();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** Every test starts with the address's budget of missed links full again (all requests come from 127.0.0.1). */
beforeEach(async () => {
  const redis = server.services.ctx.redis;
  const keys = await redis.keys(`${server.prefix}-rl-approval-*`);
  if (keys.length) await redis.del(...keys);
});

async function businessUser(name = 'Bea Business'): Promise<TestUser> {
  const user = await registerUser(server, { name });
  await grantPlan(server.database, user.id, 'business');
  await markVerified(server.database, user.id);
  return user;
}

async function saveLines(user: TestUser, lines: Array<string | { text: string; platform: string }>): Promise<string[]> {
  const ids: string[] = [];
  for (const line of lines) {
    const body = typeof line === 'string' ? { text: line } : line;
    const res = await server.api('/lines/save', { body: { category: 'taglines', tone: 'bold', ...body }, token: user.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.data.savedLine.id);
  }
  return ids;
}

async function share(user: TestUser, body: Record<string, unknown>) {
  const res = await server.api('/approvals', { body: { title: 'Spring sale', ...body }, token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; token: string; url: string; approval: any };
}

const view = (token: string, pin?: string) => server.api(`/public/approvals/${token}`, { headers: pin ? { 'X-Approval-Pin': pin } : {} });
const decide = (token: string, body: unknown, pin?: string) =>
  server.api(`/public/approvals/${token}/decisions`, { body, headers: pin ? { 'X-Approval-Pin': pin } : {} });
const team = (user: TestUser, id: string) => server.api(`/approvals/${id}`, { token: user.token });

describe('sharing lines for approval', () => {
  it('is Business only: free and Pro accounts get 403 PLAN_REQUIRED naming Business; no session is 401', async () => {
    const free = await registerUser(server);
    const pro = await registerUser(server);
    await grantPlan(server.database, pro.id, 'pro');
    for (const user of [free, pro]) {
      const [id] = await saveLines(user, [`A line of ${user.id}`]);
      const res = await server.api('/approvals', { body: { title: 'T', source: { savedLineIds: [id] } }, token: user.token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'PLAN_REQUIRED',
        requiredPlan: 'business',
        error: 'Approval links needs the Business plan. Upgrade to use it.',
      });
    }
    expect((await server.api('/approvals', { body: { title: 'T', source: { savedLineIds: [randomUUID()] } } })).status).toBe(401);
  });

  it('refuses bad input with 400 and a clear message', async () => {
    const bea = await businessUser();
    const [id] = await saveLines(bea, ['Fresh bread daily']);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '', source: { savedLineIds: [id] } }, 'Title is required'],
      [{ title: 'x'.repeat(121), source: { savedLineIds: [id] } }, 'at most 120 characters'],
      [{ title: 'T', pin: '12', source: { savedLineIds: [id] } }, 'PIN must be 4 to 6 digits'],
      [{ title: 'T', pin: '12ab', source: { savedLineIds: [id] } }, 'PIN must be 4 to 6 digits'],
      [{ title: 'T', expiresInDays: 91, source: { savedLineIds: [id] } }, 'Days must be a whole number from 1 to 90'],
      [{ title: 'T', source: { savedLineIds: [] } }, 'source'],
      [{ title: 'T', source: { savedLineIds: [id, id] } }, 'Choose each line once'],
      [{ title: 'T', source: { savedLineIds: [id] }, token: 'mine' }, 'Unknown field(s): token'],
    ];
    for (const [body, message] of cases) {
      const res = await server.api('/approvals', { body, token: bea.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.error).toContain(message);
    }
  });

  it('copies the lines (a snapshot), shows the token once, and the client sees only title, note, language and lines', async () => {
    const bea = await businessUser();
    const ids = await saveLines(bea, [{ text: 'Bake it, love it', platform: 'instagram_caption' }, 'Crumbs of joy']);
    const created = await share(bea, { note: 'Two ideas for the window', source: { savedLineIds: ids } });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.url).toBe(`${server.url}/approve/${created.token}`);
    expect(created.approval).toMatchObject({ title: 'Spring sale', status: 'open', hasPin: false, counts: { total: 2, pending: 2 } });

    // The token is not stored, and no other answer shows it.
    const stored = await server.database.query(`select * from approval_links where id = $1`, [created.id]);
    expect(JSON.stringify(stored)).not.toContain(created.token);
    expect(JSON.stringify((await team(bea, created.id)).body)).not.toContain(created.token);

    // Later changes of the library change nothing the client approves.
    await server.api(`/lines/saved/${ids[1]}`, { method: 'DELETE', token: bea.token });
    const page = await view(created.token);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    expect(page.body.data).toEqual({
      title: 'Spring sale',
      note: 'Two ideas for the window',
      language: 'en',
      lines: [
        { id: expect.any(String), text: 'Bake it, love it', platform: 'instagram_caption', state: 'pending', version: 1 },
        { id: expect.any(String), text: 'Crumbs of joy', platform: null, state: 'pending', version: 1 },
      ],
    });
    expect(JSON.stringify(page.body)).not.toContain(bea.email);
  });

  it("shares a generation's lines, and the Kiswahili link carries its language", async () => {
    const bea = await businessUser();
    const [gen] = await server.database.query<{ id: string }>(
      `insert into generations (user_id, subject, plan_id, category, tone, count, status, lines, platform)
       values ($1, $2, 'business', 'captions', 'funny', 2, 'completed', $3, 'x_post') returning id`,
      [bea.id, `user-${bea.id}`, JSON.stringify(['Hot buns at 7', 'Warm loaves at 8'])],
    );
    const created = await share(bea, { language: 'sw', source: { generationId: gen!.id, indexes: [1] } });
    expect(created.url).toBe(`${server.url}/sw/approve/${created.token}`);
    const page = await view(created.token);
    expect(page.body.data).toMatchObject({ language: 'sw', lines: [{ text: 'Warm loaves at 8', platform: 'x_post' }] });

    // Someone else's generation, or a line it does not have: 404.
    const other = await businessUser();
    const res = await server.api('/approvals', { body: { title: 'T', source: { generationId: gen!.id } }, token: other.token });
    expect(res.status).toBe(404);
    const missing = await server.api('/approvals', {
      body: { title: 'T', source: { generationId: gen!.id, indexes: [5] } },
      token: bea.token,
    });
    expect(missing.status).toBe(404);
  });

  it("keeps each account's links to itself: another account gets 404 and cannot share its lines", async () => {
    const bea = await businessUser();
    const eve = await businessUser('Eve');
    const ids = await saveLines(bea, ['Only mine']);
    const created = await share(bea, { source: { savedLineIds: ids } });
    expect((await team(eve, created.id)).status).toBe(404);
    for (const action of ['revoke', 'unlock', 'extend']) {
      expect((await server.api(`/approvals/${created.id}/${action}`, { method: 'POST', body: {}, token: eve.token })).status).toBe(404);
    }
    expect((await server.api(`/approvals/${created.id}/lines`, { body: { lines: [{ text: 'x' }] }, token: eve.token })).status).toBe(404);
    expect((await server.api('/approvals', { token: eve.token })).body.data.approvals).toEqual([]);
    const steal = await server.api('/approvals', { body: { title: 'T', source: { savedLineIds: ids } }, token: eve.token });
    expect(steal.status).toBe(404);
    expect(steal.body.error).toBe('Saved line not found');
  });
});

describe('limits and sources', () => {
  it('shares the written lines of a teammate’s campaign, not an outsider’s', async () => {
    const { owner, teamId } = await ownerWithTeam(server, server.database, 'Campaign Owner');
    const mate = await registerUser(server, { name: 'Campaign Mate' });
    await inviteAndJoin(server, smtp, teamId, owner, mate);
    const outsider = await businessUser('Campaign Outsider');
    const [campaign] = await server.database.query<{ id: string }>(
      `insert into campaigns (user_id, starts_on, days, platforms, tone) values ($1, current_date, 2, '["x_post"]', 'bold') returning id`,
      [mate.id],
    );
    for (const [day, text, edited] of [
      [0, 'Day one line', null],
      [1, 'Day two generated', 'Day two edited'],
    ] as const) {
      const [gen] = await server.database.query<{ id: string }>(
        `insert into generations (user_id, subject, plan_id, category, tone, count, status, lines, platform)
         values ($1, $2, 'business', 'captions', 'bold', 1, 'completed', $3, 'x_post') returning id`,
        [mate.id, `user-${mate.id}`, JSON.stringify([text])],
      );
      await server.database.query(
        `insert into campaign_lines (campaign_id, day, date, platform, position, category, generation_id, text)
         values ($1, $2, current_date + $2::int, 'x_post', 0, 'captions', $3, $4)`,
        [campaign!.id, day, gen!.id, edited],
      );
    }
    const link = await share(owner, { source: { campaignId: campaign!.id } });
    expect(link.approval.lines.map((l: any) => [l.text, l.platform])).toEqual([
      ['Day one line', 'x_post'],
      ['Day two edited', 'x_post'],
    ]);
    const refused = await server.api('/approvals', { body: { title: 'T', source: { campaignId: campaign!.id } }, token: outsider.token });
    expect(refused.status).toBe(404);
  });

  it('refuses a 51st open link (409) and a 31st decision request on a link within a minute (429)', async () => {
    const bea = await businessUser();
    const ids = await saveLines(bea, ['Limit line']);
    await server.database.query(
      `insert into approval_links (token_hash, user_id, title, source_kind, expires_at)
       select md5(random()::text) || g, $1, 'Filler', 'saved', now() + interval '1 day' from generate_series(1, 50) g`,
      [bea.id],
    );
    const refused = await server.api('/approvals', { body: { title: 'T', source: { savedLineIds: ids } }, token: bea.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('You already have 50 open approval links. Revoke one you no longer need, then share again.');
    // A revoked or expired link does not count.
    await server.database.query(
      `update approval_links set revoked_at = now() where user_id = $1 and title = 'Filler' and ctid in (select ctid from approval_links where user_id = $1 and title = 'Filler' limit 1)`,
      [bea.id],
    );
    const link = await share(bea, { source: { savedLineIds: ids } });

    const [line] = (await view(link.token)).body.data.lines;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await decide(link.token, { reviewerName: 'Fast', decisions: [{ lineId: line.id, decision: 'approve' }] })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('the client page: one 404 for everything it cannot show', () => {
  it('answers an unknown, malformed, expired or revoked token and a missing or wrong PIN with the same 404', async () => {
    const bea = await businessUser();
    const ids = await saveLines(bea, ['Secret croissant']);
    const open = await share(bea, { pin: '4321', source: { savedLineIds: ids } });
    expect((await view(open.token, '4321')).status).toBe(200);

    const expired = await share(bea, { source: { savedLineIds: ids } });
    await server.database.query(`update approval_links set expires_at = now() - interval '1 minute' where id = $1`, [expired.id]);
    const revoked = await share(bea, { source: { savedLineIds: ids } });
    expect((await server.api(`/approvals/${revoked.id}/revoke`, { method: 'POST', token: bea.token })).status).toBe(200);

    const answers = [
      await view('AAAAAAAAAAAAAAAAAAAAAA'),
      await view('not-a-token'),
      await view(expired.token),
      await view(revoked.token),
      await view(open.token),
      await view(open.token, '0000'),
      await decide(expired.token, { reviewerName: 'Kim', decisions: [{ lineId: randomUUID(), decision: 'approve' }] }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        success: false,
        code: 'NOT_FOUND',
        error: 'This link is not available. Check the link and its PIN, or ask for a new link.',
      });
    }
    // In Kiswahili for a Kiswahili page, the same for every case.
    const sw = await server.api(`/public/approvals/${revoked.token}`, { headers: { 'accept-language': 'sw' } });
    expect(sw.body.error).toBe('Kiungo hiki hakipatikani. Angalia kiungo na PIN yake, au omba kiungo kipya.');

    // Extending brings an expired link back; a revoked one stays revoked.
    expect((await server.api(`/approvals/${expired.id}/extend`, { body: { days: 3 }, token: bea.token })).status).toBe(200);
    expect((await view(expired.token)).status).toBe(200);
    expect((await server.api(`/approvals/${revoked.id}/extend`, { body: {}, token: bea.token })).status).toBe(409);
  });

  it(`locks a link after ${APPROVAL_PIN_ATTEMPTS_MAX} wrong PINs (even the right one is refused then) until its creator unlocks it`, async () => {
    const bea = await businessUser();
    const ids = await saveLines(bea, ['Locked loaf']);
    const link = await share(bea, { pin: '123456', source: { savedLineIds: ids } });
    for (let i = 0; i < APPROVAL_PIN_ATTEMPTS_MAX; i++) expect((await view(link.token, `00000${i}`)).status).toBe(404);
    expect((await view(link.token, '123456')).status).toBe(404);
    expect((await team(bea, link.id)).body.data.approval).toMatchObject({ status: 'locked', lockedAt: expect.any(String) });

    const unlocked = await server.api(`/approvals/${link.id}/unlock`, { method: 'POST', token: bea.token });
    expect(unlocked.body.data.approval).toMatchObject({ status: 'open', lockedAt: null });
    expect((await view(link.token, '123456')).status).toBe(200);
  });

  it('refuses an address that keeps missing links for a while (429), whatever the links', async () => {
    let res;
    for (let i = 0; i < 40; i++) {
      res = await view(`guess${String(i).padStart(17, '0')}`);
      if (res.status !== 404) break;
    }
    expect(res!.status).toBe(429);
    expect(res!.headers.get('retry-after')).toBeTruthy();
  });
});

describe('decisions', () => {
  it('records every decision, the last one on a line wins, and a comment leaves the state', async () => {
    const bea = await businessUser();
    const ids = await saveLines(bea, ['Line one', 'Line two']);
    const link = await share(bea, { source: { savedLineIds: ids } });
    const [one, two] = (await view(link.token)).body.data.lines;

    // Two reviewers on the same line at once: both kept, the state is the one committed last.
    const [a, b] = await Promise.all([
      decide(link.token, { reviewerName: 'Amina', decisions: [{ lineId: one.id, decision: 'approve' }] }),
      decide(link.token, {
        reviewerName: 'Brian',
        decisions: [{ lineId: one.id, decision: 'request_changes', comment: 'Shorter please' }],
      }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const after = (await team(bea, link.id)).body.data.approval.lines[0];
    expect(after.decisions.map((d: any) => d.reviewerName).sort()).toEqual(['Amina', 'Brian']);
    const last = after.decisions.at(-1);
    expect(after.state).toBe(last.decision === 'approve' ? 'approved' : 'changes_requested');
    expect(after.decidedBy).toBe(last.reviewerName);
    // Both reviewers see that state.
    expect((await view(link.token)).body.data.lines[0].state).toBe(after.state);

    const comment = await decide(link.token, {
      reviewerName: 'Amina',
      decisions: [{ lineId: two.id, decision: 'comment', comment: '<a href="https://x.example">see</a>' }],
    });
    expect(comment.body.data.lines[1].state).toBe('pending');
    const stored = (await team(bea, link.id)).body.data.approval.lines[1].decisions[0];
    expect(stored).toMatchObject({ decision: 'comment', comment: '<a href="https://x.example">see</a>', version: 1 });
  });

  it('refuses a line not in the link (404), a stale version (409), a missing comment or a too-long one (400)', async () => {
    const bea = await businessUser();
    const other = await share(bea, { source: { savedLineIds: await saveLines(bea, ['Other link line']) } });
    const link = await share(bea, { source: { savedLineIds: await saveLines(bea, ['Only line']) } });
    const [line] = (await view(link.token)).body.data.lines;
    const [otherLine] = (await view(other.token)).body.data.lines;

    const foreign = await decide(link.token, { reviewerName: 'Kim', decisions: [{ lineId: otherLine.id, decision: 'approve' }] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('Line not found');
    const stale = await decide(link.token, { reviewerName: 'Kim', decisions: [{ lineId: line.id, decision: 'approve', version: 2 }] });
    expect(stale.status).toBe(409);
    const noComment = await decide(link.token, { reviewerName: 'Kim', decisions: [{ lineId: line.id, decision: 'request_changes' }] });
    expect(noComment.status).toBe(400);
    expect(noComment.body.error).toContain('A comment is required');
    const long = await decide(link.token, {
      reviewerName: 'Kim',
      decisions: [{ lineId: line.id, decision: 'comment', comment: 'x'.repeat(1001) }],
    });
    expect(long.status).toBe(400);
    // Nothing of it was recorded.
    expect((await team(bea, link.id)).body.data.approval.lines[0].decisions).toEqual([]);
  });

  it('a refined line shared again is a new version: pending, its history kept', async () => {
    const bea = await businessUser();
    const link = await share(bea, { source: { savedLineIds: await saveLines(bea, [{ text: 'Too long a line', platform: 'x_post' }]) } });
    const [line] = (await view(link.token)).body.data.lines;
    await decide(link.token, { reviewerName: 'Kim', decisions: [{ lineId: line.id, decision: 'request_changes', comment: 'Shorter' }] });

    const res = await server.api(`/approvals/${link.id}/lines`, {
      body: { lines: [{ text: 'Short line', replaces: line.id }, { text: 'A new idea' }] },
      token: bea.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [v2, added] = res.body.data.approval.lines;
    expect(v2).toMatchObject({ id: line.id, version: 2, text: 'Short line', platform: 'x_post', state: 'pending', decidedBy: null });
    expect(v2.versions.map((v: any) => [v.version, v.text])).toEqual([
      [1, 'Too long a line'],
      [2, 'Short line'],
    ]);
    expect(v2.decisions).toMatchObject([{ version: 1, decision: 'request_changes', comment: 'Shorter' }]);
    expect(added).toMatchObject({ version: 1, text: 'A new idea', position: 1 });
    expect((await view(link.token)).body.data.lines).toMatchObject([
      { id: line.id, version: 2, state: 'pending' },
      { text: 'A new idea', version: 1 },
    ]);
    const bad = await server.api(`/approvals/${link.id}/lines`, {
      body: { lines: [{ text: 'x', replaces: randomUUID() }] },
      token: bea.token,
    });
    expect(bad.status).toBe(404);
  });
});

describe('after approval', () => {
  it('exports the approved lines as CSV, Google Ads and Meta files', async () => {
    const bea = await businessUser();
    const ids = await saveLines(bea, [
      { text: 'Fresh every dawn', platform: 'google_ads_headline' },
      { text: 'Bread baked in Nairobi before sunrise, delivered warm.', platform: 'google_ads_description' },
      { text: 'Warm bread', platform: 'facebook_ad_headline' },
      { text: 'Not approved', platform: 'google_ads_headline' },
    ]);
    const link = await share(bea, { source: { savedLineIds: ids } });
    const lines = (await view(link.token)).body.data.lines;
    await decide(link.token, {
      reviewerName: 'Wanjiru',
      decisions: lines.slice(0, 3).map((l: any) => ({ lineId: l.id, decision: 'approve' })),
    });

    const download = async (format: string) => {
      const res = await fetch(`${server.url}/api/approvals/${link.id}/export?format=${format}`, {
        headers: { authorization: `Bearer ${bea.token}` },
      });
      expect(res.status).toBe(200);
      return parse((await res.text()).replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;
    };
    const csv = await download('csv');
    expect(csv.map((r) => r.text)).toEqual(['Fresh every dawn', 'Bread baked in Nairobi before sunrise, delivered warm.', 'Warm bread']);
    expect(csv[0]).toMatchObject({ platform: 'google_ads_headline', approved_by: 'Wanjiru' });
    const google = await download('google_ads');
    expect(google[0]).toMatchObject({
      'Headline 1': 'Fresh every dawn',
      'Description 1': 'Bread baked in Nairobi before sunrise, delivered warm.',
      'Headline 2': '',
    });
    const meta = await download('meta_ads');
    expect(meta[0]).toMatchObject({ Title: 'Warm bread', 'Campaign Name': expect.stringContaining('Spring sale') });
  });

  it('saves the approved lines to the own library, marked approved by whom and when', async () => {
    const bea = await businessUser();
    const link = await share(bea, { source: { savedLineIds: await saveLines(bea, ['Keep me', 'Skip me']) } });
    const [keep] = (await view(link.token)).body.data.lines;
    expect((await server.api(`/approvals/${link.id}/save-approved`, { body: {}, token: bea.token })).status).toBe(409);
    await decide(link.token, { reviewerName: 'Otieno', decisions: [{ lineId: keep.id, decision: 'approve' }] });
    const saved = await server.api(`/approvals/${link.id}/save-approved`, { body: {}, token: bea.token });
    expect(saved.body.data).toEqual({ target: 'own', saved: 0, alreadySaved: 1 });
    const library = await server.api('/lines/saved', { token: bea.token });
    const line = library.body.data.savedLines.find((l: any) => l.text === 'Keep me');
    expect(line.approvedBy).toEqual({ name: 'Otieno', at: expect.any(String) });
    expect(library.body.data.savedLines.find((l: any) => l.text === 'Skip me').approvedBy).toBeUndefined();
  });
});

describe('the summary e-mail to the creator', () => {
  it('goes once every line is decided, in the creator’s language', async () => {
    const bea = await businessUser('Bakari');
    expect((await server.api('/account/language', { method: 'PATCH', body: { language: 'sw' }, token: bea.token })).status).toBe(200);
    const link = await share(bea, { title: 'Mikate', source: { savedLineIds: await saveLines(bea, ['Mkate moto', 'Maandazi']) } });
    const lines = (await view(link.token)).body.data.lines;
    await decide(link.token, {
      reviewerName: 'Zawadi',
      decisions: [
        { lineId: lines[0].id, decision: 'approve' },
        { lineId: lines[1].id, decision: 'request_changes', comment: 'Ongeza bei' },
      ],
    });
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(bea.email) && m.subject?.includes('Mikate') === true);
    expect(mail.subject).toBe('Maamuzi ya mteja wako kuhusu "Mikate"');
    expect(mail.text).toContain('Imeidhinishwa na Zawadi: Mkate moto');
    expect(mail.text).toContain('Ongeza bei');
    // Once: running the reconciler again sends nothing more.
    await reconcileOnce(server.services.ctx);
    await server.drain();
    expect(smtp.received.filter((m) => m.subject?.includes('Mikate'))).toHaveLength(1);
  });

  it('goes after a quiet period when some lines are still waiting (time moved in the database)', async () => {
    const bea = await businessUser('Quiet Creator');
    const link = await share(bea, { title: 'Quiet one', source: { savedLineIds: await saveLines(bea, ['First quiet', 'Second quiet']) } });
    const [first] = (await view(link.token)).body.data.lines;
    await decide(link.token, { reviewerName: 'Juma', decisions: [{ lineId: first.id, decision: 'approve' }] });
    await reconcileOnce(server.services.ctx);
    await server.drain();
    expect(smtp.received.filter((m) => m.subject?.includes('Quiet one'))).toHaveLength(0);

    await server.database.query(`update approval_links set last_decision_at = now() - interval '31 minutes' where id = $1`, [link.id]);
    await reconcileOnce(server.services.ctx);
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(bea.email) && m.subject?.includes('Quiet one') === true);
    expect(mail.subject).toBe(`Your client's decisions on "Quiet one"`);
    expect(mail.text).toContain('Approved by Juma: First quiet');
    expect(mail.text).toContain('Waiting: Second quiet');
  });
});

describe('accounts', () => {
  it('the data export carries the links; deleting the account deletes them', async () => {
    const bea = await businessUser();
    const link = await share(bea, { pin: '2468', source: { savedLineIds: await saveLines(bea, ['Exported line']) } });
    const res = await fetch(`${server.url}/api/users/export`, { headers: { authorization: `Bearer ${bea.token}` } });
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.approvalLinks).toMatchObject([{ id: link.id, title: 'Spring sale', hasPin: true, lines: [{ text: 'Exported line' }] }]);
    expect(text).not.toContain(link.token);

    const del = await server.api('/users/account', {
      method: 'DELETE',
      token: bea.token,
      body: { password: bea.password, confirm: 'DELETE' },
    });
    expect(del.status).toBe(200);
    expect(await server.database.query(`select id from approval_links where id = $1`, [link.id])).toEqual([]);
    expect((await view(link.token)).status).toBe(404);
  });
});
