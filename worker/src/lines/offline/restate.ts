import type { CategoryId, Tone } from '@gl/core';
import type { Frame } from './frame';
import { briefClauses, briefShare, splitClauses, tidy, type Clause, type ExtractiveCandidate } from './brief-clauses';
import { ctaFits, factSentence } from './kind-writer';
import { wholePiece } from './piece-check';
import { lineKey } from './text';

/**
 * Sentence-level restatement (issue 33, English): the backbone of an English answer. The brief's
 * own clauses, cleaned (sentence case, places and days capitalised, texting spelled out: "ur" ->
 * "your", "mon to sat" -> "Mon to Sat"), said by the right speaker, and put two at a time: what the
 * subject is with one fact or promise exactly as written ("Second-hand film cameras in Glasgow.
 * 6-month guarantee."), a promise with a fact, an event's name with its date, a cause's aim with
 * the act it asks for. No stock tail ("Say hello", "Made with care") is ever added: every sentence
 * of a line is the brief's.
 */

/** Texting and shorthand a line spells out. */
const TEXTING: [RegExp, string][] = [
  // Only a lower-case "ur" or "u" standing alone: never the letter of a name ("U-Haul", "Club U", "U.S.").
  [/(?<![\p{L}\p{N}'’.-])ur(?![\p{L}\p{N}'’.-])/gu, 'your'],
  [/(?<![\p{L}\p{N}'’.-])u(?![\p{L}\p{N}'’.-])/gu, 'you'],
  [/\bpls\b|\bplz\b/gi, ''],
  [/\bthru\b/gi, 'through'],
  [/\btmrw\b/gi, 'tomorrow'],
  [/\bw\/e\b/gi, 'weekend'],
  [/\b&\b/g, 'and'],
];
const DAY_NAMES = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'mondays',
  'tuesdays',
  'wednesdays',
  'thursdays',
  'fridays',
  'saturdays',
  'sundays',
  'january',
  'february',
  'april',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const ABBR = 'mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun';
/** Day and month names; a day's short form only in a range or a list ("mon to sat", "sat & sun"), never "the sun". */
const DAY_WORD = new RegExp(
  `\\b(?:${DAY_NAMES.join('|')})\\b|\\b(?:${ABBR})\\b(?=\\s*(?:-|–|to|till|until|&|and|,)\\s*(?:${ABBR})\\b)|(?<=\\b(?:${ABBR})\\s*(?:-|–|to|till|until|&|and|,)\\s*)(?:${ABBR})\\b`,
  'gi',
);
const dayCase = (w: string) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();

/** A brief's words as a business would print them: texting spelled out, days, months and places capitalised. */
export function spellOut(text: string, places: readonly string[] = []): string {
  let t = text;
  for (const [re, to] of TEXTING) t = t.replace(re, to);
  t = t.replace(DAY_WORD, dayCase);
  // "mpesa", "m-pesa" -> "M-Pesa"; "kra" -> "KRA"; "kcse" -> "KCSE".
  t = t
    .replace(/\bm-?pesa\b/gi, 'M-Pesa')
    .replace(/\b(kra|kcse|kcpe|icu|ksh)\b/gi, (w) => (w.toLowerCase() === 'ksh' ? 'KSh' : w.toUpperCase()));
  for (const p of places) {
    const proper = p
      .split(/\s+/)
      .map((w) => (/^\p{Ll}/u.test(w) && !/^(?:de|da|la|le|of|the|na|wa)$/.test(w) ? w.charAt(0).toUpperCase() + w.slice(1) : w))
      .join(' ');
    t = t.replace(new RegExp(`\\b${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'gi'), proper);
  }
  t = t
    .replace(/\bi\b/g, 'I')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.])/g, '$1')
    .trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** A line with the brief's texting spelled out, only for the shorthand the brief itself uses ("ur", "mon to sat"). */
export function spellOutLine(line: string, topic: string | null | undefined, places: readonly string[] = []): string {
  const t = topic ?? '';
  let out = line;
  for (const [re, to] of TEXTING) {
    if (!to || !new RegExp(re.source, re.flags.replace('g', '')).test(t)) continue;
    out = out.replace(re, to);
  }
  if (new RegExp(DAY_WORD.source, 'i').test(t)) out = out.replace(DAY_WORD, dayCase);
  if (/\bm-?pesa\b/.test(t)) out = out.replace(/\bm-?pesa\b/gi, 'M-Pesa');
  for (const p of places) {
    if (!/^\p{Ll}/u.test(p)) continue;
    const proper = p.replace(/(^|\s)(\p{Ll})/gu, (_, sp: string, c: string) => `${sp}${c.toUpperCase()}`);
    out = out.replace(new RegExp(`\\b${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'g'), proper);
  }
  return out;
}

/** Stock tails that stand in for a message: a line whose sentence is one of them is never written (English). */
export const STOCK_TAIL =
  /(?:^|[.!?:—–-]\s*)(?:say hello|say hi|come and say hello|made with care|worth the visit|worth it|come and see(?: it| us)?(?: in [\p{L} ]+)?|welcome|let's talk(?: about your project)?|good to meet you|glad you're here|that's me|send us a message(?: today)?|good, and proud of it|real care|visit the shop|happy to connect|this is [\p{L}' ]+)[.!]?(?=\s*(?:$|[\p{Extended_Pictographic}#]))/iu;

/** A shop's words a cause never says ("Order today.", "Call us today.", "Send us a message to order."). */
const SHOP_TALK =
  /\b(?:order (?:today|now)|send us a message to order|call us today|shop now|buy now|visit the shop|book a full detail|fairly priced|low price)\b/i;

/** Whether a line talks like a shop for a brief that is a cause. */
export function shopTalkForCause(text: string, frame: Frame): boolean {
  return causeLike(frame) && SHOP_TALK.test(text);
}

/** Whether an English line ends on (or is) a stock tail. */
export function hasStockTail(text: string): boolean {
  return STOCK_TAIL.test(text.trim());
}

/** Share of the brief's content words a restated line of two sentences may hold. */
const RESTATE_SHARE = 0.9;
/** Share a restated line of one sentence may hold (a clause said again, never the whole brief). */
const SINGLE_SHARE = 0.75;

const end = (t: string) => (/[.!?…]$/.test(t) ? t : `${t}.`);
const wordCount = (t: string) => t.split(/\s+/).filter(Boolean).length;
const SWAHILI_WORDS = /\b(?:kila|tuna\w+|asubuhi|jioni|bei|kwa|sana|yetu|wetu|karibu|na\s+\w+ni|moto|leo|kesho)\b/i;
/** A verb's base form from its third person ("invests" -> "invest", "fixes" -> "fix", "makes" -> "make"). */
function baseVerb(v: string): string {
  if (/(?:ss|sh|ch|x|z|o)es$/.test(v)) return v.slice(0, -2);
  if (/[^aeiou]ies$/.test(v)) return `${v.slice(0, -3)}y`;
  return v.replace(/s$/, '');
}

/** A clause that is no sentence on its own: a lone preposition phrase, a verb piece, a number. */
const FRAGMENT = /^(?:and|or|but|with|for|of|to|at|in|on|by|from|including|plus|so|then|also|because|which|who|that)\b/i;

interface Sentence {
  text: string;
  kind: Clause['kind'] | 'act';
  fact: boolean;
}

/** What a cause asks its reader to do, from what it is (a petition is signed, a fundraiser given to). */
function causeAct(frame: Frame): string | null {
  const t = (frame.topic ?? '').toLowerCase();
  if (/\bpetition\b/.test(t)) return 'Sign the petition.';
  if (/\bblood\b/.test(t)) return 'Give blood.';
  if (/\b(?:fundraiser|fundraising|harambee|appeal|donat)/.test(t)) return 'Give what you can.';
  if (/\b(?:campaign|clean-?up|drive|movement)\b/.test(t)) return 'Join us.';
  return null;
}

/**
 * The bound on reusing the brief (DESIGN §13, "never pastes a topic of five or more words whole"):
 * a restated line may say one of the brief's own clauses again ("I teach piano to adult beginners
 * online."), but never the whole topic and never most of it: at most `MAX_IN_ORDER` of the brief's
 * words, counted in the brief's order (the longest common subsequence of words), in one line; a
 * short brief (a headline of under ten words) at most all but two of them.
 */
export const MAX_IN_ORDER = 0.7;
const briefWordsOf = (t: string) => t.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];

/** Share of the brief's words a line holds in the brief's order (0 to 1). */
export function inOrderShare(line: string, topic: string | null): number {
  const b = briefWordsOf(topic ?? '');
  const l = briefWordsOf(line);
  if (b.length === 0 || l.length === 0) return 0;
  let prev = new Array<number>(l.length + 1).fill(0);
  for (let i = 1; i <= b.length; i += 1) {
    const cur = new Array<number>(l.length + 1).fill(0);
    for (let j = 1; j <= l.length; j += 1)
      cur[j] = b[i - 1] === l[j - 1] ? (prev[j - 1] ?? 0) + 1 : Math.max(prev[j] ?? 0, cur[j - 1] ?? 0);
    prev = cur;
  }
  return (prev[l.length] ?? 0) / b.length;
}

/**
 * Whether a line holds five words of the brief in a row. DESIGN §13 asks only that the whole topic
 * never be pasted (`tooMuchOfBrief`); the writer's tests (offline-generator, writer-x, writer-en)
 * still hold every line to this stricter run of five, so restatement keeps it until they change.
 */
function runOfFive(line: string, topic: string | null): boolean {
  const brief = briefWordsOf(topic ?? '');
  if (brief.length < 5) return false;
  const runs = new Set<string>();
  for (let i = 0; i + 5 <= brief.length; i += 1) runs.add(brief.slice(i, i + 5).join(' '));
  const all = briefWordsOf(line);
  for (let i = 0; i + 5 <= all.length; i += 1) if (runs.has(all.slice(i, i + 5).join(' '))) return true;
  return false;
}

/** Whether a line says too much of the brief back: the whole topic of five or more words, or most of it in order. */
export function tooMuchOfBrief(line: string, topic: string | null): boolean {
  const b = briefWordsOf(topic ?? '');
  if (b.length < 5) return false;
  if (` ${briefWordsOf(line).join(' ')} `.includes(` ${b.join(' ')} `)) return true;
  // A short brief (a headline) may keep all but two of its words ("ICU nurse. Wedding photographer on weekends.").
  const limit = b.length <= 10 ? b.length - 2 : Math.floor(MAX_IN_ORDER * b.length);
  return Math.round(inOrderShare(line, topic) * b.length) > limit;
}

/**
 * The frame without the facts that belong to another role the brief names ("wedding photographer on
 * weekends": the weekends are the photographer's, never the ICU nurse's). Lines built from the
 * frame's parts (hook-lines, the kinds library) get this frame; restatement keeps the fact in its
 * own sentence.
 */
export function withoutForeignFacts(frame: Frame): Frame {
  if (frame.language !== 'en' || frame.facts.length === 0 || frame.speaker !== 'person') return frame;
  const clauses = splitClauses(frame.topic);
  const subject = (frame.subject ?? '').toLowerCase();
  const foreign = (text: string) => {
    const clause = clauses.find((c) => c.toLowerCase().includes(text.toLowerCase()));
    if (!clause || (subject && clause.toLowerCase().includes(subject))) return false;
    const rest = clause.replace(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'), ' ').trim();
    // The rest of its clause is a role of its own: "wedding photographer" (never "loans for riders").
    return /^(?:an?\s+)?(?:[\p{L}-]+\s+){0,2}\p{L}+(?:er|or|ist|ian|DJ|MC)$/iu.test(rest) && !/\b(?:for|to|with|and)\b/i.test(rest);
  };
  const facts = frame.facts.filter((f) => !(['hours', 'date', 'duration'].includes(f.type) && foreign(f.text)));
  return facts.length === frame.facts.length ? frame : { ...frame, facts };
}

/** A brief for a cause, whoever the reader took for the speaker ("Petition to …", "Campaign to …"). */
export function causeLike(frame: Frame): boolean {
  return (
    frame.speaker === 'cause' ||
    /^(?:a\s+|our\s+)?(?:petition|campaign|fundraiser|fundraising|clean-?up|harambee|appeal)\b/i.test(frame.topic ?? '')
  );
}

/** A cause's own call in its brief ("sign at the chief's office", "donate at …"). */
const CAUSE_CALL = /^(?:sign|give|donate|join|volunteer|vote|pledge|share|march|plant)\b/i;

/**
 * The line with every run of five of the brief's words broken, the way a sign shortens a sentence
 * (no article to open a sentence, "in Glasgow" as ", Glasgow"); null when a run is left (the
 * pasted-topic rule: never the whole topic, never most of it in order; see `MAX_IN_ORDER`).
 */
function breakRuns(line: string, topic: string | null, places: readonly string[]): string | null {
  if (!tooMuchOfBrief(line, topic) && !runOfFive(line, topic)) return line;
  let out = line.replace(/(^|[.!?]\s+)(?:A|An|The)\s+(\p{L})/gu, (_, a: string, c: string) => `${a}${c.toUpperCase()}`);
  if (!tooMuchOfBrief(out, topic) && !runOfFive(out, topic)) return out;
  for (const p of places) {
    const esc = p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`\\s+(?:in|at|from|across)\\s+(${esc})(?=[.!?,])`, 'g'), ', $1');
  }
  // A venue the reader took for no place ("at Moi University"): ", Moi University".
  out = out.replace(/\s+(?:in|at)\s+((?:The\s+)?\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*)(?=[.!?])/gu, ', $1');
  return tooMuchOfBrief(out, topic) || runOfFive(out, topic) ? null : out;
}

/** The speaker's own sentences: the brief's clauses, cleaned, in order; the identity first. */
function sentencesOf(frame: Frame): { lead: Sentence | null; rest: Sentence[] } {
  const clauses = briefClauses(frame);
  const facts = frame.facts.map((f) => f.text.toLowerCase());
  let lead: Sentence | null = null;
  const rest: Sentence[] = [];
  const seen = new Set<string>();
  for (const c of clauses) {
    if (c.kind === 'noise' || c.kind === 'audience') continue;
    let text = spellOut(c.text, frame.places);
    if (wordCount(text) < 2 && c.kind !== 'fact') continue;
    if (FRAGMENT.test(text) || /[&|/]$/.test(text)) continue;
    if (c.kind !== 'fact' && !wholePiece(text)) continue;
    // A person never says "we"; a business or event never "I".
    if (frame.speaker === 'person' && /\b(?:we|our|us)\b/i.test(text)) continue;
    if (frame.speaker !== 'person' && /\b(?:I|my|me)\b/.test(text)) continue;
    // "Petition to put streetlights on …": the cause's aim, said as the aim.
    if (causeLike(frame)) text = text.replace(/^(?:a\s+)?(?:petition|campaign)\s+to\s+/i, '');
    text = text.charAt(0).toUpperCase() + text.slice(1);
    const key = text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const fact = facts.some((f) => key.includes(f));
    const s: Sentence = { text: end(text), kind: causeLike(frame) && CAUSE_CALL.test(text) ? 'cta' : c.kind, fact };
    if (lead === null && c.kind === 'identity' && !fact) lead = s;
    else if (lead === null && c.kind === 'identity' && fact) {
      // "24-hour turnaround document translation for NGOs": what it is, and its fact as a sentence of its own.
      const f = frame.facts.find((x) => key.includes(x.text.toLowerCase()));
      const bare = f ? tidy(text.replace(new RegExp(f.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'), ' ')) : null;
      if (bare && wordCount(bare) >= 2 && !FRAGMENT.test(bare) && wholePiece(bare))
        lead = { text: end(bare.charAt(0).toUpperCase() + bare.slice(1)), kind: 'identity', fact: false };
      else rest.push(s);
    } else rest.push(s);
  }
  // No clause says what it is ("I teach piano to adult beginners online"): the frame's subject does ("Piano teacher.").
  if (lead === null && frame.subject && frame.subject.split(/\s+/).length >= 2 && wholePiece(frame.subject) && !causeLike(frame)) {
    const s = spellOut(frame.subject, frame.places);
    if (!rest.some((r) => r.text.toLowerCase().startsWith(s.toLowerCase())))
      lead = { text: end(s.charAt(0).toUpperCase() + s.slice(1)), kind: 'identity', fact: false };
  }
  // A fact the clauses do not hold as written, as a sentence of its own.
  for (const f of frame.facts) {
    if (rest.some((s) => s.text.toLowerCase().includes(f.text.toLowerCase())) || lead?.text.toLowerCase().includes(f.text.toLowerCase()))
      continue;
    const s = factSentence(f, 'en', frame.speaker);
    if (s) rest.push({ text: spellOut(s, frame.places), kind: 'fact', fact: true });
  }
  // A brief of one clause ("sign language interpreter for conferences and weddings"): what it is, and what it does or for whom.
  if (lead && rest.length === 0) {
    // "… who tutors maths after school": a person says it ("I tutor maths after school."), a business as "we".
    const who = /^(.+?)\s+(?:who|that)\s+(\p{Ll}+s)\s+(.+)\.$/u.exec(lead.text);
    const verb = baseVerb(who?.[2] ?? '');
    if (who && wordCount(who[1] as string) >= 2 && !/^(?:sell|make|bake|offer|serve)$/.test(verb) && frame.speaker !== 'cause') {
      lead = { ...lead, text: `${who[1]}.` };
      // "… and invests the change": every verb of the clause agrees with "We" / "I".
      const tail = (who[3] as string).replace(/\b(and|or|then)\s+(\p{Ll}+s)\b/gu, (_, c: string, v: string) => `${c} ${baseVerb(v)}`);
      rest.push({ text: `${frame.speaker === 'person' ? 'I' : 'We'} ${verb} ${tail}.`, kind: 'vivid', fact: false });
    }
  }
  if (lead && rest.length === 0) {
    const m =
      /^(.+?)\s+(?:(for|serving)\s+|(?:that|who|which)\s+(?:sells?|makes?|bakes?|offers?|serves?)\s+|(?:selling|making|baking|offering|serving)\s+)(.+)\.$/i.exec(
        lead.text,
      );
    if (m && wordCount(m[1] as string) >= 2 && wordCount(m[3] as string) >= 2) {
      const head = `${m[1]}.`;
      const tail = m[3] as string;
      lead = { ...lead, text: head };
      rest.push({ text: end(tail.charAt(0).toUpperCase() + tail.slice(1)), kind: m[2] ? 'audience' : 'offer', fact: false });
    }
  }
  let act = causeLike(frame) ? causeAct(frame) : null;
  // "Sign the petition." and "Sign at the chief's office." are one call: "Sign the petition at the chief's office."
  const where = act === 'Sign the petition.' ? rest.findIndex((x) => /^sign\s+(?:at|in|on|by|outside)\b/i.test(x.text)) : -1;
  if (act && where >= 0) {
    act = `Sign the petition ${(rest[where] as Sentence).text.replace(/^sign\s+/i, '')}`;
    rest.splice(where, 1);
  }
  if (act && !rest.some((s) => s.text === act)) rest.push({ text: act, kind: 'act', fact: false });
  return { lead, rest };
}

/** The lead without a trailing place or audience, for a tight line ("Sourdough bakery in Bristol" -> "Sourdough bakery"). */
function tightLead(lead: string, frame: Frame): string | null {
  const body = lead.replace(/\.$/, '');
  for (const p of frame.places) {
    const cut = body.replace(new RegExp(`\\s+(?:in|at|across|from)\\s+${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\s+\\S+)?$`, 'i'), '');
    if (cut !== body && wordCount(cut) >= 2) return `${cut}.`;
  }
  // "Put streetlights on Jogoo Road before the rainy season" -> "Put streetlights on Jogoo Road".
  const timeCut = body.replace(/\s+(?:before|by|until|after|during)\s+(?:the\s+)?[\p{L}\s-]+$/u, '');
  if (timeCut !== body && wordCount(timeCut) >= 3) return `${timeCut}.`;
  return null;
}

/** The restated lines for a frame, category and tone (English briefs only). */
export function restateCandidates(frame: Frame, category: CategoryId, tone: Tone): ExtractiveCandidate[] {
  if (frame.language !== 'en' || !frame.topic || SWAHILI_WORDS.test(frame.topic)) return [];
  const { lead, rest } = sentencesOf(frame);
  if (!lead && rest.length === 0) return [];
  const out: ExtractiveCandidate[] = [];
  const seen = new Set<string>();
  const name = frame.name;
  const add = (sentences: Sentence[], pattern: string, richness = 2) => {
    const line = breakRuns(
      sentences
        .map((s) => s.text)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
      frame.topic,
      frame.places,
    );
    if (line === null) return;
    if (wordCount(line) < 3 || hasStockTail(line)) return;
    // A restatement leaves part of the brief out (never the whole brief back); two sentences may hold more than a clause line.
    // A short brief may be said all again in sentences of its own ("ICU nurse, Kericho. Wedding photographer on weekends.").
    const share = briefShare(line, frame.topic);
    const headline = wordCount(frame.topic ?? '') <= 10;
    if (share > (headline ? 1 : sentences.length > 1 ? RESTATE_SHARE : SINGLE_SHARE)) return;
    const key = lineKey(line);
    if (seen.has(key)) return;
    seen.add(key);
    const usesFact = sentences.some((s) => s.fact);
    out.push({
      text: line,
      key,
      base: `r:${key}`,
      parts: sentences.slice(1).map((s) => `r-part:${lineKey(s.text)}`),
      usesWord: false,
      composed: true,
      richness,
      named: name !== null && line.includes(name),
      pattern: `r:${pattern}`,
      usesFact,
      tail: false,
      standIn: false,
      onSubject: true,
      // One line an answer opens on each sentence ("Second-hand film cameras in Glasgow." leads once).
      // (what it is, twice at most: once with a fact, once with a claim).
      clause:
        sentences[0]?.kind === 'identity'
          ? `r:lead:${sentences[1]?.fact ? 'fact' : sentences[1]?.kind === 'cta' || sentences[1]?.kind === 'act' ? 'call' : 'claim'}`
          : `r:${lineKey(sentences[0]?.text ?? '')}`,
    });
  };
  const ctaOk = (s: Sentence) => (s.kind !== 'cta' && s.kind !== 'act') || ctaFits(s.text, frame) || s.kind === 'act';
  const cause = causeLike(frame);
  const wantsCta = category === 'adlines' || category === 'captions' || frame.speaker === 'event' || cause;
  const body = rest.filter((s) => s.kind !== 'cta' && s.kind !== 'act');
  const calls = rest.filter((s) => (s.kind === 'cta' || s.kind === 'act') && ctaOk(s));
  const facts = body.filter((s) => s.fact);
  const claims = body.filter((s) => !s.fact);
  // What it is without its place, for a tight line or one whose whole would repeat the brief ("ICU nurse. Wedding photographer on weekends.").
  const tight = lead ? tightLead(lead.text, frame) : null;
  const leads: Sentence[] = lead ? [lead, ...(tight ? [{ ...lead, text: tight }] : [])] : [];

  if (category === 'quotes') {
    // A quote is a short, true statement of the brief's own promise or belief, never a template about a noun.
    const said = claims.filter((c) => c.kind === 'vivid' || c.kind === 'promise' || c.kind === 'offer');
    for (const c of said) if (wordCount(c.text) <= 14) add([c], 'q-claim', 3);
    // A cause's aim is its belief ("Keep Ngong Road Forest free of new buildings."), with the act it asks for.
    if (cause && lead) {
      add([lead], 'q-aim', 3);
      for (const c of calls) add([lead, c], 'q-aim-call', 3);
    }
    for (const c of said) for (const f of facts) add([c, f], 'q-claim-fact', 2);
    if (lead) for (const c of said) add([lead, c], 'q-lead', 1);
    return out;
  }
  // What it is, with one fact or promise exactly as written.
  for (const l of leads) {
    for (const s of body) add([l, s], `lead-${s.fact ? 'fact' : 'claim'}`, s.fact ? 3 : 2);
    if (wantsCta) for (const c of calls) add([l, c], 'lead-call', 2);
  }
  // A promise or picture with a fact ("Every camera tested with a roll of film. 6-month guarantee.").
  for (const c of claims) for (const f of facts) add([c, f], 'claim-fact', 3);
  // Two facts together ("Open Mon to Sat 6am to 2pm. Pay by M-Pesa.").
  for (let i = 0; i + 1 < facts.length; i += 1) add([facts[i] as Sentence, facts[i + 1] as Sentence], 'fact-fact', 2);
  // Two facts together ("Friday 20 June. Doors 8pm.") with what it is, for an event.
  if (lead && facts.length >= 2 && frame.speaker === 'event') add([lead, facts[0] as Sentence, facts[1] as Sentence], 'lead-facts', 3);
  if (wantsCta) for (const s of body) for (const c of calls) if (s.kind !== 'identity' || !s.fact) add([s, c], 'claim-call', 2);
  // A cause's call on its own ("Sign the petition at the chief's office.").
  if (cause) for (const c of calls) add([c], 'call', 1);
  // A bio's headline: what the person is, and their second line ("ICU nurse in Kericho. Wedding photographer on weekends.").
  for (const s of claims) if (s.kind === 'vivid' || s.kind === 'promise') add([s], 'claim', 1);
  if (lead) add([lead], 'lead', 0);
  // A romantic or inspirational set says it plainly; a funny one keeps the brief's own words (no joke pasted on).
  void tone;
  return out;
}
