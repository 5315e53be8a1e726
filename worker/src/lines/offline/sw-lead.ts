import type { CategoryId, Tone } from '@gl/core';
import lead from './content/sw-lead.json' with { type: 'json' };
import { stripSwRequest } from './brief-request';
import { swFact, swFactSentence } from './facts-sw';
import type { Frame } from './frame';
import { fromSwahili, nounEntry, singular } from './lexicon';
import { personalOccasion } from './personal-sw';
import { swFrameLines } from './sw-frames';
import { swPlainLines } from './sw-plain';
import { swSpeakerLines } from './sw-speaker';
import { beforeSecondVerb, concord, headClass, renderSw, swahiliPhrase } from './swahili';

/**
 * Kiswahili lines written from the brief's own words (issue 33), before any kind's lines: a person
 * speaks as "mimi" ("Mimi ni mwalimu wa shule ya msingi, Meru. Napenda mashairi."), a product whose
 * brief says what it lacks is sold as pure ("Asali safi kutoka Kitui. Haijaongezwa sukari wala
 * maji."), an event invites ("Karibu kwenye safari ya jahazi, Lamu!"). The patterns are data
 * (content/sw-lead.json).
 */
interface LeadPattern {
  text: string;
  cats: string[];
  when?: string;
}
const LEAD = lead as unknown as Record<'person' | 'pure' | 'event' | 'craft' | 'trip' | 'cause' | 'sheng', LeadPattern[]>;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Words of a Sheng or casual brief ("niaje", "form", "poa", "noma", "msee", "fasta", "bash"). */
export const SHENG =
  /\b(?:niaje|form|poa|noma|msee|wasee|fasta|bash|nduthi|mbogi|squad|manze|buda|dem|ganji|doh|mbao|thao|sonko|rieng|kuchill|kuparty|kujienjoy|vibe|vibes|bazenga|mathe|nipee|cheki|sheng)\b/i;

/** The brief's first clause in Kiswahili, without its request, facts and places ("fundi wa kuchonga vinyago"). */
function ownWords(frame: Frame): string | null {
  let t = stripSwRequest(frame.topic ?? '');
  for (const f of frame.facts) t = t.split(f.text).join(' ');
  const first = (t.split(/[,.;!?:]/)[0] ?? '').trim();
  const words = first.split(/\s+/).filter(Boolean);
  // Places and the name go; a trailing particle left behind goes too ("duka la" of "duka la Kahawa").
  const places = new Set(frame.places.flatMap((p) => p.toLowerCase().split(/\s+/)));
  const name = new Set((frame.name ?? '').toLowerCase().split(/\s+/).filter(Boolean));
  let kept = words.filter((w) => !places.has(w.toLowerCase()) && !name.has(w.toLowerCase()));
  // "mkunga katika hospitali ya kaunti": where the subject works is no part of what it is called.
  const where = kept.findIndex((w, i) => i > 0 && /^(?:katika|kwenye|huko|ndani)$/i.test(w));
  if (where > 0) kept = kept.slice(0, where);
  // Five of the brief's words in a row read as the brief pasted: four at most ("yoghurt ya maziwa" of "yoghurt ya maziwa ya mbuzi"), each side of a "na".
  const na = kept.findIndex((w) => w.toLowerCase() === 'na');
  kept = na > 0 ? [...kept.slice(0, na).slice(0, 4), 'na', ...kept.slice(na + 1).slice(0, 4)] : kept.slice(0, 4);
  while (kept.length > 0 && /^(?:ya|la|wa|za|cha|vya|kwa|na|mjini|huko|katika|kutoka|ni)$/i.test(kept[kept.length - 1] as string))
    kept.pop();
  const out = kept.join(' ').trim();
  return out.length > 1 && out.split(/\s+/).length <= 7 ? out : null;
}

/** What the subject is called in Kiswahili: the brief's own words (a Kiswahili brief) or the lexicon's (an English one). */
export function subjectSw(frame: Frame): string | null {
  if (frame.language === 'sw') return ownWords(frame);
  const s = frame.brief.subject;
  const words = (frame.subject ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const p = s?.sw ? { ...s.sw, plural: s.sw.plural } : words.length ? swahiliPhrase(words, false) : null;
  const own = p ? renderSw(p) : null;
  // "plumbing service": one generic word ("huduma", "shamba", "duka") says less than the kind the library matched ("fundi bomba").
  const generic = /^(?:huduma|shamba|duka|biashara|kampuni|kikundi)$/i;
  const kindNoun = frame.matched && frame.kindConfidence !== 'none' ? frame.kind.noun.sw : null;
  return own && generic.test(own) && kindNoun && !generic.test(kindNoun) ? kindNoun : own;
}

/** What a person loves or makes, in Kiswahili ("poetry" -> mashairi), never a request word or an English word left over. */
function interestOf(frame: Frame): string | null {
  for (const o of frame.brief.offers) {
    if (o.sw && o.key && nounEntry(o.key)?.kind !== 'person') return renderSw(o.sw);
    const key = singular(o.en.toLowerCase());
    const entry = nounEntry(key);
    if (entry?.sw && entry.kind !== 'person') return renderSw({ sg: entry.sw[0], pl: entry.sw[1], cls: entry.sw[2], plural: false });
  }
  return null;
}

function roleTags(frame: Frame, role: string): Set<string> {
  const text = `${frame.topic ?? ''} ${role}`.toLowerCase();
  const tags = new Set<string>();
  if (/\b(?:mwalimu|walimu|teacher|tutor|mkufunzi|lecturer)\b/.test(text)) tags.add('teacher');
  if (/\b(?:youtube|tiktok|channel|chaneli|videos?|vlog\w*|content creator|blogger|influencer)\b/.test(text)) tags.add('creator');
  if (/\b(?:mapishi|kupika|cooking|recipes?|mpishi|chef)\b/.test(text)) tags.add('cooking');
  if (/\b(?:kuchonga|mchongaji|vinyago|kinyago|carv\w+|woodcarv\w+)\b/.test(text)) tags.add('carver').add('maker');
  if (/\b(?:fundi|msanii|mshonaji|maker|artisan|potter|weaver|shanga|beadwork|handmade|kazi za mikono)\b/.test(text)) tags.add('maker');
  if (/\b(?:nesi|muuguzi|nurse|daktari|doctor|caregiver|mlezi)\b/.test(text)) tags.add('carer');
  if (/\b(?:mama|mum|mom|mother)\b/.test(text)) tags.add('mum');
  if (/\s+na\s+/.test(role)) tags.add('two');
  return tags;
}

/** The patterns of a section, those written for the brief's own tags first (a Sheng line for a Sheng brief). */
function bySpecificity(list: LeadPattern[]): LeadPattern[] {
  return [...list].sort((a, b) => (b.when ?? '').split(/\s+/).filter(Boolean).length - (a.when ?? '').split(/\s+/).filter(Boolean).length);
}

function fits(p: LeadPattern, category: CategoryId, tone: Tone, tags: Set<string>): boolean {
  if (!p.cats.includes(category)) return false;
  for (const w of (p.when ?? '').split(/\s+/).filter(Boolean)) {
    if (w === 'funny' || w === 'romantic') {
      if (tone !== w) return false;
    } else if (!tags.has(w)) return false;
  }
  return true;
}

/** Slots holding the brief's own words, written lower case inside a sentence (never a place or a fact). */
const OWN_WORDS = new Set(['event', 'product', 'role', 'interest', 'a', 'b', 'topic', 'craft', 'trip', 'vessel', 'offer', 'doing']);

function fill(text: string, slots: Record<string, string | null>): string | null {
  let missing = false;
  const out = text.replace(/\{([A-Za-z]+)\}/g, (_, k: string) => {
    const v = slots[k.toLowerCase()];
    if (v === null || v === undefined || v === '') {
      if (k.toLowerCase() !== 'fact') missing = true;
      return '';
    }
    if (/^\p{Lu}/u.test(k)) return cap(v);
    // Inside a sentence the brief's capital goes ("Karibu kwenye mashindano…"), unless the word is a name ("YouTube").
    return OWN_WORDS.has(k) && /^\p{Lu}\p{Ll}+(?:\s|$)/u.test(v) ? v.charAt(0).toLowerCase() + v.slice(1) : v;
  });
  if (missing) return null;
  return out
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,!?])/g, '$1')
    .trim();
}

/**
 * What a person says they do, in the brief's own first-person words ("nashona vitenge na suti", "nachora picha za watu"), at most
 * four words each side of a "na", never a request or a verb left hanging; null for an English brief or a brief without one.
 */
function doingOf(frame: Frame): string | null {
  if (frame.language !== 'sw') return null;
  const t = stripSwRequest(frame.topic ?? '');
  const clause = t
    .split(/[,;.!?:]+/)
    .map((c) => c.trim())
    .find((c, i) => i > 0 && /^(?:na(?!taka|omba)[a-z]{3,}a|nina)\b/i.test(c));
  if (!clause) return null;
  const words = cleanCut(clause.split(/\s+/), 4);
  if (!words || frame.places.some((p) => words.includes(p))) return null;
  return words.join(' ');
}

const PARTICLE = /^(?:ya|la|wa|za|cha|vya|kwa|na|ni|pia|kutoka|katika|kwenye|hadi)$/i;

/**
 * The longest start of a clause, at most `max` words, that ends where a phrase ends: never on a particle, never before one
 * ("mji wa kale" stays whole or goes), so a cut never garbles ("Nawapeleka wageni mji wa na dhow").
 */
export function cleanCut(words: readonly string[], max: number): string[] | null {
  for (let n = Math.min(max, words.length); n >= 2; n--) {
    const last = words[n - 1] as string;
    const next = words[n];
    if (PARTICLE.test(last) || (next !== undefined && PARTICLE.test(next) && next.toLowerCase() !== 'na')) continue;
    // "vitenge na suti": a "na" joins two things; a cut right after it, or one thing of two, is no phrase.
    if (next !== undefined && next.toLowerCase() === 'na' && n + 1 < words.length) continue;
    return words.slice(0, n);
  }
  return null;
}

/** A business's own first clause when it opens with "we" ("Tunatengeneza viatu kwa mkono"), cut clean, without its place. */
export function weDoOf(frame: Frame): string | null {
  if (frame.language !== 'sw' || frame.speaker === 'event' || frame.speaker === 'cause') return null;
  const first = (stripSwRequest(frame.topic ?? '').split(/[,;.!?:]+/)[0] ?? '').trim();
  if (!/^tu(?:na|me)\p{L}{3,}/iu.test(first)) return null;
  const places = new Set(frame.places.flatMap((p) => p.split(/\s+/)));
  const kept: string[] = [];
  for (const w of first.split(/\s+/)) {
    if (places.has(w)) break;
    kept.push(w);
  }
  // "tunasuka nywele na kufanya makeup": a second verb joined by "na" is cut off whole, never left hanging ("…na kufanya").
  const words = cleanCut(beforeSecondVerb(kept), 4);
  return words ? words.join(' ').toLowerCase() : null;
}

function personLines(frame: Frame, category: CategoryId, tone: Tone): string[] {
  const role = subjectSw(frame);
  if (!role || /^(?:mtaalamu|biashara)$/i.test(role)) return [];
  const tags = roleTags(frame, role);
  const two = /^(.+?)\s+na\s+(.+)$/.exec(role);
  const topicWord = tags.has('cooking') ? 'mapishi' : null;
  const slots: Record<string, string | null> = {
    role,
    place: frame.places[0] ?? null,
    // What they love, only when the brief says so ("who loves poetry"), never an offer ("Saturday classes").
    interest: frame.language === 'en' && /\b(?:loves?|passion(?:ate)?|into|enjoys?)\b/i.test(frame.topic ?? '') ? interestOf(frame) : null,
    a: two?.[1] ?? null,
    b: two?.[2] ?? null,
    topic: topicWord,
    doing: doingOf(frame),
  };
  const out: string[] = [];
  for (const p of bySpecificity(LEAD.person)) {
    if (!fits(p, category, tone, tags)) continue;
    const line = fill(p.text, slots);
    if (line && !out.includes(line)) out.push(line);
  }
  return out;
}

/** A negation the brief writes about a product ("haijaongezwa sukari wala maji", "no sugar added"), in Kiswahili. */
function perkOf(frame: Frame): string | null {
  for (const f of frame.facts) {
    if (f.type !== 'perk') continue;
    const sw = swFact(f);
    if (sw && /^(?:bila|haija\p{L}*|haina|hazina|haitumii|hatutumii|hatuweki)\b/iu.test(sw)) return sw;
  }
  return null;
}

function pureLines(frame: Frame, category: CategoryId, tone: Tone, perk: string): string[] {
  const product = subjectSw(frame);
  if (!product) return [];
  const tags = new Set<string>(['farm']);
  const out: string[] = [];
  for (const p of bySpecificity(LEAD.pure)) {
    if (!fits(p, category, tone, tags)) continue;
    const line = fill(p.text, { product, perk, place: frame.places[0] ?? null });
    if (line && !out.includes(line)) out.push(line);
  }
  return out;
}

function eventLines(frame: Frame, category: CategoryId, tone: Tone): string[] {
  const own = subjectSw(frame);
  // "bash ya Jamhuri Day": an event's name goes with its noun, the particle agreeing with the noun.
  const event =
    own && frame.name && frame.language === 'sw' && !own.includes(' ') ? `${own} ${concord(headClass(own), 'a')} ${frame.name}` : own;
  if (!event || fromSwahili(event)?.key === 'event' || /^(?:hafla|kampeni|tukio)$/i.test(event)) return [];
  const topic = (frame.topic ?? '').toLowerCase();
  const tags = new Set<string>();
  if (SHENG.test(topic)) tags.add('sheng');
  if (/\b(?:cruise|dhow|jahazi|boti|boat)\b/.test(topic)) tags.add('cruise');
  if (/\bdarts\b/.test(topic)) tags.add('darts');
  if (/\b(?:tournament|mashindano|ligi|league)\b/.test(topic)) tags.add('tournament');
  const facts = whenAndPrice(frame);
  const out: string[] = [];
  for (const p of bySpecificity(LEAD.event)) {
    if (!fits(p, category, tone, tags)) continue;
    // A Sheng event line only for a Sheng brief or a funny one.
    const line = fill(p.text, { event, place: frame.places[0] ?? null, fact: facts.join(' ') || null });
    if (line && !out.includes(line)) out.push(line);
  }
  return out;
}

/** An event's or a trip's price, date and hours (two at most), said as the event says them. */
function whenAndPrice(frame: Frame): string[] {
  return frame.facts
    .filter((f) => f.type === 'price' || f.type === 'date' || f.type === 'hours')
    .slice(0, 2)
    .map((f) => swFactSentence(f, { speaker: 'event' }))
    .filter((s): s is string => s !== null);
}

/** A group speaks as "we", even where its words matched a maker's kind ("pottery women's group"). */
export const GROUP =
  /\b(?:co-?op\w*|cooperative|group|kikundi|chama|ushirika|women|wanawake|akina mama|artisans|mafundi|association|self-help|band|bendi|choir|kwaya|crew|club|klabu|timu|team|sisi\s+ni)\b/i;

/** Crafts a group or co-op makes, in Kiswahili, with the class of the plural. */
const CRAFTS: [RegExp, string, string, number][] = [
  [/\b(?:beadwork|beads?|beaded|shanga)\b/i, 'shanga', 'kipande', 10],
  [/\b(?:(?:wood|stone)?carv\w+|vinyago|kinyago|soapstone)\b/i, 'vinyago', 'kinyago', 8],
  [/\b(?:baskets?|vikapu|kiondo|viondo|sisal bags?)\b/i, 'vikapu', 'kikapu', 8],
  [/\b(?:pottery|pots|vyungu)\b/i, 'vyungu', 'chungu', 8],
];

function craftLines(frame: Frame, category: CategoryId, tone: Tone): string[] {
  const topic = frame.topic ?? '';
  const craft = CRAFTS.find(([re]) => re.test(topic));
  if (!craft || !GROUP.test(topic)) return [];
  const [, sw, piece, cls] = craft;
  const tags = new Set<string>(/\b(?:co-?op\w*|cooperative|ushirika)\b/i.test(topic) ? ['coop'] : []);
  const out: string[] = [];
  for (const p of bySpecificity(LEAD.craft)) {
    if (!fits(p, category, tone, tags)) continue;
    const line = fill(p.text.replace(/\{a\}/g, concord(cls, 'a')), { craft: sw, piece, place: frame.places[0] ?? null });
    if (line && !out.includes(line)) out.push(line);
  }
  return out;
}

function tripLines(frame: Frame, category: CategoryId, tone: Tone): string[] {
  const topic = frame.topic ?? '';
  if (
    !/\b(?:cruise|boat\s+(?:trips?|rides?|tours?)|dhow|jahazi|safari\s+(?:ya|za)\s+boti|kayak\w*|canoe\w*|mtumbwi|snorkel\w*|glass[- ]bottom)\b/i.test(
      topic,
    )
  )
    return [];
  const trip = subjectSw(frame);
  const tags = new Set<string>(/\bboat|boti\b/i.test(topic) ? ['boat'] : []);
  const vessel: [string, number] = /\b(?:dhow|jahazi)\b/i.test(topic)
    ? ['jahazi', 5]
    : /\bkayak/i.test(topic)
      ? ['kayak', 9]
      : /\b(?:canoe|mtumbwi)/i.test(topic)
        ? ['mtumbwi', 3]
        : ['boti', 9];
  const facts = whenAndPrice(frame);
  const out: string[] = [];
  for (const p of bySpecificity(LEAD.trip)) {
    if (!fits(p, category, tone, tags)) continue;
    const line = fill(p.text.replace('{sp}', concord(vessel[1], 'sp')), {
      vessel: vessel[0],
      trip: trip && !/^kampuni\b/i.test(trip) ? trip : 'safari ya boti',
      place: frame.places[0] ?? null,
      fact: facts.join(' ') || null,
    });
    if (line && !out.includes(line)) out.push(line);
  }
  return out;
}

/** A harambee for someone's treatment: who it is for, as the brief names them ("mtoto Wanjiru", "Mama Atieno"). */
function causeLines(frame: Frame, category: CategoryId, tone: Tone): string[] {
  const topic = frame.topic ?? '';
  const who =
    /\b(?:matibabu|upasuaji|bili\s+za\s+hospitali|treatment|surgery|medical\s+bills?)\s+(?:ya|wa|za|for|of)\s+((?:(?:mtoto|mama|baba|bibi|babu|ndugu|dada|kaka|rafiki|mwenzetu|our|little|baby)\s+)?\p{Lu}\p{Ll}+)/u.exec(
      topic,
    )?.[1];
  if (!who) return [];
  const facts = frame.facts
    .filter((f) => f.type === 'payment' || f.type === 'goal')
    .slice(0, 1)
    .map((f) => swFactSentence(f, { group: true }))
    .filter((s): s is string => s !== null)
    .map((s) => s.replace(/^Lipa kwa/, 'Tuma kwa'));
  const out: string[] = [];
  for (const p of bySpecificity(LEAD.cause)) {
    if (!fits(p, category, tone, new Set())) continue;
    const line = fill(p.text, { who: who.replace(/^(?:our|little|baby)\s+/i, ''), fact: facts.join(' ') || null });
    if (line && !out.includes(line)) out.push(line);
  }
  return out;
}

/** Words only a Sheng brief uses (never "poa" alone: "bei poa" is everyone's). */
const SHENG_BRIEF = /\b(?:niaje|msee|wasee|fasta|form\s+ni|noma|manze|mbogi|nipee|cheki|buda|nduthi|mathe|sonko|doh|mbao|thao|fiti)\b/i;

/** A business whose brief is written in Sheng: lines in Sheng, with what it sells. */
function shengLines(frame: Frame, category: CategoryId, tone: Tone): string[] {
  const topic = frame.topic ?? '';
  if (!SHENG_BRIEF.test(topic)) return [];
  const tags = new Set<string>(/\b(?:nduthi|boda|piki)\b/i.test(topic) ? ['ride'] : []);
  let offer: string | null = null;
  for (const o of frame.brief.offers) {
    if (/\b(?:bei|poa|fasta|popote)\b/i.test(o.en) || /^(?:nduthi|boda)$/i.test(o.en)) continue;
    offer = o.sw ? renderSw({ ...o.sw, plural: true }) : frame.language === 'sw' && o.en.split(/\s+/).length <= 2 ? o.en : null;
    if (offer) break;
  }
  const out: string[] = [];
  for (const p of bySpecificity(LEAD.sheng)) {
    if (!fits(p, category, tone, tags)) continue;
    const line = fill(p.text, { offer, place: frame.places[0] ?? null });
    if (line && !out.includes(line)) out.push(line);
  }
  return out;
}

/** The lines written from the brief's own words for a Kiswahili set, best first (none when the brief is none of these). */
export function swLeadLines(frame: Frame, category: CategoryId, tone: Tone): string[] {
  if (personalOccasion(frame)) return [];
  // The subject's own speaker frame first (a group invites, a school tells parents, a service says what it does: sw-speaker.ts).
  const subject = subjectSw(frame);
  const own = swSpeakerLines(frame, category, subject);
  const lead = [...own, ...leadLines(frame, category, tone).filter((l) => !own.includes(l))];
  // The plain lines built from sure parts (sw-plain.ts) follow, so a set never runs short of lines about the brief.
  const plain = swPlainLines(frame, category, subject, GROUP.test(frame.topic ?? ''), weDoOf(frame));
  return [...lead, ...plain.filter((l) => !lead.includes(l))];
}

function leadLines(frame: Frame, category: CategoryId, tone: Tone): string[] {
  // "a bio for a community health volunteer": a person the lexicon knows speaks as "mimi", whatever speaker the brief's words suggested.
  const subjectKey = frame.brief.subject?.key;
  if (
    frame.speaker !== 'person' &&
    // Only an English brief that never says "we" ("Fundi wa magari…, tunarekebisha…" is a garage speaking).
    frame.language === 'en' &&
    !/\b(?:we|our|us)\b/i.test(frame.topic ?? '') &&
    subjectKey &&
    nounEntry(subjectKey)?.kind === 'person' &&
    !GROUP.test(frame.topic ?? '') &&
    category !== 'quotes'
  ) {
    const person = personLines(frame, category, tone);
    if (person.length > 0) return person;
  }
  const own = ownLeadLines(frame, category, tone);
  // A dinner on a romantic set: the table for two before any invitation to come with friends.
  if (tone === 'romantic' && frame.speaker === 'business' && /\b(?:chakula|dinner|dina|picnic|pikiniki)\b/i.test(frame.topic ?? ''))
    return [...swFrameLines(frame, category, tone), ...own.filter((l) => !/\b(?:marafiki|tiketi)\b/i.test(l))];
  // A business, a free campaign or a cause the sections above do not write: the sentence frames (sw-frames.ts).
  return own.length > 0 ? own : swFrameLines(frame, category, tone);
}

function ownLeadLines(frame: Frame, category: CategoryId, tone: Tone): string[] {
  if (category === 'quotes') {
    const themed = themeQuotes(frame);
    if (themed.length > 0) return themed;
  }
  if (category !== 'quotes') {
    const craft = craftLines(frame, category, tone);
    if (craft.length > 0) return craft;
    if (frame.speaker === 'cause') {
      const cause = causeLines(frame, category, tone);
      if (cause.length > 0) return cause;
    }
    const trip = tripLines(frame, category, tone);
    if (trip.length > 0) return [...trip, ...(frame.speaker === 'event' ? eventLines(frame, category, tone) : [])];
  }
  if (frame.speaker === 'business' && category !== 'quotes' && category !== 'bios') {
    const sheng = shengLines(frame, category, tone);
    if (sheng.length > 0) return sheng;
  }
  // An event the brief opens with ("Usiku wa mashairi…") invites, even where a person's kind matched its words (round 6).
  if (swOpensWithEvent(frame) && category !== 'quotes' && category !== 'bios') return eventLines(frame, category, tone);
  if (frame.speaker === 'person' && !GROUP.test(frame.topic ?? '') && category !== 'quotes') return personLines(frame, category, tone);
  const perk = perkOf(frame);
  if (perk && (frame.kind.sells === 'product' || frame.kind.sells === 'food')) return pureLines(frame, category, tone, perk);
  // An event the brief opens with ("Mashindano ya netball ya shule…") invites, whatever kind its words matched.
  const key = frame.brief.subject?.key;
  const opensWithEvent = frame.language === 'sw' && typeof key === 'string' && nounEntry(key)?.kind === 'event';
  if ((frame.speaker === 'event' || opensWithEvent) && category !== 'quotes' && category !== 'bios')
    return eventLines(frame, category, tone);
  return [];
}

/**
 * Quotes on the brief's own theme (round 6): a quote asked about learning as an adult, the courage to
 * start, planting trees or remembering someone is about that, unsigned, never a shop's proverb.
 * The first theme the brief names wins; a teacher remembered gets the teacher's lines first.
 */
const THEMES: [RegExp, string[]][] = [
  [
    /\b(?:mazishi|msiba|marehemu|kumbukumbu|funeral|memorial|in memory|rip|alifariki|tribute)\b/i,
    [
      'Mtu hafi kabisa akiwa bado anakumbukwa.',
      'Ulituachia zaidi ya kumbukumbu: ulituachia njia.',
      'Pumzika kwa amani. Upendo wako unabaki nasi.',
      'Maisha yako yalikuwa zawadi kwetu sote.',
      'Tunalia leo, lakini tunashukuru kwa kila siku tuliyokuwa nawe.',
    ],
  ],
  [
    /\b(?:miti|mti|mche|miche|trees?|mazingira|environment|reforest\w*)\b/i,
    [
      'Panda mti leo; kivuli chake ni zawadi ya kesho.',
      'Kila mche ni ahadi kwa wanaokuja baada yetu.',
      'Ardhi ikilindwa, inatulinda.',
      'Mti mmoja hauwezi kuwa msitu, lakini kila msitu ulianza na mti mmoja.',
      'Tunapanda leo ili watoto wetu wapumue kesho.',
    ],
  ],
  [
    /\b(?:ujasiri|courage|brave\w*|kuthubutu|kuanza|start\w*|begin\w*|anza)\b/i,
    [
      'Usisubiri wakati kamili. Anza na ulicho nacho.',
      'Ujasiri si kukosa hofu; ni kuanza licha ya hofu.',
      'Umri si kikwazo. Ndoto haina tarehe ya mwisho.',
      'Mwanzo ni mgumu, lakini hakuna safari inayoisha bila kuanza.',
      'Penye nia pana njia.',
    ],
  ],
  [
    /\b(?:hard\s+work|bidii|kazi\s+ngumu|kujituma|farmers?|farming|wakulima|mkulima|kilimo|harvest|mavuno)\b/i,
    [
      'Mvumilivu hula mbivu.',
      'Jasho la leo ni mavuno ya kesho.',
      'Mbegu ya bidii haiozi ardhini.',
      'Shamba halidanganyi: unavuna ulichopanda.',
      'Kazi ya mikono yako ndiyo chakula cha taifa.',
    ],
  ],
  [
    /\b(?:kusoma|kujifunza|wanaojifunza|masomo|elimu|learn\w*|study\w*|reading|literacy|adult education)\b/i,
    [
      'Kujifunza hakuna umri; kila ukurasa ni hatua mbele.',
      'Haijalishi ulianza lini. Kinachojalisha ni kwamba umeanza.',
      'Usione aibu kuuliza; aibu ni kuacha kujifunza.',
      'Herufi moja leo, kitabu kizima kesho.',
      'Haba na haba hujaza kibaba: somo moja kila siku.',
    ],
  ],
];
const TEACHER_REMEMBERED = ['Aliyeishi kwa kufundisha anaendelea kuishi kwa aliowafundisha.', 'Kila somo ulilotufundisha ni urithi wetu.'];

function themeQuotes(frame: Frame): string[] {
  const topic = frame.topic ?? '';
  for (const [re, lines] of THEMES) {
    if (!re.test(topic)) continue;
    if (re === THEMES[0]?.[0] && /\b(?:mwalimu|teacher|headteacher)\b/i.test(topic)) return [...TEACHER_REMEMBERED, ...lines];
    return [...lines];
  }
  return [];
}

/** A Kiswahili brief whose subject is an event ("Usiku wa mashairi…", "Semina ya wakulima…"). */
export function swOpensWithEvent(frame: Frame): boolean {
  const key = frame.brief.subject?.key;
  return frame.language === 'sw' && typeof key === 'string' && nounEntry(key)?.kind === 'event';
}
