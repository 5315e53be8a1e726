import { formatTimeFor, getPlatform, type PlatformId, type TimeReader } from '@gl/core';
import { escapeHtml } from '../email/escape';

/** What the summary e-mail says: the link, each line's state, the comments. */
export interface ApprovalSummaryInput {
  name: string;
  title: string;
  lines: Array<{ text: string; platform: string | null; state: string; version: number; decidedBy: string | null }>;
  comments: Array<{ reviewerName: string; comment: string; decision: string; createdAt: Date; lineText: string | null }>;
  /** Where the creator follows the link in the app (PUBLIC_URL/approvals), when known. */
  appUrl?: string;
  reader: TimeReader;
}

const WORDS = {
  en: {
    subject: (title: string) => `Your client's decisions on "${title}"`,
    hi: (name: string) => `Hi ${name},`,
    intro: (title: string, all: boolean) =>
      all
        ? `Your client has decided every line of "${title}".`
        : `Your client has made decisions on "${title}" (some lines are still waiting).`,
    counts: (a: number, c: number, p: number) => `Approved: ${a} · Changes requested: ${c} · Waiting: ${p}`,
    state: { approved: 'Approved', changes_requested: 'Changes requested', pending: 'Waiting' } as Record<string, string>,
    by: (name: string) => `by ${name}`,
    version: (v: number) => `version ${v}`,
    comments: 'Comments',
    open: 'See the link and its decisions',
  },
  sw: {
    subject: (title: string) => `Maamuzi ya mteja wako kuhusu "${title}"`,
    hi: (name: string) => `Habari ${name},`,
    intro: (title: string, all: boolean) =>
      all
        ? `Mteja wako ameamua kila mstari wa "${title}".`
        : `Mteja wako amefanya maamuzi kuhusu "${title}" (mistari mingine bado inasubiri).`,
    counts: (a: number, c: number, p: number) => `Imeidhinishwa: ${a} · Mabadiliko yameombwa: ${c} · Inasubiri: ${p}`,
    state: { approved: 'Imeidhinishwa', changes_requested: 'Mabadiliko yameombwa', pending: 'Inasubiri' } as Record<string, string>,
    by: (name: string) => `na ${name}`,
    version: (v: number) => `toleo la ${v}`,
    comments: 'Maoni',
    open: 'Tazama kiungo na maamuzi yake',
  },
};

/** The creator's summary e-mail, in their language (en, sw) and time zone. Every text from the client is escaped in the HTML. */
export function composeApprovalSummary(input: ApprovalSummaryInput): { subject: string; text: string; html: string } {
  const w = WORDS[input.reader.language];
  const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();
  const count = (s: string) => input.lines.filter((l) => l.state === s).length;
  const pending = count('pending');
  const platform = (p: string | null) => {
    try {
      return p ? `${getPlatform(p as PlatformId).name}: ` : '';
    } catch {
      return '';
    }
  };
  const lineItems = input.lines.map((l) => {
    const who = l.decidedBy && l.state !== 'pending' ? ` ${w.by(l.decidedBy)}` : '';
    const version = l.version > 1 ? ` (${w.version(l.version)})` : '';
    return { head: `${w.state[l.state] ?? l.state}${who}${version}`, text: `${platform(l.platform)}${l.text}` };
  });
  const commentItems = input.comments.map((c) => ({
    head: `${c.reviewerName}, ${formatTimeFor(c.createdAt, input.reader)}`,
    about: c.lineText ?? '',
    text: c.comment,
  }));
  const text = [
    w.hi(input.name),
    '',
    w.intro(input.title, pending === 0),
    w.counts(count('approved'), count('changes_requested'), pending),
    '',
    ...lineItems.map((l) => `- ${l.head}: ${l.text}`),
    ...(commentItems.length ? ['', `${w.comments}:`, ...commentItems.map((c) => `- ${c.head} ("${c.about}"): ${c.text}`)] : []),
    ...(input.appUrl ? ['', `${w.open}: ${input.appUrl}`] : []),
  ].join('\n');
  const html =
    `<p>${escapeHtml(w.hi(input.name))}</p>` +
    `<p>${escapeHtml(w.intro(input.title, pending === 0))}<br>${escapeHtml(w.counts(count('approved'), count('changes_requested'), pending))}</p>` +
    `<ul>${lineItems.map((l) => `<li><strong>${escapeHtml(l.head)}</strong>: ${escapeHtml(l.text)}</li>`).join('')}</ul>` +
    (commentItems.length
      ? `<p><strong>${escapeHtml(w.comments)}</strong></p><ul>${commentItems
          .map(
            (c) =>
              `<li>${escapeHtml(c.head)} (&ldquo;${escapeHtml(c.about)}&rdquo;): <span style="white-space:pre-wrap">${escapeHtml(c.text)}</span></li>`,
          )
          .join('')}</ul>`
      : '') +
    (input.appUrl ? `<p><a href="${escapeHtml(input.appUrl)}">${escapeHtml(w.open)}</a></p>` : '');
  return { subject: oneLine(w.subject(input.title)).slice(0, 200), text, html };
}
