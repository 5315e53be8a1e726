import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v1GenerateBody, v1PhotoFormFields, v1SaveLineBody } from '@gl/core';
import { schema } from '@gl/core/server';
import {
  ENDPOINTS,
  ERROR_EXAMPLE,
  curlSnippet,
  javascriptSnippet,
  pythonSnippet,
  sdkSnippets,
  type EndpointDoc,
} from '@gl/client/content/api-examples';
import { phoneJpeg, postForm } from '../helpers/photos';
import { startTestServer, type TestServer } from '../helpers/server';
import { markVerified, registerUser } from '../helpers/users';
import { startOpenAiStub, type ChatStub } from '../stubs/openai.stub';

/**
 * The /api-docs page's examples, run against a real server (api + worker, the OpenAI stub, which
 * also sees photos) with the key of a Business-plan account: every request and every snippet works
 * as shown, from a folder holding the example's photo, and every answer has the documented shape.
 */
const run = promisify(execFile);
let openai: ChatStub;
let server: TestServer;
let key: string;
let dir: string;

async function has(cmd: string, args: string[]): Promise<boolean> {
  try {
    await run(cmd, args, { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}
const hasCurl = await has('curl', ['--version']);
const hasPythonRequests = await has('python3', ['-c', 'import requests']);

beforeAll(async () => {
  openai = await startOpenAiStub({ apiKey: 'sk-docs-stub' });
  server = await startTestServer({ env: { OPENAI_API_KEY: 'sk-docs-stub', OPENAI_BASE_URL: `${openai.url}/v1` } });
  const user = await registerUser(server);
  await server.services.ctx.db.insert(schema.subscriptions).values({ userId: user.id, planId: 'business', status: 'active' });
  await markVerified(server.database, user.id);
  const created = await server.api('/api-keys', { body: { name: 'docs examples' }, token: user.token });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  key = created.body.data.key;
  dir = mkdtempSync(path.join(tmpdir(), 'gl-api-docs-'));
  // The photo the upload examples send (they name it relative to where they run).
  const photo = ENDPOINTS.find((e) => e.request.form)!.request.form!.file.path;
  writeFileSync(path.join(dir, photo), await phoneJpeg({ width: 800, height: 600 }));
});
afterAll(async () => {
  await server?.stop();
  await openai?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** `actual` has exactly the documented keys, recursively, with values of the documented types. */
function expectShape(actual: unknown, documented: unknown, where: string): void {
  if (documented === null) {
    expect(actual === null || typeof actual === 'string', `${where}: null or string`).toBe(true);
    return;
  }
  if (Array.isArray(documented)) {
    expect(Array.isArray(actual), `${where}: array`).toBe(true);
    expect((actual as unknown[]).length, `${where}: not empty`).toBeGreaterThan(0);
    if (documented.length > 0) (actual as unknown[]).forEach((item, i) => expectShape(item, documented[0], `${where}[${i}]`));
    return;
  }
  if (typeof documented === 'object') {
    expect(actual && typeof actual === 'object' && !Array.isArray(actual), `${where}: object`).toBe(true);
    expect(Object.keys(actual as object).sort(), `${where}: keys`).toEqual(Object.keys(documented).sort());
    for (const [k, v] of Object.entries(documented)) expectShape((actual as Record<string, unknown>)[k], v, `${where}.${k}`);
    return;
  }
  expect(typeof actual, where).toBe(typeof documented);
}

function checkAnswer(endpoint: EndpointDoc, body: unknown, where: string) {
  expectShape(body, endpoint.response, where);
  const b = body as { success: boolean; lines?: string[]; plans?: unknown[] };
  expect(b.success).toBe(true);
  if (endpoint.id === 'generate') expect(b.lines).toHaveLength((endpoint.request.body as { count: number }).count);
  if (endpoint.id === 'photo') expect(b.lines).toHaveLength(Number(endpoint.request.form!.fields.count));
  if (endpoint.id === 'plans') expect(b.plans).toHaveLength(3);
}

describe('the API docs examples against the real server', () => {
  it('example bodies are valid for the schemas the server validates with', () => {
    expect(v1GenerateBody.safeParse(ENDPOINTS.find((e) => e.id === 'generate')!.request.body).success).toBe(true);
    expect(v1SaveLineBody.safeParse(ENDPOINTS.find((e) => e.id === 'save-line')!.request.body).success).toBe(true);
    expect(v1PhotoFormFields.safeParse(ENDPOINTS.find((e) => e.id === 'photo')!.request.form!.fields).success).toBe(true);
  });

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.request.method} ${endpoint.request.path}: answers with the documented shape`, async () => {
      const path_ = endpoint.request.path.replace(/^\/api/, '');
      const headers = { authorization: `Bearer ${key}` };
      const form = endpoint.request.form;
      const res = form
        ? await postForm(server.url, path_, {
            headers,
            fields: form.fields,
            files: [{ field: form.file.field, bytes: readFileSync(path.join(dir, form.file.path)), name: form.file.path }],
          })
        : await server.api(path_, { method: endpoint.request.method, body: endpoint.request.body, headers });
      expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
      checkAnswer(endpoint, res.body, endpoint.id);
    });
  }

  it('the documented error: an unknown key is 401 with exactly that body', async () => {
    const res = await server.api('/v1/usage', { headers: { authorization: 'Bearer gl_not_a_real_key' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(ERROR_EXAMPLE);
  });

  it('the JavaScript snippets run as shown (Node fetch)', async () => {
    for (const endpoint of ENDPOINTS) {
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', javascriptSnippet(endpoint.request, server.url, key)], {
        cwd: dir,
        timeout: 60_000,
      });
      checkAnswer(endpoint, JSON.parse(stdout), `js ${endpoint.id}`);
    }
  });

  it.skipIf(!hasCurl)('the cURL snippets run as shown', async () => {
    for (const endpoint of ENDPOINTS) {
      const { stdout } = await run('sh', ['-c', curlSnippet(endpoint.request, server.url, key)], { cwd: dir, timeout: 60_000 });
      checkAnswer(endpoint, JSON.parse(stdout), `curl ${endpoint.id}`);
    }
  });

  it.skipIf(!hasPythonRequests)('the Python snippets run as shown', async () => {
    for (const endpoint of ENDPOINTS) {
      const { stdout } = await run('python3', ['-c', pythonSnippet(endpoint.request, server.url, key)], { cwd: dir, timeout: 60_000 });
      checkAnswer(endpoint, JSON.parse(stdout), `python ${endpoint.id}`);
    }
  });

  it('the tiny JavaScript client on the SDKs tab works', async () => {
    const file = path.join(dir, 'genius-lines.mjs');
    writeFileSync(file, sdkSnippets(server.url).node);
    const script = `
      const { geniusLines } = await import(${JSON.stringify(pathToFileURL(file).href)});
      const gl = geniusLines(${JSON.stringify(key)});
      const out = {
        generate: await gl.generate({ category: 'slogans', tone: 'bold', count: 2 }),
        usage: await gl.usage(),
        plans: await gl.plans(),
        saveLine: await gl.saveLine({ text: 'Bold moves, zero bugs.', category: 'slogans', tone: 'bold' }),
      };
      let refused;
      try { await geniusLines('gl_wrong').usage(); } catch (err) { refused = err.message; }
      console.log(JSON.stringify({ ...out, refused }));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { timeout: 60_000 });
    const out = JSON.parse(stdout);
    expect(out.generate.lines).toHaveLength(2);
    expect(out.usage.success).toBe(true);
    expect(out.plans.plans).toHaveLength(3);
    expect(out.saveLine.savedLine.text).toBe('Bold moves, zero bugs.');
    expect(out.refused).toBe('Invalid or revoked API key');
  });

  it.skipIf(!hasPythonRequests)('the tiny Python client on the SDKs tab works', async () => {
    writeFileSync(path.join(dir, 'genius_lines.py'), sdkSnippets(server.url).python);
    const script = [
      'import json',
      'from genius_lines import GeniusLines',
      `gl = GeniusLines(${JSON.stringify(key)})`,
      'out = {"generate": gl.generate(category="quotes", tone="inspirational", count=3), "usage": gl.usage(), "plans": gl.plans(),',
      '       "save": gl.save_line("Ship it, then smile.", "quotes", "inspirational")}',
      'print(json.dumps(out))',
    ].join('\n');
    const { stdout } = await run('python3', ['-c', script], { cwd: dir, timeout: 60_000 });
    const out = JSON.parse(stdout);
    expect(out.generate.lines).toHaveLength(3);
    expect(out.usage.usage).toHaveProperty('remaining');
    expect(out.plans.plans).toHaveLength(3);
    expect(out.save.savedLine.text).toBe('Ship it, then smile.');
  });
});
