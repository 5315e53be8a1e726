import type { LanguageId } from '@gl/core';
import type { NeutralNoun } from './content';
import { capitalizeFirst } from './text';

/**
 * What fills `{topic}`: the subject (a topic or brand name, verbatim) or a neutral noun of the output
 * language; `word` fills `{word}` and `{wordtag}` (one of a brand's words to use).
 */
export type TopicFill = ({ kind: 'topic'; topic: string } | { kind: 'neutral'; noun: NeutralNoun }) & { word?: string };

const PLACEHOLDER = /\{topic(?::dat)?\}|\{tag\}|\{word\}|\{wordtag\}/g;
const MAX_HASHTAG_CHARS = 30;

/** "acme coffee co." -> "#AcmeCoffeeCo", "iPhone 15" -> "#iPhone15"; empty when the topic has no letters or digits or is too long. */
export function hashtagFor(topic: string): string {
  const words = topic
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  // Capitalise all-lower-case words only, so "iPhone" stays "iPhone".
  const body = words.map((w) => (w === w.toLowerCase() ? capitalizeFirst(w) : w)).join('');
  return body === '' || body.length > MAX_HASHTAG_CHARS ? '' : `#${body}`;
}

function atSentenceStart(before: string): boolean {
  return before.trim() === '' || /[.!?…]\s+$/.test(before) || /[¡¿]$/.test(before);
}

/** Preposition + article contractions, for a topic or neutral noun that starts with a lower-case article. */
const CONTRACTIONS: Partial<Record<LanguageId, Record<string, Record<string, string>>>> = {
  fr: { de: { le: 'du', les: 'des' }, à: { le: 'au', les: 'aux' } },
  es: { de: { el: 'del' }, a: { el: 'al' } },
  pt: {
    de: { a: 'da', o: 'do', as: 'das', os: 'dos' },
    em: { a: 'na', o: 'no', as: 'nas', os: 'nos' },
    por: { a: 'pela', o: 'pelo', as: 'pelas', os: 'pelos' },
    a: { a: 'à', o: 'ao', as: 'às', os: 'aos' },
  },
};

/**
 * Joins template text and an inserted phrase the way the language requires: French elision
 * ("de Apple" -> "d'Apple") and article contractions ("de a criatividade" -> "da criatividade").
 */
function joinPhrase(language: LanguageId, before: string, value: string): string {
  const prep = /(?:^|[\s(«])(\p{L}+) $/u.exec(before)?.[1];
  if (prep === undefined) return before + value;
  const article = /^(\p{Ll}+) /u.exec(value)?.[1];
  const contracted = article === undefined ? undefined : CONTRACTIONS[language]?.[prep]?.[article];
  if (contracted !== undefined && article !== undefined) {
    return before.slice(0, before.length - prep.length - 1) + contracted + value.slice(article.length);
  }
  if (language === 'fr' && (prep === 'de' || prep === 'que') && /^[aeiouàâäéèêëîïôöùûüœæ]/i.test(value)) {
    return `${before.slice(0, -2)}'${value}`;
  }
  return before + value;
}

/**
 * Fills a template. The topic keeps its own casing; a neutral noun is capitalised at a sentence
 * start; template text that opens the line is capitalised. `{tag}` becomes a hashtag of the topic,
 * or disappears for a neutral fill; `{word}` and `{wordtag}` become the fill's word and its hashtag.
 */
export function renderTemplate(template: string, fill: TopicFill, language: LanguageId): string {
  let out = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const index = match.index ?? 0;
    out += template.slice(last, index);
    last = index + match[0].length;
    if (match[0] === '{tag}') {
      out += fill.kind === 'topic' ? hashtagFor(fill.topic) : '';
      continue;
    }
    if (match[0] === '{word}' || match[0] === '{wordtag}') {
      const word = fill.word ?? '';
      out = match[0] === '{word}' ? joinPhrase(language, out, word) : out + hashtagFor(word);
      continue;
    }
    let value: string;
    if (fill.kind === 'topic') {
      value = fill.topic;
    } else {
      value = match[0] === '{topic:dat}' ? (fill.noun.dat ?? fill.noun.base) : fill.noun.base;
      if (atSentenceStart(out)) value = capitalizeFirst(value);
    }
    out = joinPhrase(language, out, value);
  }
  out += template.slice(last);
  out = out.replace(/[ \t]{2,}/g, ' ').trim();
  return template.startsWith('{topic') ? out : capitalizeFirst(out);
}
