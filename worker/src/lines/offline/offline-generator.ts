import { getCategory, LANGUAGE_IDS } from '@gl/core';
import type { CategoryId, EmojiMode, HashtagMode, LanguageId, PlatformId, Tone } from '@gl/core';
import { avoidedWordTest } from '../avoid-words';
import { cleanLine } from '../clean-lines';
import { hasSubject, pastesTopic, understandBrief, type Brief } from './brief';
import { composeCandidates, curatedCandidates, type Candidate, type ComposeInput } from './compose';
import { CONTENT, isCodeJokeEntry, isFoodEntry, tonedEntries, type Entry } from './content';
import { parseFrame, type Frame } from './frame';
import { cutFromBrief } from './frame-guard';
import { BANNED_PHRASES } from './kinds.schema';
import { grounded, groundingFor, speakerSafe } from './grounding';
import { hookCandidates } from './hook-lines';
import { slotGateFor, slotGateProblem, withSubjectRestored } from './slot-gate';
import { extractiveCandidates, hasMaterial, STOCK_FILLER, type ExtractiveCandidate } from './brief-clauses';
import { hasStockTail, restateCandidates, shopTalkForCause, spellOutLine, withoutForeignFacts } from './restate';
import { DONATION, factSentence, kindCandidates, lineFits, withTail, type KindCandidate } from './kind-writer';
import { CtaPolicy, echoesName, nearKey } from './cta';
import { Picker } from './picker';
import { emptyTemplate, wrongMessage, wrongSpeaker } from './message-fit';
import { mediumCandidates } from './medium-lines';
import { exclaimed, measureExamples, voiceScore } from './voice';
import { swLineSaysBrief } from './sw-fit';
import { swReframe, swWrongTalk } from './sw-speaker';
import { decorateLine, reduceLine } from './switches';
import { fitsBounds, lineKey, normalizeTopic } from './text';

export interface OfflineBrand {
  name: string;
  wordsToUse: string[];
  wordsToAvoid: string[];
  /** The brand voice's example lines: the writer prefers lines of their length, shape, person, punctuation and words. */
  examples?: string[];
}

export interface OfflineRequest {
  category: CategoryId;
  tone: Tone;
  topic?: string | null;
  /** 1..10 */
  count: number;
  /** Default 'en'. */
  language?: LanguageId;
  /** The user's hard cap (>= 10); the effective bound is min(category.maxChars, maxChars). */
  maxChars?: number;
  /** Lines the user already has (compared trimmed and case-insensitively); never returned, nor built on. */
  exclude?: string[];
  /** Keys (see `lineKey`) of lines recently shown to this user or visitor for this brief; used last. */
  recent?: ReadonlySet<string>;
  /** A brand kit: its name is the subject, its words are used where natural, its avoided words never appear. */
  brand?: OfflineBrand;
  /** `none`: no hashtags; `few`: 1 to 3 fitting ones at the end of every line. Unset: none. */
  hashtags?: HashtagMode;
  /** `none`: no emoji; `some`: at most 2 per line (a fitting one added to about half the lines). Unset: at most 2. */
  emoji?: EmojiMode;
  /** A brand voice written all in lower case. */
  lowercase?: boolean;
  /** A brand voice without exclamation marks ("!" becomes "."). */
  noExclamation?: boolean;
  /** The platform the lines are for: an SMS, a search ad headline, a LinkedIn headline... each asks its own kind of message (message-fit.ts). */
  platform?: PlatformId | null;
  /** Injectable random source for tests; default Math.random. */
  random?: () => number;
  /** @internal Only the tone's own templates, not the general ones (refine: "funnier" should sound funny). */
  toneOnly?: boolean;
}

export interface OfflineResult {
  lines: string[];
  source: 'static_fallback' | 'fallback';
}

const MIN_COUNT = 1;
const MAX_COUNT = 10;
/** Share of lines that name the brief's name when it has one. */
const NAME_SHARE = 0.8;
/** Share of lines that use one of the brief's facts, when it has some. */
const FACT_SHARE = 0.6;
/** Share of lines written from the kinds library that may name nothing of the brief. */
const OFF_SUBJECT_SHARE = 0.2;
/** Share of an answer the kinds library writes once repeats have left it fewer than two patterns a line. */
const KIND_SHARE_WHEN_FEW = 0.6;
/** Lines of an answer of five built on the brief's own clauses, at most (the rest keep the set varied). */
const EXTRACTIVE_SHARE = 0.8;
/** Share of lines that use one of the brand's words, when it has some. */
const WORD_SHARE = 1 / 3;
const NO_RECENT: ReadonlySet<string> = new Set();
/** One emoji or hashtag at the end of a line, with the space before it. */
const DECORATION_AT_END = /\s+(?:#[\p{L}\p{N}\p{M}_]+|\p{Extended_Pictographic}\uFE0F?)$/u;

/**
 * The recent keys, each also as it was before the emoji and hashtags the switches appended when it
 * was shown (every stage, as a template may end with an emoji of its own): a line shown as "Weekend
 * sorted. 🙃 #Bakery" was the candidate "Weekend sorted. 🙃", which counts as shown however it is
 * decorated next time.
 */
function withBareKeys(recent: ReadonlySet<string>): ReadonlySet<string> {
  if (recent.size === 0) return recent;
  const keys = new Set(recent);
  for (const key of recent) {
    for (
      let rest = key, stage = rest.replace(DECORATION_AT_END, '');
      stage !== rest;
      rest = stage, stage = rest.replace(DECORATION_AT_END, '')
    ) {
      const bare = lineKey(stage);
      if (bare) keys.add(bare);
    }
  }
  return keys;
}

function clampCount(count: number): number {
  if (!Number.isFinite(count)) return MIN_COUNT;
  return Math.min(MAX_COUNT, Math.max(MIN_COUNT, Math.trunc(count)));
}

function isLanguage(language: unknown): language is LanguageId {
  return typeof language === 'string' && (LANGUAGE_IDS as readonly string[]).includes(language);
}

function cleanWords(words: readonly unknown[] | undefined): string[] {
  const out = new Map<string, string>();
  for (const w of words ?? []) {
    if (typeof w !== 'string') continue;
    const clean = normalizeTopic(w);
    if (clean) out.set(clean.toLowerCase(), clean);
  }
  return [...out.values()];
}

/**
 * The built-in writer used when no AI provider is available. It understands the brief (brief.ts:
 * the subject, a place, offers, qualities, an audience, an owner, a name...) and composes lines
 * from templates that name those parts, in the request's language, grammatically (articles,
 * plurals, capitals; Kiswahili noun-class agreement), never pasting five or more words of the topic
 * in a row; with a name, four lines in five name it. Without a subject, English draws from the
 * curated library (`static_fallback`), then from templates about a neutral noun ("your brand");
 * other languages always compose, with a neutral noun. Lines recently shown for the same brief
 * (`recent`) come last, as do lines built on a template or part shown recently; developer jokes
 * appear only for subjects about code; a brand's avoided words never appear; the switches
 * (hashtags, emoji, lower case, no "!") hold on every line.
 */
interface Pools {
  /** Templates alone; with one opening or ending, and with both, built when first needed (null: not yet). */
  composed: Candidate[] | null;
  single: Candidate[] | null;
  both: Candidate[] | null;
  /** Lines about the language's neutral noun, for when nothing about the brief fits (a very tight limit). */
  neutral: Candidate[] | null;
  curated: Candidate[] | null;
  /** Builds `composed`, `single` and `curated` (the template writer's lines), only when the kinds library does not fill an answer. */
  legacy: () => void;
  /** Lines written from the kinds library (English and Kiswahili), first choice. */
  kind: KindCandidate[];
  /** Lines built on the brief's own clauses (English), at most `MAX_EXTRACTIVE` an answer, one a clause. */
  extractive: ExtractiveCandidate[];
  frame: Frame | null;
  input: ComposeInput;
  reduce: (candidates: Candidate[]) => Candidate[];
  /** The template writer's lines without the frame's filler check: a last resort, so an answer is never short. */
  lastResort: (gate?: boolean) => Candidate[];
}

const POOL_CACHE_SIZE = 200;

/** Stock filler no line may carry, whichever writer made it ("has you covered", "This is your sign"). */
function hasFiller(text: string): boolean {
  const lower = text.toLowerCase();
  return BANNED_PHRASES.some((p) => lower.includes(p));
}

/** A line that says nothing about the offer ("Hello, Eldoret.", "Proudly Kakamega."), from the template writer. */
const EMPTY_LINE = /^(?:hello|hi|hey|here for|proudly|made in|trusted in|love from|greetings from)\b[^.!?]{0,30}[.!?]?$/i;
/** A Kiswahili line opening with a noun named as ours ("Kikundi chetu", "Duka letu"). */
const SW_OURS_OPENING = /^(\p{L}+ (?:yetu|letu|chetu|wetu|zetu|vyetu))\b/u;
/** Kiswahili product words a service never uses ("chapa yako", "bidhaa yetu"). */
const SW_PRODUCT_FILLER = /\b(?:chapa yako|chapa yetu|bidhaa yetu|bidhaa zetu|bidhaa yako)\b/i;

/** Whether a line is filler for this frame: empty, another sell's words, or a donation appeal to a brief asking for time. */
function saysNothing(text: string, frame: Frame, language: LanguageId = 'en'): boolean {
  // "Duka. Kisumu.": a noun and a place are no Kiswahili line.
  if (language === 'sw' && /^\p{Lu}\p{Ll}+\.\s+\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)?\.?$/u.test(text.trim())) return true;
  if (EMPTY_LINE.test(text.trim()) || /\b(?:hello,? world|official page of)\b/i.test(text)) return true;
  if (frame.speaker !== 'cause' && /\b(?:raising (?:funds|hope)|every shilling|support our|give what you can)\b/i.test(text)) return true;
  if (SW_PRODUCT_FILLER.test(text) && frame.kind.sells !== 'product') return true;
  // Kiswahili: another speaker's copy (a shop's for a group), a stock tail, a time word or a client taken as the thing sold (sw-speaker.ts).
  if (language === 'sw' && swWrongTalk(text, frame)) return true;
  if (frame.recruiting && DONATION.test(text)) return true;
  // "Request a demo" and a free trial only for software, or a brief that offers one (issue 33, class 1).
  if (
    frame.kind.sells !== 'software' &&
    /\b(?:request|book) a demo\b|\bfree trial\b|\bstart your trial\b/i.test(text) &&
    !/\b(?:demo|trial)\b/i.test(frame.topic ?? '')
  )
    return true;
  // A business, person or event never asks for gifts ("Give to conferences and weddings.").
  if (frame.speaker !== 'cause' && /(?:^|[.!?]\s+)(?:give|donate|stand with)\b|\bevery gift counts\b/i.test(text)) return true;
  // A service is never tried or ordered "from" itself ("Jaribu kusafisha matangi kutoka huduma yetu").
  if (frame.kind.sells !== 'product' && frame.kind.sells !== 'food' && /\b(?:jaribu|agiza)\b.*\bkutoka\b/i.test(text)) return true;
  return false;
}

/**
 * The older reader's brief as the frame corrects it: the facts taken out (never an offer), only a
 * real place (never "Ex-Japan"), the topic's own words kept for the pasted-topic check.
 */
function frameBrief(frame: Frame, original: Brief): Brief {
  const b = frame.brief;
  const place =
    b.place && frame.places.includes(b.place.text) ? b.place : frame.places[0] ? { text: frame.places[0], prep: 'in' as const } : null;
  // An English offer cut from the brief ("roll" of "a roll of film") is no offer.
  const offers = b.offers.filter(
    (o) => frame.offers.includes(o.en.trim()) && (frame.language !== 'en' || !cutFromBrief(o.en.trim(), frame.topic)),
  );
  if (!hasSubject({ ...b, place, offers })) return original;
  // The template writer never speaks as a cause for a business or a person ("sign language interpreter" asking for shillings).
  const kind: Brief['kind'] =
    (b.kind === 'cause' || b.kind === 'group') && frame.speaker !== 'cause'
      ? frame.speaker === 'business'
        ? 'business'
        : frame.speaker
      : frame.speaker === 'cause' && b.kind !== 'group'
        ? 'cause'
        : b.kind;
  // The frame's name wins: a word it has rejected as a name ("Speaker" of "Speaker and leadership coach") is none.
  const name = b.name !== null && frame.name === null && !/['’]s$/.test(b.name) && !frame.brief.name?.includes(' ') ? null : b.name;
  return { ...b, kind, name, place, offers, topic: original.topic, words: original.words };
}
const poolCache = new Map<string, Pools>();

/** A line with the brief's facts and hook taken out: a fact is spelled as written ("last Sunday of the month"), never a pasted brief. */
function withoutFacts(text: string, frame: Frame | null): string {
  if (!frame) return text;
  let out = text;
  for (const t of [...frame.facts.map((f) => f.text), frame.hook ?? '']) if (t.split(/\s+/).length >= 3) out = out.split(t).join(' · ');
  // The hook may open a sentence ("Never queue for water again.").
  const hook = frame.hook ?? '';
  if (hook.split(/\s+/).length >= 3) out = out.split(hook.charAt(0).toUpperCase() + hook.slice(1)).join(' · ');
  return out;
}

/** A line with the brief's name taken out: a long name ("Green Acres Farm Co-op") is the name, never a pasted brief. */
function withoutName(text: string, name: string | null): string {
  if (!name || name.split(/[\s-]+/).length < 3) return text;
  return text.split(name).join(' · ');
}

/**
 * The candidate lines for a brief, category, tone and language, with the switches that only take
 * away already applied and the lines that must never be offered (pasting the topic, chatter the
 * provider chain would drop, avoided words) left out. Kept (it depends on nothing random), so a
 * repeated brief costs only the choosing.
 */
function poolsFor(req: OfflineRequest, language: LanguageId, categoryId: CategoryId): Pools {
  const avoid = cleanWords(req.brand?.wordsToAvoid);
  const key = JSON.stringify([
    language,
    categoryId,
    req.tone,
    req.topic ?? null,
    req.brand?.name ?? null,
    cleanWords(req.brand?.wordsToUse),
    req.brand?.examples ?? [],
    avoid,
    req.hashtags ?? null,
    req.emoji ?? null,
    Boolean(req.lowercase),
    Boolean(req.noExclamation),
    Boolean(req.toneOnly),
    req.platform ?? null,
  ]);
  const hit = poolCache.get(key);
  if (hit) {
    poolCache.delete(key);
    poolCache.set(key, hit);
    return hit;
  }
  const content = CONTENT[language];
  const set = content.categories[categoryId];
  const original = understandBrief(req.topic, req.brand?.name);
  const parsed = (language === 'en' || language === 'sw') && hasSubject(original) ? parseFrame(req.topic, req.brand?.name) : null;
  // English: a fact of another role the brief names ("wedding photographer on weekends") stays in its own restated sentence.
  const frame = parsed && language === 'en' ? withoutForeignFacts(parsed) : parsed && language === 'sw' ? swReframe(parsed) : parsed;
  const brief = frame ? frameBrief(frame, original) : original;
  const containsAvoided = avoidedWordTest(avoid);
  const words = cleanWords(req.brand?.wordsToUse).filter((w) => !containsAvoided(w));
  const usable = (entries: readonly Entry[]) =>
    entries.filter((e) => (brief.aboutCode || !isCodeJokeEntry(e)) && (brief.food || !isFoodEntry(e)));
  const switches = { hashtags: req.hashtags, emoji: req.emoji, lowercase: req.lowercase, noExclamation: req.noExclamation };
  // The brief's own sentences restated first (restate.ts), then its vivid clauses with the name, a fact or a call.
  const rawExtractive =
    frame && language === 'en' && !req.toneOnly
      ? [
          ...mediumCandidates(parsed ?? frame, categoryId, req.platform ?? null),
          ...restateCandidates(parsed ?? frame, categoryId, req.tone),
          ...extractiveCandidates(frame, categoryId, req.tone),
        ]
      : [];
  // A brief with its own material never gets the stock lines true of any business ("Less talk. More done.").
  const dropStock = frame !== null && language === 'en' && hasMaterial(frame, rawExtractive);
  // A brief with something to say of itself (a clause, an offer, a fact) never gets a stock tail in its place ("Say hello.").
  const rich =
    frame !== null &&
    language === 'en' &&
    (rawExtractive.some((c) => c.pattern !== 'r:lead') || frame.offers.length + (parsed ?? frame).facts.length > 0);
  // The grounding gate (English): a line says only what the brief says, plus what is true of any such speaker.
  const grounding = frame && language === 'en' ? groundingFor(frame, cleanWords(req.brand?.wordsToUse)) : null;
  const message = { platform: req.platform ?? null, category: categoryId, tone: req.tone, kindWords: grounding?.kind };
  // The slot gate (English, slot-gate.ts): no verb phrase, fragment or name in a noun slot, no fact misattached.
  const slotGate = frame && language === 'en' ? slotGateFor(frame) : null;
  const reduce = (candidates: Candidate[], lenient = false, clauses = false, gate = true): Candidate[] => {
    const out: Candidate[] = [];
    for (const c of candidates) {
      // English: the brief's texting spelled out ("ur" -> "your", "mon to sat" -> "Mon to Sat", "perth" -> "Perth").
      let text = reduceLine(frame && language === 'en' ? spellOutLine(c.text, frame.topic, frame.places) : c.text, switches);
      // The template writer's neutral "chapa yako" ("your brand") is never printed for a brief: a class 9 noun of the speaker keeps every concord.
      if (text !== null && frame && language === 'sw' && /\bchapa yako\b/i.test(text)) {
        const head = frame.kind.noun.sw.split(' ')[0]?.toLowerCase();
        const own =
          frame.speaker === 'person'
            ? 'kazi yangu'
            : frame.speaker === 'business'
              ? head === 'huduma'
                ? 'biashara yetu'
                : 'huduma yetu'
              : head === 'kampeni'
                ? 'hafla yetu'
                : 'kampeni yetu';
        text = text.replace(/\b([Cc])hapa yako\b/g, (_, c: string) => (c === 'C' ? own.charAt(0).toUpperCase() + own.slice(1) : own));
        // "Huduma yetu. Basi.": a neutral line that says nothing else is dropped.
        if (text.split(/\s+/).length < 5) continue;
      }
      // A line built on the brief's clauses may reuse its words (never over 60 % of them, checked where it is built).
      if (
        text === null ||
        containsAvoided(text) ||
        (!clauses && pastesTopic(withoutFacts(withoutName(text, brief.name), frame), brief)) ||
        hasFiller(text)
      )
        continue;
      if (slotGate && gate && (c.composed || clauses) && slotGateProblem(text, slotGate, clauses) !== null) {
        // A verb phrase that lost its subject gets it back from the brief ("Every pint saves three lives: …"), or the line goes.
        const restored = clauses ? null : withSubjectRestored(text, slotGate);
        if (restored === null || slotGateProblem(restored.text, restored.gate) !== null) continue;
        text = restored.text;
      }
      // English lines kept aside like loose ones (never in a first answer while better ones last; repeats may reach them):
      // the template writer's quote filled with a noun ("Do what you love, like a good {ref}."), its lines about a fragment of
      // a brief the restatement carries ("Go all in with Jogoo Road."), a stock tail in place of the message ("Say hello.").
      const template = c.composed && !('pattern' in c);
      // The library's lines about nothing of the brief ("Home is not a place.") only as a last resort (a quote, or a brief with material).
      if (frame !== null && language === 'en' && !lenient && (categoryId === 'quotes' || rich) && !c.composed) continue;
      // A template quote about words themselves ("Fewer words, more makeup.") reads as the request echoed.
      if (frame !== null && language === 'en' && categoryId === 'quotes' && template && /\b(?:words?|quotes?)\b/i.test(text)) continue;
      const aside =
        frame !== null &&
        language === 'en' &&
        !lenient &&
        ((categoryId === 'quotes' && template) || (rich && rawExtractive.length >= 3 && template) || (rich && hasStockTail(text)));
      // A cause never talks like a shop ("Campaign, on Saturday. Order today.").
      if (frame && language === 'en' && shopTalkForCause(text, frame)) continue;
      if (frame && !lenient && (saysNothing(text, frame, language) || !lineFits(text, frame, language === 'sw' ? 'sw' : 'en'))) continue;
      // Kiswahili: another speaker's copy or a stock tail is never offered, even as a last resort (sw-speaker.ts).
      if (frame && lenient && gate && language === 'sw' && swWrongTalk(text, frame)) continue;
      // Kiswahili: a line names the trade, the name, an offer or a word of the brief, and a methali only where it fits (sw-fit.ts).
      const fromBrief = 'pattern' in c && typeof c.pattern === 'string' && c.pattern.startsWith('sw-lead');
      // A line that fails it is kept aside like a loose one: never in a first answer while better ones last, only once repeats have shown them.
      if (frame && language === 'sw' && gate && !swLineSaysBrief(text, frame, categoryId, lenient || fromBrief)) {
        out.push({ ...c, text, key: lineKey(text), loose: true });
        continue;
      }
      if (dropStock && !lenient && STOCK_FILLER.test(text)) continue;
      // The wrong speaker or the wrong message for the medium (a bio as a brand, an app sold as goods, a slogan as a LinkedIn headline).
      if (frame && language === 'en' && gate && wrongSpeaker(text, frame)) continue;
      // Never a label, a "we" for one person, a shop's call for what sells nothing, an invented claim.
      if (frame && grounding && !speakerSafe(text, frame)) continue;
      // A line that says what the brief does not is kept aside: never in a first answer, only once repeats have shown the grounded ones.
      // The wrong kind of message for the medium or a weak tone (message-fit.ts) is kept aside the same way.
      const misfit = frame !== null && language === 'en' && gate && !lenient && wrongMessage(text, frame, message);
      const loose =
        aside || misfit || (gate && frame !== null && grounding !== null && !grounded(text, grounding, c.specific === true, c.kindId));
      if (loose) {
        out.push({ ...c, text, key: lineKey(text), loose: true });
        continue;
      }
      // A Kiswahili line about a brief never carries the placeholder "chapa yako" ("your brand"), even as a last resort.
      if (frame && language === 'sw' && /\bchapa (?:yako|yetu)\b/i.test(text)) continue;
      // A line the provider chain would clean up or drop (e.g. one starting like chatter: "Okay.") is never offered.
      if (!req.lowercase && cleanLine(text) !== text) continue;
      out.push(text === c.text ? c : { ...c, text, key: lineKey(text) });
    }
    return out;
  };
  const input: ComposeInput = {
    templates: usable(req.toneOnly ? set.templates[req.tone] : tonedEntries(set.templates, req.tone)),
    openings: usable(tonedEntries(set.openings, req.tone)),
    endings: usable(tonedEntries(set.endings, req.tone)),
    brief,
    neutral: hasSubject(brief) ? null : content.neutral[categoryId],
    words,
    language,
    allowed: (text) => !containsAvoided(text),
  };
  const voice = measureExamples(req.brand?.examples);
  const voiced = <T extends Candidate>(cs: T[]): T[] =>
    voice
      ? cs.map((c) => {
          // Examples that end on "!" lend it to a short last sentence ("Chair's open. Clippers ready!").
          const text = voice.exclaims && !req.noExclamation ? exclaimed(c.text) : c.text;
          return { ...c, text, key: text === c.text ? c.key : lineKey(text), voice: voiceScore(text, voice) };
        })
      : cs;
  // The hook-first lines built only from the brief come first (English), then the kinds library's.
  const hooks = frame && language === 'en' && !req.toneOnly ? (reduce(hookCandidates(frame, categoryId, req.tone)) as KindCandidate[]) : [];
  const kind = frame
    ? voiced([
        ...hooks,
        ...(reduce(
          kindCandidates({
            frame,
            category: categoryId,
            tone: req.tone,
            language: language === 'sw' ? 'sw' : 'en',
            toneOnly: req.toneOnly,
          }),
        ) as KindCandidate[]),
      ])
    : [];
  const extractive = voiced(reduce(rawExtractive, false, true)) as ExtractiveCandidate[];
  const pools: Pools = {
    kind,
    extractive,
    frame,
    composed: null,
    single: null,
    both: null,
    neutral: null,
    curated: null,
    legacy: () => {
      if (pools.composed !== null) return;
      // A brand's words live in openings and endings ("Always {word}."): those lines are offered from the start.
      const single = words.length > 0 ? reduce(composeCandidates(input, 'single')) : null;
      pools.composed = voiced([...reduce(composeCandidates(input, 'alone')), ...(single ?? []).filter((c) => c.usesWord)]);
      pools.single = single?.filter((c) => !c.usesWord) ?? null;
      pools.curated = voiced(reduce(curatedCandidates(usable(set.lines[req.tone]))));
    },
    input,
    reduce,
    lastResort: (gate = true) => [
      ...reduce(composeCandidates(input, 'alone'), true, false, gate),
      ...reduce(curatedCandidates(usable(set.lines[req.tone])), true, false, gate),
      ...reduce(
        (['alone', 'single'] as const).flatMap((stage) =>
          composeCandidates({ ...input, brief: understandBrief(null), neutral: CONTENT[language].neutral[categoryId] }, stage),
        ),
        true,
        false,
        gate,
      ),
    ],
  };
  if (poolCache.size >= POOL_CACHE_SIZE) poolCache.delete(poolCache.keys().next().value as string);
  poolCache.set(key, pools);
  return pools;
}

/**
 * The built-in writer used when no AI provider is available. It understands the brief (brief.ts:
 * the subject, a place, offers, qualities, an audience, an owner, a name...) and composes lines
 * from templates that name those parts, in the request's language, grammatically (articles,
 * plurals, capitals; Kiswahili noun-class agreement), never pasting five or more words of the topic
 * in a row; with a name, four lines in five name it. Without a subject, English draws from the
 * curated library (`static_fallback`), then from templates about a neutral noun ("your brand");
 * other languages always compose, with a neutral noun. Lines recently shown for the same brief
 * (`recent`) come last, as do lines built on a template or part shown recently; developer jokes
 * appear only for subjects about code; a brand's avoided words never appear; the switches
 * (hashtags, emoji, lower case, no "!") hold on every line.
 */
export function generateOffline(req: OfflineRequest): OfflineResult {
  const category = getCategory(req.category);
  const count = clampCount(req.count);
  const language: LanguageId = isLanguage(req.language) ? req.language : 'en';
  const cap = typeof req.maxChars === 'number' && Number.isFinite(req.maxChars) ? Math.floor(req.maxChars) : Infinity;
  const maxChars = Math.min(category.maxChars, cap);
  const random = req.random ?? Math.random;
  const pools = poolsFor(req, language, category.id);
  const brief = pools.input.brief;

  const excluded = new Set((req.exclude ?? []).filter((l): l is string => typeof l === 'string').map(lineKey));
  const recent = withBareKeys(req.recent ?? NO_RECENT);
  // A loose line (grounding.ts) only once repeats have shown the grounded ones, or when nothing else fills the answer.
  let allowLoose = recent.size > 0;
  const accept = (c: Candidate) =>
    (allowLoose || !c.loose) && !excluded.has(c.key) && !excluded.has(c.base) && fitsBounds(c.text, category.minChars, maxChars);
  const switches = { hashtags: req.hashtags, emoji: req.emoji, lowercase: req.lowercase, noExclamation: req.noExclamation };
  const decoration = { brief, tone: req.tone, language, maxChars, random };
  // Calls to action only where the category wants one, two at most, never the same twice; no line twice, near or exact.
  const calls = new CtaPolicy(category.id, req.topic ?? '', language);
  const delivered = new Set<string>();
  const oursOpenings: string[] = [];
  const finish = (c: Candidate) => {
    const called = language === 'en' ? calls.take(c.text) : c.text;
    if (called === null) return null;
    const text = decorateLine(called, switches, decoration);
    if (text === null || !fitsBounds(text, category.minChars, maxChars) || excluded.has(lineKey(text))) return null;
    // "Kilimani loves Kilimani": a name or town twice in one line is a slot filled with the wrong thing.
    if (language === 'en' && echoesName(text)) return null;
    const near = nearKey(text);
    if (delivered.has(near)) return null;
    // Kiswahili: never a third line of an answer opening with the kind named as ours ("Kikundi chetu …"), whichever pool wrote it.
    const ours = language === 'sw' ? SW_OURS_OPENING.exec(text)?.[1] : undefined;
    if (ours && oursOpenings.filter((o) => o === ours).length >= 2) return null;
    if (ours) oursOpenings.push(ours);
    delivered.add(near);
    return text;
  };
  const picker = new Picker(accept, finish, recent, random, Math.ceil(WORD_SHARE * count));

  const named = Math.ceil(NAME_SHARE * count);
  // The kinds library first: facts in three lines of five when the brief has some, the name in four of five, never a pattern twice.
  const written: string[] = [];
  // A brand's words to use reach a third of the lines through the template writer's openings and endings ("Always fresh.").
  if (pools.frame && pools.kind.length > 0 && pools.input.words.length > 0) {
    pools.legacy();
    written.push(
      ...picker.take(
        (pools.composed as Candidate[]).filter((c) => c.usesWord),
        Math.ceil(WORD_SHARE * count),
      ),
    );
  }
  if (pools.frame && (pools.kind.length > 0 || pools.extractive.length > 0)) {
    const fresh = pools.kind.filter((c) => !recent.has(c.key));
    const about = fresh.filter((c) => c.onSubject);
    const frameName = pools.frame.name?.toLowerCase() ?? null;
    const isNamed = (t: string) => frameName !== null && t.toLowerCase().includes(frameName);
    const factShare = Math.ceil(FACT_SHARE * count);
    // When repeats have used most of the library's patterns, the template writer shares the answer (lines stay new).
    const patterns = new Set(fresh.map((c) => c.pattern)).size;
    // A trade the library lacks: its generic lines name the subject, offers and facts; the template writer only when they run out.
    // An English brief's grounded lines (the hook lines among them) fill the answer first: the template writer's are mostly loose.
    const end =
      patterns >= count || (language === 'en' && recent.size === 0)
        ? count
        : Math.min(count, written.length + Math.ceil(KIND_SHARE_WHEN_FEW * count));
    const room = () => Math.max(0, end - written.length);
    // One line in five may name nothing of the brief ("Baked this morning. Gone by noon."), a fact line first.
    // A Kiswahili quote needs no name: the library's methali come before the template writer's lines about the subject.
    let offBudget = language === 'sw' && category.id === 'quotes' && frameName === null ? count : Math.floor(OFF_SUBJECT_SHARE * count);
    // Kiswahili: at most two lines of a set open with the kind named as ours ("Kinyozi chetu: …"), so a set never reads as one template.
    const standIns = new Set(language === 'sw' ? pools.kind.filter((c) => c.standIn).map((c) => c.key) : []);
    const take = (pool: KindCandidate[], n: number) => {
      if (standIns.size === 0) return picker.take(pool, Math.min(n, room()), true);
      const got: string[] = [];
      for (let i = 0; i < Math.min(n, room()); i++) {
        const full = [...written, ...got].filter((t) => standIns.has(lineKey(t))).length >= 2;
        const one = picker.take(full ? pool.filter((c) => !c.standIn) : pool, 1, true);
        if (one.length === 0) break;
        got.push(...one);
      }
      return got;
    };
    const takeOff = (pool: KindCandidate[], n: number) => {
      const got = take(
        pool.filter((c) => !c.onSubject),
        Math.min(n, offBudget),
      );
      offBudget -= got.length;
      return got;
    };
    const factTextsOf = pools.frame.facts.map((f) => f.text.toLowerCase());
    const factCount = () => written.filter((t) => factTextsOf.some((f) => t.toLowerCase().includes(f))).length;
    const factNeed = () => Math.max(0, factShare - factCount());
    // The brief's own words first, when its clauses are clean: at most four lines of five, never two on one clause.
    const clausesUsed = new Set<string>();
    const extractiveMax = Math.min(room(), Math.floor(EXTRACTIVE_SHARE * count + 0.5));
    for (let i = 0; i < extractiveMax; i += 1) {
      const pool = pools.extractive.filter((c) => !clausesUsed.has(c.clause) && !recent.has(c.key));
      const facty = pool.filter((c) => c.usesFact);
      // The lines left must still carry the facts three lines in five need: a restated line without one waits.
      if (facty.length === 0 && factNeed() > 0 && factNeed() >= room()) break;
      const one = picker.take(facty.length > 0 && factNeed() > 0 ? facty : pool, 1, true);
      if (one.length === 0) break;
      const got =
        pools.extractive.find((c) => c.key === lineKey(one[0] as string)) ?? pool.find((c) => (one[0] as string).includes(c.text));
      if (got) clausesUsed.add(got.clause);
      written.push(...one);
    }
    written.push(
      ...take(
        about.filter((c) => c.usesFact),
        factNeed(),
      ),
    );
    written.push(
      ...takeOff(
        fresh.filter((c) => c.usesFact),
        factNeed(),
      ),
    );
    if (frameName !== null) {
      const namedNeed = () => Math.max(0, named - written.filter(isNamed).length);
      written.push(
        ...take(
          about.filter((c) => c.named && c.usesFact),
          Math.min(namedNeed(), factNeed()),
        ),
      );
      written.push(
        ...take(
          about.filter((c) => c.named),
          namedNeed(),
        ),
      );
    }
    // Then lines that name a fact in their own words before ones carrying it as a sentence of its own.
    written.push(
      ...take(
        about.filter((c) => !c.tail),
        room(),
      ),
    );
    written.push(...take(about, room()));
    written.push(
      ...takeOff(
        fresh.filter((c) => !c.tail),
        room(),
      ),
    );
  }
  // Too few lines name a fact: the template writer's lines carry one as a sentence of their own ("Open 24/7.").
  const factTexts = pools.frame?.facts.map((f) => f.text.toLowerCase()) ?? [];
  const factLines = written.filter((t) => factTexts.some((f) => t.toLowerCase().includes(f))).length;
  const factTails = pools.frame && factTexts.length > 0 ? Math.max(0, Math.ceil(FACT_SHARE * count) - factLines) : 0;
  if (factTails > 0 && pools.frame && written.length < count) {
    pools.legacy();
    const tails = pools.frame.facts
      .map((f) => factSentence(f, language === 'sw' ? 'sw' : 'en', pools.frame?.speaker))
      .filter((t): t is string => t !== null);
    const carried = pools.reduce(
      (pools.composed as Candidate[]).flatMap((c) =>
        tails.map((tail) => {
          const text = withTail(c.text, tail);
          return { ...c, text, key: lineKey(text) };
        }),
      ),
    );
    written.push(
      ...picker.take(
        carried.filter((c) => !recent.has(c.key)),
        Math.min(factTails, count - written.length),
      ),
    );
  }
  const rest = count - written.length;
  const restNamed = Math.min(
    count - written.length,
    Math.max(0, named - written.filter((t) => brief.name !== null && t.toLowerCase().includes(brief.name.toLowerCase())).length),
  );
  let composed: string[] = [...written];
  let curated: string[] = [];
  if (rest === 0) return { lines: composed, source: 'fallback' };
  // Lines with an opening or an ending, then with both, only when repeats have used up the simpler ones.
  const enough = (pool: Candidate[]) =>
    picker.freshAmong(pool) >= count && (brief.name === null || picker.freshAmong(pool.filter((c) => c.named)) >= named);
  pools.legacy();
  let fullPool = pools.composed as Candidate[];
  if (!enough(fullPool)) {
    pools.single ??= pools.reduce(composeCandidates(pools.input, 'single'));
    fullPool = [...fullPool, ...pools.single];
    if (!enough(fullPool)) {
      pools.both ??= pools.reduce(composeCandidates(pools.input, 'both'));
      fullPool = [...fullPool, ...pools.both];
    }
  }
  const curatedPool = pools.curated as Candidate[];

  if (pools.input.neutral !== null && language === 'en') {
    // The curated library first; once repeats have shown all of it, lines about "your brand".
    curated = picker.take(
      curatedPool.filter((c) => !recent.has(c.key)),
      count,
    );
    if (recent.size > 0) composed = picker.take(fullPool, count - curated.length);
    curated = curated.concat(picker.take(curatedPool, count - curated.length - composed.length));
  } else {
    if (brief.name !== null) {
      composed = composed.concat(
        picker.take(
          fullPool.filter((c) => c.named),
          restNamed,
        ),
      );
    }
    composed = composed.concat(picker.take(fullPool, count - composed.length));
    // Nothing about the brief fits (a very tight limit): the curated library fills the answer, else lines about the neutral noun.
    curated = picker.take(curatedPool, count - composed.length);
    if (composed.length + curated.length < count) {
      pools.neutral ??= pools.reduce(
        (['alone', 'single'] as const).flatMap((stage) =>
          composeCandidates({ ...pools.input, brief: understandBrief(null), neutral: CONTENT[language].neutral[category.id] }, stage),
        ),
      );
      curated = curated.concat(picker.take(pools.neutral, count - composed.length - curated.length));
    }
  }
  // Never short: when the frame's filler check has left too few, the template writer's other lines fill the answer.
  if (pools.frame && composed.length + curated.length < count) {
    // The kind's own lines that name nothing of the brief come before the template writer's neutral ones.
    const standInCount = [...composed, ...curated].filter((t) => pools.kind.some((c) => c.standIn && c.key === lineKey(t))).length;
    const kindPool = language === 'sw' && standInCount >= 2 ? pools.kind.filter((c) => !c.standIn) : pools.kind;
    curated = curated.concat(picker.take(kindPool, count - composed.length - curated.length, true));
    // English: the lines kept aside about the brief come before the library's about nothing of it ("Home is not a place.").
    if (language === 'en' && composed.length + curated.length < count) {
      allowLoose = true;
      curated = curated.concat(picker.take([...pools.kind, ...(pools.composed ?? [])], count - composed.length - curated.length, true));
    }
    curated = curated.concat(picker.take(pools.lastResort(), count - composed.length - curated.length));
    // Never short: when even the grounded lines run out, the lines the gate kept aside.
    if (composed.length + curated.length < count) {
      allowLoose = true;
      curated = curated.concat(picker.take([...pools.kind, ...(pools.composed ?? [])], count - composed.length - curated.length, true));
      curated = curated.concat(picker.take(pools.lastResort(), count - composed.length - curated.length));
    }
    // Never short, even when the sw filter (sw-fit.ts) or the message check (message-fit.ts) or the English slot gate (slot-gate.ts) has left too few.
    if (composed.length + curated.length < count) {
      const last = pools.lastResort(false);
      // English: a self-help line with a slot or "your brand" only when nothing else is left.
      if (language === 'en')
        curated = curated.concat(
          picker.take(
            last.filter((c) => !emptyTemplate(c.text)),
            count - composed.length - curated.length,
          ),
        );
      curated = curated.concat(picker.take(last, count - composed.length - curated.length));
    }
  }
  return { lines: [...composed, ...curated], source: composed.length > 0 ? 'fallback' : 'static_fallback' };
}
