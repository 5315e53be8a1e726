import { DEFAULT_LANGUAGE, type UiLanguage } from '../languages';
import { SERVER_MESSAGES_EN, type ServerMessageId } from './en';
import { SERVER_MESSAGES_SW, SERVER_WORDS_SW } from './sw';

export { SERVER_MESSAGES_EN, SERVER_MESSAGES_SW, SERVER_WORDS_SW, type ServerMessageId };

const CATALOGUES: Record<UiLanguage, Partial<Record<ServerMessageId, string>>> = { en: SERVER_MESSAGES_EN, sw: SERVER_MESSAGES_SW };
const WORDS: Record<UiLanguage, Record<string, string>> = { en: {}, sw: SERVER_WORDS_SW };
/** Parameters whose value is itself an English word of ours (a feature, a plan, what a limit counts, a field's name). */
const WORD_PARAMS = new Set(['what', 'plan', 'nowPlan', 'field']);
/** Parameters whose value is itself a message of the catalogue (a refund's `event`), translated in turn. */
const MESSAGE_PARAMS = new Set(['event']);

type Params = Record<string, string | number>;

function interpolate(template: string, params: Params = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

function translatedParam(lang: UiLanguage, name: string, value: string | number): string | number {
  if (WORD_PARAMS.has(name)) return WORDS[lang][String(value)] ?? value;
  if (MESSAGE_PARAMS.has(name)) return translateServerMessage(String(value), lang);
  return value;
}

/** The message `id` in `lang`, with its `{{params}}`; English when the language has no text for it. */
export function serverMessage(lang: UiLanguage, id: ServerMessageId, params?: Params): string {
  const template = CATALOGUES[lang][id] ?? SERVER_MESSAGES_EN[id];
  const translated = params ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, translatedParam(lang, k, v)])) : undefined;
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
