import { CONTENT, entryText, isCodeJokeEntry, type Entry } from './content';
import type { Frame } from './frame';
import type { Kind } from './kinds.schema';

/**
 * The grounding gate (issue 33): an English line may say only what the brief says, plus what is
 * true of any business, person, event or cause of that shape. Every content word of a candidate
 * line must come from the brief (its words, their stems or a near synonym), from a small list of
 * words true of any such speaker, or from the matched kind's own vocabulary, and that last only
 * when the kind was matched with high confidence and the pattern is not marked `specific`. A line
 * that fails is dropped before picking. The gate also keeps lines speaker-safe and label-free: no
 * "we" for one person, no shop calls for a person, an event or a cause, no form labels.
 */

/** Function words and pronouns: never content. */
const FUNCTION_WORDS = words(`
a an the and or but nor so yet if then than that this these those there here where when while what which who whom whose why how
of to in on at for with from by about as into onto over under after before between through during without within out up down off
is are was were be been being am do does did done doing have has had having will would shall should can could may might must
i me my mine myself we us our ours ourselves you your yours yourself yourselves he him his she her hers it its they them their theirs
not no yes all any both each every either neither few more most other some such only own same too very just also even still
one two three four five six seven eight nine ten once twice again ever never always now then soon already
let lets let's it's that's what's there's here's i'm i've i'll i'd we're we've we'll we'd you're you've you'll you'd they're
don't doesn't didn't can't won't isn't aren't wasn't weren't haven't hasn't shouldn't wouldn't couldn't
st nd rd th am pm vs etc ok okay
`);

/** Words true of any business, person, event or cause: plain verbs of contact and time, plain praise. */
const ANY_SPEAKER = words(`
good great best better well quality care careful cared caring welcome welcomes warm kind honest simple easy easier real really
today tonight tomorrow week weeks weekend day days daily time times year years month hour hours morning evening night
new next first last start started starts begin ready open here now soon early late
see look find know need needs want wants love loved like make made take get got come comes coming go going bring share tell ask
talk say join visit call message send book booking follow meet check try help helps helping thank thanks hello hi
people everyone anyone someone friend friends family families neighbours neighbors together local town city place home near nearby close
right way proud happy glad worth count counts matter matters part whole story moment moments little big lot lots
more less much many full every
`);

/** Words any business may say of itself or its customers. */
const BUSINESS = words(`customer customers client clients service services team job jobs work works reply answer
appointment appointments quote visit visits inbox dm whatsapp call number`);
/** Words any business that sells goods or food may say (orders, the shop). */
const SHOP = words(`order orders shop store buy stock`);
/** Words any person may say of their own work. */
const PERSON = words(`work works working client clients project projects hire available me collaborate enquiries
watch video happened went honest really`);
/** Words any event may say. */
const EVENT = words(`night crowd spot spots seat seats register registration tickets ticket there show up date diary`);
/** Words any cause may say. */
const CAUSE = words(`volunteer volunteers hands change difference support community neighbourhood neighborhood cause`);
/** Words any brief asking for volunteers or members may say. */
const RECRUIT = words(`volunteer volunteers hands join members member time`);
/** Words a cause raising money may say. */
const FUNDRAISE = words(`give giving donate donation donations gift gifts target goal raise raising every shilling`);

/** Near synonyms a brief's word stands for (a brief's "kids" lets a line say "children"). */
const SYNONYMS: string[][] = [
  ['kid', 'child', 'children'],
  ['car', 'vehicle', 'motor'],
  ['phone', 'mobile'],
  ['doctor', 'dr', 'clinic'],
  ['cake', 'bake', 'baker', 'bakery'],
  ['coffee', 'cup', 'cappuccino'],
  ['braid', 'hair'],
  ['barber', 'barbershop', 'cut', 'fade', 'haircut'],
  ['couple', 'two'],
  ['free', 'nothing'],
  ['deliver', 'door', 'doorstep'],
  ['class', 'lesson', 'learn'],
  ['tutor', 'tutoring', 'teach', 'learn', 'lesson'],
  ['run', 'runner', 'race', 'finish'],
];

function words(list: string): Set<string> {
  return new Set(list.split(/\s+/).filter(Boolean));
}

/** A rough stem: "delivered", "delivery", "delivers" -> "deliver"; "bakes", "baking" -> "bak". */
export function stem(word: string): string {
  let w = word
    .toLowerCase()
    .replace(/['’]s$/, '')
    .replace(/['’]$/, '');
  if (w.length <= 3) return w;
  if (/ies$/.test(w)) w = `${w.slice(0, -3)}y`;
  for (const suffix of ['ings', 'ing', 'ers', 'er', 'ed', 'es', 's', 'ly', 'y']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && w.length > 4) w = w.slice(0, -1);
  return w.replace(/e$/, '');
}

/** The words of a text (letters, with inner apostrophes and hyphens split). */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}'’]*/gu) ?? []).map((w) => w.replace(/’/g, "'")).filter((w) => !FUNCTION_WORDS.has(w));
}

/** The words a kind says of every member: its match phrases, noun, customer, calls, benefits and its patterns not marked `specific`. */
function kindVocabulary(kind: Kind): Set<string> {
  const out = new Set<string>();
  const texts = [
    ...kind.match.en,
    kind.noun.en,
    kind.customer.en,
    ...kind.ctas.en,
    ...kind.benefits.en,
    ...kind.verbs.en,
    ...kind.lines.en.filter((p) => !p.specific).map((p) => p.text.replace(/\{[A-Za-z]+\}/g, ' ')),
  ];
  for (const t of texts) for (const w of contentWords(t)) out.add(stem(w));
  return out;
}

/** Heads that only say what sort of place a trade is kept in ("tailoring shop", "pottery studio"): the word before names the trade. */
const CONTAINER_HEAD =
  /^(?:shop|store|studio|services?|business|company|centre|center|clinic|kiosk|stall|club|workshop|salon|parlour|parlor|garage|yard|firm|agency|school|academy|class|classes|lessons?|tours?|hire|repairs?)$/i;

/** Whether the frame's kind was matched with high confidence: the parser says so, or the subject's own head noun names it. */
export function kindIsSure(frame: Frame): boolean {
  const conf = frame.kindConfidence;
  if (conf !== undefined) return conf === 'high';
  if (!frame.matched || !frame.subject) return false;
  const subjectWords = frame.subject.trim().toLowerCase().split(/\s+/);
  const headWord = subjectWords[subjectWords.length - 1] ?? '';
  const head = stem(headWord);
  if (head.length < 3) return false;
  const phrases = [frame.kind.noun.en, ...frame.kind.match.en];
  if (phrases.some((p) => stem(p.trim().split(/\s+/).pop() ?? '') === head)) return true;
  // "tailoring shop": a container head, with the kind's phrase just before it.
  if (CONTAINER_HEAD.test(headWord) && subjectWords.length >= 2) {
    const before = subjectWords.slice(0, -1).join(' ');
    return phrases.some((p) => {
      const lower = p.toLowerCase();
      return before === lower || before.endsWith(` ${lower}`) || stem(before.split(' ').pop() ?? '') === stem(lower.split(' ').pop() ?? '');
    });
  }
  return false;
}

export interface Grounding {
  /** The brief's own stems (and its near synonyms'): a line may use them in any form. */
  allowed: Set<string>;
  /** Words true of any such speaker, as written (a plural "s" allowed): never by stem ("lover" is not "love"). */
  common: Set<string>;
  /** The matched kind's own stems (used only for a non-specific pattern of a sure kind, by that kind's own lines). */
  kind: Set<string> | null;
  /** The matched kind's id. */
  kindId: string;
}

/** Whether the brief sells goods or food (shop words fit). */
function sellsGoods(frame: Frame): boolean {
  return frame.speaker === 'business' && (frame.kind.sells === 'product' || frame.kind.sells === 'food');
}

const FUNDRAISING_BRIEF =
  /\b(?:donat\w*|fundrais\w*|raise|raising|harambee|appeal|target|goal|charity|sponsor\w*|pledge|gifts?|fees|m-?pesa|paybill)\b/i;

/** The words of the library's developer jokes: a subject about code may joke in them ("Ship it on a Friday."). */
let codeWords: Set<string> | undefined;
function codeVocabulary(): Set<string> {
  if (codeWords) return codeWords;
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) walk(item);
    else if (node && typeof node === 'object') {
      if (typeof (node as { text?: unknown }).text === 'string') {
        if (isCodeJokeEntry(node as Entry)) for (const w of contentWords(entryText(node as Entry))) found.add(stem(w));
      } else for (const value of Object.values(node)) walk(value);
    }
  };
  walk(CONTENT.en.categories);
  codeWords = found;
  return found;
}

/** What a line about this frame may say. */
export function groundingFor(frame: Frame, brandWords: readonly string[] = []): Grounding {
  const allowed = new Set<string>();
  const common = new Set<string>();
  const briefText = [
    frame.topic ?? '',
    frame.subject ?? '',
    frame.name ?? '',
    frame.audience ?? '',
    ...frame.offers,
    ...frame.places,
    ...frame.facts.map((f) => f.text),
    frame.hook ?? '',
    ...brandWords,
  ].join(' ');
  const own = contentWords(briefText);
  for (const w of own) allowed.add(stem(w));
  // A brief's word lets its near synonyms in.
  const ownStems = new Set(own.map(stem));
  for (const group of SYNONYMS) if (group.some((w) => ownStems.has(stem(w)))) for (const w of group) allowed.add(stem(w));
  const add = (set: Iterable<string>) => {
    for (const w of set) common.add(w);
  };
  add(ANY_SPEAKER);
  if (frame.speaker === 'business') add(BUSINESS);
  if (sellsGoods(frame)) add(SHOP);
  if (frame.speaker === 'person') add(PERSON);
  if (frame.speaker === 'event') add(EVENT);
  // An app is downloaded, installed, tried ("Download TaskPal. It's free.").
  if (frame.kind.sells === 'software') add(['download', 'install', 'app', 'get', 'try', 'today', 'free']);
  if (frame.speaker === 'cause') add(CAUSE);
  if (frame.speaker === 'cause' && FUNDRAISING_BRIEF.test(frame.topic ?? '')) add(FUNDRAISE);
  if (frame.recruiting) add(RECRUIT);
  // The kind's noun names the subject whenever it was matched at all ("bakery" for "Grace Bakes").
  if (frame.matched) for (const w of contentWords(frame.kind.noun.en)) allowed.add(stem(w));
  if (frame.brief.aboutCode) for (const w of codeVocabulary()) allowed.add(w);
  return { allowed, common, kind: kindIsSure(frame) ? kindVocabulary(frame.kind) : null, kindId: frame.kind.id };
}

/** The content words of a line that nothing grounds (empty: the line is grounded). */
export function ungrounded(text: string, g: Grounding, specific = false, kindId?: string): string[] {
  const out: string[] = [];
  const kind = kindId === undefined || kindId === g.kindId ? g.kind : null;
  for (const w of contentWords(text.replace(/#[\p{L}\p{N}_]+/gu, ' '))) {
    if (g.common.has(w) || g.common.has(w.replace(/(?:'s|s)$/, '')) || g.common.has(w.replace(/es$/, ''))) continue;
    const s = stem(w);
    if (g.allowed.has(s)) continue;
    if (!specific && kind?.has(s)) continue;
    out.push(w);
  }
  return out;
}

/** Stock claims that assert what the brief never said ("We only do X", "Booked by people who booked me before"). */
const INVENTED_CLAIM =
  /\b(?:we only do|only do|booked by people who booked|lover of|nailed it|current mood|me pretending|chaos coordinator|you've been warned|that's the whole plan|booking now|every reader has|answer the phone|pick up the phone|price we quoted|keep our word)\b/i;

/** Form labels and placeholders no line may carry ("Caption.", "#Caption", "Tagline:", "— Quote"). */
const LABEL =
  /(?:^|[.!?]\s+|#)(?:caption|tagline|slogan|bio|quote|ad ?line|headline|title|sms ad|youtube title|linkedin headline|instagram bio)s?\b(?:[.:!]|$)|[—–-]\s*(?:quote|caption|tagline|bio|slogan|me|mimi)\s*$|#(?:captions?|taglines?|slogans?|bios?|quotes?|adlines?|instagram|insta|ig|tiktok|facebook|fb|linkedin|youtube|twitter|whatsapp|sms)\b/i;
/** Request words that never belong in a line ("bio pls", "need a caption"). */
const REQUEST = /\b(?:pls|plz|lol|need a (?:caption|slogan|tagline|bio)|youtube title|linkedin headline|sms ad|instagram bio)\b/i;
/** A shop's calls and stock words. */
const SHOP_CALL =
  /\b(?:book (?:a|your) table|order (?:now|today|yours)|shop now|new stock|in stock|sold out|restocked|back on the shelf|visit the shop|add to cart|just in)\b/i;
/** First person plural. */
const WE = /\b(?:we|we're|we've|we'll|we'd|us|our|ours)\b/i;

/** Whether the brief speaks as one person: a person, or a brief in "I"/"my" that never says "we" ("I am a nurse who bakes…"). */
export function speaksAsOne(frame: Frame): boolean {
  const topic = frame.topic ?? '';
  if (/\b(?:we|we're|our|us)\b/i.test(topic)) return false;
  const said = topic.replace(/^[^:]*\b(?:for|of) (?:my|me)\b[^:,]*[:,]/i, '');
  return frame.speaker === 'person' || /(?:^|[\s,.;:])[Ii](?:'m)?\s+\p{L}|\b(?:my|me)\b/u.test(said);
}

/** Whether a line fits its speaker and carries no label (see the file's comment). */
export function speakerSafe(text: string, frame: Frame): boolean {
  if (LABEL.test(text) || REQUEST.test(text) || INVENTED_CLAIM.test(text)) return false;
  // A sentence said twice ("No days off. No days off.").
  const said = text
    .toLowerCase()
    .split(/(?<=[.!?])\s+/)
    .map((x) => x.replace(/[.!?]+$/, '').trim());
  if (new Set(said).size < said.length) return false;
  const topic = frame.topic ?? '';
  if (speaksAsOne(frame) && WE.test(text)) return false;
  if (SHOP_CALL.test(text) && !sellsGoods(frame)) {
    // Unless the brief itself sells so ("order by WhatsApp", "tickets in stock").
    const m = SHOP_CALL.exec(text)?.[0].toLowerCase() ?? '';
    const key = m.split(' ')[0] ?? '';
    if (!new RegExp(`\\b${key}`, 'i').test(topic)) return false;
  }
  return true;
}

/** The gate's vocabulary half: whether every content word is grounded (`specific`: its pattern asserts a specific the kind does not guarantee; `kindId`: the kind that wrote it). */
export function grounded(text: string, g: Grounding, specific = false, kindId?: string): boolean {
  return ungrounded(text, g, specific, kindId).length === 0;
}
