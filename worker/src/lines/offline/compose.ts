import type { LanguageId } from '@gl/core';
import type { Brief } from './brief';
import { entryText, fitsKind, type Entry, type NeutralNoun } from './content';
import { choices, renderTemplate, type Fill } from './slots';
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
  /** Whether it is about the brief (composed from a template). */
  composed: boolean;
  /** How many parts of the brief it names beyond the subject (place, offers, audience...). */
  richness: number;
  /** Whether it names the brief's name. */
  named: boolean;
  /** How close it comes to the brand's example lines (voice.ts), when the brand has some. */
  voice?: number;
  /** Written from a kind pattern marked `specific` (grounding.ts: only the brief's own words ground it). */
  specific?: boolean;
  /** The kind whose pattern wrote it (grounding.ts: a sure kind's own words ground its own lines). */
  kindId?: string;
  /** Says something the brief does not ground (grounding.ts): never in a first answer, only once repeats have shown the grounded lines. */
  loose?: boolean;
}

const WORD_SLOT = /\{word(?:tag)?\}/;
const EMOJI = /\p{Extended_Pictographic}/gu;
/** What `lineKey` ignores at the end of a line. */
const END_PUNCTUATION = /[\s.!?…,;:]+$/u;
/** Slots naming a part of the brief other than its subject. */
const RICH_SLOTS =
  /\{(?:name|name's|place|at place|of place|offer|offers|quality|trait|audience|activity|owner|owner's|cause|purpose|makers|when)\}/g;

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
  richness: number;
}

/** Whether a part would repeat the core: the same words, the same first word, the same emoji, or a second hashtag. */
function clashes(core: Piece, part: Piece): boolean {
  if (core.key.includes(part.key) || (core.first !== '' && core.first === part.first)) return true;
  if (core.hashtag && part.hashtag) return true;
  return part.emoji.some((e) => core.emoji.includes(e));
}

export interface ComposeInput {
  templates: readonly Entry[];
  openings: readonly Entry[];
  endings: readonly Entry[];
  brief: Brief;
  /** Standing in for the subject when the brief has none. */
  neutral: NeutralNoun | null;
  words: readonly string[];
  language: LanguageId;
  /** Whether a piece may be used (the brand's avoided words). */
  allowed: (text: string) => boolean;
}

function renderPieces(entry: Entry, input: ComposeInput, withChoices: boolean): Piece[] {
  const template = entryText(entry);
  const word = WORD_SLOT.test(template);
  if (word && input.words.length === 0) return [];
  const options = withChoices ? choices(template, input.brief, input.language) : [{ offer: 0, quality: 0, trait: 0 }];
  const words = word ? input.words : [undefined];
  const richness = new Set(template.match(RICH_SLOTS) ?? []).size;
  const out: Piece[] = [];
  for (const choice of options.flatMap((o) => words.map((w) => ({ ...o, word: w })))) {
    const fill: Fill = { brief: input.brief, language: input.language, neutral: input.neutral, ...choice };
    const text = renderTemplate(template, fill);
    if (text === null || text === '' || !input.allowed(text)) continue;
    const lower = text.toLocaleLowerCase();
    out.push({
      text,
      lower,
      first: /^[\p{L}\p{N}']+/u.exec(lower)?.[0] ?? '',
      key: lineKey(text),
      word,
      hashtag: text.includes('#'),
      emoji: text.match(EMOJI) ?? [],
      richness,
    });
  }
  return out;
}

/** Which lines to compose: templates alone, with one opening or ending, or between both (many more). */
export type ComposeStage = 'alone' | 'single' | 'both';

/**
 * Lines composed from the templates that fit the brief (its kind, and slots it can fill), at one
 * stage: alone, after an opening or before an ending, or between an opening and an ending. The
 * writer asks for a later stage only when repeats have used up the earlier ones.
 */
export function composeCandidates(input: ComposeInput, stage: ComposeStage): Candidate[] {
  const out: Candidate[] = [];
  const neutral = input.neutral !== null;
  const fits = (e: Entry) => neutral || fitsKind(e, input.brief.kind);
  const openings = stage === 'alone' ? [] : input.openings.filter(fits).flatMap((e) => renderPieces(e, input, false));
  const endings = stage === 'alone' ? [] : input.endings.filter(fits).flatMap((e) => renderPieces(e, input, false));
  const name = input.brief.name?.toLocaleLowerCase();
  for (const template of input.templates) {
    if (!fits(template)) continue;
    for (const core of renderPieces(template, input, true)) {
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
          richness: core.richness,
          named: name !== undefined && core.lower.includes(name),
        });
      };
      if (stage === 'alone') push(null, null);
      else if (stage === 'single') {
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
    return { text, key: lineKey(text), base: lineKey(text), parts: [], usesWord: false, composed: false, richness: 0, named: false };
  });
}
