import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addDays,
  CAMPAIGNS_RUNNING_MAX,
  countForPlatform,
  getOccasion,
  getPlan,
  nextOccasionDate,
  utcToday,
  type PlatformId,
} from '@gl/core';
import { campaignsRepository } from '@gl/core/server';
import { createTestDatabase } from '../helpers/database';
import { clearRedisPrefix, testPrefix } from '../helpers/redis';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, nextEvent, type TestSocket } from '../helpers/socket';
import { eventually } from '../helpers/eventually';
import { reconcileOnce } from '@gl/worker/reconciler';
import { grantPlan, registerUser, type TestUser } from '../helpers/users';
import { startOpenAiStub, type ChatStub, type ChatStubRequest } from '../stubs/openai.stub';
import { stubbedProvidersEnv } from '../helpers/providers';

const OPENAI_KEY = 'sk-test-stub-key';

let server: TestServer;
let openai: ChatStub;
let alice: TestUser;
let aliceSocket: TestSocket;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  openai = await startOpenAiStub({ apiKey: OPENAI_KEY });
  server = await startTestServer({
    env: stubbedProvidersEnv({ openai, openaiKey: OPENAI_KEY, timeoutMs: 3000 }),
  });
  alice = await registerUser(server);
  await grantPlan(server.database, alice.id, 'pro');
  aliceSocket = await connectSocket(server.url, { token: alice.token });
  sockets.push(aliceSocket);
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.stop();
  await openai?.close();
});

beforeEach(() => openai.setBehaviour({ kind: 'ok' }));

const userMessage = (req: ChatStubRequest) => String(req.body.messages.at(-1).content);

/** A model that writes short lines that fit the length the prompt asks for, each naming the date it was asked for. */
function fittingLines(req: ChatStubRequest): string[] {
  const [, , max] = /each line (\d+)-(\d+) characters/.exec(userMessage(req)) ?? [];
  const day = /published on \w+, (\d+ \w+)/.exec(userMessage(req))?.[1] ?? 'today';
  // A platform that wants hashtags (Instagram captions) gets one at the end.
  const tag = /each line ends with 1 to \d hashtags/.test(userMessage(req)) ? ' #Duka' : '';
  return [`Deals on ${day} at Duka`.slice(0, Number(max ?? 30) - tag.length) + tag];
}

/** The next Jamhuri Day, and a start a day before it when that is not in the past. */
function jamhuriWindow() {
  const today = utcToday();
  const jamhuri = nextOccasionDate(getOccasion('jamhuri_day'), today)!;
  const startsOn = addDays(jamhuri, -1) >= today ? addDays(jamhuri, -1) : jamhuri;
  return { jamhuri, startsOn };
}

async function createCampaign(user: TestUser, body: Record<string, unknown>) {
  const res = await server.api('/campaigns', { token: user.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.data as { id: string; total: number; usage: any };
}

/** Creates a campaign and collects its socket events until campaign:completed. */
async function runCampaign(user: TestUser, socket: TestSocket, body: Record<string, unknown>) {
  const progress: any[] = [];
  const onProgress = (p: any) => progress.push(p);
  socket.on('campaign:progress', onProgress);
  const completions: any[] = [];
  const onCompleted = (p: any) => completions.push(p);
  socket.on('campaign:completed', onCompleted);
  try {
    const accepted = await createCampaign(user, body);
    const completed = await nextEvent(socket, 'campaign:completed', (p: any) => p.campaignId === accepted.id, 30_000);
    const campaign = (await server.api(`/campaigns/${accepted.id}`, { token: user.token })).body.data;
    // Lines written at the same time report on their own: one line's progress can arrive after the
    // completion another line's job sent. Every line's final progress is in before the test goes on,
    // so none of them is taken for an event of the test's next step.
    const settled = (id: string) =>
      progress.some(
        (p) => p.campaignId === accepted.id && p.line.id === id && (p.line.status === 'completed' || p.line.status === 'failed'),
      );
    await eventually(async () => campaign.lines.every((l: any) => settled(l.id)), 10_000, "every line's progress");
    return { accepted, completed, campaign, progress: progress.filter((p) => p.campaignId === accepted.id), completions };
  } finally {
    socket.off('campaign:progress', onProgress);
    socket.off('campaign:completed', onCompleted);
  }
}

async function exportCsv(user: TestUser, id: string, format: string) {
  const res = await fetch(`${server.url}/api/campaigns/${id}/export?format=${format}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  const text = await res.text();
  return { res, text, rows: res.status === 200 ? (parse(text, { bom: true }) as string[][]) : [] };
}

describe('GET /api/campaigns/occasions', () => {
  it('lists the Kenyan calendar and the shopping days with their next dates', async () => {
    const res = await server.api('/campaigns/occasions');
    expect(res.status).toBe(200);
    const byId = new Map<string, any>(res.body.data.occasions.map((o: any) => [o.id, o]));
    expect([...byId.keys()]).toEqual(
      expect.arrayContaining([
        'madaraka_day',
        'mashujaa_day',
        'jamhuri_day',
        'eid_al_fitr',
        'christmas',
        'new_year',
        'black_friday',
        'back_to_school',
        'valentines_day',
      ]),
    );
    const today = utcToday();
    const year = Number(today.slice(0, 4));
    expect(byId.get('jamhuri_day')).toMatchObject({ name: 'Jamhuri Day', kind: 'kenyan_calendar' });
    expect(byId.get('jamhuri_day').nextDate).toBe(today <= `${year}-12-12` ? `${year}-12-12` : `${year + 1}-12-12`);
    expect(byId.get('madaraka_day').nextDate).toMatch(/-06-01$/);
    expect(byId.get('black_friday')).toMatchObject({ kind: 'shopping' });
    // Black Friday is a Friday in late November; Eid's date comes from the table of expected dates.
    expect(new Date(`${byId.get('black_friday').nextDate}T00:00:00Z`).getUTCDay()).toBe(5);
    expect(['2026-03-20', '2027-03-09', '2028-02-26', '2029-02-14', '2030-02-04', null]).toContain(byId.get('eid_al_fitr').nextDate);
    for (const o of byId.values()) if (o.nextDate) expect(o.nextDate >= today).toBe(true);
  });
});

describe('a campaign end to end', () => {
  it('writes one line per day × platform through the queue, live over the socket, counted against the quota', async () => {
    openai.setBehaviour({ kind: 'ok', lines: fittingLines });
    const { jamhuri, startsOn } = jamhuriWindow();
    const before = (await server.api('/users/usage', { token: alice.token })).body.data.dailyGenerations;
    const firstRequest = openai.requests.length;
    const { accepted, completed, campaign, progress, completions } = await runCampaign(alice, aliceSocket, {
      occasion: 'jamhuri_day',
      startsOn,
      days: 3,
      platforms: ['instagram_caption', 'sms'],
      tone: 'bold',
      topic: 'Duka la Mama Njeri',
    });
    expect(accepted.total).toBe(6);
    expect(accepted.usage.dailyGenerations).toBe(before + 6);
    expect((await server.api('/users/usage', { token: alice.token })).body.data.dailyGenerations).toBe(before + 6);

    // Every line arrived over the socket, once, with the counts rising; then one completion.
    expect(progress).toHaveLength(6);
    expect(new Set(progress.map((p) => p.line.id)).size).toBe(6);
    expect(Math.max(...progress.map((p) => p.done))).toBe(6);
    for (const p of progress) expect(p).toMatchObject({ total: 6, failed: 0, done: expect.any(Number) });
    expect(completed).toEqual({ campaignId: accepted.id, done: 6, failed: 0, total: 6 });
    await new Promise((r) => setTimeout(r, 300));
    expect(completions.filter((c) => c.campaignId === accepted.id)).toHaveLength(1);

    // The campaign: its days in order, the platforms in the order asked, each line its own generation.
    expect(campaign).toMatchObject({
      id: accepted.id,
      occasion: 'jamhuri_day',
      occasionName: 'Jamhuri Day',
      occasionDate: jamhuri,
      startsOn,
      days: 3,
      platforms: ['instagram_caption', 'sms'],
      status: 'completed',
      total: 6,
      done: 6,
      failed: 0,
    });
    expect(campaign.lines.map((l: any) => [l.day, l.date, l.platform])).toEqual([
      [0, startsOn, 'instagram_caption'],
      [0, startsOn, 'sms'],
      [1, addDays(startsOn, 1), 'instagram_caption'],
      [1, addDays(startsOn, 1), 'sms'],
      [2, addDays(startsOn, 2), 'instagram_caption'],
      [2, addDays(startsOn, 2), 'sms'],
    ]);
    expect(new Set(campaign.lines.map((l: any) => l.generationId)).size).toBe(6);
    for (const line of campaign.lines) {
      expect(line).toMatchObject({ status: 'completed', edited: false, category: line.platform === 'sms' ? 'adlines' : 'captions' });
      expect(line.text).toEqual(expect.any(String));
      expect(line.characters).toBe(countForPlatform(line.text, line.platform));
      expect(line.characters).toBeLessThanOrEqual(line.maxChars);
      const live = progress.find((p) => p.line.id === line.id);
      expect(live.line.text).toBe(line.text);
    }

    // Each generation was told its day and the occasion: on Jamhuri Day itself, to be about Jamhuri Day.
    // (A line that breaks a platform rule, e.g. no hashtag in an Instagram caption, is asked for again.)
    const prompts = openai.requests.slice(firstRequest).map(userMessage);
    expect(prompts.length).toBeGreaterThanOrEqual(6);
    const onTheDay = prompts.filter((p) => p.includes('That day is Jamhuri Day'));
    expect(onTheDay.length).toBeGreaterThanOrEqual(2);
    expect(onTheDay.some((p) => /SMS/.test(p)) && onTheDay.some((p) => /Instagram caption/.test(p))).toBe(true);
    expect(prompts.every((p) => p.includes('Jamhuri Day') && /day \d of a 3-day campaign/.test(p))).toBe(true);
    expect(prompts.every((p) => p.includes('"topic": "Duka la Mama Njeri"'))).toBe(true);

    // Listed among the owner's campaigns.
    const list = await server.api('/campaigns', { token: alice.token });
    expect(list.body.data.campaigns[0]).toMatchObject({ id: accepted.id, status: 'completed', done: 6, total: 6 });
  }, 60_000);

  it('with no AI provider answering, the offline writer still writes lines for the occasion', async () => {
    openai.setBehaviour({ kind: 'error', status: 500 });
    const { jamhuri, startsOn } = jamhuriWindow();
    const { campaign } = await runCampaign(alice, aliceSocket, {
      occasion: 'jamhuri_day',
      startsOn,
      days: 2,
      platforms: ['facebook_ad_primary', 'instagram_caption'],
      tone: 'corporate',
      topic: 'Nakuru bakery',
    });
    expect(campaign).toMatchObject({ status: 'completed', done: 4, failed: 0 });
    for (const line of campaign.lines) {
      expect(line.text).toMatch(/Jamhuri Day/);
      expect(line.characters).toBeLessThanOrEqual(line.maxChars);
      if (line.date === jamhuri) expect(line.text).toMatch(/^Happy Jamhuri Day!|^Jamhuri Day: /);
    }
  }, 60_000);

  it('in Kiswahili the offline lines name the occasion in Kiswahili', async () => {
    openai.setBehaviour({ kind: 'error', status: 500 });
    const { startsOn } = jamhuriWindow();
    const { campaign } = await runCampaign(alice, aliceSocket, {
      occasion: 'jamhuri_day',
      startsOn,
      days: 1,
      platforms: ['sms'],
      tone: 'bold',
      language: 'sw',
    });
    expect(campaign.lines[0].text).toMatch(/Siku ya Jamhuri/);
  }, 60_000);
});

describe('each line: edit by hand, regenerate', () => {
  it('keeps an edit within the platform limit, and a regeneration writes the line again (counted) and drops the edit', async () => {
    openai.setBehaviour({ kind: 'ok', lines: fittingLines });
    const { campaign } = await runCampaign(alice, aliceSocket, {
      startsOn: utcToday(),
      days: 1,
      platforms: ['sms', 'x_post'],
      tone: 'funny',
    });
    expect(campaign).toMatchObject({ occasion: null, occasionName: null, occasionDate: null });
    const sms = campaign.lines.find((l: any) => l.platform === 'sms');
    const url = `/campaigns/${campaign.id}/lines/${sms.id}`;

    const edited = await server.api(url, { method: 'PATCH', token: alice.token, body: { text: '  Karibu! 2 for 1 today only  ' } });
    expect(edited.status).toBe(200);
    expect(edited.body.data.line).toMatchObject({ id: sms.id, text: 'Karibu! 2 for 1 today only', edited: true, characters: 26 });

    const tooLong = await server.api(url, { method: 'PATCH', token: alice.token, body: { text: 'x'.repeat(161) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatch(/^text: .*SMS.*160/);
    // SMS is GSM-7 only: an emoji does not fit one segment, whatever the length.
    expect((await server.api(url, { method: 'PATCH', token: alice.token, body: { text: 'Karibu 🎉' } })).status).toBe(400);
    expect((await server.api(url, { method: 'PATCH', token: alice.token, body: { text: '' } })).status).toBe(400);
    expect((await server.api(url, { method: 'PATCH', token: alice.token, body: { text: 'ok', extra: 1 } })).status).toBe(400);

    const usage = (await server.api('/users/usage', { token: alice.token })).body.data.dailyGenerations;
    const rewritten = nextEvent(aliceSocket, 'campaign:progress', (p: any) => p.line.id === sms.id && p.line.status === 'completed');
    const again = await server.api(`${url}/regenerate`, { method: 'POST', token: alice.token });
    expect(again.status).toBe(202);
    expect(again.body.data.line).toMatchObject({ id: sms.id, status: 'pending', edited: false });
    const { line } = await rewritten;
    expect(line).toMatchObject({ edited: false, status: 'completed' });
    expect(line.text).not.toBe('Karibu! 2 for 1 today only');
    expect((await server.api('/users/usage', { token: alice.token })).body.data.dailyGenerations).toBe(usage + 1);
    const stored = (await server.api(`/campaigns/${campaign.id}`, { token: alice.token })).body.data;
    expect(stored.lines.find((l: any) => l.id === sms.id).text).toBe(line.text);
    // Still one completion per campaign: a regenerated line does not complete it again.
    expect(stored.status).toBe('completed');
  }, 60_000);
});

describe('refining a line', () => {
  it('refines the line as it stands through its generation (counted); the refined line becomes the campaign line', async () => {
    openai.setBehaviour({ kind: 'ok', lines: fittingLines });
    const { campaign } = await runCampaign(alice, aliceSocket, {
      startsOn: utcToday(),
      days: 1,
      platforms: ['x_post', 'sms'],
      tone: 'bold',
    });
    const [post, sms] = campaign.lines;
    openai.setBehaviour({ kind: 'ok', lines: ['Punchier: Duka deals all day long'] });
    const usage = (await server.api('/users/usage', { token: alice.token })).body.data.dailyGenerations;
    const refined = nextEvent(aliceSocket, 'campaign:progress', (p: any) => p.line.id === post.id && p.line.status === 'completed');
    const res = await server.api(`/campaigns/${campaign.id}/lines/${post.id}/refine`, { token: alice.token, body: { action: 'punchier' } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.data.line).toMatchObject({ id: post.id, status: 'pending', text: post.text });
    const { line } = await refined;
    expect(line).toMatchObject({ edited: false, status: 'completed' });
    expect(line.text).not.toBe(post.text);
    expect((await server.api('/users/usage', { token: alice.token })).body.data.dailyGenerations).toBe(usage + 1);
    // The original stays in the generation, the refined line is appended beside it.
    const generation = (await server.api(`/lines/generations/${post.generationId}`, { token: alice.token })).body.data.generation;
    expect(generation.lines).toEqual([post.text, line.text]);
    expect((await server.api(`/campaigns/${campaign.id}`, { token: alice.token })).body.data.lines[0].text).toBe(line.text);

    // A line edited by hand is not refined (its text is not the generation's); bad actions are 400.
    await server.api(`/campaigns/${campaign.id}/lines/${sms.id}`, { method: 'PATCH', token: alice.token, body: { text: 'Karibu sana' } });
    const edited = await server.api(`/campaigns/${campaign.id}/lines/${sms.id}/refine`, {
      token: alice.token,
      body: { action: 'shorter' },
    });
    expect(edited.status).toBe(409);
    expect(edited.body.error).toMatch(/edited by hand/);
    const bad = await server.api(`/campaigns/${campaign.id}/lines/${post.id}/refine`, {
      token: alice.token,
      body: { action: 'translate' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^language: /);
  }, 60_000);
});

describe('exports', () => {
  let ads: any;
  beforeAll(async () => {
    openai.setBehaviour({ kind: 'ok', lines: fittingLines });
    ads = (
      await runCampaign(alice, aliceSocket, {
        occasion: 'black_friday',
        startsOn: utcToday(),
        days: 5,
        platforms: ['google_ads_headline', 'google_ads_description', 'facebook_ad_headline', 'facebook_ad_primary'],
        tone: 'bold',
        topic: 'Duka',
      })
    ).campaign;
    // A line a spreadsheet would run as a formula, edited in by hand.
    const primary = ads.lines.find((l: any) => l.platform === 'facebook_ad_primary' && l.day === 0);
    const res = await server.api(`/campaigns/${ads.id}/lines/${primary.id}`, {
      method: 'PATCH',
      token: alice.token,
      body: { text: '-20% on everything, today only' },
    });
    expect(res.status).toBe(200);
    ads = (await server.api(`/campaigns/${ads.id}`, { token: alice.token })).body.data;
  }, 60_000);

  it('CSV: date, platform, text, characters for every line, formula-like text neutralised', async () => {
    const { res, rows } = await exportCsv(alice, ads.id, 'csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="genius-lines-campaign-.*\.csv"/);
    expect(rows[0]).toEqual(['date', 'platform', 'text', 'characters']);
    expect(rows).toHaveLength(1 + 20);
    const body = rows.slice(1);
    for (const [i, line] of ads.lines.entries()) {
      const expected = line.text.startsWith('-') ? `'${line.text}` : line.text;
      expect(body[i]).toEqual([line.date, line.platform, expected, String(line.characters)]);
    }
    expect(body.some((r) => r[2] === "'-20% on everything, today only")).toBe(true);
  });

  it("Google Ads: Editor's responsive search ad columns, headlines ≤ 30 and descriptions ≤ 90", async () => {
    const { res, rows } = await exportCsv(alice, ads.id, 'google_ads');
    expect(res.status).toBe(200);
    expect(rows[0]).toEqual([
      'Campaign',
      'Ad group',
      ...Array.from({ length: 15 }, (_, i) => `Headline ${i + 1}`),
      ...Array.from({ length: 4 }, (_, i) => `Description ${i + 1}`),
    ]);
    const headlines = ads.lines.filter((l: any) => l.platform === 'google_ads_headline').map((l: any) => l.text);
    const descriptions = ads.lines.filter((l: any) => l.platform === 'google_ads_description').map((l: any) => l.text);
    // Five descriptions: two ads, each with every headline and the next four descriptions.
    expect(rows).toHaveLength(3);
    for (const row of rows.slice(1)) {
      expect(row[0]).toBe(`Black Friday ${ads.startsOn}`);
      expect(row.slice(2, 7)).toEqual(headlines);
      expect(row.slice(7, 17)).toEqual(Array(10).fill(''));
      for (const h of row.slice(2, 17)) expect(countForPlatform(h, 'google_ads_headline')).toBeLessThanOrEqual(30);
      for (const d of row.slice(17)) expect(countForPlatform(d, 'google_ads_description')).toBeLessThanOrEqual(90);
    }
    expect([...rows[1]!.slice(17), ...rows[2]!.slice(17)].filter(Boolean)).toEqual(descriptions);
    expect(res.headers.get('x-omitted-lines')).toBe('0');
  });

  it('Meta Ads: bulk-upload columns, one ad a day with its headline (Title) and primary text (Body)', async () => {
    const { res, rows } = await exportCsv(alice, ads.id, 'meta_ads');
    expect(res.status).toBe(200);
    expect(rows[0]).toEqual(['Campaign Name', 'Ad Set Name', 'Ad Name', 'Title', 'Body']);
    expect(rows).toHaveLength(1 + 5);
    for (let day = 0; day < 5; day++) {
      const title = ads.lines.find((l: any) => l.day === day && l.platform === 'facebook_ad_headline').text;
      const body = ads.lines.find((l: any) => l.day === day && l.platform === 'facebook_ad_primary').text;
      const row = rows[day + 1]!;
      expect(row.slice(0, 3)).toEqual([
        `Black Friday ${ads.startsOn}`,
        `Black Friday ${ads.startsOn}`,
        `Black Friday ${ads.startsOn} day ${day + 1} (${addDays(ads.startsOn, day)})`,
      ]);
      expect(row[3]).toBe(title);
      expect(row[4]).toBe(body.startsWith('-') ? `'${body}` : body);
      expect(countForPlatform(row[3]!, 'facebook_ad_headline')).toBeLessThanOrEqual(40);
    }
  });

  it('an ad export of a campaign without that platform is refused with a reason; an unknown format is 400', async () => {
    openai.setBehaviour({ kind: 'ok', lines: fittingLines });
    const { campaign } = await runCampaign(alice, aliceSocket, { startsOn: utcToday(), days: 1, platforms: ['sms'], tone: 'bold' });
    const google = await exportCsv(alice, campaign.id, 'google_ads');
    expect(google.res.status).toBe(409);
    expect(JSON.parse(google.text).error).toMatch(/Google Ads headline/);
    expect((await exportCsv(alice, campaign.id, 'meta_ads')).res.status).toBe(409);
    const bad = await exportCsv(alice, campaign.id, 'xlsx');
    expect(bad.res.status).toBe(400);
    expect(JSON.parse(bad.text).error).toMatch(/format/);
  }, 60_000);
});

describe('bad input, plans and ownership', () => {
  const valid = () => ({ startsOn: utcToday(), days: 2, platforms: ['sms'], tone: 'bold' });

  it('answers 400 naming the field for 0 or 15 days, 5 platforms, an unknown occasion or platform, a start in the past', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ days: 0 }, /^days: /],
      [{ days: 15 }, /^days: /],
      [{ days: 2.5 }, /^days: /],
      [{ platforms: ['sms', 'x_post', 'x_bio', 'tiktok_bio', 'youtube_title'] }, /^platforms: Choose 1 to 4 platforms/],
      [{ platforms: [] }, /^platforms: /],
      [{ platforms: ['sms', 'sms'] }, /^platforms: Choose each platform once/],
      [{ platforms: ['myspace'] }, /^platforms\.0: /],
      [{ occasion: 'diwali' }, /^occasion: /],
      [{ startsOn: addDays(utcToday(), -1) }, /^startsOn: The campaign cannot start in the past/],
      [{ startsOn: '2026-02-30' }, /^startsOn: /],
      [{ startsOn: '12/12/2026' }, /^startsOn: /],
      [{ tone: 'sarcastic' }, /^tone: /],
      [{ topic: 'x'.repeat(301) }, /^topic: Topic must be at most 300 characters$/],
    ];
    const usage = (await server.api('/users/usage', { token: alice.token })).body.data.dailyGenerations;
    for (const [patch, message] of cases) {
      const res = await server.api('/campaigns', { token: alice.token, body: { ...valid(), ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.error, JSON.stringify(patch)).toMatch(message);
    }
    // Nothing was counted or recorded for any of them.
    expect((await server.api('/users/usage', { token: alice.token })).body.data.dailyGenerations).toBe(usage);
  });

  it('refuses the free plan (PLAN_REQUIRED naming Pro) and signed-out callers', async () => {
    const free = await registerUser(server);
    const res = await server.api('/campaigns', { token: free.token, body: valid() });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'PLAN_REQUIRED', requiredPlan: 'pro' });
    expect(res.body.error).toMatch(/Campaigns needs the Pro plan/);
    expect((await server.api('/campaigns', { body: valid() })).status).toBe(401);
    expect((await server.api('/campaigns')).status).toBe(401);
  });

  it("someone else's campaign is 404 everywhere: read, export, edit, regenerate; and not in their list", async () => {
    openai.setBehaviour({ kind: 'ok', lines: fittingLines });
    const { campaign } = await runCampaign(alice, aliceSocket, valid());
    const mallory = await registerUser(server);
    await grantPlan(server.database, mallory.id, 'business');
    const line = campaign.lines[0];
    expect((await server.api(`/campaigns/${campaign.id}`, { token: mallory.token })).status).toBe(404);
    expect((await exportCsv(mallory, campaign.id, 'csv')).res.status).toBe(404);
    const edit = await server.api(`/campaigns/${campaign.id}/lines/${line.id}`, {
      method: 'PATCH',
      token: mallory.token,
      body: { text: 'mine now' },
    });
    expect(edit.status).toBe(404);
    expect(
      (await server.api(`/campaigns/${campaign.id}/lines/${line.id}/regenerate`, { method: 'POST', token: mallory.token })).status,
    ).toBe(404);
    expect((await server.api('/campaigns', { token: mallory.token })).body.data.campaigns).toEqual([]);
    // Untouched.
    const stored = (await server.api(`/campaigns/${campaign.id}`, { token: alice.token })).body.data;
    expect(stored.lines[0]).toMatchObject({ text: line.text, edited: false });
    expect((await server.api('/campaigns/not-a-uuid', { token: alice.token })).status).toBe(400);
  }, 60_000);

  it('the daily limit must admit every line of a campaign, or nothing is recorded', async () => {
    const db = server.services.ctx.db;
    const user = await registerUser(server);
    const limited = { ...getPlan('pro'), limits: { ...getPlan('pro').limits, dailyGenerations: 10 } };
    const subject = `user-${user.id}`;
    await server.database.query(`insert into usage_daily (subject, day, count) values ($1, $2, 8)`, [subject, utcToday()]);
    const input = {
      userId: user.id,
      subject,
      occasion: null,
      occasionDate: null,
      startsOn: utcToday(),
      days: 3,
      platforms: ['sms'] as PlatformId[],
      category: null,
      tone: 'bold' as const,
      topic: null,
      brandId: null,
      brand: null,
      language: 'en',
    };
    const cells = [0, 1, 2].map((day) => ({ day, platform: 'sms' as const, position: 0, category: 'adlines' as const, maxChars: 140 }));
    expect(await campaignsRepository.accept(db, input, cells, limited, CAMPAIGNS_RUNNING_MAX)).toEqual({ refused: 'daily' });
    const counts = async () =>
      (
        await server.database.query(
          `select (select count(*)::int from campaigns where user_id = $1) as campaigns, (select count(*)::int from generations where user_id = $1) as generations, (select count from usage_daily where subject = $2) as used`,
          [user.id, subject],
        )
      )[0];
    // Nothing recorded, nothing counted: neither the generations nor the plan's campaign lines.
    expect(await counts()).toEqual({ campaigns: 0, generations: 0, used: 8 });
    expect(await server.database.query(`select count from usage_daily where subject = $1`, [`campaign-lines-user-${user.id}`])).toEqual([]);
    // Two lines fit.
    const accepted = await campaignsRepository.accept(db, { ...input, days: 2 }, cells.slice(0, 2), limited, CAMPAIGNS_RUNNING_MAX);
    expect(accepted.refused ? undefined : accepted.usage).toMatchObject({ dailyGenerations: 10, remaining: 0 });
    expect(await counts()).toEqual({ campaigns: 1, generations: 2, used: 10 });
  });
});

describe('nothing accepted is lost', () => {
  it('a campaign whose jobs Redis lost is written by the reconciler, completes once, and records its webhook event once', async () => {
    const database = await createTestDatabase();
    const prefix = testPrefix();
    const api = await startTestServer({ roles: ['api'], database, prefix });
    let worker: TestServer | undefined;
    try {
      const owner = await registerUser(api);
      await grantPlan(database, owner.id, 'business');
      // The owner's endpoint subscribed to campaign.completed (its deliveries are the webhooks' worker's business).
      await database.query(
        `insert into webhook_endpoints (user_id, url, events, secret) values ($1, 'http://127.0.0.1:9/hook', '["campaign.completed"]', 'whsec_dGVzdA==')`,
        [owner.id],
      );
      const socket = await connectSocket(api.url, { token: owner.token });
      sockets.push(socket);
      const res = await api.api('/campaigns', {
        token: owner.token,
        body: { occasion: 'christmas', startsOn: utcToday(), days: 2, platforms: ['sms', 'instagram_caption'], tone: 'funny' },
      });
      expect(res.status).toBe(202);
      const id = res.body.data.id as string;
      // Recorded in PostgreSQL before the answer: the campaign and its four pending generations.
      const pending = await database.query(
        `select g.status from campaign_lines cl join generations g on g.id = cl.generation_id where cl.campaign_id = $1`,
        [id],
      );
      expect(pending.map((r: any) => r.status)).toEqual(['pending', 'pending', 'pending', 'pending']);

      await clearRedisPrefix(prefix);
      const completions: any[] = [];
      socket.on('campaign:completed', (p: any) => p.campaignId === id && completions.push(p));
      worker = await startTestServer({ roles: ['worker'], database, prefix, env: { RECONCILE_GRACE_MS: '0' } });
      await eventually(async () => completions.length === 1, 30_000, 'campaign completed');
      await new Promise((r) => setTimeout(r, 500));
      expect(completions).toEqual([{ campaignId: id, done: 4, failed: 0, total: 4 }]);
      const stored = (await api.api(`/campaigns/${id}`, { token: owner.token })).body.data;
      expect(stored).toMatchObject({ status: 'completed', done: 4 });

      const deliveries = await database.query(`select event_type, event_key, payload from webhook_deliveries where user_id = $1`, [
        owner.id,
      ]);
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({ event_type: 'campaign.completed', event_key: `campaign-${id}` });
      expect(deliveries[0].payload.data).toMatchObject({ id, status: 'completed', occasion: 'christmas', total: 4, done: 4 });
      expect(deliveries[0].payload.data.lines).toHaveLength(4);
    } finally {
      await worker?.stop();
      await api.stop();
      await clearRedisPrefix(prefix);
      await database.drop();
    }
  }, 90_000);

  it('the reconciler completes a campaign whose lines all finished but whose worker stopped before completing it', async () => {
    openai.setBehaviour({ kind: 'ok', lines: fittingLines });
    const { campaign } = await runCampaign(alice, aliceSocket, { startsOn: utcToday(), days: 1, platforms: ['sms'], tone: 'bold' });
    // As if the worker had stopped between the last line and the campaign's completion.
    await server.database.query(
      `update campaigns set status = 'running', completed_at = null, created_at = now() - interval '1 hour' where id = $1`,
      [campaign.id],
    );
    const completed = nextEvent(aliceSocket, 'campaign:completed', (p: any) => p.campaignId === campaign.id);
    await reconcileOnce(server.services.ctx);
    expect(await completed).toEqual({ campaignId: campaign.id, done: 1, failed: 0, total: 1 });
    expect((await server.api(`/campaigns/${campaign.id}`, { token: alice.token })).body.data.status).toBe('completed');
  }, 60_000);
});
