import nlp from 'compromise';
import { understandBrief, type Brief } from './brief';
import { isSwahiliBrief } from './brief-sw';
import { stripSwRequest, swSpeaksAsI } from './brief-request';
import { SW_FACT_FINDERS } from './facts-sw';
import { nounEntry } from './lexicon';
import { firstClause, genericKind, matchKind, type KindSells } from './kinds';
import type { Kind } from './kinds.schema';
import { isKenyanPlace, isKnownPlace, isLabelIn, notAPlace, placesIn, properPlace } from './places';
import { offerHasHead, spellTexting } from './piece-check';
import { normalizeTopic } from './text';
import {
  HAPPENING,
  ROLE_WORD,
  businessSignals,
  cleanSlot,
  cutClause,
  slotProblem,
  hookOf,
  launchOf,
  personSignals,
  stripEnRequest,
} from './frame-guard';

/**
 * One brief, understood (issue 33, DESIGN §18): what the subject IS and its kind from the kinds
 * library, its offers, the facts exactly as written (a price with its currency, hours, a duration,
 * a date, "no call-out fee", "free delivery", "while you wait", M-Pesa), real places only, the
 * audience, the name as written and who speaks. Built on the older brief reader (compromise plus
 * rules, brief.ts) with the facts taken out first, so a fact never becomes an offer or a place.
 */
export type FactType = 'price' | 'goal' | 'hours' | 'duration' | 'date' | 'payment' | 'perk' | 'record';
export interface Fact {
  text: string;
  type: FactType;
  /** For a price, the offer it is the price of when the brief writes it just before ("nail trims $15"). */
  of?: string;
}
export type Speaker = 'business' | 'person' | 'event' | 'cause';
/**
 * How sure the kind is: 'high' when the kind's phrase is the subject's own head noun or the named
 * trade ("bakery" of "family bakery"), 'low' when it comes from elsewhere in the first clause,
 * 'none' for a generic kind. Kind content may add specifics only on 'high'.
 */
export type KindConfidence = 'high' | 'low' | 'none';

export interface Frame {
  /** The brief as given (trimmed), or null. */
  topic: string | null;
  /** The language the brief is written in. */
  language: 'en' | 'sw';
  /** What the subject is, in the brief's words when it says ("used-tyre shop"), else the kind's noun. */
  subject: string | null;
  /** The kind from the library (a generic one when none matches). */
  kind: Kind;
  /** Whether the kind was matched (false: a generic kind). */
  matched: boolean;
  offers: string[];
  facts: Fact[];
  places: string[];
  audience: string | null;
  name: string | null;
  speaker: Speaker;
  /** A web address or phone number the brief gives, and whether it asks for it in a call to action. */
  contact: { text: string; asked: boolean } | null;
  /** Whether the brief asks for volunteers or members (recruiting lines, not a donation appeal). */
  recruiting: boolean;
  /** Whether any place is Kenyan or the brief speaks of Kenyan money (KSh, M-Pesa). */
  kenyan: boolean;
  /** The older reader's understanding (for the template writer this one stands beside). */
  brief: Brief;
  /** How sure the kind is (see KindConfidence); 'none' when the kind is generic. */
  kindConfidence: KindConfidence;
  /**
   * The brief's single most distinctive short phrase, in its own words (≤ 6 words, whole on its
   * own): "while you wait", "same day", "bring your own jars", "free for kids". Null when none.
   */
  hook: string | null;
}

const NUM = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`;
const WORD_NUM = String.raw`(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|\d+|an?|half an?)`;
const MONTHS = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const DAYS = String.raw`(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)`;
const TIME = String.raw`(?:\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}[:.]\d{2}|noon|midnight)`;

/** Fact finders, most specific first; each match is taken out of the text before the next runs. */
const FACTS: { type: FactType; re: RegExp; keep?: (m: string) => string }[] = [
  // Facts a Kiswahili brief writes ("kuanzia KSh 800", "kila Jumapili", "ndani ya saa moja"), first.
  ...SW_FACT_FINDERS,
  // A target or goal amount is what a cause hopes to raise, never a price ("target KSh 800,000", "raising $5,000").
  {
    type: 'goal',
    re: new RegExp(
      String.raw`\b(?:(?:our\s+)?(?:target|goal)(?:\s+(?:is|of))?|raising|to raise|aim(?:ing)? to raise|lengo(?:\s+ni)?)\s*:?\s+(?:KSh|Kshs?|KES|Ksh\.|Sh\.?|Tsh|TZS|UGX|USD|US\$|EUR|GBP|\$|£|€)\s?${NUM}(?:\s?(?:k|K|m|bn)\b)?`,
      'gi',
    ),
  },
  {
    type: 'price',
    re: new RegExp(
      String.raw`(?:KSh|Kshs?|KES|Ksh\.|Sh\.?|Tsh|TZS|UGX|USD|US\$|(?:S|A|C|NZ|HK|R)\$|EUR|GBP|R|\$|£|€)\s?${NUM}(?:\s?(?:k|K|m|bn)\b)?(?:\s?(?:\/-|per\s+\w+|a\s+(?:night|month|week|day|kilo|kg|person|head|plate|hour|session|class|bar|piece|pair|bottle|jar|pack|box|dozen|loaf|cup|litre|bag|meal|ticket)))?`,
      'g',
    ),
  },
  {
    type: 'price',
    re: new RegExp(
      String.raw`\b${NUM}\s?(?:\/-|bob\b|shillings?\b|dollars?\b|euros?\b|pounds?\b)(?:\s?(?:per\s+\w+|a\s+(?:night|month|week|day|kilo|kg|person|head|plate|hour|session|class)))?`,
      'gi',
    ),
  },
  { type: 'perk', re: /\b\d{1,3}\s?(?:%|percent|per cent)\s+off\b(?:\s+\w+)?/gi },
  {
    type: 'hours',
    re: /\b24\/7\b|(?<!\b(?:in|within|under)\s)\b24\s?hours?(?:\s+a\s+day)?\b|\bround[- ]the[- ]clock\b|\bopen\s+(?:late|daily|every day|all night|on sundays?|on weekends?|till \w+|until \w+)\b/gi,
  },
  {
    type: 'hours',
    re: new RegExp(
      String.raw`\b${DAYS}(?:\s?(?:-|–|to|through|till|until)\s?${DAYS})(?:,?\s+${TIME}\s?(?:-|–|to|till|until)\s?${TIME})?`,
      'gi',
    ),
  },
  { type: 'hours', re: new RegExp(String.raw`\b(?:from\s+)?${TIME}\s?(?:-|–|to|till|until)\s?${TIME}`, 'gi') },
  {
    type: 'hours',
    re: /\b(?:every|on)\s+(?:weekends?|weekdays|saturdays?|sundays?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?)(?:\s+and\s+(?:saturdays?|sundays?))?\b(?!,?\s+\d)/gi,
  },
  {
    type: 'hours',
    re: new RegExp(
      String.raw`\b(?:every\s+|on\s+the\s+)?(?:first|second|third|fourth|last)\s+${DAYS}\s+of\s+(?:the|every|each)\s+month\b|\bevery\s+(?:first|second|third|last)\s+${DAYS}\b`,
      'gi',
    ),
  },
  { type: 'duration', re: /\bwhile[- ]you[- ]wait\b/gi },
  { type: 'duration', re: /\bsame[- ]day(?:\s+(?:delivery|service|repairs?|results))?\b|\bnext[- ]day\s+delivery\b/gi },
  {
    type: 'duration',
    re: new RegExp(
      String.raw`\b(?:(?:response|delivery|turnaround|approval|payouts?)\s+)?(?:in|within|under|in under|in less than)\s+${WORD_NUM}\s+(?:minutes?|mins?|hours?|hrs?|days?|weeks?)\b`,
      'gi',
    ),
  },
  {
    type: 'duration',
    re: new RegExp(
      String.raw`\b${WORD_NUM}[- ](?:minute|hour|day|week|month)s?\s+(?:course|programme|program|class|bootcamp|turnaround|delivery)\b`,
      'gi',
    ),
  },
  {
    type: 'record',
    re: new RegExp(
      String.raw`\b(?:over\s+|more than\s+)?${WORD_NUM}\+?\s+years?(?:'|’)?\s+(?:of\s+)?experience\b|\bsince\s+(?:19|20)\d\d\b|\b${NUM}\+?\s+(?:happy\s+)?(?:clients|customers|students|patients|members|families|weddings|homes)\s+(?:served|helped|taught|so far)?`,
      'gi',
    ),
  },
  {
    type: 'date',
    re: new RegExp(
      String.raw`\b(?:from\s+)?\d{1,2}(?:st|nd|rd|th)?\s?(?:-|–|to)\s?\d{1,2}(?:st|nd|rd|th)?\s+${MONTHS}\b(?:\s+\d{4})?`,
      'gi',
    ),
  },
  {
    type: 'date',
    re: new RegExp(
      String.raw`\b(?:(?:on|this|next)\s+)?(?:${DAYS},?\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTHS}\b(?:\s+\d{4})?`,
      'gi',
    ),
  },
  { type: 'date', re: new RegExp(String.raw`\b(?:on\s+)?(?:${DAYS},?\s+)?${MONTHS}\s+\d{1,2}(?:st|nd|rd|th)?\b(?:,?\s+\d{4})?`, 'gi') },
  { type: 'date', re: /\b(?:this|next)\s+(?:saturday|sunday|monday|tuesday|wednesday|thursday|friday|weekend|week|month)\b/gi },
  {
    type: 'perk',
    re: /\bno\s+call[- ]out\s+(?:fee|charge)s?\b|\bfree\s+(?:delivery|shipping|wi-?fi|parking|consultations?|quotes?|installation|fitting|first\s+(?:lesson|class|session|visit)|trial\s+class|trial lesson|assessment|check-?ups?|samples?|entry|admission|tasting)\b(?:\s+(?:for|on|over|above)\s+(?:(?:all\s+)?orders?|purchases?|anything)\s+(?:of|over|above|from)\s+[^,.;!]{1,24}?(?=\s*(?:[,.;!]|$)))?|\b(?:money[- ]back|satisfaction)\s+guarantee\b|\b(?:\d+|one|two|three|five|ten)[- ](?:year|month)\s+(?:guarantee|warranty)\b|\bno\s+(?:hidden\s+(?:fees|charges)|booking fee|deposit|contract|joining fee)\b|\bfree\s+entry\b|\bfree\s+for\s+(?:kids|children|members)\b|\bdelivery\s+(?:included|available)\b|\bwe\s+deliver\b|\bdelivers?\s+(?:countrywide|nationwide|across\s+\w+)\b|\bdelivery\s+(?:countrywide|nationwide)\b|\bcomes?\s+to\s+(?:your|you)(?:\s+\w+)?\b/gi,
  },
  {
    type: 'perk',
    re: /\b(?:fixed|flat)\s+(?:monthly\s+)?(?:fee|rate|price)s?\b|\b[A-Z]{2,6}[- ](?:approved|certified|registered|accredited|licensed)\b/g,
  },
  {
    type: 'perk',
    re: /\b(?:your\s+)?(?:first|1st)\s+(?:class|lesson|session|visit|consultation|month|wash|cut)\s+(?:is\s+)?(?:free|on us)\b/gi,
  },
  { type: 'payment', re: /\b(?:pay(?:ment)?\s+(?:by|via|with|through)\s+|lipa\s+na\s+)?m-?pesa(?:\s+accepted)?\b/gi },
];
const URL = /\b(?:https?:\/\/|www\.)[^\s,]+|\b[\w-]+\.(?:com|co\.ke|ke|org|net|io|africa|shop|store|app)(?:\/[^\s,]*)?\b/gi;
const PHONE = /(?:\+?254|\b0)\s?[17]\d{2}[\s-]?\d{3}[\s-]?\d{3}\b|\+\d{1,3}[\s-]?\d{2,4}[\s-]?\d{3,4}[\s-]?\d{3,4}\b/g;
const EMOJI = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\uFE0F|\u200D/gu;
/** A brief asks for its contact in a call to action ("call 0712…", "visit www…", "DM us on…"). */
const ASKS =
  /\b(?:call|ring|phone|whatsapp|text|sms|visit|order (?:at|on|via)|book (?:at|on|via)|dm|contact|reach us|find us at|go to|shop at|link)\b/i;

/** The payment fact is spelled as Kenyans write it. */
function factText(type: FactType, raw: string): string {
  let t = raw.trim().replace(/\s+/g, ' ');
  if (type === 'payment') return /lipa/i.test(t) ? t : 'M-Pesa';
  // "on 14 September" is "14 September"; "this Saturday" stays.
  if (type === 'date') t = t.replace(/^(?:on|from)\s+/i, '');
  if (type === 'hours') t = t.replace(/^from\s+(?=\d)/i, '');
  return t;
}

export interface FactScan {
  facts: Fact[];
  /** The text with the facts taken out (a comma in their place). */
  rest: string;
}

/** The facts of a brief, as written, in the order they appear, and the text without them. */
export function scanFacts(text: string): FactScan {
  const found: { fact: Fact; index: number }[] = [];
  let rest = text;
  for (const { type, re } of FACTS) {
    rest = rest.replace(re, (m: string, ...args: unknown[]) => {
      const index = args.find((a) => typeof a === 'number') as number;
      const fact = { text: factText(type, m), type };
      if (!found.some((f) => f.fact.text.toLowerCase() === fact.text.toLowerCase())) found.push({ fact, index });
      return ','.padEnd(m.length, ' ');
    });
  }
  rest = rest
    .replace(/\s*,[\s,]*/g, ', ')
    .replace(/^[\s,]+|[\s,]+$/g, '')
    .replace(/\b(?:and|with|from|only|just|for|at|by|,)\s*,/gi, ',')
    .replace(/\s*,[\s,]*/g, ', ')
    .replace(/[\s,]+$/g, '');
  return { facts: found.sort((a, b) => a.index - b.index).map((f) => f.fact), rest };
}

/** A brief in capitals reads as a sentence (names keep a capital where the reader tags them). */
function unshout(text: string): string {
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (letters.length < 6 || letters !== letters.toUpperCase()) return text;
  let out = text
    .toLowerCase()
    .replace(/(^|[.!?]\s+)(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase())
    // Money and payment as they are written ("KSH 10" -> "KSh 10", "MPESA" -> "M-Pesa").
    .replace(/\bkshs?\b\.?/gi, 'KSh')
    .replace(/\b(kes|usd|eur|gbp|tsh|ugx)\b/gi, (c: string) => c.toUpperCase())
    .replace(/\bm-?pesa\b/gi, 'M-Pesa')
    .replace(/\b24\/7\b/g, '24/7');
  const title = (s: string) => s.replace(/(^|[\s-])(\p{Ll})/gu, (_, a: string, b: string) => a + b.toUpperCase());
  // A shouted brief that opens with a name ("KIRINYAGA TYRE CENTRE, KERUGOYA. 24/7 …") keeps it as a
  // name, and the town after its comma as a town; known places keep their capitals wherever they are.
  out = out.replace(
    /^([\p{L}'’&-]+(?:\s+[\p{L}'’&-]+){1,4}),\s+([\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)(?=[.:!]\s)/u,
    (whole: string, name: string, town: string) =>
      // Only a name of its own words ("Kirinyaga Tyre Centre"), never a phrase ("phone repairs in one hour, call").
      /\b(?:in|on|at|for|and|with|of|the|a|an|to|from|by|our|we|call|open)\b/i.test(`${name} ${town}`)
        ? whole
        : `${title(name)}, ${title(town)}`,
  );
  return out.replace(/\b(\p{L}+(?:\s+\p{L}+){0,2})\b/gu, (words: string) => {
    // The longest run of up to three words that is a known place, from the left.
    for (let n = Math.min(3, words.split(/\s+/).length); n >= 1; n--) {
      const head = words.split(/\s+/).slice(0, n).join(' ');
      if (head.length > 2 && isKnownPlace(head)) return properPlace(head) + words.slice(head.length);
    }
    return words;
  });
}

const SELLS_OF_BRIEF: Record<Brief['kind'], KindSells> = {
  business: 'service',
  person: 'person',
  product: 'product',
  event: 'event',
  cause: 'cause',
  group: 'cause',
  place: 'venue',
  thing: 'product',
};
const SPEAKER_OF_SELLS: Record<KindSells, Speaker> = {
  service: 'business',
  product: 'business',
  food: 'business',
  venue: 'business',
  software: 'business',
  person: 'person',
  event: 'event',
  cause: 'cause',
};

/** Words that are never an offer on their own (a verb the reader took for a noun, a filler). */
const NOT_OFFERS = new Set([
  'pay',
  'paying',
  'fitting',
  'order',
  'orders',
  'call',
  'visit',
  'book',
  'shop',
  'services',
  'service',
  'things',
  'stuff',
  'more',
  'everything',
  'anything',
  'all',
  'best',
  'quality',
  'members',
  'volunteers',
  'people',
  'customers',
  'clients',
]);

function cleanName(name: string | null, subject: string | null, kind: Kind): string | null {
  if (!name) return null;
  let n = name.trim();
  // "Mama Oliech's fish restaurant": the name is "Mama Oliech's".
  for (const tail of [subject, kind.noun.en].filter((s): s is string => Boolean(s))) {
    const re = new RegExp(`\\s+${tail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    if (re.test(n) && /['’]s\s/.test(n) && /^\p{Ll}/u.test(tail)) n = n.replace(re, '');
  }
  // "Women's chama", "Youth group": who it is for is not a name.
  if (/^(?:women|men|children|youth|ladies|mothers|boys|girls|wamama|vijana)(?:['’]s)?$/i.test(n)) return null;
  // A word that names a kind ("MC", "SaaS") is what the subject is, not its name.
  // A grade or origin label is part of the offer, not a name ("Canada Grade 1 bales").
  if (/\b(?:grade|grd)\b|^ex[-\s]/i.test(n)) return null;
  if (isKnownPlace(n) || n.length < 2 || matchKind(n)?.phrase === n.toLowerCase()) return null;
  return n;
}

/** A brief that asks for people to give time, not money ("needs volunteers", "new members welcome"). */
export const RECRUITING =
  /\b(?:volunteers?(?!\s+(?:for|to)\s+(?:donate|give))|recruit(?:ing|s)?|new members|join (?:our|us|the)|sign up to help|mentors wanted|wajitolea|wanachama wapya|waimbaji wapya|wachezaji wapya|(?:ina|tuna|na)tafuta\s+(?:wanachama|waimbaji|wachezaji|wajitolea|wanafunzi))\b/i;
const CAUSE_WORDS =
  /\b(?:volunteers?|donat\w*|fundrais\w*|raising|raise|harambee|charity|appeal|mchango|target|pledge|kampeni|upimaji|kupima|(?:health|screening|awareness|vaccination|immuni[sz]ation|testing)\s+campaign|(?:medical|health)\s+camp|free\s+(?:[a-z-]+\s+){0,2}(?:screening|check-?ups?|camp|testing))\b/i;
const EVENT_HEADS =
  /\b(?:meetup|meet-up|workshop|festival|concert|open day|fair|expo|launch|tournament|gala|party|meets|rehearsals?|screening|webinar|retreat|marathon|race)\b/i;
const GOODS_HEADS =
  /(?:maker|makers|breeder|breeders|manufacturer|manufacturers|dealer|dealers|supplier|suppliers|seller|sellers|wholesaler|wholesale|shop|store|stall|kiosk|boutique|bales|bags|brand|briquettes|products|goods)$/i;
const SERVICE_HEADS =
  /(?:ing|tion|sion|ance|ence|ment|hire|rental|repairs?|services?|care|work|maintenance|fitter|fitters|sweep|interpreting|survey|surveys|van|home|mortuary|tours?|trips?|cruises?|excursions?|walks?|hikes?)$/i;

/** The kind of thing a brief the library has no kind for sells, read from what its first clause is. */
function unmatchedSells(rest: string, brief: Brief, sells: KindSells): KindSells {
  const clause = firstClause(rest).toLowerCase();
  const head = (brief.subject?.en ?? clause).toLowerCase();
  if (CAUSE_WORDS.test(clause) || (CAUSE_WORDS.test(rest) && !GOODS_HEADS.test(clause) && !SERVICE_HEADS.test(clause))) return 'cause';
  if (EVENT_HEADS.test(clause) || EVENT_HEADS.test(rest.split(/[,.;]/)[0] ?? '')) return 'event';
  // A head noun the lexicon knows as an event ("dhow cruise", "boat trip", "bash") is one (sw helper, issue 33).
  // (In English, a dateless "walk" or "tour" is as often a business's offer: the English reader decides.)
  if (sells === 'event' && isSwahiliBrief(rest) && brief.subject?.key && nounEntry(brief.subject.key)?.kind === 'event') return 'event';
  if (brief.food || sells === 'food') return 'food';
  if (sells === 'software') return sells;
  // "bicycle repair shop": a shop of a service sells the service.
  if (SERVICE_HEADS.test(clause.replace(/\s+(?:shop|store|kiosk|stall|studio|van|centre|center)$/i, ''))) return 'service';
  if (GOODS_HEADS.test(clause) || GOODS_HEADS.test(head)) return 'product';
  if (SERVICE_HEADS.test(clause) || SERVICE_HEADS.test(head) || SERVICE_WORDS.test(clause)) return 'service';
  // "sign language interpreter", "glass and aluminium windows fitter": a trade named by who does it speaks as a person.
  if (/(?:er|or|ist|ian|ant)$/i.test(clause)) return 'person';
  if (/\b(?:club|society|choir|association|sacco|chama|group|kikundi)$/i.test(clause)) return 'cause';
  if (sells === 'cause' || sells === 'event') return 'product';
  return sells;
}

/** The first clause as the subject's name ("tent and chair hire"), without the brief's name or leading filler. */
function clauseSubject(rest: string, name: string | null): string | null {
  let c = firstClause(rest);
  if (name) c = c.replace(name, ' ');
  c = c
    .replace(/^(?:\s*(?:a|an|the|our|my|upcoming|join|new|best|top|professional|affordable|reliable|mobile)\b)+/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!c || /\d/.test(c) || c.split(' ').length > 5 || /^\p{Lu}/u.test(c)) return null;
  return c;
}

/** Where the lines will be posted or printed, never part of the subject ("for my IG", "for our banner"). */
const MEDIUM = String.raw`(?:ig|insta(?:gram)?|tiktok|twitter|x|facebook|fb|linkedin|whatsapp(?:\s+status)?|page|profile|account|banner|poster|flyer|flier|t-?shirts?|tees|signboard|sign|billboard|website|site|menu|stickers?|mugs?|caps?|shop front|storefront)`;
/** The request words of a brief: what is asked for, not what the subject is ("need a caption for our car wash"). */
const REQUEST_HEAD = new RegExp(
  String.raw`^\s*(?:(?:hi|hey|hello|pls|please|plz|yo|ok|okay|honestly|just|so|um+|basically)[\s,!]+)*(?:(?:i|we)\s+(?:need|want|would like)\s+|(?:can|could)\s+(?:you|u)\s+(?:write|give|make|do)(?:\s+(?:me|us))?\s+|need\s+|want\s+|write\s+(?:me\s+|us\s+)?|give\s+(?:me|us)\s+|looking\s+for\s+|help\s+(?:me|us)\s+(?:write|with)\s+)?(?:an?\s+|some\s+|the\s+)?(?:short\s+|catchy\s+|good\s+|new\s+|fun(?:ny)?\s+)?(?:(?:ig|instagram|insta|tiktok|twitter|x|linkedin|facebook|fb)\s+)?(?:captions?|bios?|quotes?|slogans?|taglines?|tag lines?|headlines?|ad(?:\s+|-)?lines?|ads?|posts?|words|lines?|copy|text|status|one-?liners?|description)(?:\s+(?:for|about)\s+(?:me|us)\b)?(?:\s+(?:for|on|to put on)\s+(?:my|our|the|a)?\s*${MEDIUM})?\s*(?:for|about|on|of)?\s*(?:(?:my|our|the)\s+)?(?:${MEDIUM}\s*)?(?:for\s+(?:me|us)\b)?\s*[:\-–—,]?\s*`,
  'i',
);
/** "…, for my IG" / "for our X account" at the end of a brief. */
const REQUEST_TAIL = new RegExp(
  String.raw`[\s,;.-]*\b(?:for|on)\s+(?:my|our|the)\s+(?:new\s+)?${MEDIUM}(?:\s+(?:account|page|bio|profile))?\s*[.!]?\s*$`,
  'i',
);
const CHATTER = /\b(?:lol|lmao|haha+|hehe|pls|plz|please|asap|thx|thanks|tia|btw|fyi|kindly|abeg|ok+)\b[.!]*/gi;

/**
 * A brief without its request words and chatter ("need a caption for our car wash in Thika lol" is
 * "our car wash in Thika"), and a person's "I am a…" or a firm's "we are a…" opening: what is left
 * is what the subject is. `person`: the brief speaks as "I" (a bio for me).
 */
export function stripRequest(text: string): { text: string; person: boolean } {
  let t = text
    .replace(CHATTER, ' ')
    .replace(/\b(Dr|Mr|Mrs|Ms|Prof|Eng|Rev|Pst|Hon)\.\s+/g, '$1 ')
    .replace(/\s+/g, ' ')
    .trim();
  const before = t;
  for (let i = 0; i < 2; i += 1) t = t.replace(REQUEST_HEAD, (m) => (m.trim() ? '' : m)).trim();
  // Nothing but the request is left ("caption"): the brief is kept as it was.
  if (!/\p{L}{3}/u.test(t)) t = before;
  t = t.replace(REQUEST_TAIL, '').trim();
  // "gym: Iron Temple Kasarani, …" is "Iron Temple Kasarani gym, …": the name before what it is.
  const labelled = /^(\p{Ll}[\p{Ll}\s'-]{1,30}?):\s*((?:\p{Lu}[\p{L}'’&.-]*\s*){1,5})(,.*|$)/u.exec(t);
  if (labelled?.[1] && labelled[2]) {
    const noun = labelled[1].trim();
    const nm = labelled[2].trim();
    t = `${nm.toLowerCase().endsWith(noun.toLowerCase()) ? nm : `${nm} ${noun}`}${labelled[3] ?? ''}`;
  }
  let person =
    /\b(?:i\s+am|i'm|my\s+name\s+is|me:|for\s+me\b|(?:bio|headline|profile)\s+for\s+my\b|i\s+(?:help|do|make|teach|coach|write|shoot|play|sell|work|come|fix|bake|cook|design|build|offer|run|train|cut|braid|drive|deliver|clean|paint|tutor|sing|speak|plan|repair|install|style|create))\b/i.test(
      text,
    );
  t = t
    .replace(/^(?:i\s+am|i'm|im)\s+(?:an?\s+)?/i, '')
    .replace(/^(?:we\s+are|we're)\s+(?:an?\s+)?/i, '')
    .replace(/\b(?:we|i)\s+keep\s+(?:the\s+)?books\b/i, 'bookkeeping')
    .replace(/^[\s,:;.\-–—]+/, '')
    .trim();
  if (/^(?:we|our)\b/i.test(t)) person = false;
  return { text: t || text, person };
}

/** Words an offer never starts or ends with: a pronoun, a verb, a filler ("you wait", "engine wash too", "have planted 12"). */
const OFFER_EDGE_START =
  /^(?:i|we|you|u|us|they|he|she|it|me|my|our|your|their|am|is|are|was|were|be|been|have|has|had|do|does|did|can|will|get|got|come|comes|go|join|book|call|open|opens|meet|meeting|meets|sleeps|pay|paying|just|also|so|too|very|usually|always|often|sometimes|mostly|really|want|wants|need|needs|please|helping|doing|selling|offering|serving|providing|bringing|giving|looking|caring|making|after|before|then|now|today|every|each|no|not|free|new|best|plus|and|or|with|for|of|to|at|in|on)\b/i;
const OFFER_EDGE_END = /\b(?:too|also|so far|after|now|today|only|etc|and|or|with|for|of|to|at|in|on|the|a|an|is|are|us|you|it|\p{L})$/iu;
/** Numbers that are a duration, an age or a count, not part of a thing sold ("10 years", "5 minutes", "sleeps 6"). */
const OFFER_COUNT = /\b\d+\s*(?:years?|yrs?|months?|weeks?|days?|hours?|hrs?|minutes?|mins?|km|people|guests|trees)\b|\d$/i;

/** Whether an offer is a clean noun phrase a line can name ("screen repairs", "20 litre refill"). */
export function cleanOffer(o: string): boolean {
  const t = o.trim();
  if (t.length < 3 || OFFER_EDGE_START.test(t) || OFFER_EDGE_END.test(t) || OFFER_COUNT.test(t)) return false;
  // A lone past participle is what was done, not what is sold ("baked", "planted").
  if (/^\p{L}+ed$/u.test(t) && !/(?:bed|seed|feed|shed|speed|breed|weed)$/i.test(t)) return false;
  // A word repeated ("cakes cakes"), a lone letter, a word with no vowel.
  const words = t.toLowerCase().split(/\s+/);
  if (words.some((w, i) => i > 0 && w === words[i - 1])) return false;
  return true;
}

/** Whether a phrase of several words ends in a verb where the brief writes it ("women founders pitch" of "… pitch to investors"). */
function endsInVerb(o: string, rest: string): boolean {
  if (!o.includes(' ')) return false;
  const last = o.split(/\s+/).pop() as string;
  const at = rest.toLowerCase().indexOf(o.toLowerCase());
  if (at < 0) return false;
  const after =
    rest
      .slice(at + o.length)
      .trim()
      .split(/\s+/)[0]
      ?.toLowerCase() ?? '';
  // "… pitch to investors", "… runs on Saturday": a word followed by "to" or a preposition after a plural is a verb.
  return /^(?:to|into|for|with|at|on|by)$/.test(after) && /s$/i.test(o.split(/\s+/).slice(-2, -1)[0] ?? '') && !/s$/i.test(last);
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const CACHE = new Map<string, Frame>();
/** A shop-like head: the words before it are what it sells. */
const SHOP_HEAD =
  /\s+(?:shop|store|stall|boutique|dealer|dealership|seller|sellers|supplier|suppliers|kiosk|outlet|yard|showroom|emporium|depot|wholesaler|market)$/i;
/** A subject named by what is done, not what is sold ("phone repairs", "home cleaning", "driving lessons"). */
const SERVICE_WORDS =
  /\b(?:repairs?|services?|cleaning|lessons|classes|tuition|coaching|training|consulting|consultancy|installation|hire|rental|delivery|design|printing|photography|tailoring|laundry|care|therapy|massage|fitting)\b/i;
/** A participle the reader left on a subject ("goat-milk soap sold on Etsy"). */
const TRAILING_PARTICIPLE = /\s+(?:sold|made|delivered|based|located|run|owned|available|offered|found)$/i;

/**
 * The frame of a brief (and a brand kit's name, which is the name when the brief has none). Never
 * throws: any text, of any length or language, gives a frame (maybe a generic kind and no slots).
 */
export function parseFrame(topic: string | null | undefined, brandName?: string | null): Frame {
  const raw = normalizeTopic(topic);
  const brand = normalizeTopic(brandName);
  const key = `${raw ?? ''}\n${brand ?? ''}`;
  const hit = CACHE.get(key);
  if (hit) return hit;

  let text = raw ?? '';
  // A web address or phone number is kept aside (used only when the brief asks for it in a call to action).
  let contact: Frame['contact'] = null;
  for (const re of [URL, PHONE]) {
    text = text.replace(re, (m) => {
      contact ??= { text: m.replace(/[.,;]+$/, ''), asked: ASKS.test(raw ?? '') };
      return ' ';
    });
  }
  text = unshout(
    stripSwRequest(text)
      .replace(EMOJI, ' ')
      .replace(/#(\p{L}+)/gu, '$1')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  // Where it is sold online is not a place or part of the subject ("soap sold on Etsy").
  text = text.replace(
    /\b(?:sold|available|selling|found|shop)\s+(?:on|at|via|through)\s+(?:etsy|amazon|jumia|kilimall|instagram|facebook|tiktok|whatsapp|shopify|ebay)\b/gi,
    ' ',
  );
  // English request words wherever they are ("need a caption for my …", "… bio pls", "headline for me:").
  const english = !isSwahiliBrief(text);
  // Texting spelled out before anything is read ("ur one stop shop", "shoes n bags", "slogan 4 my stall"): no slot ever holds it.
  if (english) text = spellTexting(text);
  const enRequest = english ? stripEnRequest(text) : { text, forMe: false };
  text = enRequest.text;
  // "Introducing Marrakesh, our new cedar diffuser": the product is the diffuser, its name Marrakesh.
  const launch = english ? launchOf(text) : null;
  if (launch) text = `${launch.what}${launch.rest}`;
  const asked = stripRequest(text);
  // A Kiswahili self-introduction ("Mimi ni nesi…") speaks as "I", whatever the kind (sw helper, issue 33).
  const selfIntro = swSpeaksAsI(raw ?? '');
  if (selfIntro) asked.person = true;
  text = asked.text;
  // "24, nursing student": an age says a person speaks; it is no name and no part of the subject.
  if (english) text = text.replace(/^\s*\d{2}\s*(?:,|yo\b|y\/o\b|years?\s+old\b)\s*,?\s*/i, '');
  const story =
    english && /^\s*(?:we|i)\s+(?:[a-z]+ed|went|made|ate|took|got|did|saw|found|built|drove|ran|spent|gave|bought|visited)\s/i.test(text);
  // "we clean exhaust hoods", "I fix laptops": a trade told by its verb is a service.
  const doesService =
    english &&
    /^\s*(?:we|i)\s+(?:also\s+|sell\s+and\s+|supply\s+and\s+)?(?:clean|fix|repair|install|service|paint|move|build|design|print|wash|teach|train|plan|shoot|cater|tutor|coach|unblock|spray|fumigate|maintain|inspect|manage|audit|translate)\b/i.test(
      text,
    );
  const { facts, rest } = scanFacts(text);
  let brief = understandBrief(rest || null, brand);
  const language: 'en' | 'sw' = rest && isSwahiliBrief(rest) ? 'sw' : 'en';

  // "Recruiting volunteer reading mentors": a call for volunteers is a cause, whatever the volunteers will do.
  const callForVolunteers = RECRUITING.test(rest) && /\b(?:volunteers?|recruiting|wanted)\b/i.test(firstClause(rest));
  let match = callForVolunteers ? null : matchKind(rest, brief.subject?.en ?? null);
  // "Forklift, a coworking space in …": the trade is named after the name and its comma.
  if (!match && english) {
    const ap = /^\s*\p{Lu}[^,]{0,40},\s*(?:a|an|the|your)\s+([^,.;]+)/u.exec(rest);
    if (ap?.[1]) match = matchKind(ap[1], ap[1]);
  }
  // "our gym's 5am bootcamp": the owner before "'s" is what the subject is.
  const owner = english ? /^\s*(?:(?:our|my|the)\s+)?(\p{Ll}[\p{L}-]+(?:\s+\p{Ll}[\p{L}-]+)?)['’]s\s+\S/u.exec(rest) : null;
  const ownerMatch = owner?.[1] ? matchKind(owner[1], owner[1]) : null;
  if (ownerMatch) match = ownerMatch;
  let kindConfidence: KindConfidence = match ? confidenceOf(match.phrase, rest, brief, match.kind) : 'none';
  // The audience never sets the kind ("we clean hoods for restaurants"); a food kind needs the subject's own head noun.
  if (
    match &&
    language === 'en' &&
    (servedOnly(match.phrase, rest, brief) || (match.kind.sells === 'food' && foodModifier(match.phrase, rest)))
  ) {
    // A food word that only describes ("coffee-scented candles") makes nothing food.
    if (match.kind.sells === 'food') brief = { ...brief, food: false };
    match = null;
    kindConfidence = 'none';
    // "accounting firm helping NGOs": the trade is named before the people it serves.
    const own = /^(.+?)\s+(?:for|serving|serves|helping|helps|supporting|supports|working with)\s/i.exec(firstClause(rest))?.[1];
    const again = own && own.split(/\s+/).length <= 5 ? matchKind(own, own) : null;
    if (again && !servedOnly(again.phrase, rest, brief)) {
      match = again;
      kindConfidence = confidenceOf(again.phrase, rest, brief, again.kind);
    }
  }
  // "Hifadhi ya baridi kwa wafanyabiashara wa samaki": a Kiswahili kind named only after "kwa" + the people served is the audience's trade.
  if (match && language === 'sw' && swServedOnly(match.phrase, rest)) {
    match = null;
    kindConfidence = 'none';
  }
  // "we rated every rolex stall in Kampala": a story told (a video, a post) names no trade.
  if (match && story) {
    match = null;
    kindConfidence = 'none';
  }
  // "we fix fridges": a trade told by its verb is that service, never a shop of the things it works on.
  if (match && doesService && (match.kind.sells === 'product' || match.kind.sells === 'food')) {
    match = null;
    kindConfidence = 'none';
  }
  let sells: KindSells = match?.kind.sells ?? SELLS_OF_BRIEF[brief.kind];
  if (!match && brief.food) sells = 'food';
  if (!match && brief.aboutCode) sells = 'software';
  if (!match && sells === 'product' && brief.kind === 'thing' && brief.subject === null) sells = 'service';
  if (!match && sells === 'product' && SERVICE_WORDS.test(brief.subject?.en ?? rest)) sells = 'service';
  if (!match && doesService) sells = 'service';
  if (!match && launch) sells = 'product';
  if (!match && !launch && !doesService)
    sells = callForVolunteers || facts.some((f) => f.type === 'goal') ? 'cause' : unmatchedSells(rest, brief, sells);
  const kind = match?.kind ?? genericKind(sells);
  const speaker: Speaker = match ? kind.speaker : SPEAKER_OF_SELLS[kind.sells];

  // Places: the gazetteer's, then the reader's when it is a real place (compromise's place tag or the gazetteer), never a label.
  const places: string[] = [];
  const addPlace = (p: string) => {
    let clean = p.trim().replace(/^the\s+/i, (m) => m);
    // A place written in lower case is spelled as the gazetteer spells it ("nyeri": "Nyeri").
    if (/^\p{Ll}/u.test(clean)) clean = properPlace(clean);
    if (!clean || notAPlace(clean) || isLabelIn(rest, clean) || places.some((q) => q.toLowerCase().includes(clean.toLowerCase()))) return;
    places.push(clean);
  };
  for (const p of placesIn(rest)) addPlace(p.text);
  const readerPlace = brief.place?.text;
  if (readerPlace && !notAPlace(readerPlace) && (isKnownPlace(readerPlace) || nlp(rest).places().has(readerPlace))) addPlace(readerPlace);

  let subjectText = brief.subject?.en.replace(TRAILING_PARTICIPLE, '') ?? null;
  // A trade the library lacks is named by the brief's first clause ("tent and chair hire", "septic tank emptying").
  if (!match && language === 'en') subjectText = clauseSubject(rest, brief.name) ?? subjectText;
  // The reader may take the kind's own word for a verb ("charity fun run"): the subject takes it back.
  if (subjectText && match) {
    const next = new RegExp(`${subjectText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+(${match.phrase.split(/\s+/).pop()}s?)\\b`, 'i').exec(
      rest,
    );
    if (next && !subjectText.toLowerCase().includes(match.phrase)) subjectText = `${subjectText} ${next[1]}`;
  }
  // A subject the reader took from a verb phrase ("rebuild community well" of "to rebuild…", "recruiting volunteers") names nothing.
  const firstWord = subjectText?.split(/\s+/)[0]?.toLowerCase() ?? '';
  if (
    !match &&
    firstWord &&
    (new RegExp(`\\bto\\s+${firstWord.replace(/[^\p{L}]/gu, '')}\\b`, 'iu').test(rest) ||
      /^(?:recruiting|seeking|looking|hiring|raising|calling|inviting|needs?|wanted)$/.test(firstWord))
  ) {
    // The older reader's subject loses the verb too ("rebuild community well": "community well").
    const rest2 = brief.subject?.en.split(/\s+/).slice(1).join(' ');
    if (brief.subject && rest2 && new RegExp(`\\bto\\s+${firstWord}\\b`, 'i').test(rest))
      brief = { ...brief, subject: { ...brief.subject, en: rest2 } };
    subjectText = null;
  }
  let name = cleanName(brief.name, subjectText, kind);
  // "Hivelog is our app for beekeepers", "Qvevri is a small wine bar": the capitalised words before "is our/a" name it.
  if (name === null) {
    const called = /^(\p{Lu}[\p{L}\d&'’.-]*(?:\s+\p{Lu}[\p{L}\d&'’.-]*){0,3})\s+(?:is|are)\s+(?:our|my|a|an|the)\s/u.exec(rest);
    const named = called?.[1];
    if (named && !/^(?:this|that|it|he|she|we|they|there|here|what|who|mine|ours|i)$/i.test(named) && !isKnownPlace(named)) name = named;
  }
  // "Speaker and leadership coach": a trade word opening the brief is what the person is, not a name.
  if (
    name &&
    !name.includes(' ') &&
    rest.startsWith(name) &&
    /(?:er|or|ist|ian|ant|coach|artist)$/i.test(name) &&
    /^\s*(?:and|&|,|\/)/.test(rest.slice(name.length))
  )
    name = null;
  // The subject as the brief spells it ("used tyres ex-Japan"), without a place or a name after it ("barbershop Rongai", "group Mavuno Women").
  if (subjectText) {
    let st: string = subjectText;
    const at = rest.toLowerCase().indexOf(st.toLowerCase());
    if (at >= 0) st = rest.slice(at, at + st.length);
    // A capital only because the brief starts with it ("Used tyres") is not kept.
    if (at === 0 && /^\p{Lu}\p{Ll}+(?:\s+\p{Ll}|$)/u.test(st)) st = st.charAt(0).toLowerCase() + st.slice(1);
    for (const p of places) st = st.replace(new RegExp(`\\s+${escapeRe(p)}$`, 'i'), '');
    const caps = /^(.*?\p{Ll}[\p{L}'’-]*)((?:\s+\p{Lu}[\p{L}'’-]*)+)$/u.exec(st);
    // "wedding DJ", "used SUV": a trade's own acronym is part of it, never a name cut off it.
    if (caps?.[1] && caps[2] && !/^\p{Lu}/u.test(caps[1]) && !/^\s*\p{Lu}{2,4}s?$/u.test(caps[2])) {
      const tail = caps[2].trim();
      if (name === null && tail.split(/\s+/).length >= 2 && !isKnownPlace(tail)) name = tail;
      st = caps[1];
    }
    // "Junction food truck" of "Jollof Junction food truck": capitalised words before the trade are its name.
    const lead = /^((?:\p{Lu}[\p{L}'’-]*\s+)+)(\p{Ll}.*)$/u.exec(st);
    if (lead?.[1] && lead[2] && !isKnownPlace(lead[1].trim())) {
      const full = new RegExp(`((?:\\p{Lu}[\\p{L}'’-]*\\s+)*)${escapeRe(st)}`, 'u').exec(rest);
      const whole = `${full?.[1] ?? ''}${lead[1]}`.trim();
      if (name === null && whole.split(/\s+/).length >= 2 && !isKnownPlace(whole)) {
        name = whole;
        for (let i = places.length - 1; i >= 0; i -= 1) if (whole.includes(places[i] ?? '\u0000')) places.splice(i, 1);
        st = lead[2];
      }
    }
    subjectText = st;
  }
  if (subjectText)
    subjectText = subjectText.replace(/\s+ex[-\s]\p{L}+$/iu, '').replace(/\s+(?:meets|gathers|runs|opens|plays|is|are)$/i, '');
  if (subjectText && new Set(subjectText.toLowerCase().split(/\s+/)).size < subjectText.split(/\s+/).length) subjectText = null;
  // "Wanjiku Njoroge, freelance graphic designer": a person's name with their trade speaks as that person.
  let trade: string | null = null;
  if (!match && name && /^(?:(?:Dr|Mr|Mrs|Ms|Prof|Eng|Rev|Pst|Hon)\s+)?\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?$/u.test(name)) {
    for (const chunk of rest.split(/\s*[,;]\s*/).slice(1, 3)) {
      const m =
        /^(?:an?\s+)?(?:freelance|independent|self-employed|certified|professional|qualified|senior)?\s*((?:[a-z]+\s){0,2}[a-z]+(?:er|ist|ian|or|ant|DJ|MC))\b/.exec(
          chunk,
        );
      if (m?.[1] && !/^(?:for|and|with|in|at)\b/.test(m[1])) {
        trade = m[1].trim();
        break;
      }
    }
    if (trade) subjectText = trade;
  }
  if (subjectText && /^(?:meets|meet|runs|opens|sells|makes|needs|has|have|is|are|will|we|i|you)\b/i.test(subjectText)) subjectText = null;
  // A name ending in its town ("Sunrise Dental Clinic Eldoret") is the name without it; the town is a place.
  if (name)
    for (const p of places)
      if (
        new RegExp(
          `\\b(?:clinic|shop|salon|kitchen|hotel|bakery|garage|studio|centre|center|cafe|café|restaurant|school|academy|barbershop|spa|pharmacy|motors|hardware)\\s+${escapeRe(p)}$`,
          'i',
        ).test(name)
      )
        name = name.slice(0, -p.length - 1);
  const placeWords = new Set(places.flatMap((p) => p.toLowerCase().split(/\s+/)));
  const placeWords0 = placeWords;
  const offers = brief.offers
    .map((o) =>
      o.en
        .trim()
        .replace(/\s+(?:too|also|as well)$/i, '')
        .replace(/\s+(?:filed|fixed|done|delivered|included|sorted|available|welcome|wanted|provided|supplied)$/i, '')
        .split(/\s+/)
        .filter((w, i, all) => !(i === 0 && all.length > 1 && placeWords0.has(w.toLowerCase())))
        .join(' '),
    )
    .filter(cleanOffer)
    .filter((o) => !places.some((p) => p.toLowerCase() === o.toLowerCase()))
    .filter((o) => !endsInVerb(o, rest))
    // The rest of a place ("River" of "Nairobi River"), a time ("8pm"), a word said twice ("cakes birthday cakes").
    .filter((o) => !places.some((p) => new RegExp(`${escapeRe(p)}\\s+${escapeRe(o)}`, 'i').test(rest)))
    .filter((o) => !/^\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm)$/i.test(o))
    .filter((o) => new Set(o.toLowerCase().split(/\s+/)).size === o.split(/\s+/).length)
    .filter((o) => !/\b(?:approved|certified|registered|accredited|licensed)$/i.test(o))
    .filter((o) => o.length > 2 && !NOT_OFFERS.has(o.toLowerCase()) && !placeWords.has(o.toLowerCase()))
    .filter((o) => !facts.some((f) => f.text.toLowerCase().includes(o.toLowerCase())))
    .filter((o) => !/^(?:the|a|an|our|my|your)$/i.test(o))
    // A lone "-ing" word is what is done, not what is sold ("balancing"), for a shop of goods.
    .filter(
      (o) =>
        !(
          /^\p{L}+ing$/u.test(o) &&
          (kind.sells === 'product' || kind.sells === 'food') &&
          !/(?:clothing|bedding|roofing|flooring|lighting|tiling|icing)$/i.test(o)
        ),
    )
    // A trade or a shop is not an offer ("aluminium windows fitter", "watch repair kiosk", "rims dealer").
    .filter((o) => !(o.includes(' ') && /\s(?:fitter|dealer|supplier|seller|kiosk|shop|store|stall|maker|breeder)s?$/i.test(o)))
    // A clause is not an offer ("screens fixed", "cars washed").
    .filter((o) => !/\b(?:fixed|repaired|done|made|delivered|washed|cleaned|served|sold|included)$/i.test(o));

  // No offer named: what the subject sells ("used tyres" of a used-tyres shop; goat-milk soap itself).
  const subjectClean = subjectText && !/\d/.test(subjectText) ? subjectText : null;
  // Goods named as the subject ("used tyres") are the first offer of a shop that sells them.
  if (
    subjectClean &&
    (kind.sells === 'product' || kind.sells === 'food') &&
    /[^s]s$/i.test(subjectClean) &&
    !SHOP_HEAD.test(subjectClean) &&
    !offers.includes(subjectClean)
  ) {
    offers.unshift(subjectClean);
  }
  if (offers.length === 0 && subjectClean) {
    const shop = SHOP_HEAD.exec(subjectClean);
    if (shop && subjectClean.length > shop[0].length && /s$/i.test(subjectClean.slice(0, shop.index).trim()))
      offers.push(subjectClean.slice(0, shop.index).trim());
    else if (!shop && (kind.sells === 'product' || kind.sells === 'food') && !matchKind(subjectClean)) offers.push(subjectClean);
    else if (!shop && kind.sells === 'service' && SERVICE_WORDS.test(subjectClean) && subjectClean.split(/\s+/).length > 1)
      offers.push(subjectClean);
  }

  // A person's trade with a firm's name ("Tumaini Tutors", "Baraka & Sons") speaks as a business.
  const speakerOf: Speaker = trade
    ? 'person'
    : asked.person &&
        // "Fundi Joe plumbing, I fix leaks": a person's own name speaks as "I" when the brief never says "we".
        (name === null ||
          (!/\b(?:we|our|us)\b/i.test(text) &&
            !/(?:[^s'’]s|\b(?:ltd|limited|co|agency|group|services|studio|associates|&))$/i.test(name))) &&
        (speaker === 'business' || speaker === 'person') &&
        kind.sells !== 'product' &&
        kind.sells !== 'food' &&
        kind.sells !== 'venue'
      ? 'person'
      : speaker === 'person' && name !== null && /(?:[^s'’]s|\b(?:ltd|limited|co|agency|group|services|studio|associates|&))$/i.test(name)
        ? 'business'
        : speaker;

  if (trade) for (let i = offers.length - 1; i >= 0; i -= 1) if (offers[i]?.toLowerCase() === trade.toLowerCase()) offers.splice(i, 1);
  // A price written right after an offer is that offer's price ("nail trims $15", "fades KSh 200").
  const lowerText = text.toLowerCase();
  const pricedFacts = facts.map((f) => {
    if (f.type !== 'price') return f;
    const at = lowerText.indexOf(f.text.toLowerCase());
    const before = at > 0 ? lowerText.slice(0, at).replace(/[\s,:=-]+(?:from|at|only|just|for)?[\s,:=-]*$/, '') : '';
    const of = offers.find((o) => before.endsWith(o.toLowerCase()));
    return of ? { ...f, of } : f;
  });
  // "leadership coach" beside the subject "coach" is the subject, said more exactly.
  const plainSubject = subjectText ?? (match ? kind.noun.en : null);
  if (plainSubject && !plainSubject.includes(' ')) {
    const exact = offers.find((o) => o.toLowerCase().endsWith(` ${plainSubject.toLowerCase()}`));
    if (exact) {
      subjectText = exact;
      offers.splice(offers.indexOf(exact), 1);
    }
  }
  // "Book club meets first Thursday…": what meets is the subject.
  if (!subjectText && language === 'en') {
    const group = /^([A-Za-z][a-z]+(?:\s[a-z]+){0,2})\s+(?:meets|gathers|runs|opens|plays)\b/.exec(rest);
    if (group?.[1] && !/^(?:we|i|they|it|he|she)$/i.test(group[1])) subjectText = group[1].charAt(0).toLowerCase() + group[1].slice(1);
  }
  // What the launch names is the product's name, never a place spelt like it.
  if (launch) {
    name = launch.name;
    for (let i = places.length - 1; i >= 0; i -= 1) if (places[i] === launch.name) places.splice(i, 1);
  }
  // Every slot is a noun phrase the brief names, or empty (an empty slot is a safe line; a wrong one is a 0).
  if (name && !cleanSlot(name, 'name')) name = null;
  for (let i = offers.length - 1; i >= 0; i -= 1) if (!cleanSlot(offers[i], 'offer') || !cleanOffer(offers[i] ?? '')) offers.splice(i, 1);
  if (subjectText) subjectText = cutClause(subjectText).replace(/\s+(?:now|also|too|again|here|there|today)$/i, '');
  // "lavender and green tea scented soy candles": the reader's first conjunct is not the subject; the clause's head is.
  const clause0 = firstClause(rest);
  if (english && subjectText && !subjectText.includes(' ') && new RegExp(`^${escapeRe(subjectText)}\\s+(?:and|&)\\s+`, 'i').test(clause0)) {
    const cw = clause0.split(/\s+/);
    if (cw.length <= 8 && /[^s]s$/i.test(cw[cw.length - 1] ?? '')) subjectText = cw.slice(-2).join(' ');
  }
  // A subject the guard refuses may still hold the trade before a clause ("book drive before schools reopen").
  const clauseCut = (): string | null => {
    const cut = cutClause(clause0.replace(/^(?:a|an|the|our|my)\s+/i, ''));
    return cut && cut !== clause0 && cut.split(/\s+/).length <= 4 && /^\p{Ll}/u.test(cut) && cleanSlot(cut, 'subject') ? cut : null;
  };
  if (english && !subjectText && !match) subjectText = clauseCut();
  let subject = subjectText && !/\d/.test(subjectText) ? subjectText : match ? kind.noun.en : subjectText;
  if (subject && !cleanSlot(subject, 'subject'))
    subject = (english ? clauseCut() : null) ?? (match && kindConfidence === 'high' ? kind.noun.en : null);
  // A kind's noun the brief never wrote ("race" of "5k Nyeri, fun run") gives way to the happening it names.
  if (english && match && subject === kind.noun.en && kindConfidence !== 'high' && !rest.toLowerCase().includes(subject.toLowerCase()))
    subject = happeningChunk(rest) ?? subject;
  // "walk" of a "charity walk": the kind's phrase as the brief writes it says the subject more exactly.
  if (match && subject && !subject.includes(' ') && match.phrase.endsWith(` ${subject.toLowerCase()}`)) {
    const at = rest.toLowerCase().indexOf(match.phrase);
    if (at >= 0) subject = rest.slice(at, at + match.phrase.length);
  }
  if (subject && ROLE_WORD.test(subject)) subject = null;
  // "Forklift, a coworking space in Rotterdam": what follows the name after a comma is what it is.
  if (english && name && (!subject || !rest.toLowerCase().includes(subject.toLowerCase()))) {
    const appos = new RegExp(
      `^\\s*${escapeRe(name)}\\s*[,:–—-]\\s*(?:a|an|the|your)\\s+((?:[\\p{Ll}][\\p{L}-]*\\s+){0,2}[\\p{Ll}][\\p{L}-]*?)(?=\\s+(?:in|at|on|with|for|from|near|that|which|who)\\b|\\s*[,.;:]|\\s*$)`,
      'u',
    ).exec(rest);
    if (appos?.[1] && cleanSlot(appos[1], 'subject')) {
      subject = appos[1];
      for (let i = offers.length - 1; i >= 0; i -= 1) if (offers[i]?.toLowerCase() === appos[1].toLowerCase()) offers.splice(i, 1);
    }
  }
  // "firm" of "accounting firm helping NGOs": the kind's own noun, written in the brief, says it whole.
  if (
    match &&
    subject &&
    !subject.includes(' ') &&
    kind.noun.en.toLowerCase().endsWith(` ${subject.toLowerCase()}`) &&
    rest.toLowerCase().includes(kind.noun.en.toLowerCase())
  )
    subject = kind.noun.en;
  if (brief.name && !cleanSlot(brief.name, 'name') && brief.name !== name) brief = { ...brief, name: null };
  // "Ubuntu Bank's new savings account": the name ends where its capitals do, without the owner's "'s".
  if (name && english && /\s\p{Ll}[\p{L}-]*$/u.test(name) && /^\p{Lu}/u.test(name)) {
    const trimmed = name.replace(/(?:\s+\p{Ll}[\p{L}-]*)+$/u, '');
    name = trimmed !== name && /['’]s$/.test(trimmed) && trimmed.includes(' ') ? trimmed.replace(/['’]s$/, '') : trimmed;
    if (!cleanSlot(name, 'name')) name = null;
  }
  // "helping SMEs hire better", "lets chamas track contributions": what follows is a clause, never an offer.
  for (let i = offers.length - 1; i >= 0; i -= 1) {
    const o = offers[i] ?? '';
    if (
      new RegExp(
        `\\b(?:helping|helps|help|teaching|teaches|showing|shows|lets|let|allows|enables)\\s+(?:\\S+\\s+){0,1}${escapeRe(o)}`,
        'i',
      ).test(rest)
    )
      offers.splice(i, 1);
  }
  // Every offer has a head noun where the brief writes it ("save", "through", "woven", "unpack" have none).
  // (A happening's own word stays: "run" of "run for clean water" is the event.)
  if (english)
    for (let i = offers.length - 1; i >= 0; i -= 1)
      if (!HAPPENING.test(offers[i] ?? '') && !offerHasHead(offers[i] ?? '', rest)) offers.splice(i, 1);
  // What the reader is asked to bring is no offer ("bring gloves and water").
  if (english)
    for (let i = offers.length - 1; i >= 0; i -= 1)
      if (
        new RegExp(`\\b(?:bring|carry|wear)\\s+(?:your\\s+own\\s+)?(?:[\\p{L}-]+\\s+){0,3}${escapeRe(offers[i] ?? '')}\\b`, 'iu').test(rest)
      )
        offers.splice(i, 1);
  // A fact that describes an offer is part of it ("gluten-free bases", never "bases" alone).
  if (english)
    for (let i = 0; i < offers.length; i += 1) {
      const o = offers[i] ?? '';
      const f = facts.find((x) => new RegExp(`${escapeRe(x.text)}\\s+${escapeRe(o)}\\b`, 'i').test(text));
      if (f && /^[\p{L}-]+$/u.test(f.text)) offers[i] = `${f.text} ${o}`;
    }
  // A duration or a discount is a fact, never a thing sold ("three hours", "half price").
  if (english)
    for (let i = offers.length - 1; i >= 0; i -= 1)
      if (/^(?:(?:one|two|three|four|five|six|\d+)\s+(?:hours?|days?|nights?|weeks?|minutes?)|half price|half off)$/i.test(offers[i] ?? ''))
        offers.splice(i, 1);
  // A coordination is one unit ("rolled chapati and eggs"): a modified first part and a bare second are never split into two slots.
  if (english) {
    const co = new RegExp(
      `((?:[\\p{L}-]+\\s+)+[\\p{L}-]+)\\s+(?:and|&)\\s+([\\p{L}-]+)(?=\\s*(?:[,.;:]|$|\\s+(?:for|at|in|from|on|with)\\b))`,
      'iu',
    );
    const m = co.exec(firstClause(rest)) ?? co.exec(rest);
    const a = m?.[1] ?? '';
    const b = m?.[2] ?? '';
    const sub = (subject ?? '').toLowerCase();
    const aLow = a.toLowerCase();
    const partA =
      sub && aLow.endsWith(sub) && sub.includes(' ')
        ? sub
        : offers.find((o) => o.includes(' ') && aLow.endsWith(o.toLowerCase()))?.toLowerCase();
    if (m && partA && b && offers.some((o) => o.toLowerCase() === b.toLowerCase())) {
      const whole = `${rest.slice(m.index + a.length - partA.length, m.index + a.length)} and ${b}`;
      for (let i = offers.length - 1; i >= 0; i -= 1) {
        const o = offers[i]?.toLowerCase() ?? '';
        if (o === b.toLowerCase() || o === partA) offers.splice(i, 1);
      }
      offers.unshift(whole);
      if (sub === partA) subject = whole;
    }
  }
  // "restoring old Land Rovers": a capitalised object of a verb is no name.
  if (name && english) {
    const at = rest.indexOf(name);
    if (at > 0 && /\b\p{L}+(?:ing|s|ed)\s+(?:(?:old|new|used|vintage|classic|the|a|an|some|every)\s+)?$/u.test(rest.slice(0, at)))
      name = null;
  }
  if (subject && name && /^\p{Lu}/u.test(subject) && name.includes(subject)) subject = subject.toLowerCase();
  // A launch's product split at its "and" ("cedar", "amber diffuser") is no offer: the product is the subject.
  if (launch) offers.length = 0;
  if (
    match &&
    subject &&
    kindConfidence === 'low' &&
    !/\s(?:and|&)\s/i.test(subject) &&
    new RegExp(`(?:^|\\s)${escapeRe(match.phrase)}(?:e?s)?$`, 'i').test(subject)
  )
    kindConfidence = 'high';
  // "we clean exhaust hoods and kitchen ducts for …": the trade is what is done to the first thing named.
  if (doesService && !subject) subject = serviceSubject(text);
  // The older reader's subject, when it is a fragment, becomes the frame's (or none; a role word such as "mum" stays true).
  if (
    english &&
    brief.subject &&
    slotProblem(brief.subject.en, 'subject') !== null &&
    slotProblem(brief.subject.en, 'subject') !== 'role word'
  )
    brief = { ...brief, subject: subject ? phraseOf(subject) : null };
  const speakerFinal = english
    ? speakerOfBrief(speakerOf, { raw: raw ?? '', rest, forMe: enRequest.forMe, kind, matched: Boolean(match), subject, facts, name })
    : speakerOf;
  if (speakerFinal === 'event' && !subject) {
    subject = happeningChunk(rest);
    if (subject)
      for (let i = offers.length - 1; i >= 0; i -= 1) if (offers[i]?.toLowerCase() === subject.toLowerCase()) offers.splice(i, 1);
  }
  // What a person, an event or a cause is, again as an offer ("jazz night", "data analyst"); a shop's goods stay ("used tyres").
  if (speakerFinal !== 'business' && subject) {
    const sub = subject.toLowerCase();
    for (let i = offers.length - 1; i >= 0; i -= 1)
      if (sub === offers[i]?.toLowerCase() || sub.includes(offers[i]?.toLowerCase() ?? '\u0000')) offers.splice(i, 1);
  }
  // A person tells of a second job or a hobby after "who" ("comic who also drives a bus"): never an offer.
  if (speakerFinal === 'person') {
    // A second role ("part-time matatu driver", "baker") is what they are, not what they sell.
    for (let i = offers.length - 1; i >= 0; i -= 1) if (SECOND_ROLE.test(offers[i] ?? '')) offers.splice(i, 1);
    const who = /\bwho\b/i.exec(rest);
    if (who)
      for (let i = offers.length - 1; i >= 0; i -= 1)
        if (rest.toLowerCase().indexOf(offers[i]?.toLowerCase() ?? '', who.index) > who.index) offers.splice(i, 1);
  }
  // "student looking for holiday babysitting jobs": the work a person seeks is what the line is about.
  if (english && speakerFinal === 'person' && !subject) {
    const seeks =
      /\b(?:looking|searching|available)\s+for\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)\s+(?:jobs?|work|gigs?|clients|shifts)\b/iu.exec(rest);
    if (seeks?.[1] && cleanSlot(seeks[1], 'subject')) subject = seeks[1];
  }
  // "I teach piano to adult beginners": a piano teacher; the beginners are the audience.
  if (english && speakerFinal === 'person') {
    const taught = /^\s*i\s+(?:also\s+)?teach\s+((?:[\p{Ll}-]+\s+)?[\p{Ll}-]+?)\s*(?:\s(?:to|for|online|in|at|on|with)\b|[,.;]|$)/iu.exec(
      text,
    );
    const what = taught?.[1];
    if (
      what &&
      !/^(?:you|people|kids|children|students|adults|beginners|them|it|how|the|a|an|my|our)\b/i.test(what) &&
      cleanSlot(what, 'subject')
    )
      subject = `${what} teacher`;
  }
  // "dad who teaches other dads to braid hair": what the person teaches is what the line is about (hair braiding).
  if (english && speakerFinal === 'person' && (!subject || ROLE_WORD.test(subject))) subject = taughtSkill(rest) ?? subject;
  if (english && subject && (!brief.subject || ROLE_WORD.test(brief.subject.en))) brief = { ...brief, subject: phraseOf(subject) };
  // A story told ("we rated every rolex stall"): the verb is no part of what it is about ("rolex stall").
  if (story && brief.subject) {
    const verb = /^\s*(?:we|i)\s+(\S+)/i.exec(text)?.[1]?.toLowerCase();
    const words = brief.subject.en.split(/\s+/);
    if (verb && words.length > 1 && words[0]?.toLowerCase() === verb) brief = { ...brief, subject: phraseOf(words.slice(1).join(' ')) };
  }
  // The older reader's activity is a clause piece as often as not ("looking" of "student looking for …").
  if (english && brief.activity && slotProblem(brief.activity.en, 'subject') !== null) brief = { ...brief, activity: null };
  // The kind follows who speaks when the library had none (a jazz night is an event, a data analyst a person).
  let finalKind = trade ? genericKind('person') : kind;
  if (!match && !trade && speakerFinal !== SPEAKER_OF_SELLS[finalKind.sells]) {
    finalKind = genericKind(
      speakerFinal !== 'business' ? speakerFinal : ['person', 'event', 'cause'].includes(finalKind.sells) ? 'service' : finalKind.sells,
    );
  } else if (
    match &&
    (speakerFinal === 'event' || speakerFinal === 'cause') &&
    (kind.speaker === 'business' || kind.speaker === 'person')
  ) {
    finalKind = genericKind(speakerFinal);
    kindConfidence = 'none';
  }
  // A person's second job has its own time ("teacher, and on weekends I bake cakes"): a time is kept only with the clause it was written in.
  const ownFacts =
    english && speakerFinal === 'person' && subject
      ? pricedFacts.filter((f) => {
          if (f.type !== 'hours' && f.type !== 'date') return true;
          const clause = text.split(/[,;.]|\s+(?:and|but)\s+/i).find((c) => c.toLowerCase().includes(f.text.toLowerCase()));
          return !clause || clause.toLowerCase().includes((subject ?? '').toLowerCase()) || !/\b(?:i|we)\s+\p{L}+/iu.test(clause);
        })
      : pricedFacts;
  const frame: Frame = {
    topic: raw,
    language,
    subject,
    kind: finalKind,
    matched: Boolean(match) && finalKind === kind,
    offers,
    facts: ownFacts,
    places,
    audience: brief.audience?.en ?? null,
    name,
    speaker: selfIntro ? 'person' : speakerFinal,
    contact,
    recruiting: RECRUITING.test(raw ?? ''),
    kenyan:
      places.some(isKenyanPlace) ||
      facts.some((f) => /ksh|kes|m-?pesa|bob|\/-/i.test(f.text)) ||
      /\b(?:boda|matatu|chama|harambee|mitumba|jua kali|nyama choma|kinyozi|mama mboga|ugali|mandazi|chapati)\b/i.test(raw ?? ''),
    brief,
    kindConfidence: trade ? 'none' : kindConfidence,
    hook: english ? hookOf(text, facts) : null,
  };
  if (CACHE.size >= 500) CACHE.delete(CACHE.keys().next().value as string);
  CACHE.set(key, frame);
  return frame;
}

/** Head words that only say where a trade works ("physiotherapy clinic", "barber shop"): the word before is the trade. */
const PLACE_HEADS =
  /^(?:shop|store|clinic|studio|centre|center|salon|kiosk|stall|parlour|parlor|house|spot|hub|lab|bar|room|yard|workshop|company|co|business|services?|agency|firm)$/;

/** 'high' when the kind's phrase is the subject's own head noun (or its trade before a shop word), else 'low'. */
function confidenceOf(phrase: string, rest: string, brief: Brief, kind: Kind): KindConfidence {
  const p = phrase.toLowerCase();
  const heads = (brief.subject ? [brief.subject.en] : [firstClause(rest)])
    .map((x) =>
      x
        .toLowerCase()
        .replace(/[^\p{L}\p{N}'’\s-]/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
  for (const h of heads) {
    const words = h.split(' ');
    const pw = p.split(' ').length;
    for (const end of [words.length, words.length - 1]) {
      if (end < pw) continue;
      if (end < words.length && !PLACE_HEADS.test(words[words.length - 1] ?? '')) continue;
      const tail = words.slice(end - pw, end).join(' ');
      if (tail === p || tail === `${p}s` || tail === `${p}es`) return 'high';
    }
    // "stand-up comic": the head is one of the kind's own words.
    const head = words[words.length - 1] ?? '';
    const names = [...kind.match.en, kind.noun.en].map((x) => x.toLowerCase());
    if (head && (names.includes(head) || names.includes(head.replace(/e?s$/, '')))) return 'high';
  }
  return 'low';
}

/** Whether a kind's phrase is only who the subject serves ("… for restaurants", "tour for foodies"), never what it is. */
/** Whether a Kiswahili brief names a phrase only after "kwa" and the people served ("… kwa wafanyabiashara wa samaki"). */
function swServedOnly(phrase: string, rest: string): boolean {
  const low = ` ${rest.toLowerCase()} `;
  const at = low.indexOf(phrase.toLowerCase());
  if (at < 0) return false;
  const before = low.slice(0, at);
  const served = /\bkwa\s+(?:wa|ma)\p{L}{3,}(?:\s+\S+){0,3}\s+$/u.exec(before);
  return served !== null && /\p{L}{3}/u.test(before.slice(0, served.index)) && !/[,.;:]/.test(served[0]);
}

function servedOnly(phrase: string, rest: string, brief: Brief): boolean {
  const p = phrase.toLowerCase();
  if (brief.audience && brief.audience.en.toLowerCase().includes(p) && !(brief.subject?.en.toLowerCase().includes(p) ?? false)) return true;
  const low = ` ${rest.toLowerCase()} `;
  let at = low.indexOf(p);
  if (at < 0) return false;
  while (at >= 0) {
    const before = low.slice(Math.max(0, at - 50), at);
    const served =
      /\b(?:for|to|serving|serves|supplying|supplies|supply|helping|helps|supporting|supports|working with|clients? like|customers? like)\s+(?:(?!,)\S+\s+){0,4}$/.exec(
        before,
      );
    if (!served || /[,.;:]/.test(served[0])) return false;
    // "visit … for birthday cakes": nothing before "for" but a call to action; the cakes are what it is.
    if (
      !/\p{L}{3}/u.test(
        low.slice(0, at - served[0].length).replace(/\b(?:visit|call|order|shop|dm|go|check|come|text|whatsapp|find us|click)\b/g, ''),
      )
    )
      return false;
    at = low.indexOf(p, at + p.length);
  }
  return true;
}

/** Words after a food word that keep it food ("nyama choma joint", "burger van", "fast food in Thika"). */
const FOOD_HEADS =
  /^(?:in|at|on|for|with|and|&|from|near|by|to|joint|spot|place|truck|stand|kitchen|cafe|café|van|cart|corner|shop|stall|kiosk|bar|house|restaurant|delivery|deliveries|catering|caterer|seller|vendor|business|brand|company|parlour|lounge|hub|point|den|grill|bakery|express|co|ltd|every|daily|open|fresh|made|baked|cooked|served|box|boxes|packs?|platters?|trays?|bowls?|plates?|meals?|orders?|menu|specials?|deals?|combos?|buffet|hampers?|subscriptions?|that|which|who|are|is|were|taste|tastes|delivered|of|so|just|here|too)$/i;
/** Whether a food phrase only describes another thing ("green tea scented candles", "food tour", "coffee table"). */
function foodModifier(phrase: string, rest: string): boolean {
  const low = rest.toLowerCase();
  const at = low.indexOf(phrase.toLowerCase());
  if (at < 0) return false;
  // "coffee and cardamom scented candles": past the words joined to it, what follows says what it is.
  const next = /^(?:e?s)?(?:\s+(?:and|&|or|n)\s+[\p{L}'’-]+)*\s+([\p{L}'’-]+)/u.exec(low.slice(at + phrase.length));
  return Boolean(next?.[1] && !FOOD_HEADS.test(next[1]));
}

/** A chunk of the brief's first two that ends in a happening ("family fun run"), or null. */
function happeningChunk(rest: string): string | null {
  for (const chunk of rest.split(/[,;]/).slice(0, 2)) {
    const c = firstClause(chunk.trim()).replace(/^(?:a|an|the|our|my)\s+/i, '');
    const last = c.split(/\s+/).pop() ?? '';
    if (c && c.split(/\s+/).length <= 4 && HAPPENING.test(last) && /^\p{Ll}/u.test(c) && cleanSlot(c, 'subject')) return c;
  }
  return null;
}

/** Head words of a subject that is a happening only when it has a date ("a tour this Saturday" vs "food tours"). */
const WEAK_HAPPENING = /\b(?:tour|tours|trip|trips|cruise|cruises|sale|ride|rides|match|show|walk|run|class|jam|cycle|hike|swim)$/i;

/**
 * Who speaks, from what the brief says of itself: a person ("bio for me", "I'm", an age, "retired
 * <job>", "mum who…"), a business ("we/our" with a trade, a named shop), an event (a dated
 * happening: tournament, night, camp, show, launch), a cause (collecting, raising, volunteers).
 * A person who also works at something stays a person.
 */
function speakerOfBrief(
  current: Speaker,
  b: {
    raw: string;
    rest: string;
    forMe: boolean;
    kind: Kind;
    matched: boolean;
    subject: string | null;
    facts: Fact[];
    name: string | null;
  },
): Speaker {
  const bio = /\b(?:bio|headline|about me|profile)\b/i.test(b.raw);
  const person = b.forMe || personSignals(b.raw, b.rest, bio);
  const we = businessSignals(b.raw);
  // The kind's own event or cause speaks as the kind says (a charity run is a dated happening that raises money).
  const last2 = (b.subject ?? '').toLowerCase().split(/\s+/).slice(-2).join(' ');
  const datedHappening = HAPPENING.test(last2) && b.facts.some((f) => f.type === 'date' || f.type === 'hours');
  if (b.matched && (b.kind.speaker === 'event' || b.kind.speaker === 'cause') && !person) return datedHappening ? 'event' : b.kind.speaker;
  if (person && !we) return 'person';
  // "Fallon's chipper": a possessive name is a shop's.
  if (!person && b.name && /['’]s$/.test(b.name) && current === 'person') return 'business';
  // A person's own trade (a wedding DJ) never becomes the happening it works at.
  // "photography workshop … on 3 May": a dated happening of a person's trade is an event.
  const dated0 = b.facts.some((f) => f.type === 'date');
  if (dated0 && !person && HAPPENING.test((b.subject ?? '').toLowerCase().split(/\s+/).slice(-2).join(' ')) && /\s/.test(b.subject ?? ''))
    return 'event';
  // "handmade wool blankets …, woven by a women's group": goods with no "I" are sold by a business, whoever makes them.
  if (b.matched && b.kind.speaker === 'person' && !person && b.kind.sells === 'product' && /[^s]s$/i.test(b.subject ?? ''))
    return 'business';
  if (b.matched && b.kind.speaker === 'person') return current;
  // "nail tech in Toronto": a one-person trade with no "we" speaks as that person, whatever its kind's shop would say.
  if (
    !we &&
    current === 'business' &&
    !b.name &&
    /\b(?:tech|technician|artist|stylist|consultant|coach|tutor|therapist|photographer|videographer|designer|developer|copywriter|writer|freelancer|dj|mc|trainer)$/i.test(
      b.subject ?? '',
    )
  )
    return 'person';
  const clause = firstClause(b.rest).toLowerCase();
  const whole = (b.subject ?? clause).toLowerCase().trim();
  // The head: the last word or two ("open day", "jazz night"), never a word describing it ("wedding DJ").
  const head = whole.split(/\s+/).slice(-2).join(' ');
  const dated =
    b.facts.some((f) => f.type === 'date' || f.type === 'hours') || /\b(?:this|next|every)\s+(?:week|weekend|month|\w+day)\b/i.test(b.rest);
  const causeAsk =
    /\b(?:raising|raise)\s+(?:funds|money|cash|awareness|ksh|\$|£|€)|\b(?:book|food|clothes|clothing|toy|blood|shoe|sanitary pad|pad|uniform|stationery|coat|blanket|donation)\s+drive\b|\bcollecting\b[^,.]*\b(?:for|to)\b|\bvolunteers?\s+(?:needed|wanted|welcome)|\bneeds?\s+volunteers\b|\bdonat(?:e|ions?)\b|\bharambee\b|\bfundrais/i.test(
      b.rest,
    );
  if (causeAsk && !(b.matched && b.kind.speaker === 'business' && we)) {
    // A dated happening that raises money is an event ("charity walk, 12 October"); asking alone is a cause.
    return HAPPENING.test(head) && dated ? 'event' : 'cause';
  }
  if (
    HAPPENING.test(head) &&
    (!WEAK_HAPPENING.test(head) || dated) &&
    !/\b(?:shop|store|studio|salon|company|agency|services?)$/i.test(head)
  )
    return 'event';
  // "3k Ruiru next Sunday, family fun run for …": the happening may be named in the second chunk.
  const happening = happeningChunk(b.rest);
  if (!b.subject && happening && (dated || !WEAK_HAPPENING.test(happening))) return 'event';
  if (person && current !== 'event' && current !== 'cause') return 'person';
  return current;
}

/** A phrase for the older reader from a subject the frame found ("book drive"). */
function phraseOf(text: string): Brief['offers'][number] {
  const head = text.split(/\s+/).pop() ?? text;
  return { en: text, head, plural: /[^s]s$/i.test(head), mass: false, key: null, sw: null };
}

const SERVICE_NOUN: Record<string, string> = {
  clean: 'cleaning',
  fix: 'repair',
  repair: 'repair',
  install: 'installation',
  service: 'servicing',
  paint: 'painting',
  print: 'printing',
  wash: 'washing',
  design: 'design',
  spray: 'spraying',
  fumigate: 'fumigation',
  inspect: 'inspection',
  translate: 'translation',
  maintain: 'maintenance',
  unblock: 'unblocking',
};
/** "we clean exhaust hoods …" is exhaust hood cleaning; null when the verb or its object is unclear. */
function serviceSubject(text: string): string | null {
  const m =
    /^\s*(?:we|i)\s+(?:also\s+|sell\s+and\s+|supply\s+and\s+)?([a-z]+)\s+((?:[a-z-]+\s+){0,2}?[a-z-]+?)(?=\s+(?:and|&|for|in|at|to|across|around|from|with|on)\b|[,.;]|$)/i.exec(
      text,
    );
  const noun = m?.[1] ? SERVICE_NOUN[m[1].toLowerCase()] : undefined;
  if (!m?.[2] || !noun) return null;
  const obj = m[2].toLowerCase().replace(/^(?:the|your|their|our|all|any)\s+/, '');
  const words = obj.split(/\s+/);
  const last = words[words.length - 1] ?? '';
  words[words.length - 1] = /(?:ss|us|is)$/.test(last)
    ? last
    : last
        .replace(/(?:ies)$/, 'y')
        .replace(/(?<=(?:sh|ch|x))es$/, '')
        .replace(/s$/, '');
  const out = `${words.join(' ')} ${noun}`;
  return cleanSlot(out, 'subject') && words.length <= 3 ? out : null;
}

/** "teaches other dads to braid hair": hair braiding; "shows mums how to cook cheap meals": cooking cheap meals. */
function taughtSkill(rest: string): string | null {
  const m =
    /(?:\b(?:teach(?:es|ing)?|show(?:s|ing)?|help(?:s|ing)?|coach(?:es|ing)?)\s+(?:other\s+)?[\p{L}-]+\s+(?:how\s+)?to|^\s*i(?=\s+(?:braid|bake|sew|knit|cook|paint|draw|sing|dance|write|make|build|teach|tutor|style|design|photograph|plant|grow)\b))\s+([a-z]+)\s+((?:[a-z-]+\s+){0,3}?[a-z-]+)(?=\s+(?:on|in|at|for|from|with|and|every)\b|[,.;]|$)/iu.exec(
      rest,
    );
  if (!m?.[1] || !m[2]) return null;
  const verb = m[1].toLowerCase();
  const doubled: Record<string, string> = {
    run: 'running',
    swim: 'swimming',
    knit: 'knitting',
    plan: 'planning',
    shop: 'shopping',
    jog: 'jogging',
  };
  const ing = doubled[verb] ?? (/[^aeiou]e$/.test(verb) ? `${verb.slice(0, -1)}ing` : `${verb}ing`);
  const obj = m[2].toLowerCase().replace(/^(?:the|a|an|their|your|own)\s+/, '');
  const out = obj.includes(' ') ? `${ing} ${obj}` : `${obj} ${ing}`;
  return cleanSlot(out, 'subject') && out.split(/\s+/).length <= 5 ? out : null;
}

/** A role a person may hold besides their own ("part-time matatu driver", "baker"), never a thing they sell. */
const SECOND_ROLE =
  /\b(?:driver|teacher|baker|painter|singer|dancer|writer|photographer|designer|nurse|chef|cook|dj|mc|rider|farmer|tutor|mechanic|tailor|barber|coach|trainer|developer|engineer|accountant|lawyer|doctor|student|guide|officer|manager|consultant|artist|musician|comedian|pastor|preacher|volunteer|mum|mom|dad|wife|husband|mother|father)s?$/i;
