import { APPROVAL_TOKEN_PATTERN } from '@gl/core';
import type { ApiContext } from '../api-context';
import type { ClientDocument } from '../http/static-client';
import { PublicApprovalsService } from './public-approvals.service';

const PAGE_PATH = /^\/(?:sw\/)?approve\/([^/]+)\/?$/;
const SHELL_TITLE = /<title>([^<]*)<\/title>/;
const SHELL_MAIN = /<main class="shell-main" role="status">([\s\S]*?)<\/main>/;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The app shell with a link's title: as the document's title and as the page's heading (where the
 * client page puts it: the same width, size and weight), above the shell's loading line. The phone
 * paints the heading with the HTML, before the app's scripts have arrived. Undefined when the shell
 * does not have the parts it replaces (a build without them: the shell goes as it is).
 */
export function approvalShell(shell: string, title: string): string | undefined {
  if (!SHELL_TITLE.test(shell) || !SHELL_MAIN.test(shell)) return undefined;
  const text = escapeHtml(title);
  return shell
    .replace(SHELL_TITLE, (_, site: string) => `<title>${text} · ${site}</title>`)
    .replace(
      SHELL_MAIN,
      (_, loading: string) =>
        `<main style="box-sizing:border-box;max-width:42rem;margin:0 auto;padding:1.5rem 1rem 4rem">` +
        `<h1 id="approval-title" style="margin:0;font-size:1.5rem;line-height:2rem;font-weight:700;overflow-wrap:anywhere">${text}</h1>` +
        `<p class="shell-main" role="status" style="min-height:40vh;margin:0">${loading}</p></main>`,
    );
}

/**
 * `/approve/<token>` and `/sw/approve/<token>` written by the api (api/src/http/static-client.ts):
 * an open link without a PIN gets its title in the shell; anything else (unknown, expired, revoked,
 * locked, a PIN to ask) gets the shell as it is, the same for all, and the page's own read decides;
 * a miss here counts against the address too.
 */
export function approvalPageDocument(ctx: ApiContext): ClientDocument {
  const approvals = new PublicApprovalsService(ctx);
  return {
    matches: (pathname) => PAGE_PATH.test(pathname),
    async render(req, shell) {
      const token = decodeURIComponent(PAGE_PATH.exec(req.path)?.[1] ?? '');
      if (!APPROVAL_TOKEN_PATTERN.test(token)) return undefined;
      const title = await approvals.titleWithoutPin(token, req.ip ?? null);
      return title === undefined ? undefined : approvalShell(shell, title);
    },
  };
}
