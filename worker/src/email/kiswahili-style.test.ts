/**
 * The Kiswahili a Kenyan reviewer found wrong must not come back (docs/glossary-sw.md): the whole
 * sw catalogue (client/src/locales/sw, the server's sw.ts, the Kiswahili e-mails as sent) is read
 * for class-3 line labels that read as "you", English words left in, "saa" before a 24-hour
 * figure, and "UTC" in any user-facing string (times are shown in the person's zone, DESIGN.md §20).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES_EN, SERVER_MESSAGES_SW, SERVER_WORDS_SW } from '@gl/core/server';
import type { BillingNoticeRow, PaymentRow } from '@gl/core/server';
import { billingMailBodies } from '../billing';
import type { Mail } from './mail';
import { composeMail } from './templates';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const LOCALES = join(ROOT, 'client/src/locales');

type Entry = { where: string; text: string };

function flatten(value: unknown, where: string, out: Entry[]): Entry[] {
  if (typeof value === 'string') out.push({ where, text: value });
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(v, `${where}.${k}`, out);
  return out;
}

function catalogue(lang: 'en' | 'sw'): Entry[] {
  const out: Entry[] = [];
  for (const file of readdirSync(join(LOCALES, lang)).filter((f) => f.endsWith('.json'))) {
    flatten(JSON.parse(readFileSync(join(LOCALES, lang, file), 'utf8')), `${lang}/${file.replace('.json', '')}`, out);
  }
  return out;
}

/** The Kiswahili e-mails as they are sent (every account template, an invitation, the billing notices). */
function swMails(): Entry[] {
  const at = new Date('2026-11-26T10:05:00Z');
  const mails: Mail[] = [
    ...(
      ['password-reset', 'email-verification', 'email-change', 'email-change-notice', 'account-deleted', 'webhook-disabled'] as const
    ).map((template): Mail => ({
      kind: 'account',
      template,
      to: 'a@example.com',
      name: 'Akinyi',
      link: 'https://l.example/x?token=t',
      validFor: 'dakika 30',
      validUntil: '26 Novemba 2026, 13:35 EAT',
      newEmail: 'b@example.com',
      webhookUrl: 'https://hooks.example/x',
      appUrl: 'https://l.example',
      language: 'sw',
    })),
    {
      kind: 'team-invitation',
      to: 'b@example.com',
      teamName: 'Duka',
      inviterName: 'Wanjiku',
      role: 'admin',
      link: 'https://l.example/join?token=t',
      expiresAt: at,
      language: 'sw',
      timeZone: 'Africa/Nairobi',
    },
    { kind: 'newsletter-welcome', to: 'c@example.com', subscribedAt: at, language: 'sw' },
  ];
  const out: Entry[] = mails.map((m, i) => ({ where: `mail ${i}`, text: composeMail(m, { contactInbox: 'x@example.com' }).text }));
  const payment = {
    receiptNumber: 'GL-2026-000001',
    planId: 'pro',
    interval: 'month',
    amountMinor: 1289,
    creditMinor: 0,
    currency: 'KES',
    provider: 'mpesa',
    completedAt: at,
    periodStart: at,
    periodEnd: at,
    providerPayload: null,
  } as unknown as PaymentRow;
  for (const kind of ['receipt', 'reminder-7', 'reminder-1', 'expired', 'payment-failed', 'refund']) {
    const notice = { kind, periodEnd: at } as BillingNoticeRow;
    const mail = billingMailBodies({ notice, name: 'Otieno', email: 'o@example.com', payment, language: 'sw', timeZone: 'Africa/Nairobi' });
    out.push({ where: `billing ${kind}`, text: `${mail.subject}\n${mail.text}` });
  }
  return out;
}

const swEntries = (): Entry[] => [
  ...catalogue('sw'),
  ...Object.entries(SERVER_MESSAGES_SW).map(([k, text]) => ({ where: `server ${k}`, text: String(text) })),
  ...Object.entries(SERVER_WORDS_SW).map(([k, text]) => ({ where: `server word ${k}`, text: String(text) })),
  ...swMails(),
];

/** Code, placeholders, markup and names that stay as they are (product names, protocols, identifiers). */
const ALLOWED = [
  /`[^`]*`/g,
  /\{\{[^}]*\}\}/g,
  /<[^>]+>/g,
  /https?:\/\/\S+/g,
  /\b[\w.-]+@[\w.-]+\b/g,
  /\bModel Context Protocol\b/g,
  /\bStreamable HTTP\b/g,
  /\bmultipart\/form-data\b/g,
  /\b[A-Z][A-Z_]{2,}\b/g, // error codes and acronyms (JSON, API, VALIDATION_FAILED)
  /\b\w+\.\w+(\.\w+)*\b/g, // event names and paths (line.saved, id.timestamp.body)
  /\(types\)/g,
  /\bpull request\b/g, // GitHub's own name
  /\(Settings, Payments, Manage automatic payments\)/g, // PayPal's own menu, as PayPal shows it
  /\bstatus iwe\b/g, // the API's own field name (approvals.status), as it is sent
];

/** English words a Kenyan reader flagged in Kiswahili text, with the Kiswahili the glossary uses. */
const DENIED = {
  body: 'maudhui',
  request: 'ombi',
  requests: 'maombi',
  response: 'jibu',
  uptime: 'upatikanaji',
  field: 'sehemu',
  fields: 'sehemu',
  form: 'fomu',
  model: 'modeli',
  endpoint: 'anwani',
  header: 'kichwa',
  headers: 'vichwa',
  payload: 'maudhui',
  client: 'programu ya mteja',
  clients: 'programu za mteja',
  token: 'tokeni',
  timestamp: 'muhuri wa wakati',
  call: 'ombi',
  route: 'njia',
  routes: 'njia',
  settings: 'mipangilio',
  click: 'bonyeza',
  upload: 'pakia',
  download: 'pakua',
  password: 'nenosiri',
  email: 'barua pepe',
  'web app': 'programu ya wavuti',
  'socket event': 'tukio la socket',
  // Second review (docs/kiswahili-review-2.md).
  host: 'seva',
  schema: 'muundo',
  status: 'hali',
  codes: 'misimbo',
  tool: 'zana',
  tools: 'zana',
  argument: 'hoja',
  arguments: 'hoja',
  apps: 'programu',
  scripts: 'skripti',
  envelope: 'muundo wa jibu',
};

describe('the Kiswahili catalogue reads native', () => {
  it('has no class-3 line label that reads as "you" (Umehifadhiwa → Imehifadhiwa)', () => {
    const youLabel = /^[\s·•:–-]*(tayari\s+)?u(me|na|ta)(hifadhiwa|boreshwa|subiri|nakiliwa|tungwa|haririwa|futwa|wekwa)\b/i;
    const found = catalogue('sw').filter((e) => youLabel.test(e.text.trim()));
    expect(found).toEqual([]);
  });

  it('has no English word on the deny list outside code, placeholders and product names', () => {
    const words = Object.keys(DENIED).map((w) => w.replace(' ', '\\s+'));
    const deny = new RegExp(`\\b(${words.join('|')})\\b`, 'i');
    const found = swEntries()
      .map((e) => ({ ...e, scanned: ALLOWED.reduce((t, re) => t.replace(re, ' '), e.text) }))
      .filter((e) => deny.test(e.scanned))
      .map(
        (e) => `${e.where}: ${deny.exec(e.scanned)![0]} → ${DENIED[deny.exec(e.scanned)![0].toLowerCase() as keyof typeof DENIED] ?? '?'}`,
      );
    expect(found).toEqual([]);
  });

  it('never writes "saa" before a 24-hour figure, and one word for a generation (utungo / tungo)', () => {
    const found = swEntries().filter(
      (e) => /\bsaa\s+([01]?\d|2[0-3])[:.]\d{2}\b/i.test(e.text) || /\butunzi\b|\bkutunga mara\b/i.test(e.text),
    );
    expect(found).toEqual([]);
  });

  it('names no "UTC" in a user-facing string, in either language', () => {
    const all: Entry[] = [
      ...swEntries(),
      ...catalogue('en'),
      ...Object.entries(SERVER_MESSAGES_EN).map(([k, text]) => ({ where: `server en ${k}`, text: String(text) })),
    ];
    expect(all.filter((e) => /\bUTC\b/.test(e.text))).toEqual([]);
  });

  it('writes a failure one way (Imeshindikana ku…, never a subjectless Imeshindwa ku…) and keeps a role (jukumu) apart from a seat (nafasi)', () => {
    const found = swEntries().filter(
      (e) => /(^|[.:!?]\s+)Imeshindwa ku/.test(e.text.trim()) || /\bnafasi (ya|la) (mmiliki|msimamizi|mhariri|mtazamaji)\b/i.test(e.text),
    );
    expect(found).toEqual([]);
  });
});
