import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { registerUser, type TestUser } from '../helpers/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ roles: ['api'] });
});
afterAll(async () => server?.stop());

const line = (text: string) => ({ text, category: 'taglines', tone: 'bold' });

function save(user: TestUser, body: unknown, key?: string) {
  return server.api('/lines/save', { token: user.token, body, headers: key === undefined ? {} : { 'Idempotency-Key': key } });
}

async function library(user: TestUser): Promise<Array<{ id: string; text: string }>> {
  const res = await server.api('/lines/saved', { token: user.token });
  expect(res.status).toBe(200);
  return res.body.data.savedLines;
}

async function keyRows(userId: string): Promise<number> {
  const rows = await server.database.query<{ n: string }>('select count(*)::text as n from save_idempotency_keys where user_id = $1', [
    userId,
  ]);
  return Number(rows[0]!.n);
}

describe('POST /lines/save with an Idempotency-Key', () => {
  it('a retry with the same key answers the first status and line, and the library holds it once', async () => {
    const u = await registerUser(server);
    const key = randomUUID();
    const first = await save(u, line('Queued on a bus, sent at home'), key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const retry = await save(u, line('Queued on a bus, sent at home'), key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.data).toEqual(first.body.data);
    expect(await library(u)).toHaveLength(1);
  });

  it('five requests racing with one key save one line and all answer it', async () => {
    const u = await registerUser(server);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => save(u, line('Five taps, one line'), key)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.data.savedLine.id)).size).toBe(1);
    expect(await library(u)).toHaveLength(1);
    expect(await keyRows(u.id)).toBe(1);
  });

  it('within 24 hours a repeat never saves again, even after the line was deleted; after 24 hours the key is new', async () => {
    const u = await registerUser(server);
    const key = randomUUID();
    const first = await save(u, line('Deleted, then retried'), key);
    expect(first.status).toBe(201);
    const id = first.body.data.savedLine.id as string;
    expect((await server.api(`/lines/saved/${id}`, { method: 'DELETE', token: u.token })).status).toBe(200);

    const retry = await save(u, line('Deleted, then retried'), key);
    expect(retry.status).toBe(201);
    expect(retry.body.data.savedLine.id).toBe(id);
    expect(await library(u)).toHaveLength(0);

    // 25 hours later (stored time moved back): the key is forgotten and the same request saves anew.
    await server.database.query(`update save_idempotency_keys set created_at = now() - interval '25 hours' where user_id = $1`, [u.id]);
    const later = await save(u, line('Deleted, then retried'), key);
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.data.savedLine.id).not.toBe(id);
    expect((await library(u)).map((l) => l.text)).toEqual(['Deleted, then retried']);
    expect(await keyRows(u.id)).toBe(1);
  });

  it('keys are per user: the same key from another user saves that user’s own line and never answers the first user’s', async () => {
    const ada = await registerUser(server);
    const grace = await registerUser(server);
    const key = randomUUID();
    const a = await save(ada, line('Ada’s private line'), key);
    const g = await save(grace, line('Grace’s own line'), key);
    expect(a.status).toBe(201);
    expect(g.status).toBe(201);
    expect(g.body.data.savedLine.text).toBe('Grace’s own line');
    expect((await library(grace)).map((l) => l.text)).toEqual(['Grace’s own line']);
    expect((await library(ada)).map((l) => l.text)).toEqual(['Ada’s private line']);
  });

  it('the same key with a different line is 409, and nothing is saved', async () => {
    const u = await registerUser(server);
    const key = randomUUID();
    expect((await save(u, line('The first line'), key)).status).toBe(201);
    const other = await save(u, line('Another line entirely'), key);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(other.body.error).toMatch(/Idempotency-Key was already used/);
    expect((await library(u)).map((l) => l.text)).toEqual(['The first line']);
  });

  it('a bad key is a clear 400 and saves nothing; without a key the route saves as before', async () => {
    const u = await registerUser(server);
    const cases: Array<[string, RegExp]> = [
      ['', /Idempotency-Key: must not be empty/],
      ['k'.repeat(129), /Idempotency-Key: must be at most 128 characters/],
      ['has a space', /Idempotency-Key: only printable ASCII/],
      ['caf\u00e9', /Idempotency-Key: only printable ASCII/],
    ];
    for (const [key, message] of cases) {
      const res = await save(u, line('Never saved with a bad key'), key);
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.error).toMatch(message);
    }
    expect(await library(u)).toHaveLength(0);
    expect((await save(u, line('k'.repeat(10)), 'k'.repeat(128))).status).toBe(201);
    expect((await save(u, line('No key at all'))).status).toBe(201);
    expect((await save(u, line('No key at all'))).status).toBe(200);
  });

  it('is documented: the OpenAPI operation names the Idempotency-Key header and the 409', async () => {
    const res = await fetch(`${server.url}/api/openapi.json`);
    const doc = (await res.json()) as { paths: Record<string, Record<string, any>> };
    const op = doc.paths['/lines/save']!.post;
    expect(op.parameters).toEqual([
      expect.objectContaining({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: expect.objectContaining({ maxLength: 128 }),
      }),
    ]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '409']));
  });

  it('deleting the account removes its keys', async () => {
    const u = await registerUser(server);
    expect((await save(u, line('Gone with the account'), randomUUID())).status).toBe(201);
    expect(await keyRows(u.id)).toBe(1);
    const del = await server.api('/users/account', { method: 'DELETE', token: u.token, body: { password: u.password, confirm: 'DELETE' } });
    expect(del.status).toBe(200);
    expect(await keyRows(u.id)).toBe(0);
  });
});
