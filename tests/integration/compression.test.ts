import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@gl/core/server';
import { precompressDir } from '@gl/client/precompress';
import { startTestServer, type TestServer } from '../helpers/server';
import { registerUser } from '../helpers/users';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that keeps the bytes as sent (fetch would decode them and hide what travelled). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const decode = (r: RawResponse) =>
  r.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? gunzipSync(r.body)
      : r.body;

// A client build of our own (the real one is checked by the bundle-budget test): an entry chunk,
// a stylesheet, index.html and a prerendered page, compressed by the same build step as the real one.
const SCRIPT = `export const lines = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Line number ${i} of the app`))};\n`;
const dist = mkdtempSync(path.join(tmpdir(), 'gl-dist-'));
mkdirSync(path.join(dist, 'assets'));
mkdirSync(path.join(dist, 'about'));
writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
writeFileSync(path.join(dist, 'assets', 'index-abc123.css'), `body{color:red}\n`.repeat(100));
writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>Genius Lines</title>${'<!-- shell -->'.repeat(60)}`);
writeFileSync(path.join(dist, 'about', 'index.html'), `<!doctype html><h1>Two people, one mission</h1>${'<p>about</p>'.repeat(60)}`);
precompressDir(dist);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ roles: ['api'], env: { CLIENT_DIST_DIR: dist } });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('compressed assets', () => {
  it('sends the Brotli copy to a browser that takes it, gzip to one that takes only gzip, plain to the rest', async () => {
    const url = `${server.url}/assets/index-abc123.js`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(decode(br).toString()).toBe(SCRIPT);

    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz).toString()).toBe(SCRIPT);

    const plain = await rawGet(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('hashed assets are immutable for a year; index.html and page paths are revalidated on every visit', async () => {
    const asset = await rawGet(`${server.url}/assets/index-abc123.css`, { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/text\/css/);
    expect(asset.headers['content-encoding']).toBe('br');

    for (const page of ['/', '/generate', '/saved']) {
      const html = await rawGet(server.url + page, { accept: 'text/html', 'accept-encoding': 'gzip, br' });
      expect(html.status).toBe(200);
      expect(html.headers['cache-control']).toBe('no-cache');
      expect(html.headers['content-type']).toMatch(/text\/html/);
      expect(html.headers['content-encoding']).toBe('br');
      expect(decode(html).toString()).toContain('<title>Genius Lines</title>');
    }
  });

  it("hashed assets go without the document-only headers (a page's CSP, frame and opener rules), keeping nosniff and CORP", async () => {
    const asset = await rawGet(`${server.url}/assets/index-abc123.css`, { 'accept-encoding': 'br' });
    expect(asset.status).toBe(200);
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-xss-protection',
    ]) {
      expect(asset.headers[name], name).toBeUndefined();
    }
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['referrer-policy']).toBe('no-referrer');
    // The pages keep every one of them.
    const page = await rawGet(`${server.url}/`, { accept: 'text/html' });
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('a prerendered page is served for its own path; a missing chunk is a 404, never the page', async () => {
    const about = await rawGet(`${server.url}/about`, { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(about.headers['content-encoding']).toBe('gzip');
    expect(decode(about).toString()).toContain('Two people, one mission');

    const stale = await rawGet(`${server.url}/assets/index-old999.js`, { accept: '*/*' });
    expect(stale.status).toBe(404);
  });
});

describe('compressed JSON', () => {
  it('JSON over 1 KB is compressed on the fly; a small answer is not', async () => {
    const big = await rawGet(`${server.url}/api/openapi.json`, { 'accept-encoding': 'gzip, br' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toMatch(/^(br|gzip)$/);
    expect(big.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(decode(big).toString()).openapi).toMatch(/^3\.1/);

    const small = await rawGet(`${server.url}/api/health`, { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).success).toBe(true);
  });

  it('the library export streams uncompressed even when it is large', async () => {
    const user = await registerUser(server, { name: 'Export Person' });
    await server.services.ctx.db
      .insert(schema.subscriptions)
      .values({ userId: user.id, planId: 'pro', status: 'active', currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) });
    for (let i = 0; i < 30; i++) {
      const res = await server.api('/lines/save', {
        token: user.token,
        body: { text: `A line long enough to make the export bigger than a kilobyte, number ${i}`, category: 'taglines', tone: 'bold' },
      });
      expect(res.status).toBe(201);
    }
    const res = await rawGet(`${server.url}/api/lines/saved/export?format=json`, {
      authorization: `Bearer ${user.token}`,
      'accept-encoding': 'gzip, br',
    });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toHaveLength(30);
  });
});

describe('Socket.IO', () => {
  it('the polling transport is never compressed', async () => {
    const res = await rawGet(`${server.url}/socket.io/?EIO=4&transport=polling`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toMatch(/"sid"/);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
