import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import { build, type Plugin, type Rollup } from 'vite';
// By path, not @gl/core: the Vite config (which loads this file) leaves packages to Node, which cannot load TypeScript.
// eslint-disable-next-line no-restricted-imports -- loaded by Node with the Vite build, like theme-init.ts (see there)
import { UI_LANGUAGES, localizedPageFile, type UiLanguage } from '../../core/src/platform/i18n/languages.ts';
import { PRERENDERED_ROUTES, type PrerenderedPath } from '../src/prerendered-routes.ts';

/** The file every page that is not prerendered gets (the api's and nginx's fallback, the service worker's). */
export const SHELL_FILE = 'shell.html';

const SHELL_START = '<!--app-shell-->';
const SHELL_END = '<!--/app-shell-->';

/**
 * The shell's words in a language: `<html lang>`, the description and the loading line, from the
 * `common` catalogue (`meta.description`, `status.loading`).
 */
function localizeShell(shell: string, root: string, lang: UiLanguage): string {
  const common = JSON.parse(readFileSync(path.join(root, 'src', 'locales', lang, 'common.json'), 'utf8')) as {
    meta: { description: string };
    status: { loading: string };
  };
  const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const out = shell
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
    .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${attr(common.meta.description)}"`)
    .replace('</span>Loading...</main>', `</span>${attr(common.status.loading)}</main>`);
  if (!out.includes(`<html lang="${lang}"`) || !out.includes(attr(common.status.loading)))
    throw new Error(`prerender: the shell could not be put in ${lang}`);
  return out;
}

/** dist/<route>/index.html (dist/index.html for /). */
export function prerenderedFile(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

/**
 * The page's critical CSS inline, the whole stylesheet after the content: a prerendered page paints
 * as soon as its HTML is parsed, without waiting for one more request (on a slow network that request
 * shares the bandwidth with the scripts), and its HTML carries only the rules its own elements use
 * (beasties: 34–42 KB instead of the whole 88 KB stylesheet, which a phone's slow CPU would parse on
 * every visit, the service worker's repeat visits included). The stylesheet's link moves to the end
 * of <body>: the browser paints everything above it first, and it is in the document before the app
 * runs, so what the app shows later (menus, dialogs, other routes) is styled. The shell's own inline
 * style is left as it is.
 */
function criticalCss(outDir: string): (html: string) => Promise<string> {
  const beasties = new Beasties({
    path: outDir,
    publicPath: '/',
    preload: 'body',
    pruneSource: false,
    reduceInlineStyles: false,
    mergeStylesheets: true,
    keyframes: 'critical',
    fonts: false,
    compress: true,
    logLevel: 'warn',
  });
  return async (html) => {
    const out = await beasties.process(html);
    // The shell's own <style> and the page's critical rules in a second one.
    if ((out.match(/<style>/g) ?? []).length < 2) throw new Error('prerender: no critical CSS was inlined');
    return out;
  };
}

/**
 * The app shell paints with its own inline critical CSS (header, logo, loading line): the whole
 * stylesheet's link goes to the end of <body>, so the shell is painted before it arrives (from the
 * network or the service worker), and it is still loaded before the app's scripts run.
 */
function stylesheetAfterContent(html: string): string {
  const links: string[] = [];
  const head = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, (tag) => {
    links.push(tag.trim());
    return '';
  });
  if (links.length === 0) throw new Error('prerender: the shell links no stylesheet');
  return head.replace('</body>', `  ${links.join('')}\n  </body>`);
}

/** The page's chunk and the chunks it imports, which the shell does not preload already. */
function pageChunks(bundle: Rollup.OutputBundle, root: string, source: string, html: string): string[] {
  const id = path.resolve(root, source);
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const page = chunks.find((c) => c.facadeModuleId === id);
  if (!page) throw new Error(`prerender: no chunk for ${source}`);
  return [page.fileName, ...page.imports].filter((f) => !html.includes(`/${f}"`));
}

/**
 * Renders the public pages (client/src/prerendered-routes.ts) to HTML after the client build, so
 * their heading and text are in the first bytes the browser gets; main.tsx hydrates them.
 *  - The built index.html (the app shell) is copied to shell.html: the fallback for every other path.
 *  - Every page and the shell exist in every language (English as index.html, Kiswahili as
 *    index.sw.html beside it: `localizedPageFile`), each with its `<html lang>` and description; the
 *    api, nginx and the service worker pick one by the `gl_lang` cookie or Accept-Language.
 *  - client/src/entry-server.tsx is built for Node (a Vite SSR build into a temporary directory)
 *    and renders each route; its HTML replaces the shell's content, and the page's chunk is
 *    preloaded beside the entry; its critical CSS is inlined. dist/index.html becomes the prerendered
 *    home page.
 * Runs in writeBundle, so the service worker's precache list and the .br/.gz copies (both made in
 * closeBundle) include the pages.
 */
export function prerender(options: { define: Record<string, string> }): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'gl:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      async handler(_output, bundle) {
        const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const start = shell.indexOf(SHELL_START);
        const end = shell.indexOf(SHELL_END);
        if (start < 0 || end < start) throw new Error('prerender: index.html has no app-shell markers');
        const shells = Object.fromEntries(UI_LANGUAGES.map((lang) => [lang, localizeShell(shell, root, lang)])) as Record<
          UiLanguage,
          string
        >;
        for (const lang of UI_LANGUAGES)
          writeFileSync(path.join(outDir, localizedPageFile(SHELL_FILE, lang)), stylesheetAfterContent(shells[lang]));

        const ssrDir = mkdtempSync(path.join(tmpdir(), 'gl-prerender-'));
        try {
          await build({
            configFile: false,
            root,
            mode: 'production',
            logLevel: 'warn',
            define: options.define,
            plugins: [react()],
            // Everything bundled: the output runs from a temporary directory.
            ssr: { noExternal: true },
            build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, sourcemap: false, minify: false },
          });
          const entry = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as {
            render(route: PrerenderedPath, lang: UiLanguage): Promise<string>;
          };
          const routes = Object.keys(PRERENDERED_ROUTES) as PrerenderedPath[];
          const inlineCriticalCss = criticalCss(outDir);
          for (const lang of UI_LANGUAGES) {
            const page = shells[lang];
            for (const route of routes) {
              const body = await entry.render(route, lang);
              const preloads = pageChunks(bundle, root, PRERENDERED_ROUTES[route], page)
                .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
                .join('');
              // Nothing between #root's tags but React's HTML: a whitespace text node would not hydrate.
              const html = await inlineCriticalCss(
                page
                  .slice(0, page.indexOf(SHELL_START))
                  .trimEnd()
                  .replace('<div id="root">', `<div id="root" data-prerendered="${route}">`)
                  .replace('</head>', `${preloads}</head>`) +
                  body +
                  page.slice(page.indexOf(SHELL_END) + SHELL_END.length).trimStart(),
              );
              const file = path.join(outDir, localizedPageFile(prerenderedFile(route), lang));
              mkdirSync(path.dirname(file), { recursive: true });
              writeFileSync(file, html);
            }
          }
          this.info?.(`prerendered ${routes.length} pages in ${UI_LANGUAGES.length} languages`);
        } finally {
          rmSync(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}
