import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '@gl/client/precompress';
import { startTestServer, type TestServer } from '../helpers/server';

// A client build of our own, laid out as client/build/prerender.ts writes it: each page and the
// app shell in English (index.html, shell.html) and in Kiswahili beside it (index.sw.html, shell.sw.html).
const page = (lang: string, text: string) =>
  `<!doctype html><html lang="${lang}"><title>Genius Lines</title><h1>${text}</h1>${'<p>.</p>'.repeat(200)}`;
const dist = mkdtempSync(path.join(tmpdir(), 'gl-dist-lang-'));
mkdirSync(path.join(dist, 'pricing'));
writeFileSync(path.join(dist, 'index.html'), page('en', 'Words that ship.'));
writeFileSync(path.join(dist, 'index.sw.html'), page('sw', 'Maneno yanayofanya kazi.'));
writeFileSync(path.join(dist, 'pricing', 'index.html'), page('en', 'Choose your plan'));
writeFileSync(path.join(dist, 'pricing', 'index.sw.html'), page('sw', 'Chagua mpango wako'));
writeFileSync(path.join(dist, 'shell.html'), page('en', 'Loading...'));
writeFileSync(path.join(dist, 'shell.sw.html'), page('sw', 'Inapakia...'));
precompressDir(dist);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ roles: ['api'], env: { CLIENT_DIST_DIR: dist } });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dist, { recursive: true, force: true });
});

async function get(pathname: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${pathname}`, { headers: { accept: 'text/html', ...headers } });
  return { res, html: await res.text() };
}

describe('pages in the reader language, from the first byte', () => {
  it('a browser that prefers Kiswahili gets the Kiswahili page, marked for caches', async () => {
    const { res, html } = await get('/', { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' });
    expect(res.status).toBe(200);
    expect(html).toContain('<html lang="sw">');
    expect(html).toContain('Maneno yanayofanya kazi.');
    expect(res.headers.get('content-language')).toBe('sw');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
  });

  it('the Kiswahili copy of a compressed page is sent compressed, as the English one is', async () => {
    const { res, html } = await get('/pricing', { 'accept-language': 'sw', 'accept-encoding': 'br, gzip' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(html).toContain('Chagua mpango wako');
  });

  it('an approval link carries its language: /sw/approve/<token> is the Kiswahili shell, never indexed', async () => {
    const sw = await get('/sw/approve/AbCdEfGhIjKlMnOpQrStUv', { 'accept-language': 'en-US', cookie: 'gl_lang=en' });
    expect(sw.res.status).toBe(200);
    expect(sw.html).toContain('Inapakia...');
    expect(sw.res.headers.get('content-language')).toBe('sw');
    expect(sw.res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const en = await get('/approve/AbCdEfGhIjKlMnOpQrStUv', { 'accept-language': 'en-US' });
    expect(en.html).toContain('Loading...');
    expect(en.res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect((await get('/pricing')).res.headers.get('x-robots-tag')).toBeNull();
  });

  it('the switch cookie wins over Accept-Language, both ways', async () => {
    const english = await get('/', { 'accept-language': 'sw', cookie: 'theme=dark; gl_lang=en' });
    expect(english.html).toContain('<html lang="en">');
    expect(english.res.headers.get('content-language')).toBe('en');
    const kiswahili = await get('/pricing/', { 'accept-language': 'en-US', cookie: 'gl_lang=sw' });
    expect(kiswahili.html).toContain('Chagua mpango wako');
  });

  it('an unknown cookie value or language is English, never an error or a blank page', async () => {
    const cases: Array<Record<string, string>> = [
      { cookie: 'gl_lang=xx' },
      { cookie: 'gl_lang=%00%ff' },
      { 'accept-language': 'fr-FR,de;q=0.5' },
      { 'accept-language': ';;;q=abc' },
      {},
    ];
    for (const headers of cases) {
      const { res, html } = await get('/', headers);
      expect(res.status).toBe(200);
      expect(html).toContain('<html lang="en">');
      expect(res.headers.get('content-language')).toBe('en');
    }
    // An unknown cookie leaves the choice to the browser's languages.
    expect((await get('/', { cookie: 'gl_lang=xx', 'accept-language': 'sw' })).html).toContain('<html lang="sw">');
  });

  it('a page that is not prerendered gets the app shell in the reader language', async () => {
    expect((await get('/saved', { 'accept-language': 'sw' })).html).toContain('Inapakia...');
    const { res, html } = await get('/saved', { 'accept-language': 'en' });
    expect(html).toContain('Loading...');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
  });
});
