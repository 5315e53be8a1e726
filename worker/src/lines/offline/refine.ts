import { EMOJI_SOME_MAX, getCategory, REFINE_SHORTER_RATIO, TONES } from '@gl/core';
import type { CategoryId, EmojiMode, HashtagMode, LanguageId, RefineAction, Tone } from '@gl/core';
import { topicWords, understandBrief } from './brief';
import { parseFrame } from './frame';
import { swFact } from './facts-sw';
import type { Fact } from './frame';
import { factSentence } from './kind-writer';
import { nounEntry, translations } from './lexicon';
import { generateOffline, type OfflineBrand, type OfflineResult } from './offline-generator';
import { emojiFor, emojiIn, reduceLine, stripEmoji, tidy } from './switches';
import { fitsBounds, lineKey, normalizeTopic, stem } from './text';

export interface OfflineRefineRequest {
  line: string;
  action: RefineAction;
  fromLanguage: LanguageId;
  /** The target language for `translate`; otherwise the same as `fromLanguage`. */
  language: LanguageId;
  category: CategoryId;
  tone: Tone;
  topic?: string | null;
  brand?: OfflineBrand;
  maxChars: number;
  count: number;
  exclude?: string[];
  hashtags?: HashtagMode;
  emoji?: EmojiMode;
  random?: () => number;
}

const MAX_COUNT = 10;
/** A sentence that only makes sense after the one before it (a pronoun or a connective first). */
const DEPENDENT =
  /^(?:it|it's|its|that|that's|this|they|they're|these|those|he|she|which|so|but|and|or|either|neither|then|until|because|even|again|too|also|still|ndiyo|hiyo|hii|lakini|na|hata)\b/i;
/** The library's stand-in for a brand ("your brand", "chapa yako"). */
const PLACEHOLDER_BRAND = /\b(?:chapa yako|your brand)\b/i;
const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' });

function length(text: string): number {
  return Array.from(GRAPHEMES.segment(text)).length;
}

/** The line's sentences, an emoji or hashtag run kept with the sentence before it. */
function sentences(line: string): string[] {
  const out: string[] = [];
  for (const piece of line.split(/(?<=[.!?…])\s+/u)) {
    if (out.length > 0 && !/[\p{L}\p{N}]/u.test(piece.replace(/#[\p{L}\p{N}_]+/gu, ''))) out[out.length - 1] += ` ${piece}`;
    else out.push(piece);
  }
  return out;
}

/** Content-word stems of a text (for "about the same subject"). */
function stems(text: string): Set<string> {
  return new Set(
    topicWords(text)
      .filter((w) => w.length > 3)
      .map(stem),
  );
}

/** How much of the original's wording a candidate keeps (shared content stems). */
function overlap(candidate: string, original: Set<string>): number {
  let n = 0;
  for (const s of stems(candidate)) if (original.has(s)) n++;
  return n;
}

const CONTRACTIONS: [RegExp, string][] = [
  [/\bcan't\b/gi, 'cannot'],
  [/\bwon't\b/gi, 'will not'],
  [/\bdon't\b/gi, 'do not'],
  [/\bdoesn't\b/gi, 'does not'],
  [/\bisn't\b/gi, 'is not'],
  [/\baren't\b/gi, 'are not'],
  [/\bit's\b/gi, 'it is'],
  [/\bwe're\b/gi, 'we are'],
  [/\byou're\b/gi, 'you are'],
  [/\bthey're\b/gi, 'they are'],
  [/\bI'm\b/g, 'I am'],
  [/\bwe've\b/gi, 'we have'],
  [/\byou'll\b/gi, 'you will'],
  [/\bwe'll\b/gi, 'we will'],
  [/\blet's\b/gi, 'let us'],
  [/\bthat's\b/gi, 'that is'],
  [/\bhere's\b/gi, 'here is'],
];

/** The same line in a more formal register: no emoji, no "!", no contractions, capitalised. */
function formalized(line: string): string {
  let out = stripEmoji(line)
    .replace(/!+/g, '.')
    .replace(/\.{2,}/g, '.');
  for (const [pattern, full] of CONTRACTIONS) {
    out = out.replace(pattern, (m) => (/^\p{Lu}/u.test(m) ? full.charAt(0).toUpperCase() + full.slice(1) : full));
  }
  return tidy(out);
}

/** A line's words only (no hashtags, emoji or punctuation; contractions spelled out): two lines with one key say the same thing. */
function wordsKey(text: string): string {
  return formalized(text.replace(/#[\p{L}\p{N}_]+/gu, ' '))
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
}

/**
 * Whether a candidate keeps the original's angle: half or more of its words (beyond the sentences
 * that only give a fact) are sentences of the original, so it is the same line with a sentence
 * dropped, added or swapped ("… Let's fix that. DM us your design." for "… Let's fix that. Book a fitting.").
 */
function nearCopy(candidate: string, line: string, facts: string[] = []): boolean {
  const own = new Set(sentences(line).map(wordsKey).filter(Boolean));
  const content = sentences(candidate).filter((t) => !facts.some((f) => t.toLowerCase().includes(f)));
  const keys = content.map(wordsKey).filter(Boolean);
  const total = keys.reduce((n, k) => n + k.split(' ').length, 0);
  if (total === 0) return sentences(candidate).every((t) => own.has(wordsKey(t)));
  const shared = keys.filter((k) => own.has(k)).reduce((n, k) => n + k.split(' ').length, 0);
  return shared * 2 >= total;
}

/** Whether a line says one sentence twice ("Bei: KSh 100 tu. Baraka. Bei: KSh 100 tu."). */
function repeats(text: string): boolean {
  const keys = sentences(text).map(wordsKey).filter(Boolean);
  return new Set(keys).size < keys.length;
}

/**
 * What a rewording of the line must keep (issue 33): the subject as the line names it (the brief's
 * name, else the head noun of its subject) and the main fact (the first fact of the brief the line
 * says), with the line's own sentence that says it and a label to put the subject back with.
 */
interface Keepers {
  mark: string | null;
  label: string | null;
  fact: string | null;
  factSentence: string | null;
  /** The main fact said on its own, as the writer says it ("Done while you wait."). */
  brief: string | null;
}

/** How a line may say a fact: as the brief wrote it, or in Kiswahili ("Friday 20 June": "ijumaa, tarehe 20 juni"). */
export function factForms(fact: Fact): string[] {
  const sw = swFact(fact);
  return [fact.text, ...(sw ? [sw] : [])].map((x) => x.toLowerCase());
}

function keepersOf(line: string, topic: string | null | undefined, brandName: string | undefined, lang: 'en' | 'sw'): Keepers {
  const frame = parseFrame(topic ?? null, brandName);
  const low = line.toLowerCase();
  const head = frame.subject?.split(/\s+/).pop() ?? null;
  const marks = [frame.name, head].filter((m): m is string => typeof m === 'string' && m.length > 2);
  const mark = marks.find((m) => low.includes(m.toLowerCase())) ?? null;
  const subjectLabel = frame.subject && frame.subject.split(/\s+/).length <= 3 ? frame.subject : null;
  const labelText = mark === null ? null : mark === frame.name ? frame.name : subjectLabel;
  const label = labelText ? labelText.charAt(0).toUpperCase() + labelText.slice(1) : null;
  const main = frame.facts.find((f) => factForms(f).some((x) => low.includes(x))) ?? null;
  const fact = main === null ? null : factForms(main).find((x) => low.includes(x))!;
  // The line's own sentence for it when that is only the fact ("Done in two days."), else the fact said on its own.
  const own = fact === null ? undefined : sentences(line).find((t) => t.toLowerCase().includes(fact));
  const short = own !== undefined && own.split(/\s+/).length <= 6 && (mark === null || !own.toLowerCase().includes(mark.toLowerCase()));
  const alone = main === null ? null : factSentence(main, lang, frame.speaker);
  const said = main === null ? null : short ? own! : alone;
  return { mark: mark?.toLowerCase() ?? null, label, fact, factSentence: said, brief: alone };
}

/**
 * Refines one line offline (DESIGN.md §13), honestly: `shorter` is a shorter line about the same
 * subject (a sentence of it, or a line recomposed from the brief), at most 80% of the original's
 * length, never a cut-off; `longer` adds to it or recomposes a longer one; `punchier` is shorter
 * and bolder; `funnier` and `more_formal` recompose in that tone (`more_formal` first tries the
 * same line without emoji, "!" and contractions); `add_emoji` adds one or two emoji that fit the
 * brief; `remove_emoji` removes them exactly; `translate` writes about the same brief in the
 * target language. Up to `count` candidates, best first; none when the action cannot be done
 * honestly (no emoji to remove, no room for one more).
 */
/** Whether a line names a subject the writer knows (a noun of the lexicon) or a place: then it can serve as the brief. */
function namesSomething(line: string): boolean {
  const brief = understandBrief(line);
  return brief.place !== null || (brief.subject?.key != null && nounEntry(brief.subject.key) !== undefined);
}

/** The tone each rewording leans to when a line about nothing in particular is refined. */
const REWRITE_TONE: Partial<Record<RefineAction, (tone: Tone) => Tone>> = {
  shorter: (tone) => tone,
  longer: (tone) => tone,
  punchier: () => 'bold',
  funnier: () => 'funny',
  more_formal: () => 'corporate',
  translate: (tone) => tone,
};

/**
 * A line written without a brief (the general library's "Zero compromise.") has no subject to keep:
 * its refinement is another line of the library in the action's tone (and language for
 * `translate`) that meets the action: at most 80% of the length for `shorter`, longer for `longer`.
 */
function refineFromLibrary(req: OfflineRefineRequest, line: string, bound: number, count: number, excluded: Set<string>): OfflineResult {
  const category = getCategory(req.category);
  const original = length(line);
  const limit = req.action === 'shorter' ? Math.floor(REFINE_SHORTER_RATIO * original) : bound;
  const meets = (t: string) =>
    !excluded.has(lineKey(t)) && fitsBounds(t, category.minChars, bound) && (req.action !== 'longer' || length(t) > original);
  const ask = (tone: Tone, maxChars: number) =>
    generateOffline({
      category: req.category,
      tone,
      topic: null,
      language: req.action === 'translate' ? req.language : req.fromLanguage,
      count: MAX_COUNT,
      maxChars,
      exclude: [...excluded],
      hashtags: req.hashtags,
      emoji: req.emoji,
      random: req.random ?? Math.random,
    });
  const tone = REWRITE_TONE[req.action]!(req.tone);
  const result = ask(tone, Math.min(bound, limit));
  const lines = result.lines.filter(meets);
  if (lines.length === 0 && req.action === 'longer') {
    // Nothing longer in the library: the line with a short one of its tone after it ("… Great things take time.").
    const room = bound - length(line) - 1;
    const body = /[.!?…]$/.test(line) ? line : `${line}.`;
    if (room >= category.minChars) {
      for (const extra of ask(tone, room).lines.sort((a, b) => a.length - b.length)) {
        if (/\p{Extended_Pictographic}|#/u.test(extra)) continue;
        const t = `${body} ${extra}`;
        if (meets(t) && lineKey(extra) !== lineKey(line)) lines.push(t);
      }
    }
  }
  if (lines.length === 0 && req.action === 'shorter') {
    // Nothing short enough in the tone: a short line of the library in any tone.
    for (const other of TONES) if (other !== tone) lines.push(...ask(other, Math.min(bound, limit)).lines.filter(meets));
  }
  return { lines: lines.slice(0, count), source: result.source };
}

/**
 * The subject and main fact of a line's brief in a few words, shortest last: "Rosie's Bakery. Free
 * delivery.", "Plumber in Kisumu. Open 24/7.", "Rosie's Bakery." (the frame of the brief, or of the
 * line when there is none).
 */
function essentials(req: OfflineRefineRequest, line: string): string[] {
  const frame = parseFrame(normalizeTopic(req.topic) ?? line, req.brand?.name);
  const lang = req.language === 'sw' ? 'sw' : 'en';
  if (req.language !== 'en' && req.language !== 'sw') return [];
  const cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
  const subject = frame.subject && frame.subject.split(/\s+/).length <= 4 && lang === 'en' ? cap(frame.subject) : null;
  const who = frame.name ?? subject;
  const where = frame.places[0] ?? null;
  const fact = frame.facts[0] ? factSentence(frame.facts[0], lang, frame.speaker) : null;
  const out: string[] = [];
  if (who && fact) out.push(`${who}. ${fact}`);
  if (who && where && lang === 'en' && !who.includes(where)) out.push(`${who}, ${where}.`);
  // "Maple Street Books. Books." says nothing twice: only a subject the name does not already say.
  const nameWords = new Set((frame.name ?? '').toLowerCase().split(/\s+/));
  if (
    subject &&
    frame.name &&
    !subject
      .toLowerCase()
      .split(/\s+/)
      .every((w) => nameWords.has(w))
  )
    out.push(`${frame.name}. ${subject}.`);
  if (who) out.push(`${who}.`);
  if (fact && !who) out.push(fact);
  return out;
}

/** An event or a cause invites to itself by name ("Join the harambee."), a business welcomes: short lines that stay on the brief. */
function invitations(req: OfflineRefineRequest, line: string): string[] {
  if (req.language !== 'en') return [];
  const frame = parseFrame(normalizeTopic(req.topic) ?? line, req.brand?.name);
  const subject = frame.subject && frame.subject.split(/\s+/).length <= 3 ? frame.subject.toLowerCase() : null;
  if (frame.speaker === 'event' || frame.speaker === 'cause') {
    return [frame.name ? `Join us at ${frame.name}.` : null, subject ? `Join the ${subject}.` : null].filter(
      (t): t is string => t !== null,
    );
  }
  if (frame.speaker === 'business' && frame.name) return [`${frame.name} welcomes you.`, `Visit ${frame.name}.`];
  return [];
}

/** A line that always fits: the essentials, else the brief's own first words as a label, else a plain word of the category. */
function lastResort(req: OfflineRefineRequest, line: string, bound: number): string[] {
  if (req.action === 'longer') {
    // Longer: the line with the brief's main fact, its place or a welcome after it (what it does not say yet).
    const frame = parseFrame(normalizeTopic(req.topic) ?? line, req.brand?.name);
    const low = line.toLowerCase();
    const place = frame.places.find((p) => !low.includes(p.toLowerCase()));
    const sw = req.language === 'sw';
    const extra = [
      ...essentials(req, line).slice(0, 1),
      ...(place ? [sw ? `Tuko ${place}.` : `In ${place}.`] : []),
      sw ? 'Karibu sana.' : frame.speaker === 'person' ? 'Say hello.' : 'Come and see us.',
      sw ? 'Karibu.' : 'Welcome.',
    ];
    const said = new Set(sentences(line).map(wordsKey));
    // A line already at the category's length: a word more where one fits ("Kazi Safi Laundry in Ruaka.", "we will").
    const wordMore = frame.places
      .filter((p) => !sw && line.includes(`, ${p}`))
      .map((p) => line.replace(`, ${p}`, ` in ${p}`))
      .concat([formalized(line)])
      .filter((t) => length(t) > length(line));
    return extra
      .filter((e) => !sentences(e).some((t) => said.has(wordsKey(t))))
      .map((e) => `${/[.!?…]$/.test(line) ? line : `${line}.`} ${e}`)
      .concat(wordMore)
      .filter((t) => length(t) <= bound);
  }
  const limit = req.action === 'shorter' ? Math.floor(REFINE_SHORTER_RATIO * length(line)) : bound;
  const fitting = [...essentials(req, line), ...invitations(req, line)].filter((t) => length(t) <= Math.min(limit, bound));
  // A bio's last resort is one anybody can sign: no shop's welcome on a person's profile.
  const person = req.category === 'bios' || parseFrame(normalizeTopic(req.topic) ?? line, req.brand?.name).speaker === 'person';
  const plain =
    req.language === 'sw'
      ? person
        ? ['Karibu, tuwasiliane.', 'Karibu sana.', 'Karibu.']
        : ['Karibu sana, tuko tayari kukuhudumia.', 'Karibu sana leo.', 'Karibu sana.', 'Karibu.']
      : person
        ? ['Happy to connect. Say hello.', 'Say hello.', 'Welcome.']
        : ['Come and see us, we would love to meet you.', 'Come and see us today.', 'Come and see.', 'Welcome.'];
  return [...fitting, ...plain.filter((t) => length(t) <= Math.min(limit, bound))];
}

export function refineOffline(req: OfflineRefineRequest): OfflineResult {
  const category = getCategory(req.category);
  const count = Math.max(1, Math.min(MAX_COUNT, Math.trunc(Number.isFinite(req.count) ? req.count : 1)));
  const line = req.line.trim();
  const bound = Math.min(category.maxChars, Number.isFinite(req.maxChars) ? Math.floor(req.maxChars) : Infinity);
  // The original (with or without its emoji) is never offered back.
  const excluded = new Set([line, stripEmoji(line), ...(req.exclude ?? [])].map(lineKey));
  // Without a topic or brand the line came from the general library: its refinement does too.
  if (normalizeTopic(req.topic) === null && !req.brand && REWRITE_TONE[req.action] !== undefined && !namesSomething(line)) {
    return refineFromLibrary(req, line, bound, count, excluded);
  }
  const topic = normalizeTopic(req.topic) ?? (req.brand ? null : line);
  const brief = understandBrief(topic, req.brand?.name);
  const original = stems(line);
  // Hashtags already at the end stay (for `few`); `none` removes any.
  const switches = { hashtags: req.hashtags === 'none' ? ('none' as const) : undefined, emoji: req.emoji };
  const out: string[] = [];
  const seen = new Set(excluded);
  const excludedWords = new Set([line, ...(req.exclude ?? [])].map(wordsKey));
  // A line of the set with only its fact sentence swapped ("… Tickets: KSh 1,000." for "… On Saturday 12 April.") is that line too.
  const briefFrame = parseFrame(topic, req.brand?.name);
  const allFacts = briefFrame.facts.flatMap(factForms);
  const speaker = briefFrame.speaker;
  // Said by the right speaker: "I" only for a person, "we" (Kiswahili tu-, -etu) never for one.
  const speaksRight = (t: string) =>
    speaker === 'person'
      ? !/\b(?:we|our|us)\b|\btu(?:na|ta|li|me|ki)\p{L}+|\b(?:yetu|letu|wetu|chetu|zetu)\b/iu.test(t)
      : !/\b(?:I|my|me)\b/.test(t);
  const coreKey = (t: string) =>
    sentences(t)
      .filter((x) => !allFacts.some((f) => x.toLowerCase().includes(f)))
      .map(wordsKey)
      .filter(Boolean)
      .join('|');
  const excludedCores = new Set([line, ...(req.exclude ?? [])].map(coreKey).filter((k) => k.includes('|') || k.split(' ').length >= 4));
  const add = (text: string | null, sameWords = false) => {
    if (text === null || out.length >= count) return;
    const clean = reduceLine(tidy(text), switches);
    if (clean === null || !fitsBounds(clean, category.minChars, bound)) return;
    const key = lineKey(clean);
    const bare = lineKey(stripEmoji(clean));
    if (seen.has(key) || (!sameWords && seen.has(bare))) return;
    // A line of the set with hashtags or punctuation changed is still that line.
    if (!sameWords && (excludedWords.has(wordsKey(clean)) || excludedCores.has(coreKey(clean)) || repeats(clean))) return;
    seen.add(key);
    seen.add(bare);
    out.push(clean);
  };
  // A refined line still names the brief (its subject, place, name, offers), not just any word of the line.
  // (A fact of the brief, "free delivery", is not what it is about.)
  const factTexts = parseFrame(req.topic, req.brand?.name).facts.flatMap(factForms);
  const offers =
    normalizeTopic(req.topic) !== null
      ? brief.offers.map((o) => o.en).filter((o) => !factTexts.some((f) => f.includes(o.toLowerCase())))
      : [];
  // In any language: the brief's words and their translations ("birthday" -> kuzaliwa).
  const briefText = [brief.name, brief.subject?.en, brief.place?.text, brief.owner?.en, ...offers].filter(Boolean).join(' ');
  const briefStems = stems([briefText, ...topicWords(briefText).flatMap(translations)].join(' '));
  const aboutBrief = (t: string) => (briefStems.size === 0 ? overlap(t, original) > 0 : overlap(t, briefStems) > 0);
  /** Lines recomposed from the brief (with `toneOnly`, from the tone's own templates first), most like the original first, that pass `keep`. */
  const recompose = (tone: Tone, language: LanguageId, keep: (text: string) => boolean, maxChars = bound, toneOnly = false) => {
    const ask = (own: boolean) =>
      generateOffline({
        category: req.category,
        tone,
        topic,
        brand: req.brand,
        language,
        count: MAX_COUNT,
        maxChars,
        exclude: [...seen],
        hashtags: req.hashtags,
        emoji: req.emoji,
        random: req.random ?? Math.random,
        toneOnly: own,
      }).lines;
    // Only lines about the brief (not the curated library a tight request may fall back on).
    const rank = (lines: string[]) =>
      lines.filter((t) => keep(t) && aboutBrief(t)).sort((a, b) => overlap(b, original) - overlap(a, original) || a.length - b.length);
    return toneOnly ? [...rank(ask(true)), ...rank(ask(false))] : rank(ask(false));
  };
  /**
   * Candidates in a tone, apart: the tone's own lines about the brief, the tone's own lines about
   * nothing in particular ("Worth the hype. Mostly.", only ever offered with the line's subject
   * put back), and the brief's other lines written in that tone.
   */
  const inTone = (tone: Tone, fits: (t: string) => boolean) => {
    const ask = generateOffline({
      category: req.category,
      tone,
      topic,
      brand: req.brand,
      language: req.language,
      count: MAX_COUNT,
      maxChars: bound,
      exclude: [...seen],
      hashtags: req.hashtags,
      emoji: req.emoji,
      random: req.random ?? Math.random,
      toneOnly: true,
    }).lines;
    const generic = ask.filter((t) => fits(t) && !aboutBrief(t) && !PLACEHOLDER_BRAND.test(t));
    const own = ask
      .filter((t) => fits(t) && aboutBrief(t))
      .sort((a, b) => overlap(b, original) - overlap(a, original) || a.length - b.length);
    return { own, generic, general: recompose(tone, req.language, fits) };
  };

  // What the original says that its rewording keeps: the subject as the line names it, and its main fact.
  const keep = keepersOf(line, topic, req.brand?.name, req.language === 'sw' ? 'sw' : 'en');
  const keepsMark = (t: string) => keep.mark === null || t.toLowerCase().includes(keep.mark);
  const keepsFact = (t: string) => keep.fact === null || t.toLowerCase().includes(keep.fact);
  const graftSubject = (t: string) => (!keepsMark(t) && keep.label ? `${keep.label}. ${t.trim()}` : t);
  /** A candidate with what it dropped put back: the subject's label before it, the fact's sentence after it (before any hashtags or emoji). */
  const graft = (t: string): string => {
    let text = t.trim();
    if (!keepsFact(text) && keep.factSentence) {
      const tail = /(?:\s+(?:#[\p{L}\p{N}_]+|\p{Extended_Pictographic}\uFE0F?))+$/u.exec(text)?.[0] ?? '';
      const body = text.slice(0, text.length - tail.length);
      text = `${/[.!?…]$/.test(body) ? body : `${body}.`} ${keep.factSentence}${tail}`;
    }
    return graftSubject(text);
  };
  /**
   * A rewording (longer, punchier, funnier, more formal) from recomposed candidates: first those that
   * keep the subject and the fact, then candidates with them put back, then (when `fresh`: a new
   * angle, not the original's own sentences) any fresh one, and only then the rest.
   */
  /** A rewording in a tone: the tone's own lines that keep the subject and fact (or have them put back), then its generic lines with them put back, then any candidate. */
  const rewordInTone = (tones: Tone[], fits: (t: string) => boolean, shape: (t: string) => string = (t) => t, plain: string[] = []) => {
    const isFresh = (t: string) => !nearCopy(t, line, allFacts);
    const ok = (t: string) => fits(t) && isFresh(t) && speaksRight(t);
    const put = (t: string) => add(shape(t));
    const found = tones.map((tone) => inTone(tone, fits));
    const own = found.flatMap((f) => f.own);
    const whole = (t: string) => ok(t) && keepsMark(t) && keepsFact(t);
    for (const t of own) if (whole(t)) put(t);
    for (const t of own.map(graft)) if (whole(t)) put(t);
    // The subject and the fact said plainly ("Pixel Fix. Done while you wait."), where the tone's lines cannot hold both.
    if (keep.fact !== null) for (const t of plain) if (whole(t)) put(t);
    for (const t of own.map(graft)) if (ok(t) && keepsMark(t)) put(t);
    if (keep.label !== null) for (const t of found.flatMap((f) => f.generic).map(graft)) if (ok(t)) put(t);
    reword([...own, ...found.flatMap((f) => f.general)], fits, true, shape);
  };
  /** A rewording from candidates: whole, then with the subject and fact put back, then the subject alone, then any fresh one said by the right speaker, then any. */
  const reword = (candidates: string[], fits: (t: string) => boolean, fresh: boolean, shape: (t: string) => string = (t) => t) => {
    const isFresh = (t: string) => !fresh || !nearCopy(t, line);
    const ok = (t: string) => fits(t) && isFresh(t) && speaksRight(t);
    const put = (t: string) => add(shape(t));
    for (const t of candidates) if (ok(t) && keepsMark(t) && keepsFact(t)) put(t);
    for (const t of candidates.map(graft)) if (ok(t)) put(t);
    // No room for both (a punchier line is shorter): the subject before the fact.
    for (const t of candidates) if (ok(t) && keepsMark(t)) put(t);
    for (const t of candidates.map(graftSubject)) if (ok(t)) put(t);
    for (const t of candidates) if (ok(t)) put(t);
    for (const t of candidates) if (fits(t)) put(t);
  };

  switch (req.action) {
    case 'shorter': {
      const limit = Math.floor(REFINE_SHORTER_RATIO * length(line));
      const fits = (t: string) => length(t) <= limit;
      // The line's sentences that keep its subject and its main fact (the first fact of the brief it names), longest first;
      // then the subject and the fact said shortly ("Rosie's Bakery. Free delivery."); then lines recomposed from the brief.
      const parts = sentences(line).slice(0, 6);
      const subsets: string[] = [];
      // A sentence that leans on the one before ("It's science.", "That's the rule.", "It was.") never stands without it.
      const leans = parts.map((p, j) => j > 0 && DEPENDENT.test(p));
      for (let mask = 1; mask < 1 << parts.length; mask += 1) {
        if (leans.some((l, j) => l && mask & (1 << j) && !(mask & (1 << (j - 1))))) continue;
        const t = parts.filter((_, j) => mask & (1 << j)).join(' ');
        if (t !== line && fits(t) && aboutBrief(t)) subsets.push(t);
      }
      const f = parseFrame(req.topic, req.brand?.name);
      const marks = [f.name, f.subject?.split(/\s+/).pop(), ...f.places, ...f.offers]
        .filter((m): m is string => typeof m === 'string' && m.length > 2)
        .map((m) => m.toLowerCase());
      const namesSubject = (t: string) => marks.length === 0 || marks.some((m) => t.toLowerCase().includes(m));
      const both = (t: string) => keepsFact(t) && namesSubject(t) && keepsMark(t);
      subsets.sort((a, b) => Number(both(b)) - Number(both(a)) || Number(keepsFact(b)) - Number(keepsFact(a)) || b.length - a.length);
      for (const t of subsets.filter(both)) add(t);
      for (const t of essentials(req, line)) if (fits(t) && both(t)) add(t);
      // The subject's own word with the fact, when the whole subject and the fact do not fit ("Consultant. 15 years experience.").
      if (req.language === 'en' && keep.fact !== null && keep.factSentence !== null) {
        const words = [keep.label, keep.mark, f.subject?.split(/\s+/).pop()].filter(
          (w): w is string => typeof w === 'string' && w.length > 2,
        );
        // The fact as written, when its sentence does not fit beside the name ("Hillside Tyres. KSh 200.").
        const asWritten = f.facts.find((x) => x.text.toLowerCase() === keep.fact)?.text ?? null;
        for (const w of words) {
          const W = `${w.charAt(0).toUpperCase()}${w.slice(1)}`;
          const said = `${W}. ${keep.factSentence}`;
          if (fits(said) && keepsFact(said)) add(said);
          const bare = asWritten ? `${W}. ${asWritten.charAt(0).toUpperCase()}${asWritten.slice(1)}.` : null;
          if (bare && fits(bare) && keepsFact(bare)) add(bare);
        }
      }
      const recomposed = recompose(req.tone, req.language, (t) => fits(t) && aboutBrief(t), Math.min(bound, limit));
      for (const t of recomposed.filter(both)) add(t);
      // A recomposed line with the line's subject or fact put back, when it still fits; then the fact alone for a line that names no subject.
      const unlimited = recompose(req.tone, req.language, aboutBrief);
      for (const t of [...recomposed, ...unlimited].map(graft)) if (fits(t) && both(t)) add(t);
      if (keep.mark === null && keep.brief !== null && fits(keep.brief) && !line.includes(keep.brief)) add(keep.brief);
      // What it is about before when ("Helmets free." over "This Saturday.").
      for (const t of subsets.filter(namesSubject)) add(t);
      for (const t of subsets.filter(keepsFact)) add(t);
      for (const t of subsets) add(t);
      for (const t of essentials(req, line)) if (fits(t)) add(t);
      for (const t of recomposed) add(t);
      break;
    }
    case 'longer': {
      const longer = (t: string) => length(t) > length(line);
      const near = recompose(req.tone, req.language, (t) => longer(t) && overlap(t, original) > 0);
      const any = recompose(req.tone, req.language, () => true);
      // A new sentence added to the line, or a new line: before the line with one sentence swapped (its call to action for another).
      const own = new Set(sentences(line).map(wordsKey));
      const adds = (t: string) => [...own].every((k) => sentences(t).some((x) => wordsKey(x) === k)) || !nearCopy(t, line);
      const candidates = [...near, ...any];
      reword(candidates.filter(adds), longer, false);
      reword(candidates, longer, false);
      break;
    }
    case 'punchier': {
      const shorter = (t: string) => length(t) < length(line);
      rewordInTone(['bold', 'minimalist'], shorter, (t) => t, essentials(req, line));
      break;
    }
    case 'funnier':
      rewordInTone(['funny'], () => true);
      break;
    case 'more_formal': {
      // Another angle in the formal register first; the same line without emoji, "!" and contractions only when none is found.
      // The formal register: no emoji, no "!", no contractions.
      rewordInTone(['corporate'], () => true, formalized);
      const formal = formalized(line);
      if (out.length === 0 && formal !== line) {
        excludedWords.delete(wordsKey(line));
        add(formal);
      }
      break;
    }
    case 'add_emoji': {
      const present = emojiIn(line);
      const room = EMOJI_SOME_MAX - present.length;
      if (req.emoji === 'none' || room <= 0) break;
      // The brief's own emoji (a cake for a bakery); the tone's only when the brief has none.
      const own = brief.emoji.filter((e) => !present.includes(e));
      const fitting = own.length > 0 ? own : emojiFor(brief, req.tone).filter((e) => !present.includes(e));
      const tags = /(\s+#[\p{L}\p{N}_]+)+$/u.exec(line)?.[0] ?? '';
      const body = line.slice(0, line.length - tags.length);
      const variants = [...fitting.slice(0, 3).map((e) => [e]), ...(room >= 2 ? [fitting.slice(0, 2)] : [])];
      for (const emoji of variants) {
        if (emoji.length > 0)
          add(`${body} ${emoji.join('')}${tags}`.replace(/(\p{Extended_Pictographic}\uFE0F?) (?=\p{Extended_Pictographic})/gu, '$1'), true);
      }
      break;
    }
    case 'remove_emoji': {
      if (emojiIn(line).length === 0) break;
      const stripped = stripEmoji(line);
      const userExcluded = new Set((req.exclude ?? []).map(lineKey));
      if (fitsBounds(stripped, category.minChars, bound) && !userExcluded.has(lineKey(stripped))) out.push(stripped);
      break;
    }
    case 'translate':
      for (const t of recompose(req.tone, req.language, () => true).sort(
        (a, b) => Math.abs(a.length - line.length) - Math.abs(b.length - line.length),
      )) {
        add(t);
      }
      break;
  }
  // Nothing about the brief meets a rewording (a three-word line asked to be punchier): a line of the library that does.
  if (out.length === 0 && REWRITE_TONE[req.action] !== undefined) {
    const found = refineFromLibrary(req, line, bound, count, excluded);
    // A line of the library that names a brand it does not have ("Chapa yako: …") is no answer for a brief that has a subject.
    const library = topic === null ? found : { ...found, lines: found.lines.filter((t) => !PLACEHOLDER_BRAND.test(t)) };
    // A library line says nothing of the brief: with the subject and fact the original named put back, when they fit.
    if (req.action !== 'shorter') {
      const longer = (t: string) => req.action !== 'longer' || length(t) > length(line);
      const shorter = (t: string) => req.action !== 'punchier' || length(t) < length(line);
      for (const t of library.lines.map(graft)) if (longer(t) && shorter(t)) add(t);
    }
    // For a brief, the plan of last resort (its name or subject, with its main fact, in as few words as fit) comes
    // before a library line, which says nothing of it ("This is my era." for a harambee).
    if (out.length === 0 && topic !== null) for (const t of lastResort(req, line, bound)) add(t);
    if (out.length === 0 && library.lines.length > 0) return library;
    for (const t of lastResort(req, line, bound)) add(t);
  }
  // A line already near the category's shortest (a 21-character bio): any line shorter than it, about the brief, is the honest answer.
  if (out.length === 0 && req.action === 'shorter' && length(line) > category.minChars) {
    const under = length(line) - 1;
    for (const t of essentials(req, line)) if (length(t) <= under) add(t);
    for (const t of recompose(req.tone, req.language, (t) => length(t) <= under, Math.min(bound, under))) add(t);
  }
  return { lines: out.slice(0, count), source: out.length > 0 ? 'fallback' : 'static_fallback' };
}
