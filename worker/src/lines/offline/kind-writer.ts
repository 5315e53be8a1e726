import type { CategoryId, Tone } from '@gl/core';
import type { Candidate } from './compose';
import { indefinite, offerFits } from './english';
import { swFact, swFactSentence } from './facts-sw';
import type { Fact, Frame } from './frame';
import { cutFromBrief } from './frame-guard';
import { genericKind, plain } from './kinds';
import { personalLines, personalOccasion } from './personal-sw';
import { swLineFits } from './sw-fit';
import { swNounPhrase } from './sw-frames';
import { swLeadLines } from './sw-lead';
import type { Kind, Pattern } from './kinds.schema';
import { slotsOf } from './kinds.schema';
import { looksPlural, nounEntry, singular } from './lexicon';
import { renderSw, swAgreeStandIn, swahiliPhrase, swHolidayName, swOurs } from './swahili';
import { lineKey } from './text';

/**
 * Lines written from a brief's frame and the kinds library (issue 33): the patterns of the brief's
 * kind (then of the generic kind for its speaker, true of any such subject) for the category and
 * tone, each filled only with slots the frame has. A line that names no fact may carry one as a
 * short sentence of its own ("Open 24/7.", "No call-out fee."), so a brief's facts reach most lines.
 */
export interface KindCandidate extends Candidate {
  /** The pattern it is written from (no pattern twice in a set). */
  pattern: string;
  /** Whether it uses one of the brief's facts, as written. */
  usesFact: boolean;
  /** Whether the fact is a sentence added after the pattern ("Open 24/7."). */
  tail: boolean;
  /** Whether the subject stands in for a name the brief does not give. */
  standIn: boolean;
  /** Whether it names the brief: its name, subject, an offer or a place. */
  onSubject: boolean;
}

type Lang = 'en' | 'sw';

function factIn(fact: Fact, lang: Lang): string | null {
  if (lang === 'en') return fact.text;
  // Kiswahili lines say a fact in Kiswahili ("KSh 500 kila wiki", "kila Alhamisi", "ndani ya saa 48"), never in English.
  return swFact(fact);
}

/** A line with a sentence after it, before any emoji it ends with ("Love from Kilimani. Open daily. 💛"). */
export function withTail(text: string, tail: string): string {
  const emoji = /(\s*(?:\p{Extended_Pictographic}\uFE0F?)+)$/u.exec(text)?.[1] ?? '';
  const body = text.slice(0, text.length - emoji.length).trimEnd();
  return `${/[.!?…]$/.test(body) ? body : `${body}.`} ${tail}${emoji}`;
}

/** A fact as a short sentence of its own, to follow a line that names none (`group`: a chama, a church or a cause: "Mchango: …"; `from`: a starting price). */
export function factSentence(
  fact: Fact,
  lang: Lang,
  speaker: Frame['speaker'] = 'business',
  offer: string | null = null,
  group = false,
  from = false,
): string | null {
  if (lang === 'sw') return swFactSentence(fact, { group, from, speaker });
  const text = factIn(fact, lang);
  if (text === null) return null;
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const amount = (t: string) => t.replace(/^.*?(?=(?:KSh|Kshs?|KES|Ksh\.|Sh\.?|Tsh|TZS|UGX|USD|US\$|EUR|GBP|\$|£|€))/i, '');
  // A goal the brief writes as a target ("target KSh 80,000") is said as written.
  if (fact.type === 'goal') return /^target\b/i.test(text) ? `${cap(text)}.` : `Target: ${amount(text)}.`;
  switch (fact.type) {
    case 'price':
      return fact.of ? `${cap(fact.of)}: ${text}.` : `From ${text}.`;
    case 'payment':
      return /^(?:pay|lipa)/i.test(text) ? `${cap(text)}.` : `Pay by ${text}.`;
    case 'hours':
      // "Every Sunday" may be when a chama meets or a baker bakes: only opening hours say "Open".
      return /^open/i.test(text) || /^(?:every|on)\b|\bof the month\b/i.test(text) ? `${cap(text)}.` : `Open ${text}.`;
    case 'duration':
      // "Loans in 24 hours.", "School uniforms in one day.": what is done in that time, when the brief names it.
      if (offer && /^(?:in|within|under)\b/i.test(text)) return `${cap(offer)} ${text}.`;
      return /^(?:in|within|under|while)\b/i.test(text) ? `Done ${text}.` : `${cap(text)}.`;
    case 'date':
      return /^(?:this|next)\b/i.test(text) || /\d\s?(?:-|–|to)\s?\d/.test(text) ? `${cap(text)}.` : `On ${text}.`;
    case 'perk':
      // "comes to your driveway" says who comes: "We come to your driveway." ("I" for a person).
      if (/^come\s+to\b/i.test(text)) return `${speaker === 'person' ? 'I' : 'We'} ${text}.`;
      return `${cap(text)}.`;
    default:
      return `${cap(text)}.`;
  }
}

interface Fill {
  name: string | null;
  /** What stands in for a missing name: at a line's start ("Our bakery", "Wedding DJ"), and inside one (null: nothing). */
  standIn: { start: string; mid: string | null } | null;
  offer: string | null;
  fact: Fact | null;
  place: string | null;
  audience: string | null;
  /** What the subject is, as the brief writes it ("septic tank emptying"), or null. */
  subject: string | null;
  customer: string;
  cta: string;
  speaker: Frame['speaker'];
  /** A chama, church or cause: a price is a contribution ("Mchango: KSh 500 kila wiki."). */
  group: boolean;
  /** The brief gives its price as a starting price ("kuanzia KSh 800", "from KSh 500"). */
  from: boolean;
}

function capFirst(s: string): string {
  // A name written with an inner capital keeps its case ("iPhone cases", "eBay").
  if (/^\P{L}*\p{Ll}+\p{Lu}/u.test(s)) return s;
  return s.replace(/^(\P{L}*)(\p{L})/u, (_, a: string, b: string) => a + b.toUpperCase());
}

/** Articles that agree with what a slot put after them; spacing and sentence capitals after the fill. */
function tidyLine(text: string, lang: Lang): string {
  let t = text
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,!?;:])/g, '$1')
    .replace(/([.!?])\.+/g, '$1')
    .replace(/,\./g, '.')
    .replace(/\.\s*,/g, '.')
    .trim();
  if (lang === 'en')
    t = t.replace(/\b([Aa])n? ([\p{L}\d][\p{L}\d'’-]*)/gu, (m, a: string, w: string) => {
      const article = indefinite(w);
      return `${a === 'A' ? capFirst(article) : article} ${w}`;
    });
  // Initialisms the brief may have written in lower case ("dj", "mc", "kcse").
  if (lang === 'en')
    t = t.replace(/\b(?:dj|mc|ceo|kcse|kcpe|sme|smes|ngo|ngos|it|seo|ui|ux|cpa|kra|hr)\b/gi, (w) =>
      w === 'it' || w === 'It' ? w : w.toUpperCase().replace(/S$/, (x) => (w.endsWith('s') ? 's' : x)),
    );
  // A capital after a sentence's end (a slot may start a sentence).
  t = t.replace(/([.!?]\s+)(\p{Ll})(?!\p{Ll}*\p{Lu})/gu, (_, a: string, b: string) => a + b.toUpperCase());
  return capFirst(t);
}

/** Where a line says "in" a place that takes "at" ("at Kenyatta Hospital", "at Sarit Centre"). */
const AT_PLACE =
  /\b(?:hospital|stadium|park|gardens|hall|centre|center|mall|market|grounds|hotel|church|school|airport|beach|square|station|estate|club|arena|university|college|cathedral|mosque|museum)$/i;

/** A subject that names a place or an organisation, not a job done. */
const INSTITUTION =
  /(?:clinic|campaign|company|firm|shop|store|agency|group|centre|center|studio|salon|software|app|platform|club|school|academy|van|truck|cottage|hotel|house|hospital|practice|barbershop|kitchen|restaurant|cafe|bakery|co-op|cooperative|sacco|chama|team|church|gym|farm|garage|lodge|camp|tournament|marathon|run|festival|shelter)$/i;
/** Patterns that use the subject as the job itself. */
const ACTIVITY_SLOT =
  /only do \{subject\}|\{Subject\} (?:without|is all|from people)|brags about their \{subject\}|\{subject\} job|Good \{subject\} (?:is|shouldn)|handles \{subject\}|trust us with \{subject\}|Booked, done, paid\. \{Subject\}|like our \{subject\}|Good \{subject\}, fairly/i;

function render(pattern: Pattern, fill: Fill, lang: Lang): string | null {
  let missing = false;
  let source = pattern.text;
  // "{Fact}." as a sentence of its own reads as one ("Open 24/7.", "Pay by M-Pesa.", "From KSh 200.").
  if (fill.fact) {
    const sentence = factSentence(fill.fact, lang, fill.speaker, fill.offer, fill.group, fill.from);
    if (sentence) source = source.replace(/(^|[.!?]\s+)\{[Ff]act\}\./, (_, a: string) => `${a}${sentence.replace(/[{}]/g, '')}`);
    // Inside a sentence, only a fact that reads as a phrase there (not "M-Pesa" or "15 years experience").
    if (/\{fact\}/i.test(source) && (fill.fact.type === 'payment' || fill.fact.type === 'record')) return null;
    // A fact only where it reads as what it is: "from" and "starting at" take a price (never a target), "open" takes hours (never "24-hour turnaround").
    if (/\b(?:from|starting at|only|just|kuanzia)\s+\{fact\}/i.test(source) && fill.fact.type !== 'price') return null;
    if (/\b(?:open|wazi)\s+\{fact\}/i.test(source) && fill.fact.type !== 'hours') return null;
  }
  if (fill.place && lang === 'en' && AT_PLACE.test(fill.place)) source = source.replace(/\bin \{place\}/g, 'at {place}');
  const valueOf = (slot: string): string | null => {
    switch (slot) {
      case 'name':
        return fill.name;
      case 'offer':
        return fill.offer;
      case 'fact':
        return fill.fact ? factIn(fill.fact, lang) : null;
      case 'price':
      case 'hours':
      case 'date':
        return fill.fact && fill.fact.type === slot ? factIn(fill.fact, lang) : null;
      case 'place':
        return fill.place;
      case 'audience':
        return fill.audience;
      case 'subject':
        return fill.subject;
      case 'customer':
        return fill.customer;
      case 'cta':
        return fill.cta;
      default:
        return null;
    }
  };
  // A price belongs to its own item: inline only beside that offer ("nail trims — $15"), never beside another or the name.
  if (
    fill.fact?.of &&
    /\{(?:fact|price)\}/i.test(source) &&
    !/(^|[.!?]\s+)\{[Ff]act\}\./.test(pattern.text) &&
    fill.offer?.toLowerCase() !== fill.fact.of.toLowerCase()
  )
    return null;
  // An offer is never said twice in one line ("Clean lineup, sharp fade: fades.").
  if (fill.offer) {
    const stem = fill.offer.toLowerCase().replace(/(?:es|s)$/, '');
    const bare = pattern.text.toLowerCase().replace(/\{[a-z]+\}/gi, ' ');
    if (stem.length > 2 && ` ${bare.replace(/[^\p{L}\s]/gu, ' ')}`.includes(` ${stem}`)) return null;
  }
  // A subject that is a place or an organisation ("dental clinic", "safety campaign") is never the job itself ("We only do dental clinic").
  if (fill.subject && INSTITUTION.test(fill.subject) && ACTIVITY_SLOT.test(source)) return null;
  // "come to your driveway" reads only as a sentence with its speaker ("We come to your driveway."), never inside one.
  if (fill.fact && /^come\s+to\b/i.test(fill.fact.text) && /\{fact\}/i.test(source)) return null;
  const out = source.replace(/\{([A-Za-z]+)\}/g, (_, raw: string, at: number) => {
    let value = valueOf(raw.toLowerCase());
    if (value === null && raw.toLowerCase() === 'name' && fill.standIn) value = at === 0 ? fill.standIn.start : fill.standIn.mid;
    if (value === null || value === '') {
      missing = true;
      return '';
    }
    return /^[A-Z]/.test(raw) ? capFirst(value) : value;
  });
  return missing ? null : tidyLine(out, lang);
}

function toneFits(p: Pattern, tone: Tone): 0 | 1 | 2 {
  if (p.tones.includes(tone)) return 2;
  return p.tones.includes('general') ? 1 : 0;
}

/**
 * Whether a call to action fits the speaker and the facts: no shop words for a person, an event or a
 * cause ("Visit the shop", "Order today"), no booking for a walk-in or while-you-wait service, no
 * "save the date" for what happens every week, no "we" for a person, no "me" for a business.
 */
export function ctaFits(cta: string, frame: Frame): boolean {
  const c = cta.toLowerCase();
  const sells = frame.kind.sells;
  if (frame.speaker !== 'business' && /\b(?:visit the shop|shop now|order (?:today|now)|in stock)\b/.test(c)) return false;
  if (
    frame.speaker === 'business' &&
    sells !== 'product' &&
    sells !== 'food' &&
    /\b(?:visit the shop|shop now|in stock|to order)\b/.test(c)
  )
    return false;
  if (frame.speaker === 'person' && /\b(?:we|us|our)\b/.test(c)) return false;
  if (frame.speaker !== 'person' && /\b(?:me|my)\b/.test(c)) return false;
  if (frame.facts.some((f) => /while you wait|walk[- ]in|same[- ]day/i.test(f.text)) && /^book\b/.test(c)) return false;
  if (/save the date/.test(c) && (frame.facts.some((f) => f.type === 'hours') || !frame.facts.some((f) => f.type === 'date'))) return false;
  if (frame.speaker !== 'cause' && DONATION.test(cta)) return false;
  if (/\bbook (?:a|your) table\b/.test(c) && !/^(?:restaurant|cafe|bar-lounge|nyama-choma|hotel|generic-food)$/.test(frame.kind.id))
    return false;
  if (frame.facts.some((f) => /\bfree (?:entry|admission)\b/i.test(f.text)) && /\b(?:tickets?|buy)\b/.test(c)) return false;
  return true;
}

/** Shop words, true only of a business that sells goods ("in stock", "visit the shop"). */
const RETAIL =
  /\b(?:in stock|fairly priced|visit the shop|shop now|stock you can see|see before you buy|back on the shelf|new stock|restocked|just unpacked|packed and ready|wholesale and retail)\b/i;
/** A donation appeal's words, true only of a cause. */
const CHARITY =
  /\b(?:every gift counts|stand with|small gifts|big change|small acts, real change|every share helps|donate|together, it adds up|every shilling)\b/i;
/** Calls that never open two sentences in a row. */
const SAME_CALL = /^(?:join|book|call|send|order|visit|come|get|try|share|bring|register)$/;
/** A brief about raising money (a cause that is not only asking for time or changing behaviour). */
const FUNDRAISING =
  /\b(?:donat\w*|fundrais\w*|raise|raising|harambee|appeal|target|goal|charity|sponsor\w*|pledge|gifts?|fees|m-?pesa|paybill)\b/i;
/** Launch hype, true only of something new. */
const HYPE = /\b(?:revolution\w*|rewrit\w* the rules|game[- ]?changer|the future is here|disrupt\w*)\b/i;
/** Tails that say nothing (a line ending on them is ranked last). */
export const EMPTY_TAIL =
  /(?:done with care|done right|done properly|done well|made to last|worth the trip|since day one|work you can rely on|here to help)[.!]?$/i;

/**
 * The last word on a written line (issue 33): false when it speaks another register than the
 * speaker's (shop words for a service, a person or an event; a donation appeal for anyone but a
 * cause; launch hype for what is not new), in the wrong person ("we" for one person, "I" for a
 * firm), says "save the date" for what happens every week, or doubles a word.
 */
export function lineFits(text: string, frame: Frame, lang: Lang): boolean {
  // Kiswahili lines: the sw helper's rules (sw-fit.ts).
  if (lang === 'sw') return swLineFits(text, frame);
  if (lang !== 'en') return true;
  const sells = frame.kind.sells;
  const shop = frame.speaker === 'business' && (sells === 'product' || sells === 'food');
  if (!shop && RETAIL.test(text)) return false;
  if (
    CHARITY.test(text) &&
    (frame.speaker !== 'cause' ||
      (!FUNDRAISING.test(frame.topic ?? '') && !frame.facts.some((f) => f.type === 'goal' || f.type === 'payment')))
  )
    return false;
  if (
    /^give\b|\bgive (?:for|to|today|now|what)\b|\bevery gift\b|\bsupport our\b/i.test(text) &&
    (frame.speaker !== 'cause' || !FUNDRAISING.test(frame.topic ?? ''))
  )
    return false;
  // A last sentence that says nothing ("Since day one.", "Made to last.").
  if (/(?:^|[.!?]\s+)(?:since day one|done right|made to last|worth the trip|done with care|done properly|here to help)[.!]?$/i.test(text))
    return false;
  if (HYPE.test(text) && !/\b(?:launch|new|first|introducing|opening)\b/i.test(frame.topic ?? '')) return false;
  const named = frame.name ? text.split(frame.name).join(' ') : text;
  if (frame.speaker === 'person' && /\b(?:we|we're|we'll|our|us)\b/i.test(named)) return false;
  if (frame.speaker === 'business' && /\b(?:I|I'm|I'll|I've|me|my)\b/.test(named)) return false;
  if (/save the date/i.test(text) && (frame.facts.some((f) => f.type === 'hours') || !frame.facts.some((f) => f.type === 'date')))
    return false;
  // A word said twice in a row ("cakes cakes"), or two sentences opening on the same call ("Join them. Join us.").
  const words = text.split(' ');
  let prevSentence = '';
  let sentenceStart = true;
  for (let i = 0; i < words.length; i += 1) {
    const w = words[i] ?? '';
    const bare = w.toLowerCase().replace(/[^\p{L}]/gu, '');
    const prev = i > 0 ? (words[i - 1] ?? '') : '';
    if (bare.length > 2 && i > 0 && !/[.,!?;:—–-]$/.test(prev) && prev.toLowerCase().replace(/[^\p{L}]/gu, '') === bare) return false;
    if (sentenceStart) {
      if (bare === prevSentence && SAME_CALL.test(bare)) return false;
      prevSentence = bare;
    }
    sentenceStart = /[.!?]$/.test(w);
  }
  return true;
}

/** The ctas of a kind, a brief's own contact first when it asks for it ("Call 0712 345 678."). */
function ctasFor(kind: Kind, frame: Frame, lang: Lang): string[] {
  // A brief asking for volunteers or members is never asked to donate.
  const own = (frame.recruiting ? kind.ctas[lang].filter((c) => !DONATION.test(c)) : kind.ctas[lang]).filter(
    (c) => lang !== 'en' || ctaFits(c, frame),
  );
  if (own.length === 0)
    own.push(
      lang === 'sw'
        ? 'Karibu.'
        : frame.speaker === 'person'
          ? 'Send me a message.'
          : frame.speaker === 'business'
            ? 'Send us a message.'
            : 'Join us.',
    );
  if (!frame.contact?.asked) return own;
  const c = frame.contact.text;
  const isPhone = /^\+?\d[\d\s-]+$/.test(c);
  const mine = lang === 'sw' ? (isPhone ? `Piga ${c}.` : `Tembelea ${c}.`) : isPhone ? `Call ${c}.` : `Visit ${c}.`;
  return [mine, ...own];
}

/** The subject standing in for a name the brief does not give: "Our used-tyre shop" (a business, event or cause), "Wedding DJ" (a person's headline, at the start only). */
function standInFor(frame: Frame, lang: Lang): Fill['standIn'] {
  if (lang === 'sw') return swStandIn(frame);
  const subject = frame.subject?.trim();
  if (lang !== 'en' || !subject || subject.split(/\s+/).length > 4 || /\d/.test(subject)) return null;
  // "PesaPlus savings app": a first word with an inner capital is a name and keeps its case.
  const lower =
    /^\p{Lu}\p{Ll}+(?:[\s-]|$)/u.test(subject) && !/\s\p{Lu}/u.test(subject) ? subject.charAt(0).toLowerCase() + subject.slice(1) : subject;
  if (frame.speaker === 'person') return { start: capFirst(lower), mid: null };
  // "Our phone repairs does…": a plural subject cannot stand in for a name.
  if (/[^s]s$/i.test(lower.split(/\s+/).pop() ?? '')) return null;
  // "Our knife sharpening", "Our tent and chair hire": an activity is not a business's name.
  if (/(?:ing|tion|sion|hire|rental|repairs?|maintenance|services?|care)$/i.test(lower) || /\band\b/i.test(lower)) return null;
  // "Our plumber" reads as a member of staff: a business named by its trade has no stand-in.
  if (/(?:er|or|ist|ian|DJ|dj)$/.test(lower)) return null;
  return { start: `Our ${lower}`, mid: `our ${lower}` };
}

/**
 * A Kiswahili line names a business, event or cause the brief gives no name by its kind's noun,
 * as ours ("Kinyozi chetu", "Duka letu la mikate", "Harambee yetu"); a generic kind by the brief's
 * own subject when the lexicon knows it. Never a placeholder ("Chapa yako"), never for a person.
 */
function swStandIn(frame: Frame): Fill['standIn'] {
  if (frame.speaker === 'person') return null;
  let noun: string | null = frame.matched ? frame.kind.noun.sw : null;
  const sub = frame.brief.subject?.sw;
  if (!frame.matched && sub && frame.brief.subject?.key) noun = renderSw({ ...sub, plural: false });
  const ours = noun ? swOurs(noun) : null;
  if (!ours || ours.split(' ').length > 5) return null;
  return { start: capFirst(ours), mid: ours };
}

/** Offers a Kiswahili line can name: a Kiswahili brief's own words, an English offer the lexicon renders ("school uniforms" -> "sare za shule"). */
function swOffers(frame: Frame): string[] {
  const out: string[] = [];
  for (const o of frame.offers.slice(0, 3)) {
    // "fundi wa simu": what a service works on is not what it offers ("Tunatoa simu").
    if (frame.kind.sells === 'service' && (frame.subject ?? '').toLowerCase().split(/\s+/).includes(o.toLowerCase())) continue;
    const b = frame.brief.offers.find((x) => x.en.trim() === o);
    let text: string | null = null;
    // Fees and prices are facts, not offers ("karo nafuu").
    if (/\b(?:karo|bei|nafuu|ada)\b/i.test(o)) continue;
    const words = o.toLowerCase().split(/\s+/);
    // A Kiswahili brief's own phrase is kept as written ("keki za birthday"); one English word its reader put in English is rendered ("fish": samaki).
    const english = frame.language === 'sw' && words.length > 1 ? undefined : nounEntry(singular(words[words.length - 1] as string));
    if (b?.sw) text = renderSw(b.sw);
    if (text === null || english) {
      // An English noun (even one a Kiswahili brief's reader put in English: "fish") is said in Kiswahili, or not at all.
      const p = english ? swahiliPhrase(words, looksPlural(words[words.length - 1] as string)) : null;
      text = p ? renderSw(p) : english ? null : frame.language === 'sw' ? (text ?? o) : null;
    }
    // A clause is no offer ("shule zinafunguliwa"), nor a phrase opening on an English quality ("fresh ya ng'ombe").
    // "Fundi wa magari": what a service works on is no offer ("Tunatoa magari"), however the reader glossed it ("vans").
    const worksOn =
      text !== null &&
      frame.kind.sells === 'service' &&
      new RegExp(`\\b(?:wa|ya)\\s+${text.split(' ')[0]}\\b`, 'i').test(frame.topic ?? '');
    if (text && !worksOn && !/[{}]/.test(text) && swNounPhrase(text) && !out.includes(text)) out.push(text);
  }
  return out;
}

/** Kinds whose Kiswahili lines never borrow a trade's "kazi safi" (schools, gyms, clinics, churches, groups, venues). */
const NOT_TRADE = new Set([
  'school',
  'daycare',
  'language-school',
  'coding-bootcamp',
  'library',
  'university-open-day',
  'driving-school',
  'gym',
  'yoga-studio',
  'clinic',
  'dentist',
  'pharmacy',
  'optician',
  'hotel',
  'guesthouse',
  'campsite',
  'church-event',
  'chama',
  'sacco',
  'bank',
  'microfinance',
  'event-venue',
  'restaurant',
  'cafe',
  'bar-lounge',
  'matatu-shuttle',
  'boda-boda',
  'taxi',
]);

/** Words of a donation appeal (not for a brief that asks for time). */
/** The head of a shop's or a tradesperson's name, after what they deal in. */
const SHOP_OR_AGENT =
  /\s+(?:shop|store|stall|kiosk|studio|dealer|dealers|supplier|suppliers|seller|sellers|fitter|fitters|wholesaler|wholesale|workshop|company|van|specialists?|experts?|outlet|yard)$/i;

export const DONATION =
  /\b(?:give (?:today|now|generously|what you can|to|for)|give\.|donat\w*|every shilling|fund(?:s|ing|raising|raiser)?\b|pledge|gifts?\b|chang(?:a|ia|isha)|toa mchango|m?ichango|mchango|M-Pesa)/i;
/** Words of a line written after an event ("Thank you for showing up"). */
const AFTER_EVENT = /\b(?:thank you|thanks for|you showed up|what a (?:day|night)|was amazing|we did it|asanteni|asante kwa)\b/i;
/** A brief about something that has happened. */
const PAST = /\b(?:thank|was held|last (?:week|night|saturday|sunday|month)|recap|yesterday|took place)\b/i;

/**
 * The {subject} slot: the subject noun phrase as the brief writes it ("septic tank emptying", "piano
 * tuning"), for an English line from an English brief; never a clause, a number or a name.
 */
function subjectValue(frame: Frame, lang: Lang): string | null {
  let s = frame.subject?.trim().replace(/^(?:our|my|the|upcoming)\s+/i, '') ?? '';
  if (!s || lang !== 'en' || frame.language !== 'en' || /\d/.test(s) || s.split(/\s+/).length > 5) return null;
  if (frame.name && (s.toLowerCase().includes(frame.name.toLowerCase()) || frame.name.toLowerCase().includes(s.toLowerCase()))) return null;
  // The kind's own noun stands in only where the brief says it ("farmers' co-op" for "Green Acres Farm Co-op" is not).
  if (!(frame.topic ?? '').toLowerCase().includes(s.toLowerCase())) return null;
  if (/^(?:service|services|business|shop|store|raising|needs?|branch|launch)$/i.test(s)) return null;
  if (frame.speaker === 'person') return /(?:er|or|ist|ian|ant|DJ)$/i.test(s) ? s : null;
  // A shop or a trade named by the one who does it is named by what it deals in ("scrap metal dealer": "scrap metal").
  const trade = s.replace(SHOP_OR_AGENT, '').trim();
  if (!trade || /(?:er|or|ist|ian|ant)s?$/i.test(trade) || /\b(?:and|&)$/i.test(trade)) return null;
  s = trade;
  // Five words of the brief in a row read as a pasted brief (and are dropped): the leading modifiers go first ("grain storage bags").
  while (s.split(/[\s-]+/).length > 4 && s.includes(' ')) s = s.slice(s.indexOf(' ') + 1);
  if (s.split(/[\s-]+/).length > 4) return null;
  return /^\p{Lu}\p{Ll}/u.test(s) && !/\s\p{Lu}/u.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}

const FIRST_PERSON = /\b(?:I|I'm|I've|I'll|my|me|mimi|nina|niko|nafanya|nitakusaidia|niandikie|nipigie)\b/i;

/** Categories whose patterns also serve one with too few of its own (last, after its own in any tone). */
const NEIGHBOURS: Record<CategoryId, CategoryId[]> = {
  adlines: ['slogans', 'taglines', 'captions'],
  taglines: ['slogans'],
  slogans: ['taglines'],
  captions: ['adlines', 'slogans'],
  bios: ['taglines'],
  quotes: ['slogans'],
};

export interface KindWriteInput {
  frame: Frame;
  category: CategoryId;
  tone: Tone;
  language: Lang;
  /** With `toneOnly`, patterns written for the tone itself (not the general ones). */
  toneOnly?: boolean;
}

/** Head words that only say where a trade works: the word before is the trade ("physiotherapy clinic"). */
const WHERE_HEAD =
  /^(?:shop|store|clinic|studio|centre|center|salon|kiosk|stall|parlour|parlor|house|spot|hub|lab|room|yard|workshop|company|co|business|services?|agency|firm|brand)$/;

/** Heads many trades share ("tours", "classes", "repairs"): the word before says which trade. */
const SHARED_HEAD =
  /^(?:tours?|class(?:es)?|lessons?|courses?|services?|trips?|hire|rentals?|deliver(?:y|ies)|repairs?|apps?|events?|nights?|days?|sessions?|walks?|walking|shows?|supplies|supplier|products?|packages?|kits?)$/;

/** Whether the English subject's head noun is one of the matched kind's own words, with the confidence the reader gave. */
export function headNames(frame: Frame): boolean {
  if (frame.kindConfidence !== 'high' || !frame.subject) return false;
  const words = plain(frame.subject).toLowerCase().split(/\s+/).filter(Boolean);
  let head = words[words.length - 1] ?? '';
  if (WHERE_HEAD.test(head) && words.length > 1) head = words[words.length - 2] ?? head;
  const stem = (w: string) => w.replace(/(?:ies)$/, 'y').replace(/(?:es|s)$/, '');
  const own = [...frame.kind.match.en, frame.kind.noun.en].flatMap((m) => plain(m).toLowerCase().split(/\s+/)).map(stem);
  if (!own.includes(stem(head))) return false;
  // "garden tours" is no safari: a head many trades share names the trade only with a word of the trade before it.
  const before = words.slice(0, words.indexOf(head)).filter((w) => !/^(?:our|my|the|a|an|mobile|local|best|new|small|family)$/.test(w));
  if (SHARED_HEAD.test(head) && before.length > 0) return before.some((w) => own.includes(stem(w)));
  return true;
}

/** Every line the frame's kind and its generic kind can write for the category and tone, best first. */
export function kindCandidates(input: KindWriteInput): KindCandidate[] {
  const { frame, category, tone, language: lang } = input;
  // A person's own wedding, birthday or graduation asked in Kiswahili: a person's captions, never a business's ad.
  const occasion = lang === 'sw' ? personalOccasion(frame) : null;
  if (occasion) {
    return personalLines(frame, occasion).map((text, i) => ({
      text,
      key: lineKey(text),
      base: `personal:${occasion}:${i}`,
      parts: [],
      usesWord: false,
      composed: true,
      richness: 3,
      named: false,
      pattern: `personal-${occasion}-${i}`,
      usesFact: false,
      tail: false,
      standIn: false,
      onSubject: true,
    }));
  }
  // Kiswahili lines from the brief's own words (a person as "mimi", a pure product, an event that invites) lead (sw-lead.ts).
  const lead: KindCandidate[] =
    lang === 'sw'
      ? swLeadLines(frame, category, tone).map((text, i) => ({
          text,
          key: lineKey(text),
          base: `sw-lead:${i}`,
          parts: [],
          usesWord: false,
          composed: true,
          richness: 3,
          named: false,
          pattern: `sw-lead-${i}`,
          usesFact: frame.facts.some((f) => text.includes(factIn(f, lang) ?? '\u0000')),
          tail: false,
          standIn: false,
          onSubject: true,
        }))
      : [];
  // English: a trade's own patterns only when the subject's head noun names that trade ("film cameras" is no mitumba stall).
  const ownTrade = lang !== 'en' || !frame.matched || headNames(frame);
  const kinds: { kind: Kind; specific: boolean }[] = ownTrade
    ? [{ kind: frame.kind, specific: frame.matched }]
    : [{ kind: genericKind(frame.kind.sells), specific: false }];
  // A chama, a SACCO or a church's event speaks in Kiswahili as a group: the generic cause's lines (methali of unity), never a trade's.
  const groupKind = ['chama', 'sacco', 'church-event', 'farm-coop'].includes(frame.kind.id);
  if (frame.matched && ownTrade) {
    const generic = lang === 'sw' && groupKind ? genericKind('cause') : genericKind(frame.kind.sells);
    if (generic && generic.id !== frame.kind.id) kinds.push({ kind: generic, specific: false });
  }
  // A brief asking for volunteers or members also gets the generic cause's recruiting lines.
  if (frame.recruiting && (frame.speaker === 'cause' || frame.speaker === 'event') && !kinds.some((k) => k.kind.id === 'generic-cause'))
    kinds.push({ kind: genericKind('cause'), specific: false });
  const facts = frame.facts.filter((f) => factIn(f, lang) !== null);
  // Offers in a Kiswahili line only from a Kiswahili brief (an English noun phrase would not agree).
  // An English offer slot takes only a thing offered (english.ts: never "save", "hospitals", "back pain" or "30-day trial").
  const offers = lang === 'en' ? frame.offers.filter((o) => !cutFromBrief(o, frame.topic) && offerFits(o)).slice(0, 3) : swOffers(frame);
  const group = frame.kind.sells === 'cause' || groupKind || frame.kind.id === 'fundraiser';
  const from = /\b(?:kuanzia|from|starting(?:\s+(?:at|from))?)\s+(?:KSh|Kshs?|KES|Sh|\$)/i.test(frame.topic ?? '');
  const places = frame.places.slice(0, 2);
  // A holiday named in English is said in Kiswahili ("Valentine's" -> Siku ya Wapendanao).
  const name = lang === 'sw' ? swHolidayName(frame.name) : frame.name;
  const standIn = name === null ? standInFor(frame, lang) : null;
  // Without a name, a line of the kind alone is signed with what and where the subject is ("Pest control in Mombasa.").
  const subjectLabel =
    frame.subject && lang === 'en' && frame.language === 'en' && frame.subject.split(/\s+/).length <= 4 && !/\d/.test(frame.subject)
      ? capFirst(frame.subject)
      : null;
  const label = subjectLabel && frame.speaker === 'business' ? (places[0] ? `${subjectLabel} in ${places[0]}` : subjectLabel) : null;
  const subjectSlot = subjectValue(frame, lang);
  const recruiting = frame.recruiting;
  const out: KindCandidate[] = [];
  const seen = new Set<string>();
  const marks = [
    name,
    ...places,
    ...offers,
    frame.subject?.split(/\s+/).pop() ?? null,
    lang === 'sw' || !(frame.topic ?? '').toLowerCase().includes(frame.kind.noun.en.toLowerCase()) ? null : frame.kind.noun.en,
    // A Kiswahili line is about the brief when it names the kind's noun or what it is called in Kiswahili.
    ...(lang === 'sw' ? [standIn?.mid ?? null] : []),
    ...(lang === 'sw' && frame.matched ? [frame.kind.noun.sw, ...frame.kind.match.sw] : []),
  ]
    .filter((m): m is string => typeof m === 'string' && m.length > 2)
    .map((m) => m.toLowerCase());
  const aboutFrame = (line: string) => {
    const padded = ` ${plain(line).replace(/\s+/g, ' ')} `;
    return marks.some((m) =>
      [' ', 's ', 'es ', "'s ", '’s '].some((end) => padded.includes(` ${plain(m).replace(/\s+/g, ' ').trim()}${end}`)),
    );
  };
  // A fact as a sentence after a line; a price whose item the line already names is "From $4." ("Croissants: $4." would say it twice).
  const tailFor = (f: Fact, line: string) => {
    const lower = line.toLowerCase();
    // A price "of" an action ("save KSh 50 a day") is said alone: "Save: KSh 50 a day." reads as a label.
    const own = f.of && (lower.includes(f.of.toLowerCase()) || (lang === 'en' && !offerFits(f.of))) ? { ...f, of: undefined } : f;
    const offer = offers[0] && !lower.includes(offers[0].toLowerCase()) ? offers[0] : null;
    return factSentence(own, lang, frame.speaker, offer, group, from);
  };
  for (const { kind, specific } of kinds) {
    const ctas = ctasFor(kind, frame, lang);
    for (const p of kind.lines[lang]) {
      // An English quote is never a generic template filled with a noun ("A low price is nice … : campaign."); a trade's own may be.
      // A generic kind's English quote is true of anything ("Buy once, cry once."): only one signed with the brief's name ("— {name}").
      if (
        lang === 'en' &&
        category === 'quotes' &&
        !specific &&
        !(slotsOf(p.text).length > 0 && slotsOf(p.text).every((x) => x === 'name'))
      )
        continue;
      const own = p.categories.includes(category);
      if (!own && (input.toneOnly || !NEIGHBOURS[category].some((c) => p.categories.includes(c)))) continue;
      // An English quote is a quote of the kind's own ("Tailored keynotes that align with your goals." is an ad).
      if (!own && lang === 'en' && category === 'quotes') continue;
      // A firm with a person's trade never says "I".
      if (frame.speaker === 'business' && kind.speaker === 'person' && FIRST_PERSON.test(p.text)) continue;
      // A brief asking for volunteers or members gets recruiting lines, never a donation appeal; the others never a recruiting line.
      if (p.when === 'recruiting' ? !recruiting : recruiting && DONATION.test(p.text)) continue;
      // An event or cause that has not happened yet never thanks people for coming.
      if ((frame.speaker === 'event' || frame.speaker === 'cause') && AFTER_EVENT.test(p.text) && !PAST.test(frame.topic ?? '')) continue;
      const fit = toneFits(p, tone);
      // Kiswahili: a joke never stands in for another tone's line (jokes on a romantic dinner read as a mismatch), nor the other way round.
      if (lang === 'sw' && !input.toneOnly && p.tones.includes('funny') && (tone === 'romantic' || fit === 0) && !p.tones.includes(tone))
        continue;
      if (lang === 'sw' && !input.toneOnly && tone === 'funny' && fit === 0) continue;
      // Another tone's pattern comes last (before the template writer), never for a refinement asking for a tone.
      if (input.toneOnly && fit < 2) continue;
      const used = slotsOf(p.text);
      // "Our piano tuning: piano tuning, done properly": the subject never stands in for a name beside itself.
      if (name === null && used.includes('name') && used.includes('subject')) continue;
      // "Kazi safi, bei ya haki" is a trade's line: a school, a gym, a church or a chama is not "work" done for a customer.
      if (
        lang === 'sw' &&
        !specific &&
        NOT_TRADE.has(frame.kind.id) &&
        /\bkazi\b|\bwateja\b|huduma hii|rekebisha|visingizio|\bahadi|siku nzuri ya kupata/i.test(p.text)
      )
        continue;
      // "Kinyozi chetu ni kinyozi…", "Duka letu tunaoka…": a Kiswahili stand-in never opens a sentence that names the kind again or says "we".
      if (lang === 'sw' && name === null && /\{Name\}\s+(?:tu\p{L}+|ni\b|ndi\p{L}*)/iu.test(p.text)) continue;
      const needsFact = used.some((s) => ['fact', 'price', 'hours', 'date'].includes(s));
      const factOptions: (Fact | null)[] = needsFact ? facts.filter((f) => (used.includes('fact') ? true : used.includes(f.type))) : [null];
      // "iPhone cases, from people who know iPhone cases": an offer that is the subject itself is not said twice.
      const offerOptions = used.includes('offer')
        ? offers.filter((o) => !used.includes('subject') || o.toLowerCase() !== (subjectSlot ?? '').toLowerCase())
        : [null];
      const placeOptions = used.includes('place') ? places : [null];
      const ctaOptions = used.includes('cta') ? ctas.slice(0, 3) : [ctas[0] ?? ''];
      for (const fact of factOptions)
        for (const offer of offerOptions)
          for (const place of placeOptions)
            for (const cta of ctaOptions) {
              const fill: Fill = {
                name,
                standIn,
                offer,
                fact,
                place,
                audience: frame.audience,
                subject: subjectSlot,
                customer: kind.customer[lang],
                cta,
                speaker: frame.speaker,
                group,
                from,
              };
              const rendered = render(p, fill, lang);
              // "Chama chetu kinakaribisha": a verb after a Kiswahili stand-in agrees with its noun (swahili.ts).
              const text = rendered !== null && lang === 'sw' && standIn ? swAgreeStandIn(rendered, standIn.start) : rendered;
              if (text === null || !lineFits(text, frame, lang)) continue;
              const standInUsed = name === null && used.includes('name');
              const richness =
                (own ? 0 : -25) +
                (fit === 0 ? -20 : 0) +
                (fit === 0 ? 0 : Math.min(3, fit + (specific ? 1 : 0) + (used.length > 0 ? 1 : 0) - 1) - (standInUsed ? 1 : 0)) -
                (EMPTY_TAIL.test(text) ? 3 : 0);
              const push = (
                line: string,
                usesFact: boolean,
                tail = false,
                parts: string[] = [],
                standIn = standInUsed,
                about = aboutFrame(line),
              ) => {
                const key = lineKey(line);
                if (seen.has(key)) return;
                seen.add(key);
                out.push({
                  text: line,
                  key,
                  base: `pattern:${p.id}`,
                  parts,
                  usesWord: false,
                  composed: true,
                  richness,
                  named: name !== null && line.toLowerCase().includes(name.toLowerCase()),
                  pattern: p.id,
                  specific: p.specific === true,
                  kindId: kind.id,
                  usesFact,
                  tail,
                  standIn,
                  onSubject: about,
                });
              };
              push(text, fact !== null);
              // "Kinyozi chetu: fade safi, wiki safi." also as "Fade safi, wiki safi.", for a set that has named the kind as ours twice already.
              if (lang === 'sw' && standInUsed && specific && /^\{Name\}:\s/.test(p.text)) {
                const bare = capFirst(text.slice(text.indexOf(':') + 1).trim());
                if (bare.split(/\s+/).length >= 3) push(bare, fact !== null, false, [], false, true);
              }
              // A line about the kind but naming nothing of the brief is signed with the name ("Kinyozi Kings. Chair's open.").
              // A quote is signed only with the brief's own name: a label ("Mechanic garage in Embu") is never its author.
              const signature = category === 'quotes' ? name : (name ?? label);
              if (signature !== null && !aboutFrame(text) && !/\{/.test(p.text.replace(/\{(?:cta|customer)\}/gi, ''))) {
                const signed = category === 'quotes' ? `${text} — ${signature}` : `${signature}. ${text}`;
                // A label ("Plumber in Kileleshwa.") opening every line of a set reads as a template: it costs more after the first.
                const sig = name === null ? ['signature:label'] : [];
                push(signed, false, false, sig);
                // A quote's attribution carries a date or hours after a comma ("— Kisumu Lakeside Marathon, 12 October"), never a sentence after it.
                if (category === 'quotes') {
                  for (const f of facts.slice(0, 2)) {
                    // "on 12 October": the brief's own run of words ("Marathon 12 October") is never pasted whole.
                    const dated =
                      f.type === 'date' && !/^(?:this|next|every)\b/i.test(f.text)
                        ? lang === 'sw'
                          ? (factIn(f, lang) ?? '')
                          : `on ${factIn(f, lang) ?? ''}`
                        : null;
                    const ft =
                      dated ??
                      (f.type === 'date' || f.type === 'hours' ? factIn(f, lang) : factSentence(f, lang, frame.speaker, null, group, from));
                    if (ft && f.type !== 'payment' && f.type !== 'goal')
                      push(`${signed}, ${ft.replace(/\.$/, '').replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase())}`, true, true);
                  }
                } else if (!used.includes('cta')) {
                  for (const f of facts.slice(0, 2)) {
                    const tail = tailFor(f, signed);
                    if (tail) push(withTail(signed, tail), true, true, sig);
                  }
                }
              }
              // The same line carrying a fact of its own, for a brief whose facts no pattern of this category names.
              if (fact === null && !used.includes('cta')) {
                for (const f of facts.slice(0, 3)) {
                  const tail = tailFor(f, text);
                  if (tail && !text.toLowerCase().includes((factIn(f, lang) ?? '').toLowerCase())) {
                    push(withTail(text, tail), true, true);
                  }
                }
              }
            }
    }
  }
  // The lead lines rank before the library's (a Kiswahili library line ranks as a line naming less of the brief).
  return lead.length > 0
    ? [...lead, ...out.filter((c) => !lead.some((l) => l.key === c.key)).map((c) => ({ ...c, richness: Math.min(c.richness, 2) }))]
    : out;
}

/** Whether a kind-written line names the frame's name (for the share of named lines). */
export function namesFrame(line: string, frame: Frame): boolean {
  return frame.name !== null && line.toLowerCase().includes(frame.name.toLowerCase());
}

/** "a"/"an" for a word (re-exported for tests). */
export { indefinite };
