import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@gl/core/server';
import { startTestServer, type TestServer } from '../helpers/server';
import { registerUser, type TestUser } from '../helpers/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ roles: ['api'] });
});
afterAll(async () => server?.stop());

async function givePlan(user: TestUser, planId: 'pro' | 'business') {
  await server.services.ctx.db
    .insert(schema.subscriptions)
    .values({ userId: user.id, planId, status: 'active', currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) });
}

async function download(user: TestUser, query: string) {
  const res = await fetch(`${server.url}/api/lines/saved/export?${query}`, { headers: { authorization: `Bearer ${user.token}` } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}

/** An RFC 4180 reader, written here so the test does not trust the code under test. */
function parseCsv(input: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && input[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const TRICKY = [
  'Plain and simple',
  'Commas, everywhere, really',
  'She said "go big" and we did',
  'Line one\nLine two',
  'Windows line\r\nbreak, with "quotes"',
  'Crème brûlée for everyone 🍮🚀👩🏽‍💻',
  '=SUM(A1:A9)',
  '+254 700 000 000',
  '-10% on everything',
  '@geniuslines on every platform',
  '=HYPERLINK("http://evil.example","click")',
  'Trailing comma,',
  '"Fully quoted"',
];
/** Stored as-is (the API trims, other paths might not): leading tab and CR must be neutralised too. */
const RAW_ONLY = ['\tTabbed start', '\rCarriage start'];

/** What a spreadsheet should show: formula-leading text gets a leading apostrophe, nothing else changes. */
const neutralised = (t: string) => (/^[=+\-@\t\r]/.test(t) ? `'${t}` : t);

describe('export', () => {
  it('is refused on the free plan with 403 PLAN_REQUIRED naming the plan that allows it', async () => {
    const u = await registerUser(server);
    for (const format of ['csv', 'json']) {
      const res = await server.api(`/lines/saved/export?format=${format}`, { token: u.token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'PLAN_REQUIRED', requiredPlan: 'pro' });
      expect(res.body.error).toMatch(/Pro plan/);
    }
    expect((await server.api('/lines/saved/export')).status).toBe(401);
  });

  it('an expired subscription does not export', async () => {
    const u = await registerUser(server);
    await server.services.ctx.db
      .insert(schema.subscriptions)
      .values({ userId: u.id, planId: 'pro', status: 'active', currentPeriodEnd: new Date(Date.now() - 1000) });
    expect((await server.api('/lines/saved/export?format=csv', { token: u.token })).status).toBe(403);
  });

  it('CSV round-trips tricky text exactly, as a UTF-8 attachment with a BOM', async () => {
    const u = await registerUser(server);
    await givePlan(u, 'pro');
    for (const text of TRICKY) {
      const res = await server.api('/lines/save', { token: u.token, body: { text, category: 'captions', tone: 'funny' } });
      expect(res.status, text).toBe(201);
    }
    for (const text of RAW_ONLY) {
      await server.services.ctx.db.insert(schema.savedLines).values({ userId: u.id, text, category: 'bios', tone: 'bold' });
    }
    const { res, bytes, text } = await download(u, 'format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="genius-lines-saved-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(['text', 'category', 'tone', 'createdAt', 'id', 'platform']);
    const body = rows.slice(1);
    // Newest first: the raw-only rows were inserted last.
    const expected = [...RAW_ONLY].reverse().concat([...TRICKY].reverse());
    expect(body.map((r) => r[0])).toEqual(expected.map(neutralised));
    for (const r of body) {
      expect(r).toHaveLength(6);
      expect(r[5]).toBe('');
      expect(Date.parse(r[3]!)).not.toBeNaN();
      expect(r[4]).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Nothing but the neutralising apostrophe is added: strip it and the text is exact.
    expect(body.map((r) => (/^'[=+\-@\t\r]/.test(r[0]!) ? r[0]!.slice(1) : r[0]))).toEqual(expected);
  });

  it('JSON export is the exact text, newest first', async () => {
    const u = await registerUser(server);
    await givePlan(u, 'business');
    for (const text of TRICKY) await server.api('/lines/save', { token: u.token, body: { text, category: 'quotes', tone: 'bold' } });
    const { res, text } = await download(u, 'format=json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".*\.json"$/);
    const lines = JSON.parse(text) as Array<{ text: string; category: string; tone: string; id: string; createdAt: string }>;
    expect(lines.map((l) => l.text)).toEqual([...TRICKY].reverse());
    expect(lines[0]).toMatchObject({ category: 'quotes', tone: 'bold', platform: null });
  });

  it('keeps the platform a line was saved for, in CSV and JSON', async () => {
    const u = await registerUser(server);
    await givePlan(u, 'pro');
    const saved = await server.api('/lines/save', {
      token: u.token,
      body: { text: 'Fresh mandazi, 7am', category: 'adlines', tone: 'bold', platform: 'sms' },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.data.savedLine.platform).toBe('sms');
    const rows = parseCsv((await download(u, 'format=csv')).text.slice(1));
    expect(rows[1]).toEqual(['Fresh mandazi, 7am', 'adlines', 'bold', expect.any(String), expect.any(String), 'sms']);
    const json = JSON.parse((await download(u, 'format=json')).text) as Array<{ platform: string | null }>;
    expect(json[0]!.platform).toBe('sms');
  });

  it('an empty library exports just the header (CSV) or an empty array (JSON)', async () => {
    const u = await registerUser(server);
    await givePlan(u, 'pro');
    expect(parseCsv((await download(u, 'format=csv')).text.slice(1))).toEqual([
      ['text', 'category', 'tone', 'createdAt', 'id', 'platform'],
    ]);
    expect(JSON.parse((await download(u, 'format=json')).text)).toEqual([]);
  });

  it('streams a library larger than one batch completely, only the caller’s lines, with filters', async () => {
    const u = await registerUser(server);
    const other = await registerUser(server);
    await givePlan(u, 'pro');
    const { db } = server.services.ctx;
    // 1,234 lines with distinct timestamps, plus another user's lines that must never appear.
    await db.execute(sql`
      insert into saved_lines (user_id, text, category, tone, created_at)
      select ${u.id}::uuid, 'Bulk line ' || g, case when g % 2 = 0 then 'taglines' else 'slogans' end, 'bold',
             now() - make_interval(secs => g)
      from generate_series(1, 1234) g`);
    await db.execute(sql`
      insert into saved_lines (user_id, text, category, tone)
      select ${other.id}::uuid, 'Not yours ' || g, 'taglines', 'bold' from generate_series(1, 50) g`);

    const all = parseCsv((await download(u, 'format=csv')).text.slice(1)).slice(1);
    expect(all).toHaveLength(1234);
    expect(new Set(all.map((r) => r[4])).size).toBe(1234);
    expect(all[0]![0]).toBe('Bulk line 1');
    expect(all[1233]![0]).toBe('Bulk line 1234');
    expect(all.some((r) => r[0]!.startsWith('Not yours'))).toBe(false);

    const json = JSON.parse((await download(u, 'format=json&category=taglines&search=line 12')).text) as Array<{ text: string }>;
    const expected = Array.from({ length: 1234 }, (_, i) => i + 1)
      .filter((g) => g % 2 === 0 && `Bulk line ${g}`.includes('line 12'))
      .map((g) => `Bulk line ${g}`);
    expect(expected.length).toBeGreaterThan(10);
    expect(json.map((l) => l.text)).toEqual(expected);
  });

  it('refuses a bad format with 400', async () => {
    const u = await registerUser(server);
    await givePlan(u, 'pro');
    const res = await server.api('/lines/saved/export?format=xlsx', { token: u.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/format must be csv or json/);
  });

  it("is named by the person's own day: UTC+14 and UTC−11 are never on the same date", async () => {
    // Kiritimati and Pago Pago are 25 hours apart, so their dates always differ.
    const days = new Set<string>();
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const u = await registerUser(server);
      await givePlan(u, 'pro');
      expect((await server.api('/account/time-zone', { method: 'PATCH', token: u.token, body: { timeZone } })).status).toBe(200);
      const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
      days.add(day);
      for (const format of ['csv', 'json']) {
        const { res } = await download(u, `format=${format}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-disposition'), timeZone).toBe(`attachment; filename="genius-lines-saved-${day}.${format}"`);
      }
    }
    expect(days.size).toBe(2);
  });
});
