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

/** Whether a part would repeat the core: the same words, the same emoji, or a second hashtag. */
function clashes(core: string, part: string): boolean {
  if (lineKey(core).includes(lineKey(part))) return true;
  if (core.includes('#') && part.includes('#')) return true;
  const emoji = new Set(core.match(EMOJI) ?? []);
  return (part.match(EMOJI) ?? []).some((e) => emoji.has(e));
}

function renderPart(entry: Entry, fill: TopicFill, language: LanguageId, words: readonly string[]): Array<{ text: string; word: boolean }> {
  const template = entryText(entry);
  if (!WORD_SLOT.test(template)) {
    const text = renderTemplate(template, fill, language);
    return text === '' ? [] : [{ text, word: false }];
  }
  return words.map((word) => ({ text: renderTemplate(template, { ...fill, word }, language), word: true })).filter((p) => p.text !== '');
}

/**
 * Every way of composing a line from the templates (each filled with each subject), alone, after an
 * opening, before an ending, or both. Parts with `{word}` are used once per brand word.
 */
export function composeCandidates(input: {
  templates: readonly Entry[];
  openings: readonly Entry[];
  endings: readonly Entry[];
  fills: readonly TopicFill[];
  words: readonly string[];
  language: LanguageId;
}): Candidate[] {
  const out: Candidate[] = [];
  for (const fill of input.fills) {
    const openings = input.openings.flatMap((e) => renderPart(e, fill, input.language, input.words));
    const endings = input.endings.flatMap((e) => renderPart(e, fill, input.language, input.words));
    for (const template of input.templates) {
      for (const core of renderPart(template, fill, input.language, input.words)) {
        const push = (before: { text: string; word: boolean } | null, after: { text: string; word: boolean } | null) => {
          if (before && clashes(core.text, before.text)) return;
          if (after && (clashes(core.text, after.text) || (before && clashes(before.text, after.text)))) return;
          const text = [before?.text, core.text, after?.text].filter(Boolean).join(' ');
          out.push({
            text,
            key: lineKey(text),
            base: lineKey(core.text),
            parts: [before, after].filter((p) => p !== null).map((p) => lineKey(p.text)),
            usesWord: core.word || Boolean(before?.word) || Boolean(after?.word),
            composed: true,
          });
        };
        push(null, null);
        for (const o of openings) push(o, null);
        for (const e of endings) push(null, e);
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
