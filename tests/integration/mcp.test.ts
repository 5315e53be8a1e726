import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@gl/core/server';
import { startTestServer, type TestServer } from '../helpers/server';
import { grantPlan, markVerified, registerUser, type TestUser } from '../helpers/users';

const BIN = fileURLToPath(new URL('../../server/bin/genius-lines-mcp.mjs', import.meta.url));
const RATE_LIMIT = 4;

let server: TestServer;
let business: TestUser;
let key: string;
const clients: Client[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { GENERATE_RATE_LIMIT_PER_USER: String(RATE_LIMIT), V1_WAIT_TIMEOUT_MS: '15000' } });
  business = await businessUser();
  key = await createKey(business);
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await server?.stop();
});

async function businessUser(): Promise<TestUser> {
  const user = await registerUser(server);
  await grantPlan(server.database, user.id, 'business');
  await markVerified(server.database, user.id);
  return user;
}

async function createKey(user: TestUser): Promise<string> {
  const res = await server.api('/api-keys', { body: { name: 'assistant' }, token: user.token });
  expect(res.status).toBe(201);
  return res.body.data.key as string;
}

/** The SDK's own client over Streamable HTTP, with the key as the bearer token. */
async function httpClient(apiKey?: string): Promise<Client> {
  const client = new Client({ name: 'genius-lines-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
    requestInit: { headers: apiKey ? { Authorization: `Bearer ${apiKey}` } : {} },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** The SDK's own client over stdio, spawning the genius-lines-mcp bin against the test server. */
async function stdioClient(apiKey: string): Promise<Client> {
  const client = new Client({ name: 'genius-lines-tests-stdio', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN],
    env: { PATH: process.env.PATH ?? '', GENIUS_LINES_API_KEY: apiKey, GENIUS_LINES_URL: server.url },
    stderr: 'pipe',
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (result: CallToolResult) => (result.content[0] as { type: 'text'; text: string }).text;

describe('MCP over Streamable HTTP (POST /api/mcp)', () => {
  let client: Client;
  beforeAll(async () => {
    client = await httpClient(key);
  });

  it('lists the four tools with input and output schemas from the contract', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['generate_lines', 'save_line', 'list_saved_lines', 'get_usage']);
    const generate = tools.find((t) => t.name === 'generate_lines')!;
    expect(generate.inputSchema.required).toEqual(['category']);
    expect((generate.inputSchema.properties as any).category.enum).toEqual([
      'taglines',
      'bios',
      'captions',
      'quotes',
      'slogans',
      'adlines',
    ]);
    expect((generate.inputSchema.properties as any).count).toMatchObject({ type: 'integer', minimum: 1, maximum: 10, default: 4 });
    expect(generate.inputSchema.additionalProperties).toBe(false);
    // A brief of up to 300 characters (DESIGN §18).
    expect((generate.inputSchema.properties as any).topic).toMatchObject({ type: 'string', maxLength: 300 });
    expect(generate.outputSchema?.required).toEqual(['id', 'lines', 'source', 'usage']);
    expect(tools.find((t) => t.name === 'list_saved_lines')!.annotations?.readOnlyHint).toBe(true);
    expect(client.getServerVersion()).toMatchObject({ name: 'genius-lines' });
  });

  it('generate_lines generates (counted like /api/v1/generate) and answers structured content', async () => {
    const before = await call(client, 'get_usage', {});
    const usedBefore = (before.structuredContent as any).usage.used as number;
    const result = await call(client, 'generate_lines', { category: 'taglines', tone: 'bold', topic: 'coffee', count: 3 });
    expect(result.isError, textOf(result)).toBeFalsy();
    const out = result.structuredContent as any;
    expect(out.lines).toHaveLength(3);
    expect(out.usage).toMatchObject({ remaining: -1, total: -1, planId: 'business', used: usedBefore + 1 });
    expect(JSON.parse(textOf(result))).toEqual(out);
    const [row] = await server.services.ctx.db.select().from(schema.generations).where(eq(schema.generations.id, out.id));
    expect(row).toMatchObject({ userId: business.id, status: 'completed', tone: 'bold' });
    expect(row!.apiKeyId).toBeTruthy();
  });

  it('save_line saves once, list_saved_lines finds it', async () => {
    const first = await call(client, 'save_line', { text: 'Coffee that keeps up', category: 'taglines', tone: 'bold' });
    expect(first.structuredContent).toMatchObject({ alreadySaved: false, savedLine: { text: 'Coffee that keeps up' } });
    const again = await call(client, 'save_line', { text: 'COFFEE THAT KEEPS UP', category: 'taglines', tone: 'bold' });
    expect(again.structuredContent).toMatchObject({ alreadySaved: true });
    const list = await call(client, 'list_saved_lines', { search: 'keeps up', limit: 5 });
    expect((list.structuredContent as any).savedLines.map((l: { text: string }) => l.text)).toEqual(['Coffee that keeps up']);
    expect((list.structuredContent as any).total).toBe(1);
    // Another user's library is not theirs to see.
    const other = await httpClient(await createKey(await businessUser()));
    expect(((await call(other, 'list_saved_lines', { search: 'keeps up' })).structuredContent as any).savedLines).toEqual([]);
  });

  it('bad arguments are a tool error with the validation message, and the server keeps serving', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['generate_lines', { category: 'poems' }, 'category: Choose a valid category'],
      ['generate_lines', { category: 'taglines', count: 11 }, 'count: Count must be between 1 and 10'],
      ['generate_lines', { category: 'taglines', colour: 'red' }, 'Unknown field(s): colour'],
      ['save_line', { category: 'taglines', tone: 'bold' }, 'text: Text is required'],
      ['save_line', { text: 'x'.repeat(501), category: 'taglines', tone: 'bold' }, 'text: Text must be at most 500 characters'],
      ['list_saved_lines', { limit: 0 }, 'limit: limit must be between 1 and 100'],
      ['list_saved_lines', { cursor: 'garbage' }, 'cursor: Invalid cursor'],
    ];
    for (const [name, args, message] of cases) {
      const result = await call(client, name, args);
      expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(textOf(result)).toBe(message);
    }
    await expect(client.callTool({ name: 'write_poem', arguments: {} })).rejects.toThrow(/Unknown tool write_poem/);
    expect((await call(client, 'get_usage', {})).isError).toBeFalsy();
  });

  it('the same generation rate limit as /api/v1: over it, a tool error saying when to retry', async () => {
    const user = await businessUser();
    const limited = await httpClient(await createKey(user));
    const results: CallToolResult[] = [];
    for (let i = 0; i <= RATE_LIMIT; i++) results.push(await call(limited, 'generate_lines', { category: 'quotes', count: 1 }));
    expect(results.slice(0, RATE_LIMIT).every((r) => !r.isError)).toBe(true);
    expect(results[RATE_LIMIT]!.isError).toBe(true);
    expect(textOf(results[RATE_LIMIT]!)).toMatch(/^Too many generation requests\. Please wait \d+ seconds? and try again\.$/);
  });

  it('refuses as /api/v1 refuses: no key or a revoked key 401, a key whose owner left Business 403', async () => {
    const refusal = async (apiKey: string | undefined) => {
      try {
        await httpClient(apiKey);
      } catch (err) {
        return err as StreamableHTTPError;
      }
      throw new Error('connected without a valid key');
    };
    const none = await refusal(undefined);
    expect(none).toBeInstanceOf(StreamableHTTPError);
    expect(none.code).toBe(401);
    expect(none.message).toContain('API key required');

    const user = await businessUser();
    const revokedKey = await createKey(user);
    const keys = await server.api('/api-keys', { token: user.token });
    await server.api(`/api-keys/${keys.body.data.apiKeys[0].id}`, { method: 'DELETE', token: user.token });
    const revoked = await refusal(revokedKey);
    expect(revoked.code).toBe(401);
    expect(revoked.message).toContain('Invalid or revoked API key');

    const former = await businessUser();
    const formerKey = await createKey(former);
    await server.services.ctx.db
      .update(schema.subscriptions)
      .set({ status: 'cancelled' })
      .where(eq(schema.subscriptions.userId, former.id));
    const downgraded = await refusal(formerKey);
    expect(downgraded.code).toBe(403);
    expect(downgraded.message).toContain('API access needs the Business plan');

    // A session token is not an API key.
    expect((await refusal(business.token)).code).toBe(401);
  });

  it('a JSON-RPC batch (an array body) is refused with 400 and a JSON-RPC error; nothing in it runs', async () => {
    const usage = async () => ((await call(client, 'get_usage', {})).structuredContent as any).usage.used as number;
    const before = await usage();
    const headers = { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream' };
    const generate = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'generate_lines', arguments: { category: 'quotes', count: 1 } },
    });
    const batch = await server.api('/mcp', { body: [generate(1), generate(2), generate(3)], headers });
    expect(batch.status).toBe(400);
    expect(batch.headers.get('content-type')).toMatch(/application\/json/);
    expect(batch.body).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: expect.stringMatching(/batch/i) },
      id: null,
    });
    expect(await usage()).toBe(before);
    // One message per POST is answered as before.
    const single = await server.api('/mcp', { body: { jsonrpc: '2.0', id: 7, method: 'tools/list' }, headers });
    expect(single.status).toBe(200);
    expect(single.body).toMatchObject({ jsonrpc: '2.0', id: 7, result: { tools: expect.any(Array) } });
  });

  it('GET and DELETE are 405 (a stateless server: no stream, no session)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await server.api('/mcp', { method, headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });
});

describe('MCP over stdio (the genius-lines-mcp bin)', () => {
  it('serves the same tools through the HTTP API with the key from the environment', async () => {
    const owner = await businessUser();
    const client = await stdioClient(await createKey(owner));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['generate_lines', 'save_line', 'list_saved_lines', 'get_usage']);

    const saved = await call(client, 'save_line', { text: 'Said over stdio', category: 'captions', tone: 'funny' });
    expect(saved.structuredContent).toMatchObject({ alreadySaved: false, savedLine: { text: 'Said over stdio', category: 'captions' } });
    const [row] = await server.services.ctx.db.select().from(schema.savedLines).where(eq(schema.savedLines.text, 'Said over stdio'));
    expect(row!.userId).toBe(owner.id);

    const generated = await call(client, 'generate_lines', { category: 'bios', tone: 'minimalist', count: 2 });
    expect(generated.isError, textOf(generated)).toBeFalsy();
    expect((generated.structuredContent as any).lines).toHaveLength(2);

    const bad = await call(client, 'save_line', { text: '', category: 'captions', tone: 'funny' });
    expect(bad).toMatchObject({ isError: true });
    expect(textOf(bad)).toBe('text: Text is required');
  });

  it('with a revoked key, each call is a tool error saying the key was refused', async () => {
    const user = await businessUser();
    const revokedKey = await createKey(user);
    const keys = await server.api('/api-keys', { token: user.token });
    await server.api(`/api-keys/${keys.body.data.apiKeys[0].id}`, { method: 'DELETE', token: user.token });
    const client = await stdioClient(revokedKey);
    const result = await call(client, 'get_usage', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('Genius Lines refused the API key: Invalid or revoked API key');
  });
});
