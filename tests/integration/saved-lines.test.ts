import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@gl/core/server';
import { startTestServer, type TestServer } from '../helpers/server';
import { registerUser, type TestUser } from '../helpers/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ roles: ['api'] });
});
afterAll(async () => server?.stop());

async function save(user: TestUser, text: string, category = 'taglines', tone = 'bold', extra: Record<string, unknown> = {}) {
  return server.api('/lines/save', { token: user.token, body: { text, category, tone, ...extra } });
}

async function list(user: TestUser, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await server.api(`/lines/saved${qs ? `?${qs}` : ''}`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body.data as {
    savedLines: Array<{ id: string; text: string; category: string; tone: string }>;
    total: number;
    nextCursor: string | null;
  };
}

const texts = (page: { savedLines: Array<{ text: string }> }) => page.savedLines.map((l) => l.text);

describe('saving lines', () => {
  it('saves a line and answers it; the same text again in any case answers the existing line', async () => {
    const u = await registerUser(server);
    const first = await save(u, '  Code your future  ', 'taglines', 'bold');
    expect(first.status).toBe(201);
    expect(first.body.data.alreadySaved).toBe(false);
    expect(first.body.data.savedLine).toMatchObject({ text: 'Code your future', category: 'taglines', tone: 'bold', generationId: null });
    expect(Date.parse(first.body.data.savedLine.createdAt)).not.toBeNaN();

    const again = await save(u, 'CODE YOUR FUTURE', 'bios', 'funny');
    expect(again.status).toBe(200);
    expect(again.body.data.alreadySaved).toBe(true);
    expect(again.body.data.savedLine.id).toBe(first.body.data.savedLine.id);
    expect(again.body.data.savedLine.text).toBe('Code your future');
    expect((await list(u)).total).toBe(1);
  });

  it('refuses bad input with a clear 400 and visitors with 401', async () => {
    const u = await registerUser(server);
    const cases: Array<[unknown, RegExp]> = [
      [{ category: 'taglines', tone: 'bold' }, /Text is required/],
      [{ text: '   ', category: 'taglines', tone: 'bold' }, /Text is required/],
      [{ text: 'x'.repeat(501), category: 'taglines', tone: 'bold' }, /at most 500 characters/],
      [{ text: 'ok', category: 'poems', tone: 'bold' }, /valid category/],
      [{ text: 'ok', category: 'taglines', tone: 'grumpy' }, /valid tone/],
      [{ text: 'ok', category: 'taglines', tone: 'bold', userId: u.id }, /Unknown field/],
      [{ text: 'ok', category: 'taglines', tone: 'bold', generationId: 'nope' }, /valid id/],
    ];
    for (const [body, message] of cases) {
      const res = await server.api('/lines/save', { token: u.token, body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.error).toMatch(message);
    }
    expect((await save(u, 'x'.repeat(500))).status).toBe(201);
    expect((await server.api('/lines/save', { body: { text: 'hi', category: 'taglines', tone: 'bold' } })).status).toBe(401);
    expect((await server.api('/lines/saved')).status).toBe(401);
    expect((await server.api('/lines/saved', { method: 'DELETE' })).status).toBe(401);
  });

  it('links the generation only when it is the caller’s own', async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    const [gen] = await server.services.ctx.db
      .insert(schema.generations)
      .values({ userId: a.id, subject: `user-${a.id}`, planId: 'free', category: 'taglines', tone: 'bold', count: 4, status: 'completed' })
      .returning();
    const mine = await save(a, 'From my generation', 'taglines', 'bold', { generationId: gen!.id });
    expect(mine.body.data.savedLine.generationId).toBe(gen!.id);
    const theirs = await save(b, 'From someone else', 'taglines', 'bold', { generationId: gen!.id });
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.savedLine.generationId).toBeNull();
    const unknown = await save(b, 'From nowhere', 'taglines', 'bold', { generationId: randomUUID() });
    expect(unknown.status).toBe(201);
    expect(unknown.body.data.savedLine.generationId).toBeNull();
  });
});

describe('listing, search and filter', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await registerUser(server);
    // Saved oldest first; listings are newest first.
    const lines: Array<[string, string, string]> = [
      ['Code your future', 'taglines', 'bold'],
      ['Decoding dreams daily', 'quotes', 'inspirational'],
      ['Sunshine 🌞 and coffee', 'captions', 'funny'],
      ['Bold moves only', 'slogans', 'bold'],
      ['50% off everything', 'adlines', 'bold'],
      ['snake_case is a lifestyle', 'bios', 'funny'],
      ['Coffee first, code later ☕', 'captions', 'funny'],
      ['CODE REVIEW CHAMPION', 'bios', 'corporate'],
    ];
    for (const [text, category, tone] of lines) expect((await save(u, text, category, tone)).status).toBe(201);
  });

  it('lists newest first with the total', async () => {
    const page = await list(u);
    expect(page.total).toBe(8);
    expect(page.nextCursor).toBeNull();
    expect(texts(page)).toEqual([
      'CODE REVIEW CHAMPION',
      'Coffee first, code later ☕',
      'snake_case is a lifestyle',
      '50% off everything',
      'Bold moves only',
      'Sunshine 🌞 and coffee',
      'Decoding dreams daily',
      'Code your future',
    ]);
  });

  it('matches whole words, parts of words and any case', async () => {
    expect(texts(await list(u, { search: 'future' }))).toEqual(['Code your future']);
    const part = await list(u, { search: 'cod' });
    expect(texts(part)).toEqual(['CODE REVIEW CHAMPION', 'Coffee first, code later ☕', 'Decoding dreams daily', 'Code your future']);
    expect(part.total).toBe(4);
    expect(texts(await list(u, { search: 'cOdInG' }))).toEqual(['Decoding dreams daily']);
    expect(texts(await list(u, { search: 'review champ' }))).toEqual(['CODE REVIEW CHAMPION']);
  });

  it('matches emoji', async () => {
    expect(texts(await list(u, { search: '🌞' }))).toEqual(['Sunshine 🌞 and coffee']);
    expect(texts(await list(u, { search: '☕' }))).toEqual(['Coffee first, code later ☕']);
  });

  it('treats LIKE wildcards in the search literally', async () => {
    expect(texts(await list(u, { search: '%' }))).toEqual(['50% off everything']);
    expect(texts(await list(u, { search: '_' }))).toEqual(['snake_case is a lifestyle']);
    expect(texts(await list(u, { search: '\\' }))).toEqual([]);
  });

  it('answers an empty page for no match', async () => {
    const none = await list(u, { search: 'zebra' });
    expect(none).toEqual({ savedLines: [], total: 0, nextCursor: null });
  });

  it('filters by category, all meaning none, and combines category with search', async () => {
    expect(texts(await list(u, { category: 'captions' }))).toEqual(['Coffee first, code later ☕', 'Sunshine 🌞 and coffee']);
    expect((await list(u, { category: 'all' })).total).toBe(8);
    const both = await list(u, { category: 'bios', search: 'code' });
    expect(texts(both)).toEqual(['CODE REVIEW CHAMPION']);
    expect(both.total).toBe(1);
    expect((await list(u, { category: 'all', search: 'coffee' })).total).toBe(2);
  });

  it('summarises the library: total and the categories present, in catalogue order', async () => {
    const res = await server.api('/lines/saved/summary', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      total: 8,
      categories: [
        { category: 'taglines', count: 1 },
        { category: 'bios', count: 2 },
        { category: 'captions', count: 2 },
        { category: 'quotes', count: 1 },
        { category: 'slogans', count: 1 },
        { category: 'adlines', count: 1 },
      ],
    });
    const empty = await registerUser(server);
    expect((await server.api('/lines/saved/summary', { token: empty.token })).body.data).toEqual({ total: 0, categories: [] });
    expect((await server.api('/lines/saved/summary')).status).toBe(401);
  });

  it('refuses a bad category, limit or cursor with 400', async () => {
    for (const q of ['category=poems', 'limit=0', 'limit=101', 'limit=abc', 'cursor=not-a-cursor', `search=${'x'.repeat(201)}`]) {
      const res = await server.api(`/lines/saved?${q}`, { token: u.token });
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('pagination', () => {
  it('walks every line once, without duplicates or gaps, while new lines are added', async () => {
    const u = await registerUser(server);
    const original: string[] = [];
    for (let i = 0; i < 23; i++) {
      const text = `Line number ${String(i).padStart(2, '0')}`;
      expect((await save(u, text)).status).toBe(201);
      original.unshift(text);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let added = 0;
    do {
      const page = await list(u, { limit: 5, ...(cursor ? { cursor } : {}) });
      expect(page.savedLines.length).toBeLessThanOrEqual(5);
      seen.push(...texts(page));
      cursor = page.nextCursor;
      pages++;
      // Someone saves new lines between page loads: they are newer, so they never shift later pages.
      await save(u, `Added while paging ${++added}`);
      expect(page.total).toBe(23 + added - 1);
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(original);
    expect(new Set(seen).size).toBe(23);
    expect((await list(u, { limit: 100 })).total).toBe(23 + added);
  });

  it('paginates a search with totals for the whole match', async () => {
    const u = await registerUser(server);
    for (let i = 0; i < 7; i++) await save(u, `Match me ${i}`);
    for (let i = 0; i < 4; i++) await save(u, `Other ${i}`);
    const first = await list(u, { search: 'match', limit: 3 });
    expect(first.total).toBe(7);
    expect(texts(first)).toEqual(['Match me 6', 'Match me 5', 'Match me 4']);
    const second = await list(u, { search: 'match', limit: 3, cursor: first.nextCursor! });
    expect(texts(second)).toEqual(['Match me 3', 'Match me 2', 'Match me 1']);
    const third = await list(u, { search: 'match', limit: 3, cursor: second.nextCursor! });
    expect(texts(third)).toEqual(['Match me 0']);
    expect(third.nextCursor).toBeNull();
  });
});

describe('deleting', () => {
  it('deletes one line, then clears the rest and answers the count', async () => {
    const u = await registerUser(server);
    const ids: string[] = [];
    for (const t of ['One', 'Two', 'Three']) ids.push((await save(u, `${t} line`)).body.data.savedLine.id);
    const del = await server.api(`/lines/saved/${ids[1]}`, { method: 'DELETE', token: u.token });
    expect(del.status).toBe(200);
    expect(texts(await list(u))).toEqual(['Three line', 'One line']);
    expect((await server.api(`/lines/saved/${ids[1]}`, { method: 'DELETE', token: u.token })).status).toBe(404);
    expect((await server.api('/lines/saved/not-a-uuid', { method: 'DELETE', token: u.token })).status).toBe(400);

    const clear = await server.api('/lines/saved', { method: 'DELETE', token: u.token });
    expect(clear.status).toBe(200);
    expect(clear.body.data).toEqual({ deleted: 2 });
    expect(await list(u)).toEqual({ savedLines: [], total: 0, nextCursor: null });
    // Deleted text can be saved again.
    expect((await save(u, 'one LINE')).status).toBe(201);
  });
});

describe('isolation between users', () => {
  it('user B cannot list, search, delete or clear user A’s lines, and gets no hint they exist', async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    const aLine = (await save(a, 'Secret slogan of A', 'slogans', 'bold')).body.data.savedLine;
    await save(a, 'Another secret of A');

    expect(await list(b)).toEqual({ savedLines: [], total: 0, nextCursor: null });
    expect(await list(b, { search: 'secret' })).toEqual({ savedLines: [], total: 0, nextCursor: null });

    // A cursor made from A's listing gives B nothing of A's either.
    const aPage = await list(a, { limit: 1 });
    expect(await list(b, { cursor: aPage.nextCursor! })).toEqual({ savedLines: [], total: 0, nextCursor: null });

    const theirs = await server.api(`/lines/saved/${aLine.id}`, { method: 'DELETE', token: b.token });
    const nobody = await server.api(`/lines/saved/${randomUUID()}`, { method: 'DELETE', token: b.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(nobody.body);

    const clear = await server.api('/lines/saved', { method: 'DELETE', token: b.token });
    expect(clear.body.data).toEqual({ deleted: 0 });

    // B saving the same text makes B's own line; A's is untouched.
    const same = await save(b, 'SECRET SLOGAN OF A');
    expect(same.status).toBe(201);
    expect(same.body.data.savedLine.id).not.toBe(aLine.id);
    const aAfter = await list(a);
    expect(aAfter.total).toBe(2);
    expect(aAfter.savedLines.map((l) => l.id)).toContain(aLine.id);
  });
});
