/**
 * Client approval links (DESIGN.md §21): the plain rules both sides use, without zod (the client
 * imports them through @gl/core/types).
 */

/** A link's title, as the creator types it (the client sees it). */
export const APPROVAL_TITLE_MAX = 120;
/** The creator's note to the client. */
export const APPROVAL_NOTE_MAX = 1000;
/** A reviewer's comment (plain text, shown escaped, never linkified). */
export const APPROVAL_COMMENT_MAX = 1000;
/** The name a reviewer gives once (kept on their device). */
export const APPROVAL_REVIEWER_NAME_MAX = 60;
/** An optional PIN: 4 to 6 digits. */
export const APPROVAL_PIN_MIN_DIGITS = 4;
export const APPROVAL_PIN_MAX_DIGITS = 6;
export const APPROVAL_PIN_PATTERN = /^\d{4,6}$/;
/** The same rule as a PIN field's HTML `pattern`. */
export const APPROVAL_PIN_INPUT_PATTERN = `[0-9]{${APPROVAL_PIN_MIN_DIGITS},${APPROVAL_PIN_MAX_DIGITS}}`;
/** The header that carries the PIN on the public routes. */
export const APPROVAL_PIN_HEADER = 'X-Approval-Pin';
/** A link's life in days: 1 to 90, 14 unless the creator says. Extending adds days (default 14), never past 90 days from now. */
export const APPROVAL_EXPIRES_DAYS_MIN = 1;
export const APPROVAL_EXPIRES_DAYS_MAX = 90;
export const APPROVAL_EXPIRES_DAYS_DEFAULT = 14;
/** Lines on one link (all sources), and lines in one POST /approvals/:id/lines or decisions request. */
export const APPROVAL_LINES_MAX = 50;
/** Open links (not revoked, not expired) one account may have. */
export const APPROVAL_OPEN_LINKS_MAX = 50;
/** Decisions requests per link per minute (all reviewers together). */
export const APPROVAL_DECISIONS_PER_MINUTE = 30;
/** Wrong PINs a link takes before it locks (the creator unlocks it: POST /approvals/:id/unlock). */
export const APPROVAL_PIN_ATTEMPTS_MAX = 5;
/** The creator's summary e-mail goes out once every line is decided, or this long after the last decision. */
export const APPROVAL_SUMMARY_QUIET_MINUTES = 30;

/** What a reviewer may do to a line. `comment` leaves the line's state as it was. */
export const APPROVAL_DECISIONS = ['approve', 'request_changes', 'comment'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];
/** A line's state: its latest approve or request_changes on its current version (a new version starts pending). */
export const APPROVAL_LINE_STATES = ['pending', 'approved', 'changes_requested'] as const;
export type ApprovalLineState = (typeof APPROVAL_LINE_STATES)[number];
/** A link as the team sees it: locked after too many wrong PINs (until unlocked); revoked and expired are final until extended (expired only). */
export const APPROVAL_STATUSES = ['open', 'locked', 'expired', 'revoked'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
/** Exports of the approved lines: the campaign exporters' formats. */
export const APPROVAL_EXPORT_FORMATS = ['csv', 'google_ads', 'meta_ads'] as const;
export type ApprovalExportFormat = (typeof APPROVAL_EXPORT_FORMATS)[number];

/** The client page: `/approve/<token>`, `/sw/approve/<token>` in Kiswahili. */
export const APPROVAL_PAGE_PATH = '/approve';
export function approvalPagePath(token: string, language: 'en' | 'sw'): string {
  return `${language === 'sw' ? '/sw' : ''}${APPROVAL_PAGE_PATH}/${token}`;
}
/** A token as it appears in a link: 128 random bits, base64url (22 characters). */
export const APPROVAL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
