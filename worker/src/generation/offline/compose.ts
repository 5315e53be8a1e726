import type { LanguageId } from '@gl/core';
import { entryText, type Entry } from './content';
import { renderTemplate, type TopicFill } from './templates';
import { lineKey } from './text';

/** One line the offline writer could return, with what it is made of (for variety scoring). */
export interface Candidate {
  text: string;
  key: string;
  /** The line's main part: a rendered template, or a curated line. */
  base: string;
  /** Keys of the openings and endings around the base. */
  parts: string[];
  /** Whether it uses one of the brand's words. */
  usesWord: boolean;
  /** Whether it names the subject (composed from a template). */
  composed: boolean;
}

const WORD_SLOT = /\{word(?:tag)?\}/;
const EMOJI = /\p{Extended_Pictographic}/gu;
/** What `lineKey` ignores at the end of a line. */
const END_PUNCTUATION = /[\s.!?…,;:]+$/u;

/** Whether a part would repeat the core: the same words, the same first word, the same emoji, or a second hashtag. */
function clashes(core: Piece, part: Piece): boolean {
  if (core.key.includes(part.key) || (core.first !== '' && core.first === part.first)) return true;
  if (core.hashtag && part.hashtag) return true;
  return part.emoji.some((e) => core.emoji.includes(e));
}

interface Piece {
  text: string;
  /** Lower-cased text (already clean of extra spaces). */
  lower: string;
  /** Its first word, lower-cased ("pensez" in "Pensez grand."). */
  first: string;
  key: string;
  word: boolean;
  hashtag: boolean;
  emoji: string[];
}

/** Renders an entry; a `{word}` entry gets one of the brand's words, chosen at random. */
function renderPiece(entry: Entry, fill: TopicFill, input: ComposeInput): Piece | null {
  const template = entryText(entry);
  const word = WORD_SLOT.test(template);
  if (word && input.words.length === 0) return null;
  const chosen = word ? input.words[Math.min(input.words.length - 1, Math.floor(input.random() * input.words.length))] : undefined;
  const text = renderTemplate(template, { ...fill, word: chosen }, input.language);
  if (text === '' || !input.allowed(text)) return null;
  const lower = text.toLocaleLowerCase();
  return {
    text,
    lower,
    first: /^[\p{L}\p{N}']+/u.exec(lower)?.[0] ?? '',
    key: lineKey(text),
    word,
    hashtag: text.includes('#'),
    emoji: text.match(EMOJI) ?? [],
  };
}

export interface ComposeInput {
  templates: readonly Entry[];
  openings: readonly Entry[];
  endings: readonly Entry[];
  fills: readonly TopicFill[];
  words: readonly string[];
  language: LanguageId;
  /** Whether a piece may be used (the brand's avoided words). */
  allowed: (text: string) => boolean;
  random: () => number;
}

/**
 * Lines composed from the templates (each filled with each subject): alone, after an opening or
 * before an ending; with `both`, also between an opening and an ending (many more, needed only when
 * repeats have used up the others).
 */
export function composeCandidates(input: ComposeInput, both: boolean): Candidate[] {
  const out: Candidate[] = [];
  for (const fill of input.fills) {
    const render = (e: Entry) => renderPiece(e, fill, input);
    const openings = input.openings.map(render).filter((p) => p !== null);
    const endings = input.endings.map(render).filter((p) => p !== null);
    for (const template of input.templates) {
      const core = render(template);
      if (!core) continue;
      const push = (before: Piece | null, after: Piece | null) => {
        if (before && clashes(core, before)) return;
        if (after && (clashes(core, after) || (before && clashes(before, after)))) return;
        const pieces = [before, core, after].filter((p) => p !== null);
        out.push({
          text: pieces.map((p) => p.text).join(' '),
          key: pieces
            .map((p) => p.lower)
            .join(' ')
            .replace(END_PUNCTUATION, ''),
          base: core.key,
          parts: [before, after].filter((p) => p !== null).map((p) => p.key),
          usesWord: core.word || Boolean(before?.word) || Boolean(after?.word),
          composed: true,
        });
      };
      if (!both) {
        push(null, null);
        for (const o of openings) push(o, null);
        for (const e of endings) push(null, e);
      } else {
        for (const o of openings) for (const e of endings) push(o, e);
      }
    }
  }
  return out;
}

/** The curated lines as candidates (no subject, no parts). */
export function curatedCandidates(lines: readonly Entry[]): Candidate[] {
  return lines.map((entry) => {
    const text = entryText(entry);
    return { text, key: lineKey(text), base: lineKey(text), parts: [], usesWord: false, composed: false };
  });
}
