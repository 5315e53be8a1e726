import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import compression from 'compression';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { DEFAULT_LANGUAGE, UI_LANGUAGES, localizedPageFile, pageLanguage, type UiLanguage } from '@gl/core';
import { labelRoute } from '../observability/http-metrics';

/** Hashed build output: the name changes with the content, so it never needs revalidating. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the service worker, the manifest, icons): revalidated on every visit. */
export const REVALIDATE = 'no-cache';

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

interface StaticFile {
  /** absolute path of the original file */
  file: string;
  /** encodings built next to it (file + suffix) */
  encoded: Set<(typeof ENCODINGS)[number]['name']>;
}

function walk(dir: string, base = dir, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, base, out);
    else out.push(path.relative(base, full));
  }
  return out;
}

/** The client build's files by URL path, with the precompressed copies (.br, .gz) found beside each. */
export function indexBuild(dist: string): Map<string, StaticFile> {
  const files = walk(dist);
  const all = new Set(files);
  const map = new Map<string, StaticFile>();
  for (const rel of files) {
    if (ENCODINGS.some((e) => rel.endsWith(e.suffix) && all.has(rel.slice(0, -e.suffix.length)))) continue;
    const encoded = new Set(ENCODINGS.filter((e) => all.has(rel + e.suffix)).map((e) => e.name));
    map.set('/' + rel.split(path.sep).join('/'), { file: path.join(dist, rel), encoded });
  }
  return map;
}

/** Sends one build file: its Brotli or gzip copy when the browser takes it, the right headers either way. */
/**
 * Headers that only mean something on a document (or a worker script): a browser ignores them on a
 * script, stylesheet, image or font it loads as a subresource. The hashed files under /assets/ go
 * without them, as docker/nginx.conf's /assets/ block sends them: about 750 bytes less per file, nine
 * files on a first visit to /, on a slow phone network. `X-Content-Type-Options`,
 * `Cross-Origin-Resource-Policy`, `Referrer-Policy` (a stylesheet's own requests follow it) and HSTS stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
];

function sendBuildFile(req: Request, res: Response, entry: StaticFile, cacheControl: string, vary = 'Accept-Encoding'): void {
  res.setHeader('Vary', vary);
  res.setHeader('Cache-Control', cacheControl);
  // Content-Type from the original name: send() keeps a type that is already set.
  res.type(path.extname(entry.file));
  // Our preference (Brotli is smaller), not the order the browser lists them in.
  const encoding = ENCODINGS.find((e) => entry.encoded.has(e.name) && req.acceptsEncodings(e.name) === e.name);
  if (encoding) res.setHeader('Content-Encoding', encoding.name);
  res.sendFile(encoding ? entry.file + encoding.suffix : entry.file, { cacheControl: false, dotfiles: 'allow' });
}

/**
 * A page written for this request (what it shows can change or end at any time: never kept by a
 * cache), compressed as its build file would be: Brotli, else gzip (a few KB: fast at these levels).
 */
function sendWrittenPage(req: Request, res: Response, html: string): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Vary', 'Accept-Encoding, Accept-Language, Cookie');
  res.type('html');
  if (req.acceptsEncodings('br') === 'br') {
    res.setHeader('Content-Encoding', 'br');
    res.send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } }));
  } else if (req.acceptsEncodings('gzip') === 'gzip') {
    res.setHeader('Content-Encoding', 'gzip');
    res.send(gzipSync(html, { level: 9 }));
  } else {
    res.send(html);
  }
}

/**
 * JSON (and other text) over 1 KB compressed on the fly. Never an attachment download (the library
 * export streams its rows as they are read: compressing would buffer them) nor an event stream.
 * Socket.IO is attached to the HTTP server itself and never passes through Express.
 */
export function compressResponses(): RequestHandler {
  return compression({
    threshold: 1024,
    filter: (req, res) => {
      if (res.getHeader('Content-Disposition')?.toString().startsWith('attachment')) return false;
      if (/text\/event-stream/.test(String(res.getHeader('Content-Type') ?? ''))) return false;
      return compression.filter(req, res);
    },
  });
}

/**
 * A page the api writes per request into its app shell (shell.html in the page's language): a
 * client approval link's title and heading, painted before the app's scripts arrive. `render`
 * answers the page's HTML, or undefined for the shell as it is.
 */
export interface ClientDocument {
  matches(pathname: string): boolean;
  render(req: Request, shell: string, lang: UiLanguage): Promise<string | undefined>;
}

/** A page's file in each language that the build made it in (English always, when it exists). */
type PageFiles = Partial<Record<UiLanguage, StaticFile>>;

/** Each page of the build (`…/index.html`, `shell.html`) with its copies in the other languages. */
function indexPages(files: Map<string, StaticFile>): Map<string, PageFiles> {
  const pages = new Map<string, PageFiles>();
  const copies = UI_LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE).map((lang) => `.${lang}.html`);
  for (const file of files.keys()) {
    if (!file.endsWith('.html') || copies.some((suffix) => file.endsWith(suffix))) continue;
    pages.set(file, Object.fromEntries(UI_LANGUAGES.map((lang) => [lang, files.get(localizedPageFile(file, lang))]).filter(([, f]) => f)));
  }
  return pages;
}

/**
 * Serves the built React client: hashed assets immutable for a year, everything else revalidated,
 * precompressed copies when the browser accepts them, prerendered pages (`<path>/index.html`, / is
 * index.html) where the build made them and the app shell (shell.html; index.html in a build without
 * prerendered pages) for every other page path (history-API fallback).
 * A page is sent in the language of the `gl_lang` cookie (the switch's), else of `Accept-Language`,
 * else English (index.sw.html, shell.sw.html beside the English files; English when the build has no
 * copy in that language), with `Content-Language` and `Vary: Accept-Language, Cookie` for caches.
 * Returns false when the client has not been built.
 */
export function serveClientBuild(app: Express, dist: string, documents: readonly ClientDocument[] = []): boolean {
  if (!existsSync(path.join(dist, 'index.html'))) return false;
  const files = indexBuild(dist);
  const pages = indexPages(files);
  const shell = pages.get('/shell.html') ?? pages.get('/index.html')!;
  const shellText = new Map<UiLanguage, string>();
  const shellIn = (lang: UiLanguage) => {
    if (!shellText.has(lang)) shellText.set(lang, readFileSync(shell[lang]!.file, 'utf8'));
    return shellText.get(lang)!;
  };

  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const entry = files.get(req.path);
    if (!entry || req.path === '/index.html') return next();
    labelRoute(res, 'client file');
    const asset = req.path.startsWith('/assets/');
    if (asset) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
    sendBuildFile(req, res, entry, asset ? IMMUTABLE : REVALIDATE);
  });
  // A file the index does not know (added after start-up): plain static serving.
  app.use(
    express.static(dist, {
      index: false,
      redirect: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader('Cache-Control', REVALIDATE),
    }),
  );
  app.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // A missing asset (an old build's chunk) is a 404, never the page: a script must not get HTML.
    if (/^\/(api|socket\.io|assets)(\/|$)/.test(req.path) || !req.accepts('html')) return next();
    const page = pages.get(`${req.path.replace(/\/$/, '')}/index.html`) ?? shell;
    // A link that carries its language (`/sw/approve/<token>`, an approval link in Kiswahili) gets the page in it.
    const wanted = req.path.startsWith('/sw/')
      ? 'sw'
      : pageLanguage({ cookie: req.headers.cookie, acceptLanguage: req.headers['accept-language'] });
    const lang: UiLanguage = page[wanted] ? wanted : 'en';
    labelRoute(res, 'client page');
    res.setHeader('Content-Language', lang);
    const document = page === shell ? documents.find((d) => d.matches(req.path)) : undefined;
    const html = document ? await document.render(req, shellIn(lang), lang).catch(() => undefined) : undefined;
    if (html !== undefined) {
      sendWrittenPage(req, res, html);
      return;
    }
    sendBuildFile(req, res, page[lang]!, REVALIDATE, 'Accept-Encoding, Accept-Language, Cookie');
  });
  return true;
}
