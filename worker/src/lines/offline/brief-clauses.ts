import type { CategoryId, Tone } from '@gl/core';
import { stripRequest, type Frame } from './frame';
import { ctaFits, factSentence, type KindCandidate } from './kind-writer';
import { spellTexting, wholePiece } from './piece-check';
import { lineKey } from './text';

/**
 * The extractive layer (issue 33): a business describes itself well ("we come to your office car
 * park, fix it while you work, no fix no fee"), so some lines reuse the brief's own vivid clauses,
 * cleaned and tightened, with the name, a fact and a call to action around them. English only.
 */
export type ClauseKind = 'identity' | 'offer' | 'vivid' | 'promise' | 'fact' | 'audience' | 'cta' | 'noise';

export interface Clause {
  /** The clause as cleaned: sentence case, fillers out, the speaker right, no dangling end, no final stop. */
  text: string;
  /** The same after a colon or a name: its first word as the brief wrote it ("tables on the sand"). */
  inner: string;
  kind: ClauseKind;
}

/** Chatter a line never keeps. */
const FILLER = /\b(?:lol|lmao|haha+|honestly|pls|plz|please|btw|tbh|basically|literally|actually|really|just|kinda|sort of)\b/gi;
/** A clause that is a whole remark to the writer, never copy. */
const META =
  /\b(?:caption|slogan|tagline|bio|headline|quote|post|ad line|make it|something|write|help me|need (?:a|some|words)|for my (?:ig|instagram|page)|not .* lol)\b/i;
/** A promise or guarantee ("no fix no fee", "or your money back", "while you wait"). */
const PROMISE =
  /\bno (?:\w+),? no (?:\w+)\b|\bor your money back\b|\bguarantee[ds]?\b|\bwhile you (?:wait|work|shop|sleep)\b|\bsame[- ]day\b|\bon time\b|\bnever (?:late|miss)\b|\bno (?:call-out|hidden|booking) fees?\b|\bor it(?:'s| is) free\b|\bevery \w+ \w+s by\b/i;
/** Words of a concrete, sensory picture ("tables on the sand at sunset", "one dog at a time"). */
const VIVID =
  /\b(?:come|comes|bring|brings|deliver(?:ed|s)?|fix(?:ed)?|bake[ds]?|baked|cook(?:ed)?|grill(?:ed)?|roast(?:ed)?|brew(?:ed)?|pick(?:ed)?|hand[- ]?made|handmade|made|fresh|hot|cold|warm|sunset|sunrise|sand|beach|garden|door|driveway|car park|office|street|kitchen|oven|fire|wood[- ]fired|at a time|every (?:morning|day|night|evening)|from scratch|by hand|right|straight|this morning|tonight|cut|slow|charcoal|sunrise|wake up|on the sand|by the sea|lake|ocean)\b/i;
/** A call to action the brief writes itself ("join us Saturday 9am", "book early for December"). */
const CTA_HEAD = /^(?:join|book|call|visit|come|register|order|try|sign up|dm|text|whatsapp|pop in|drop by|find us|follow)\b/i;
/** A verb a clause may open on without a subject ("fix it while you work"), given the speaker. */
const BARE_VERB =
  /^(?:fix|bring|deliver|bake|cook|make|sell|serve|teach|train|clean|wash|repair|install|plan|shoot|design|build|paint|cut|braid|style|groom|walk|collect|pick|drive|cater|roast|brew|grill|tailor|sew|print|frame|help|turn|keep|show|handle|look after|take care of)\b/i;
/** Marks a bare-verb clause given the speaker's pronoun: kept only when it joins the clause before it. */
const JOIN = '\u0000';
/** A picture offered to the reader ("wake up to Mount Kenya"): vivid as written. */
const VIVID_IMPERATIVE = /^(?:wake up|fall asleep|watch|taste|feel|hear|smell|sip)\b/i;
/** Words a line never ends on. */
const DANGLING =
  /\s+(?:and|or|but|with|for|of|to|at|in|on|by|from|the|a|an|our|your|my|their|too|also|so|very|etc|&|-|–|—|plus|then|that|which|who|is|are|was)$/i;
const FACT_ONLY =
  /^(?:open|from|only|ksh|kes|sh|usd|\$|£|€|s\$|\d|every|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun|daily|24\/7|free delivery|pay\b|m-?pesa|\d+\s*(?:years?|yrs))/i;

/** Splits a brief into clauses: sentences, then commas, semicolons and dashes (a list of offers stays one clause). */
export function splitClauses(topic: string | null | undefined): string[] {
  if (!topic) return [];
  const { text } = stripRequest(topic);
  return (
    text
      .replace(/\([^)]*\)/g, ' ')
      .split(/(?<=[.!?])\s+|[;:]\s*|\s+[-–—]\s+|,(?!\d)\s*|\s+(?:and|but)\s+(?=(?:i|I)\s+(?!am\b)\p{L})/u)
      .map((s) => s.replace(/[.!?]+$/, '').trim())
      .filter((s) => /\p{L}{2}/u.test(s))
      // "we pack, move and unpack": a list of verbs after "we" is one clause, never "We pack." alone.
      .reduce<string[]>((out, s) => {
        const prev = out[out.length - 1];
        if (prev !== undefined && /^(?:we|i)\s+\p{L}+$/iu.test(prev) && /^\p{Ll}+(?:\s+(?:and|&|or)\s+\p{Ll}+)?$/u.test(s))
          out[out.length - 1] = `${prev}, ${s}`;
        else out.push(s);
        return out;
      }, [])
  );
}

/** Fillers out, spaces tidied, no dangling end word; null when nothing worth keeping is left. */
export function tidy(text: string): string | null {
  let t = text
    .replace(/[\p{Extended_Pictographic}\uFE0F\u200D]/gu, ' ')
    .replace(FILLER, ' ')
    .replace(/[!?]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  t = t.replace(/^(?:and|also|plus|but|so|then|&)\s+/i, '').replace(/\b(?:we|i)\s+also\s+/gi, (m) => m.replace(/\s+also/i, ''));
  t = t.replace(/\s+(?:too|as well|also)$/i, '').replace(/\s+(?:too|as well)(?=\s+(?:and|but)\b)/gi, '');
  for (let prev = ''; prev !== t;) {
    prev = t;
    t = t.replace(DANGLING, '').trim();
  }
  if (t.split(/\s+/).length < 2) return null;
  return t;
}

/** A promise said the way a sign says it ("No fix, no fee", "or it's free"). */
export function tighten(text: string): string {
  return text
    .replace(/^no (\w+),? no (\w+)$/i, (_, a: string, b: string) => `no ${a}, no ${b}`)
    .replace(/\bor it is free\b/i, "or it's free")
    .replace(/\bit is\b/g, "it's");
}

/** Sentence case: the first letter up; every other word kept as the brief wrote it ("Luthuli Avenue", "iPhone"). */
export function sentenceCase(text: string): string {
  // A brief written in capitals is lowered, so a line never shouts.
  const letters = text.replace(/[^\p{L}]/gu, '');
  const t = letters.length > 6 && letters === letters.toUpperCase() ? text.toLowerCase() : text;
  const fixed = t.replace(/\bi\b/g, 'I').replace(/\bi'm\b/gi, "I'm");
  return fixed.charAt(0).toUpperCase() + fixed.slice(1);
}

/** The clause spoken by the frame's speaker: a business as "we", a person as "I"; null when it cannot be made right. */
export function withSpeaker(text: string, speaker: Frame['speaker']): string | null {
  const first = text.split(/\s+/)[0]?.toLowerCase() ?? '';
  if (speaker === 'business') {
    if (/^(?:i|i'm|my|me)$/.test(first)) return null;
    if (/\b(?:i|i'm|my|me)\b/i.test(text.replace(/^[^\s]+/, ''))) return null;
  }
  if (speaker === 'person') {
    if (/^(?:we|we're|our|us)$/.test(first) || /\b(?:we|we're|our|us)\b/i.test(text)) return null;
  }
  if (BARE_VERB.test(text) && !CTA_HEAD.test(text)) {
    // Only safe after a clause of the speaker's own ("We come to you, fix it while you work"): marked, joined or dropped later.
    if (speaker === 'business') return `${JOIN}we ${text}`;
    if (speaker === 'person') return `${JOIN}I ${text}`;
    return null;
  }
  return text;
}

/** What a clause is, for the lines it can carry. */
export function classify(raw: string, frame: Frame): ClauseKind {
  const lower = raw.toLowerCase();
  if (META.test(raw) && !/\b(?:we|i)\s+\w+/i.test(raw)) return 'noise';
  if (FACT_ONLY.test(raw.trim()) && raw.split(/\s+/).length <= 5) return 'fact';
  if (frame.facts.some((f) => lower === f.text.toLowerCase())) return 'fact';
  if (CTA_HEAD.test(raw)) return 'cta';
  if (PROMISE.test(raw)) return 'promise';
  if (frame.audience && lower === frame.audience.toLowerCase()) return 'audience';
  if (VIVID_IMPERATIVE.test(raw)) return 'vivid';
  const hasSubjectVerb = /^(?:we|i|you)\s+\w+/i.test(raw) || BARE_VERB.test(raw);
  // What the subject is, by name or place ("Salt & Ember beach bar in Diani"): identity, never a vivid clause.
  const names = [frame.name, frame.subject, ...frame.places].filter((x): x is string => Boolean(x)).map((x) => x.toLowerCase());
  if (!hasSubjectVerb && names.some((x) => lower.includes(x))) return 'identity';
  if (VIVID.test(raw) && (hasSubjectVerb || raw.split(/\s+/).length >= 3)) return 'vivid';
  if (hasSubjectVerb) return 'vivid';
  if (frame.offers.some((o) => lower.includes(o.toLowerCase()))) return 'offer';
  return 'identity';
}

/** The brief's clauses, cleaned, with what each is; a clause that cannot be made clean is left out. */
export function briefClauses(frame: Frame): Clause[] {
  const out: Clause[] = [];
  // A brief written in capitals is read in lower case, so a line never shouts ("No FIX, no FEE").
  const letters = (frame.topic ?? '').replace(/[^\p{L}]/gu, '');
  const shouting = letters.length > 6 && letters.replace(/\P{Lu}/gu, '').length > 0.7 * letters.length;
  const topic = shouting ? (frame.topic ?? '').toLowerCase() : frame.topic;
  const raws = splitClauses(frame.language === 'en' && topic ? spellTexting(topic) : topic);
  for (let i = 0; i < raws.length; i += 1) {
    const raw = raws[i] as string;
    const kind = classify(raw, frame);
    if (kind === 'noise') continue;
    const t = tidy(raw);
    if (!t) continue;
    const spoken = kind === 'vivid' || kind === 'promise' ? withSpeaker(tighten(t), frame.speaker) : t;
    if (!spoken) continue;
    const joins = spoken.startsWith(JOIN);
    const text = sentenceCase(spoken.replace(JOIN, ''));
    // Only a whole unit of the brief is carried (piece-check.ts): never "Save and through", "Not made there".
    if (frame.language === 'en' && kind !== 'fact' && !wholePiece(text)) continue;
    const firstRaw = spoken.split(' ')[0] ?? '';
    const inner =
      /^\p{Ll}/u.test(firstRaw) || /^(?:We|You|The|A|An|Our|Tables|Every)$/.test(firstRaw)
        ? text.charAt(0).toLowerCase() + text.slice(1)
        : text;
    const clause: Clause = { text, inner: /^I\b/.test(text) ? text : inner, kind };
    if (joins) {
      const prev = out[out.length - 1];
      const pron = /^(?:We|I) /.exec(text)?.[0];
      if (prev && pron && prev.kind === 'vivid' && prev.text.startsWith(pron) && words(prev.text) + words(text) <= 15) {
        const joined = ` and ${text.slice(pron.length)}`;
        out[out.length - 1] = { text: `${prev.text}${joined}`, inner: `${prev.inner}${joined}`, kind: 'vivid' };
      }
      continue;
    }
    out.push(clause);
  }
  return out;
}

const words = (t: string) => t.split(/\s+/).length;
/** Lower-case words. */
const wordsOf = (t: string) => t.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? [];

/** Small words that carry no content: a line may share them with the brief freely. */
const STOP = new Set(
  'a an the and or but of to in on at by for from with without we i you it is are was be have has had our your my their us me this that these those so too also just no not every all its'.split(
    ' ',
  ),
);

/** Share of the brief's content words a line holds (distinct words; at most `MAX_SHARE` for any line). */
export function briefShare(line: string, topic: string | null): number {
  const brief = new Set(wordsOf(topic ?? '').filter((w) => !STOP.has(w)));
  if (brief.size === 0) return 0;
  const line_ = new Set(wordsOf(line));
  let n = 0;
  for (const w of brief) if (line_.has(w)) n += 1;
  return n / brief.size;
}
export const MAX_SHARE = 0.6;

export interface ExtractiveCandidate extends KindCandidate {
  /** The clause it is built on (never two lines on one clause). */
  clause: string;
}

const end = (t: string) => (/[.!?…]$/.test(t) ? t : `${t}.`);

const SWAHILI_WORDS = /\b(?:kila|tuna\w+|asubuhi|jioni|bei|kwa|sana|yetu|wetu|karibu|na\s+\w+ni|moto|leo|kesho)\b/i;

const FUNNY_TWISTS = ['Yes, really.', 'You’re welcome.', 'We checked.'];

/** Lines built on the brief's clauses for a category and tone (English briefs only; none when the clauses are not clean). */
export function extractiveCandidates(frame: Frame, category: CategoryId, tone: Tone): ExtractiveCandidate[] {
  // English only: a brief that mixes in Kiswahili ("Tunauza mandazi moto kila asubuhi") stays with the other writers.
  if (frame.language !== 'en' || !frame.topic || SWAHILI_WORDS.test(frame.topic)) return [];
  const all = briefClauses(frame);
  const clauses = all.filter((c) => c.kind === 'vivid' || c.kind === 'promise');
  const ownCtaClause = all.find((c) => c.kind === 'cta' && words(c.text) <= 6);
  const ownCta = ownCtaClause && ctaFits(ownCtaClause.text, frame) ? ownCtaClause.text : null;
  if (clauses.length === 0) return [];
  const name = frame.name;
  const facts = frame.facts
    .map((f) => ({ fact: f.text.toLowerCase(), text: factSentence(f, 'en', frame.speaker) }))
    .filter((f): f is { fact: string; text: string } => f.text !== null);
  const ctas = frame.kind.ctas.en.filter((c) => !/\{/.test(c) && ctaFits(c, frame));
  const out: ExtractiveCandidate[] = [];
  const add = (text: string, clause: Clause, pattern: string, usesFact: boolean) => {
    const line = text.replace(/\s+/g, ' ').trim();
    if (briefShare(line, frame.topic) > MAX_SHARE) return;
    out.push({
      text: line,
      key: lineKey(line),
      base: `x:${pattern}:${clause.text}`,
      parts: [],
      usesWord: false,
      composed: true,
      richness: 2,
      named: name !== null && line.includes(name),
      pattern: `x:${pattern}`,
      usesFact,
      tail: false,
      standIn: false,
      onSubject: true,
      clause: clause.text,
    });
  };
  for (const c of clauses) {
    const n = words(c.text);
    const overlaps = (f: { fact: string }) => {
      const lower = c.text.toLowerCase();
      return (
        lower.includes(f.fact) || f.fact.includes(lower) || wordsOf(f.fact).filter((w) => !STOP.has(w) && lower.includes(w)).length >= 2
      );
    };
    const factFor = facts.find((f) => !overlaps(f))?.text ?? null;
    const twist = FUNNY_TWISTS[(c.text.length + n) % FUNNY_TWISTS.length] as string;
    switch (category) {
      case 'taglines':
      case 'slogans': {
        // A tagline is tight: a trailing place goes ("We bake sourdough in a wood-fired oven").
        const place = frame.places.find((p) => c.text.endsWith(` in ${p}`));
        const tight = place ? c.text.slice(0, -` in ${place}`.length) : c.text;
        const m = words(tight);
        if (m <= 8 || (c.kind === 'promise' && m <= 10)) {
          add(end(tight), c, 'alone', false);
          if (name && m <= 6 && !tight.includes(name)) add(`${name}. ${end(tight)}`, c, 'named', false);
          if (tone === 'funny' && m <= 6 && /^(?:We|I) /.test(tight)) add(`${end(tight)} ${twist}`, c, 'twist', false);
        }
        break;
      }
      case 'adlines': {
        if (n > 14) break;
        // The brief's own call to action ("order by 10am") before the kind's.
        const cta = ownCta ?? ctas[(c.text.length + (factFor?.length ?? 0)) % Math.max(1, ctas.length)] ?? null;
        const body = name && !c.text.includes(name) ? `${name}: ${end(c.inner)}` : end(c.text);
        if (factFor) add(`${body} ${factFor}${cta ? ` ${end(cta)}` : ''}`, c, 'ad-fact', true);
        if (cta) add(`${body} ${end(cta)}`, c, 'ad-cta', false);
        break;
      }
      case 'captions':
        if (n > 14) break;
        // The richest variant that keeps under the brief's share wins: a fact, the brief's own call, a twist, the clause alone.
        {
          const before = out.length;
          if (factFor) add(`${end(c.text)} ${factFor}`, c, 'cap-fact', true);
          if (out.length === before && ownCta && words(c.text) + words(ownCta) <= 14)
            add(`${end(c.text)} ${end(ownCta)}`, c, 'cap-cta', false);
          if (out.length === before && tone === 'funny' && /^(?:We|I) /.test(c.text)) add(`${end(c.text)} ${twist}`, c, 'cap-twist', false);
          if (out.length === before && n <= 10) add(end(c.text), c, 'cap-alone', false);
        }
        break;
      case 'bios': {
        if (n > 12) break;
        const head = frame.subject && frame.places[0] ? `${sentenceCase(frame.subject)} in ${frame.places[0]}.` : null;
        if (name && !c.text.includes(name)) {
          const before = out.length;
          if (frame.places[0]) add(`${name}, ${frame.places[0]}. ${end(c.text)}`, c, 'bio-name', false);
          if (out.length === before) add(`${name}. ${end(c.text)}`, c, 'bio-name', false);
        }
        if (head && !c.text.toLowerCase().includes(frame.subject?.toLowerCase() ?? '')) add(`${head} ${end(c.text)}`, c, 'bio-head', false);
        if (factFor) add(`${end(c.text)} ${factFor}`, c, 'bio-fact', true);
        break;
      }
      default:
        // Quotes keep the library's approach unless a clause states a belief.
        if (/\b(?:believe|deserves?|should|every \w+ (?:is|can|has))\b/i.test(c.text) && n <= 14) add(end(c.text), c, 'belief', false);
    }
  }
  return out;
}

/** Stock lines true of any business ("Less talk. More done."): left out when the brief gives its own material. */
export const STOCK_FILLER =
  /\b(?:less talk\. more done|fewer promises\. more results|clear prices\. no surprises|clear prices, straight answers, no surprises|clear prices and no waiting around|we keep it simple and keep our word|show up\. do it well\. repeat|made well\. priced honestly\. delivered as promised|good work\. fair prices|good stuff\. fair price\. no drama|fresh food\. fair prices)\b/i;

/** Whether the brief gives enough of its own material (a clean clause, or two facts and offers) to leave stock lines out. */
export function hasMaterial(frame: Frame, extractive: readonly ExtractiveCandidate[]): boolean {
  return extractive.length > 0 || frame.facts.length + frame.offers.length >= 2;
}
