import { APPROVAL_PIN_HEADER, type PublicApprovalDto, type UiLanguage } from '@gl/core/types';
import { api } from '../../platform/api';

/** `/approve/<token>` and `/sw/approve/<token>`: the client's page (in the app chunk: main.tsx asks it). */
export const isApprovalPagePath = (pathname: string): boolean => /^\/(sw\/)?approve\/[^/]+\/?$/.test(pathname);

/** The path of the link's page in a language: `/approve/<token>`, `/sw/approve/<token>`. */
export const approvePath = (token: string, lang: UiLanguage) => `${lang === 'en' ? '' : `/${lang}`}/approve/${encodeURIComponent(token)}`;

/** The PIN that opened a link stays for this tab (a reload need not ask again), never on the device. */
const pinKey = (token: string) => `genius-lines.approval-pin.${token.slice(0, 8)}`;
export function tabPin(token: string): string {
  try {
    return sessionStorage.getItem(pinKey(token)) ?? '';
  } catch {
    return '';
  }
}
export function keepTabPin(token: string, pin: string): void {
  try {
    sessionStorage.setItem(pinKey(token), pin);
  } catch {
    /* storage refused: asked again after a reload */
  }
}

export const readPublicApproval = (token: string, pin: string, signal?: AbortSignal): Promise<PublicApprovalDto> =>
  api(`/public/approvals/${encodeURIComponent(token)}`, { signal, headers: pin ? { [APPROVAL_PIN_HEADER]: pin } : {} });

let early: { token: string; pin: string; answer: Promise<PublicApprovalDto> } | null = null;
/** The link's title as the server wrote it into the page (an open link without a PIN), read before the app replaces that HTML. */
let serverTitle: string | null = null;

/**
 * Started by main.tsx on an approval page, beside the page's chunk rather than after it: on a slow
 * phone the lines (and the heading, their title) arrive a round trip sooner.
 */
export function readApprovalEarly(pathname: string): void {
  const token = decodeURIComponent(/^\/(?:sw\/)?approve\/([^/]+)\/?$/.exec(pathname)?.[1] ?? '');
  if (!token) return;
  serverTitle = document.getElementById('approval-title')?.textContent?.trim() || null;
  const pin = tabPin(token);
  const answer = readPublicApproval(token, pin);
  answer.catch(() => undefined); // read (and its error shown) by the page's query
  early = { token, pin, answer };
}

/** The early read of this link, once (the page's first query uses it; later reads ask again). */
export function takeEarlyRead(token: string, pin: string): Promise<PublicApprovalDto> | null {
  if (!early || early.token !== token || early.pin !== pin) return null;
  const { answer } = early;
  early = null;
  return answer;
}

/** The title the server wrote into the page, shown as the heading while the lines are read. */
export const titleFromServer = (): string | null => serverTitle;
