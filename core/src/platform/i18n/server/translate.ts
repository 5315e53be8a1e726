import { DEFAULT_LANGUAGE, type UiLanguage } from '../languages';
import { DEFAULT_TIME_ZONE, formatDate, type TimeReader } from '../time';
import { SERVER_MESSAGES_EN, type ServerMessageId } from './en';
import { SERVER_MESSAGES_SW, SERVER_WORDS_SW } from './sw';

export { SERVER_MESSAGES_EN, SERVER_MESSAGES_SW, SERVER_WORDS_SW, type ServerMessageId };

const CATALOGUES: Record<UiLanguage, Partial<Record<ServerMessageId, string>>> = { en: SERVER_MESSAGES_EN, sw: SERVER_MESSAGES_SW };
const WORDS: Record<UiLanguage, Record<string, string>> = { en: {}, sw: SERVER_WORDS_SW };
/** Parameters whose value is itself an English word of ours (a feature, a plan, what a limit counts, a field's name). */
const WORD_PARAMS = new Set(['what', 'plan', 'nowPlan', 'field']);
/** Parameters whose value is itself a message of the catalogue (a refund's `event`), translated in turn. */
const MESSAGE_PARAMS = new Set(['event']);
/**
 * Parameters that hold a moment, stored as an ISO instant (`2026-12-28T21:00:00.000Z`) or, in
 * messages stored before the instant was kept, a UTC day (`2026-12-28`): written as the reader's day.
 */
const DATE_PARAMS = new Set(['date']);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** A stored date parameter as the reader's day ("28 Desemba 2026", "December 28, 2026"); anything else unchanged. */
function formatDateParam(value: string, reader: TimeReader): string {
  if (ISO_INSTANT.test(value)) return formatDate(new Date(value), reader);
  // A bare day was a UTC day: it stays that calendar day.
  if (ISO_DAY.test(value)) return formatDate(new Date(`${value}T00:00:00Z`), { language: reader.language, timeZone: DEFAULT_TIME_ZONE });
  return value;
}

type Params = Record<string, string | number>;

function interpolate(template: string, params: Params = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

function translatedParam(lang: UiLanguage, name: string, value: string | number, timeZone?: string): string | number {
  if (WORD_PARAMS.has(name)) return WORDS[lang][String(value)] ?? value;
  if (MESSAGE_PARAMS.has(name)) return translateServerMessage(String(value), lang);
  if (timeZone !== undefined && DATE_PARAMS.has(name)) return formatDateParam(String(value), { language: lang, timeZone });
  return value;
}

/**
 * The message `id` in `lang`, with its `{{params}}`; English when the language has no text for it.
 * With `timeZone`, a `{{date}}` is written as that zone's day in `lang` (else it is left as given).
 */
export function serverMessage(lang: UiLanguage, id: ServerMessageId, params?: Params, timeZone?: string): string {
  const template = CATALOGUES[lang][id] ?? SERVER_MESSAGES_EN[id];
  const translated = params
    ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, translatedParam(lang, k, v, timeZone)]))
    : undefined;
  return interpolate(template, translated);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** English text → id for the fixed messages; a pattern per message with `{{params}}`. */
const EXACT = new Map<string, ServerMessageId>();
const PATTERNS: { id: ServerMessageId; pattern: RegExp; names: string[] }[] = [];
for (const [id, text] of Object.entries(SERVER_MESSAGES_EN) as [ServerMessageId, string][]) {
  const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
  if (names.length === 0) {
    if (!EXACT.has(text)) EXACT.set(text, id);
    continue;
  }
  const source = text
    .split(/\{\{\w+\}\}/)
    .map(escapeRegExp)
    .join('(.+?)');
  PATTERNS.push({ id, pattern: new RegExp(`^${source}$`, 's'), names });
}

/** The id and parameters of an English message, or null when it is not in the catalogue. */
export function findServerMessage(message: string): { id: ServerMessageId; params?: Params } | null {
  const id = EXACT.get(message);
  if (id) return { id };
  for (const p of PATTERNS) {
    const m = p.pattern.exec(message);
    if (m) return { id: p.id, params: Object.fromEntries(p.names.map((name, i) => [name, m[i + 1]!])) };
  }
  return null;
}

/**
 * An English message of the api in `lang`. A validation message prefixed with its field
 * (`password: Password is required`) keeps the field name. A message the catalogue does not know,
 * or has no text for in that language, stays English (never an id).
 */
export function translateServerMessage(message: string, lang: UiLanguage): string {
  if (lang === DEFAULT_LANGUAGE || !message) return message;
  // The field prefix first: `wordsToAvoid.1: Words to avoid: …` is a field and a message, not one
  // message whose `{{field}}` is `wordsToAvoid.1: Words to avoid`.
  const prefixed = /^([\w.[\]-]{1,100}): (.+)$/s.exec(message);
  const inner = prefixed && findServerMessage(prefixed[2]!);
  if (inner) return `${prefixed[1]}: ${serverMessage(lang, inner.id, inner.params)}`;
  const found = findServerMessage(message);
  return found ? serverMessage(lang, found.id, found.params) : message;
}

/**
 * A stored English message as `reader` reads it: in their language, with its dates (`{{date}}`) on
 * their calendar and in their words (a refund notice: "… until 28 Desemba 2026"), English included.
 * A message the catalogue does not know stays as stored.
 */
export function readServerMessage(message: string, reader: TimeReader): string {
  if (!message) return message;
  const found = findServerMessage(message);
  return found ? serverMessage(reader.language, found.id, found.params, reader.timeZone) : translateServerMessage(message, reader.language);
}
