import type { CategoryId } from '@gl/core';
import { stripSwRequest } from './brief-request';
import { swFact, swFactSentence } from './facts-sw';
import type { Frame } from './frame';
import { genericKind } from './kinds';
import { isKnownPlace } from './places';
import { capitalizeFirst } from './text';

/**
 * Who speaks in a Kiswahili line and what it may say (issue 33, blind rounds: shop copy pasted on a
 * youth group, a school SMS, a studio). The subject's own type decides the frames: only a shop or a
 * seller of goods says "bidhaa", "duka letu", "nunua", "mzigo mpya"; a group invites to join, a school
 * tells parents the day, the time and what to bring, a church invites to the service, a service says
 * what it does ("Tunaosha…"), a person says "Mimi ni…". A time word, a quantity or the client a brief
 * names is never the thing sold ("Leo tuna siku", "Unatafuta hospitali?").
 */
export type SwSubjectType = 'shop' | 'farm' | 'food' | 'service' | 'group' | 'school' | 'church' | 'event' | 'studio' | 'person' | 'other';

const SCHOOL = /\b(?:shule|school|academy|chuo|college|kindergarten|chekechea|daycare)\b/i;
const CHURCH = /\b(?:kanisa|church|msikiti|mosque|parish|parokia|ibada|misa)\b/i;
const EVENT =
  /\b(?:tamasha|concert|festival|tournament|mashindano|harambee|fundraiser|party|bash|sherehe|maonyesho|expo|semina|seminar|workshop|warsha|marathon|mbio|usiku wa|show|camp|kambi|retreat|conference|kongamano)\b/i;
const GROUP_WORDS =
  /\b(?:kikundi|chama|ushirika|vijana\s+wa|youth\s+group|women'?s\s+group|group|klabu|club|umoja|self-help|akina mama|wanawake\s+wa|association|kwaya|choir|volunteers?|wajitolea)\b/i;
const SHOP =
  /\b(?:duka|maduka|shop|store|kibanda|stall|boutique|base\s+ya|supermarket|wholesale|jumla|tunauza|nauza|selling|sells?|kuuza)\b/i;
const STUDIO = /\bstudio\b/i;
const FARM = /\b(?:shamba|farm|ranch|dairy|poultry)\b/i;

/** Kenyan working people an English bio names, in Kiswahili ("boda boda rider": mwendesha boda boda). */
const ROLES: [RegExp, string][] = [
  [/\bboda[- ]?boda\s+(?:rider|driver|guy)\b|\bboda\s+rider\b/i, 'mwendesha boda boda'],
  [/\bmatatu\s+(?:driver)\b/i, 'dereva wa matatu'],
  [/\bmatatu\s+(?:conductor|tout)\b/i, 'kondakta wa matatu'],
  [/\btaxi\s+driver\b/i, 'dereva wa teksi'],
  [/\btuk[- ]?tuk\s+driver\b/i, 'dereva wa tuktuk'],
  [/\bmama\s+mboga\b/i, 'mama mboga'],
];

/** A person an English bio names by a role the lexicon lacks ("Bio for a boda boda rider…"), in Kiswahili. */
export function swRoleOf(frame: Frame): string | null {
  const t = frame.topic ?? '';
  if (frame.language !== 'en' || !/\b(?:bio|profile|about me|i am|i'm)\b/i.test(t)) return null;
  for (const [re, sw] of ROLES) if (re.test(t)) return sw;
  return null;
}

/** The subject's type, from the frame and the brief's own words (most specific first). */
export function swSubjectType(frame: Frame): SwSubjectType {
  const t = frame.topic ?? '';
  const first = (stripSwRequest(t).split(/[,;.:!?]/)[0] ?? '').trim();
  if ((frame.speaker === 'person' || swRoleOf(frame)) && !GROUP_WORDS.test(first)) return 'person';
  if (SCHOOL.test(first) && !SHOP.test(first)) return 'school';
  if (CHURCH.test(first) && !EVENT.test(first)) return 'church';
  if (frame.speaker === 'event' || EVENT.test(first)) return 'event';
  if (STUDIO.test(first)) return 'studio';
  // A group that makes crafts to sell ("basket weavers women's group") sells like a shop.
  if (
    /\b(?:baskets?|vikapu|kiondo|vyondo|beads?|beadwork|shanga|vinyago|carv\w+|pottery|vyungu|weavers?)\b/i.test(t) &&
    !/\bquotes?\b/i.test(t)
  )
    return 'shop';
  if (GROUP_WORDS.test(first) && !SHOP.test(first)) return 'group';
  if (frame.speaker === 'cause') return 'group';
  if (SHOP.test(t) && !/^\s*(?:we|tu)\s*(?:fix|repair|wash|clean|rekebisha|osha|safisha)/i.test(first)) return 'shop';
  if (FARM.test(first)) return 'farm';
  if (frame.kind.sells === 'food') return 'food';
  if (/^tu(?:na|me)?\p{L}{3,}/iu.test(first) && !/^tunauza/i.test(first)) return 'service';
  if (frame.kind.sells === 'service' || frame.kind.sells === 'software') return 'service';
  if (frame.kind.sells === 'product' && frame.matched && frame.kindConfidence !== 'none') return 'shop';
  return 'other';
}

/** Shop copy: only a shop (a farm or a kitchen may ask for an order, never "visit our shop"). */
const SHOP_TALK =
  /\b(?:bidhaa|duka (?:letu|langu)|tembelea duka|nunua|mzigo|bei nafuu|tunachagua kila|vimefika|zimefika|zimeisha tena|tumeleta zingine|stoki|stock)\b/i;
const ORDER_TALK = /\b(?:agiza|oda|kwa bei poa)\b|^leo tuna\b/i;
/** Stock tails true of anything, which the raters score 0 ("kazi safi, bei ya haki", "Nyuma ya pazia"). */
const STOCK_TAIL =
  /\b(?:nyuma ya pazia|kila siku ni mwanzo mpya|na ndoto kubwa|bei ya haki|tunakuhudumia kwa moyo|sasa na milele|hamjawahi kuona kitu kama|furaha ndogo|bila kusita|bidhaa bora|kazi sahihi, kila mara|huduma unayoikumbuka|jisikie wewe tena|niko hapa kuzungumzia|tunasema, tunafanya|kazi moja: ifanywe vizuri|mteja ni mfalme|siku nzuri ya kupata huduma bora|wanatuamini kwa kazi nzuri|kazi nzuri huleta mteja mwingine|bei wazi, kazi safi|vilivyochaguliwa kwa uangalifu|udadisi, kahawa)\b|^upendo kutoka \p{Lu}\p{Ll}+[.!]?(?:\s|$)|(?:^|[.!?]\s+)(?:milele|niandikie)[.!]?$/iu;
/** A person's mood lines ("Furaha, daima."): fine on a wedding caption, never a business's, a group's or an event's copy. */
const MOOD =
  /\b(?:tabasamu na furaha|ndivyo inavyopaswa kuwa|furaha, daima|ninaendeshwa na furaha|hali ya wikendi|bila kichujio|nyakati ndogo, tabasamu|furaha na machweo)\b/i;
/** Words that are never a thing offered: time words, quantities, the people served. */
const NOT_A_THING = new Set([
  'siku',
  'wiki',
  'mwezi',
  'mwaka',
  'leo',
  'kesho',
  'saa',
  'asubuhi',
  'jioni',
  'usiku',
  'kila',
  'nyumbani',
  'wote',
  'wazazi',
  'wateja',
  'watoto',
  'wazee',
  'vijana',
  'wanafunzi',
  'kampuni',
  'makampuni',
  'hospitali',
  'wagonjwa',
  'familia',
  'wageni',
  'jamii',
  'mara',
  'trei',
  'kilo',
  'lita',
  'kazi',
]);

/** The people a brief serves ("kwa kampuni na hospitali", "for schools"): never the subject of a line. */
function clientsOf(frame: Frame): Set<string> {
  const out = new Set<string>();
  const t = (frame.topic ?? '').toLowerCase();
  for (const m of t.matchAll(/\b(?:kwa|for)\s+([\p{L}\s-]{2,40}?)(?=[,.;:!?]|$)/gu))
    for (const w of (m[1] ?? '').split(/\s+/)) if (w.length > 2 && !/^(?:na|and|the|ya|wa|za|la|our|your)$/.test(w)) out.add(w);
  for (const w of (frame.audience ?? '').toLowerCase().split(/\s+/)) if (w.length > 2) out.add(w);
  return out;
}

/** Whether a Kiswahili line is another speaker's copy, a stock tail or a word of the brief taken for what it is not. */
export function swWrongTalk(text: string, frame: Frame): boolean {
  const type = swSubjectType(frame);
  // A brief with nothing of its own to say (a bare name) keeps the stock lines: they are all there is.
  const material = frame.subject !== null || frame.offers.length > 0 || frame.facts.length > 0;
  if (material && STOCK_TAIL.test(text)) return true;
  if (material && ['shop', 'service', 'studio', 'school', 'church', 'group', 'farm', 'food'].includes(type) && MOOD.test(text)) return true;
  // "Tunaosha magari, Kitengela: tuko wazi. Bei…": an offer of "tuko wazi" is no sentence; "Studio ya kurekodi. Mombasa." says nothing.
  if (/:\s*tuko wazi\./i.test(text)) return true;
  if (type !== 'person' && /^\p{Lu}\p{Ll}+(?: \p{Ll}+){1,4}\.\s+\p{Lu}\p{Ll}+\.?$/u.test(text.trim())) return true;
  // "Tunarekebisha friji TV, Kawangware: kazi.": a bare "kazi" after a colon says nothing; "St," is a name cut in two.
  if (/:\s*kazi\.?(?:\s|$)|\bSt(?:[,:!]|\.?$)/u.test(text)) return true;
  // A school's message says what the brief says, never an invented class project or open admissions.
  if (
    type === 'school' &&
    /\b(?:darasani wiki hii|nafasi za kujiunga)\b/i.test(text) &&
    !/\b(?:nafasi|admission|intake|kujiunga)\b/i.test(frame.topic ?? '')
  )
    return true;
  // A proverb about being near ("Fimbo ya mbali haiui nyoka") fits no brief that does not say so.
  if (/\bfimbo ya mbali\b/i.test(text)) return true;
  // "Unatafuta sofa?": what a service works on is never sought as if it were sold.
  if ((type === 'service' || type === 'studio') && /(?:^|[.!?]\s+)unatafuta\s/i.test(text)) return true;
  // "Jaribu siku ya michezo kutoka SMS leo.": the try-it-from-us template only ever fills with a piece of the brief.
  if (/^jaribu\b.*\bkutoka\b.*\bleo\.?$/iu.test(text)) return true;
  // "Jaribu SMS sasa", "Mpe umpendaye bei nafuu": a request word or a price word is never the thing offered.
  if (/\b(?:jaribu|mpe umpendaye|agiza|nunua|pata)\s+(?:sms|bio|caption|tagline|slogan|bei)\b/iu.test(text)) return true;
  // "SMS to parents from…": the kind of message asked for is never what a line offers ("Gundua SMS leo").
  const asked = /^\s*(sms|bio|caption|tagline|slogan)\b/i.exec(frame.topic ?? '')?.[1];
  if (asked && new RegExp(`\\b${asked}\\b`, 'i').test(text)) return true;
  // "vitenge kariakor": a place written in lower case is a piece of the brief pasted into a slot.
  for (const p of frame.places) if (new RegExp(`(?<=\\s)${p.toLowerCase()}\\b`, 'u').test(text)) return true;
  // A school, a church, a group or an event has no customers and takes no job ("Tupigie leo", "wateja").
  if (
    ['school', 'church', 'group', 'event'].includes(type) &&
    /\b(?:hakuna visingizio|kazi inafanywa|wateja|mteja|tupigie leo|tutumie ujumbe|hatuwezi kurekebisha|panga muda unaokufaa)\b/i.test(text)
  )
    return true;
  // Parents are never asked whether they need a school, nor told a fragment of the brief ("Shule ya Msingi, Kilimani: wazazi waje.").
  if ((type === 'school' || type === 'church') && /(?:^|[.!?]\s+)unahitaji\b|:\s*wazazi\s+wa\p{L}+e\b/iu.test(text)) return true;
  // "chaki mkononi": chalk is a classroom teacher's, never a piano or a driving teacher's.
  if (/\bchaki\b/i.test(text) && !/\b(?:shule|school|darasa|class(?:room)?|mwalimu wa shule)\b/i.test(frame.topic ?? '')) return true;
  // "Tunasherehekea ubunifu.": creativity is the writer's stand-in for a subject it did not find, unless the brief says it.
  if (/\bubunifu\b/i.test(text) && !/\b(?:ubunifu|creativ\w*|design\w*|art|sanaa)\b/i.test(frame.topic ?? '')) return true;
  if (type !== 'shop' && SHOP_TALK.test(text)) return true;
  if (type !== 'shop' && type !== 'farm' && type !== 'food' && ORDER_TALK.test(text)) return true;
  // "Tuko wazi": only a place that opens its doors, never a school's day, a church, a group, an event or a person; never "kila wiki".
  if (
    /\btuko wazi\b/i.test(text) &&
    (['school', 'church', 'group', 'event', 'person'].includes(type) || /\btuko wazi kila (?:wiki|mwezi|mwaka)\b/i.test(text))
  )
    return true;
  // "Leo tuna siku", "Unatafuta wazazi waje?", "Tuna nyumbani.": the word after is never a time word, a quantity or the client.
  const clients = clientsOf(frame);
  const subject = (frame.topic ?? '').toLowerCase().split(/[,;.:!?]/)[0] ?? '';
  for (const m of text.matchAll(/(?:^|[.!?:]\s+)(?:leo tuna|tuna|unatafuta|unahitaji|pata)\s+(\p{L}+)/giu)) {
    const w = (m[1] ?? '').toLowerCase();
    if (NOT_A_THING.has(w) || (clients.has(w) && !subject.startsWith(w))) return true;
  }
  // "Nyumbani: shamba letu…": a line never opens on a time word or an adverb as if it were the subject.
  if (/^(?:nyumbani|kila \p{L}+|leo|siku|wiki|mwezi)\s*:/iu.test(text)) return true;
  // "Huduma: chaguo la Nakuru.", "Mtaalamu wa Kakamega.": a generic word standing for the subject says nothing of it.
  if (/^(?:mimi ni )?(?:(?:huduma|biashara|kampuni)\b(?! ya| za| la)|mtaalamu\b|ubunifu\b)/iu.test(text)) return true;
  return false;
}

/** The brief's Kiswahili clauses saying what the speaker does ("tunatembelea wazee kila Jumapili"), at most four words each. */
function doingClauses(frame: Frame): string[] {
  if (frame.language !== 'sw') return [];
  const t = stripSwRequest(frame.topic ?? '');
  const out: string[] = [];
  const extra: string[] = [];
  for (const raw of t.split(/[,;.!?:]+/)) {
    const c = raw.trim().replace(/\s*\([^)]*\)?/g, '');
    if (
      !/^(?:tu|na)(?:na|me)?(?!taka|omba)\p{L}{3,}/iu.test(c) ||
      /^(?:tuko|niko|tuna\s|nina\s|natafuta|tunatafuta|tunauza|nauza)/i.test(c)
    )
      continue;
    const words = c.split(/\s+/);
    // Cut before a "na" that joins a second verb ("tunawaletea chakula na kuwasaidia…"), at most four words.
    const na = words.findIndex((w, i) => i > 0 && w.toLowerCase() === 'na' && /^ku\p{L}+/iu.test(words[i + 1] ?? ''));
    const kept = (na > 0 ? words.slice(0, na) : words).slice(0, 4);
    // "…na kuwasaidia kusafisha nyumba": the second verb said as the speaker says the first ("tunawasaidia kusafisha nyumba").
    const second = na > 0 ? words.slice(na + 1, na + 5) : [];
    const person = /^tu/i.test(c) ? 'tuna' : 'na';
    if (second.length >= 2 && /^ku\p{L}{3,}/iu.test(second[0] as string)) {
      const s2 = [`${person}${(second[0] as string).slice(2)}`, ...second.slice(1)];
      while (s2.length > 1 && /^(?:ya|la|wa|za|cha|vya|kwa|na|ni)$/i.test(s2[s2.length - 1] as string)) s2.pop();
      if (s2.length >= 2) extra.push(s2.join(' ').toLowerCase());
    }
    while (kept.length > 1 && /^(?:ya|la|wa|za|cha|vya|kwa|na|ni|katika|kwenye|hadi)$/i.test(kept[kept.length - 1] as string)) kept.pop();
    if (kept.length < 2) continue;
    // A place in a clause stays out ("tunaosha magari Kitengela": the place is said once, after the subject).
    const places = new Set(frame.places.flatMap((p) => p.split(/\s+/)));
    const clean = kept.filter((w) => !places.has(w));
    if (clean.length >= 2)
      out.push(
        clean
          .join(' ')
          .toLowerCase()
          .replace(/\b(jumatatu|jumanne|jumatano|alhamisi|ijumaa|jumamosi|jumapili)\b/g, (d) => capitalizeFirst(d)),
      );
  }
  return [...out, ...extra.filter((e) => !out.includes(e))];
}

/** English verbs a brief says its work with, in Kiswahili (the stem after "tuna-" / "na-"). */
const VERBS: Record<string, string> = {
  fix: 'rekebisha',
  repair: 'rekebisha',
  wash: 'osha',
  clean: 'safisha',
  plant: 'panda',
  make: 'tengeneza',
  teach: 'fundisha',
  sell: 'uza',
  record: 'rekodi',
  build: 'jenga',
  sew: 'shona',
  cook: 'pika',
  grow: 'lima',
  visit: 'tembelea',
  install: 'weka',
  deliver: 'safirisha',
  braid: 'suka',
};
/** Things an English brief works on that the lexicon lacks, in Kiswahili (plural). */
const THINGS: Record<string, string> = {
  pipes: 'mabomba',
  parcels: 'vifurushi',
  packages: 'vifurushi',
  tanks: 'matangi',
  podcasts: 'podikasti',
  carpets: 'mazulia',
  houses: 'nyumba',
  homes: 'nyumba',
  laptops: 'kompyuta',
  computers: 'kompyuta',
  clothes: 'nguo',
  shoes: 'viatu',
  trees: 'miti',
  cars: 'magari',
  phones: 'simu',
  cakes: 'keki',
  elders: 'wazee',
  songs: 'nyimbo',
  'voice-overs': 'sauti za matangazo',
  adverts: 'matangazo',
  jingles: 'matangazo',
};

/** What an English brief says the speaker does ("we fix leaking pipes", "who plants trees"), in Kiswahili, or null. */
function englishDoing(frame: Frame, person: boolean): string | null {
  if (frame.language !== 'en') return null;
  const m =
    /\b(?:we|who|that|i)\s+(?:also\s+)?([a-z]+?)(?:e?s)?\s+(?:(?:leaking|old|new|broken|used|fresh|local|small)\s+)?([a-z-]+)(?:\s+and\s+([a-z-]+))?\b/i.exec(
      frame.topic ?? '',
    );
  if (!m) return null;
  const verb = VERBS[(m[1] ?? '').toLowerCase()] ?? VERBS[`${(m[1] ?? '').toLowerCase()}e`];
  const thing = THINGS[(m[2] ?? '').toLowerCase()];
  if (!verb || !thing) return null;
  const and = m[3] ? THINGS[m[3].toLowerCase()] : undefined;
  return `${person ? 'na' : 'tuna'}${verb} ${thing}${and ? ` na ${and}` : ''}`;
}

/** The subject as the brief names it, with its place when the place ends the name ("Kikundi cha vijana Molo"). */
function namedSubject(subject: string, frame: Frame): string {
  const place = frame.places[0];
  if (frame.name && subject === frame.name) return place ? `${subject}, ${place}` : subject;
  const t = frame.topic ?? '';
  const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // "Saluni ya Mama Wanjiru": the subject with the name the brief gives it.
  const named = frame.name ? new RegExp(`\\b${esc(subject)}\\s+(?:ya|la|wa|cha|za|vya)\\s+${esc(frame.name)}\\b`, 'i').exec(t)?.[0] : null;
  // Five of the brief's words in a row would read as the brief pasted: the place goes first.
  if (named) return place && named.split(/\s+/).length < 4 ? `${capitalizeFirst(named)}, ${place}` : capitalizeFirst(named);
  if (place && new RegExp(`${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+${place}\\b`, 'i').test(t))
    return `${capitalizeFirst(subject)} ${place}`;
  return place ? `${capitalizeFirst(subject)}, ${place}` : capitalizeFirst(subject);
}

/** A school's day for parents, in Kiswahili ("siku ya masomo", "siku ya wazazi"), from the brief's words. */
function schoolDay(frame: Frame): string | null {
  const t = frame.topic ?? '';
  const sw = /\bsiku\s+ya\s+(?:[\p{Ll}]+)(?:\s+(?:na|ya)\s+\p{Ll}+)?/u.exec(t)?.[0];
  if (sw) return sw.toLowerCase();
  const MAP: [RegExp, string][] = [
    [/\bparents'?\s*(?:day|meeting)\b/i, 'mkutano wa wazazi'],
    [/\bacademic\s+day\b/i, 'siku ya masomo'],
    [/\bprize[- ]giving\b/i, 'siku ya zawadi'],
    [/\bsports\s+day\b/i, 'siku ya michezo'],
    [/\bopen\s+day\b/i, 'siku ya kutembelea shule'],
    [/\bgraduation\b/i, 'mahafali'],
    [/\bclosing\s+day\b/i, 'siku ya kufunga shule'],
    [/\bopening\s+day\b/i, 'siku ya kufungua shule'],
    [/\b(?:mkutano\s+wa\s+wazazi)\b/i, 'mkutano wa wazazi'],
    [/\bmahafali\b/i, 'mahafali'],
  ];
  for (const [re, s] of MAP) if (re.test(t)) return s;
  return null;
}

/** What parents bring or pay for a school's day ("Lete salio la karo.", "Ada ya chakula: KSh 200."). */
function schoolAsk(frame: Frame): string | null {
  const t = frame.topic ?? '';
  const price = frame.facts.find((f) => f.type === 'price');
  const of = /\b(ada\s+ya\s+\p{L}+|mchango\s+wa\s+\p{L}+|karo)\s+(?:ni\s+)?(?:KSh|Ksh|Sh)/iu.exec(t)?.[1];
  if (price && of) return `${capitalizeFirst(of.toLowerCase())} ni ${swFact(price) ?? price.text}.`;
  if (/\bfee\s+balance|salio\s+la\s+karo|balance\s+ya\s+fees\b/i.test(t)) return 'Tafadhali leteni salio la karo.';
  if (price) return `Mchango: ${swFact(price) ?? price.text}.`;
  return null;
}

const FACT_TYPES_WHEN = new Set(['date', 'hours']);

/**
 * The lines of the subject's own speaker frame (none where the other writers already say it well: a
 * shop, a farm, a kitchen, a person, an event). Each line is the subject with one or two true facts.
 */
export function swSpeakerLines(frame: Frame, category: CategoryId, own: string | null): string[] {
  let subject = own;
  if (category === 'quotes') return [];
  const type = swSubjectType(frame);
  // "SMS to parents from Greenfield Academy": a school's own name stands for it when the reader found no subject.
  if (type === 'school' && !subject && frame.name && SCHOOL.test(frame.name)) subject = frame.name;
  if (type === 'school' && !subject)
    subject =
      /\b((?:\p{Lu}[\p{L}'’-]+\s+){1,3}(?:Academy|School|College|Primary|Secondary|Schools))\b/u.exec(frame.topic ?? '')?.[1] ?? null;
  if (type === 'person' && swRoleOf(frame)) subject = swRoleOf(frame);
  // "We clean carpets and sofas in Ruaka": an English service with no subject the reader found says what it does, with its place.
  const enDoing = englishDoing(frame, false);
  if ((type === 'service' || type === 'other') && !subject && enDoing && frame.places[0]) {
    const price = frame.facts.find((f) => f.type === 'price');
    const ps = price ? swFact(price) : null;
    const priceLine = ps && !/\b(?:per|a)\s+\p{L}+$/iu.test(ps) ? `Bei: ${ps}.` : null;
    const pay = frame.facts.find((f) => f.type === 'payment');
    const place = frame.places[0];
    return [
      `${capitalizeFirst(enDoing)}, ${place}.${priceLine ? ` ${priceLine}` : ''}`,
      `${capitalizeFirst(enDoing)}. Karibu ${place}.`,
      pay ? `${capitalizeFirst(enDoing)}, ${place}. ${swFactSentence(pay) ?? ''}`.trim() : null,
      frame.contact && /\d{3}/.test(frame.contact.text) ? `${capitalizeFirst(enDoing)}, ${place}. Piga ${frame.contact.text}.` : null,
    ].filter((l): l is string => l !== null);
  }
  if (!subject || /^(?:biashara|huduma|duka|mtaalamu|kampeni|hafla|tukio)$/i.test(subject)) return [];
  const out: string[] = [];
  const add = (l: string | null | false | undefined) => {
    if (!l) return;
    const t = l
      .replace(/\s+/g, ' ')
      .replace(/\s+([.,!?])/g, '$1')
      .replace(/\.\./g, '.')
      .trim();
    if (!out.includes(t)) out.push(t);
  };
  const S = namedSubject(subject, frame);
  const en = englishDoing(frame, type === 'person');
  const doing = en ? [en] : doingClauses(frame);
  const [d1, d2] = doing;
  const when = frame.facts
    .filter((f) => FACT_TYPES_WHEN.has(f.type))
    .map((f) => swFact(f))
    .filter((s): s is string => s !== null);
  const factWords = when.join(' ');
  const bare = (d: string) => !when.some((w) => d.includes(w));
  // A group named by one word ("kikundi") or one that makes crafts to sell (craft lines in sw-lead.ts) keeps the other writers' lines.
  if (type === 'group' && (subject.split(/\s+/).length < 2 || (!d1 && frame.language === 'en' && frame.offers.length > 0))) return [];
  if (type === 'group') {
    const meet = frame.facts.find((f) => f.type === 'hours' || f.type === 'date');
    const meetLine = meet ? swFactSentence(meet, { group: true }) : null;
    add(d1 && `${capitalizeFirst(d1)}${bare(d1) && when[0] ? ` ${when[0]}` : ''}. ${S}. Jiunge nasi.`);
    add(d2 && `${capitalizeFirst(d2)}. Sisi ni ${subject.toLowerCase()}${frame.places[0] ? ` wa ${frame.places[0]}` : ''}.`);
    add(meetLine && `${S}. ${meetLine} Karibu ujiunge nasi.`);
    add(`Una moyo wa kusaidia? Jiunge na ${subject.toLowerCase()}${frame.places[0] ? `, ${frame.places[0]}` : ''}.`);
    return out;
  }
  if (type === 'school') {
    const day = schoolDay(frame);
    const date = frame.facts.find((f) => f.type === 'date');
    const time = frame.facts.find((f) => f.type === 'hours');
    const ds = date ? swFact(date) : null;
    const ts = time ? swFact(time) : null;
    const ask = schoolAsk(frame);
    if (!day && !ds) return [];
    const D = day ? capitalizeFirst(day) : null;
    add(D && ds && `${D}, ${S}: ${ds}.${ts ? ` Wazazi, karibuni ${ts}.` : ''}`);
    add(D && ds && `Wazazi, karibuni ${ds}${ts ? `, ${ts}` : ''}: ${D.charAt(0).toLowerCase() + D.slice(1)}. ${ask ?? ''}`);
    add(D && `${D}${ds ? `: ${ds}` : ''}. ${ask ?? `Karibuni ${S}.`}`);
    add(ds && ask && `${S}. ${capitalizeFirst(ds)}. ${ask}`);
    add(D && ts && `${D}: kuanzia ${ts}. Wazazi wote mnakaribishwa.`);
    return out;
  }
  if (type === 'person') {
    const role = swRoleOf(frame);
    if (!role) return [];
    const place = frame.places[0];
    const also = /\balso\s+deliver/i.test(frame.topic ?? '') ? 'Pia nasafirisha vifurushi.' : d1 ? `${capitalizeFirst(d1)}.` : null;
    add(place && `Mimi ni ${role} wa ${place}.${also ? ` ${also}` : ''}`);
    add(`${capitalizeFirst(role)}${place ? `, ${place}` : ''}. ${also ?? 'Safari salama, kila siku.'}`);
    add(place && `${capitalizeFirst(role)} wa ${place}. Nipigie, nakufikisha.`);
    add(place && `Unaenda wapi ${place}? Mimi ni ${role}. Nakufikisha salama.`);
    add(`Kazi yangu: ${role}${place ? `, ${place}` : ''}. Safari salama, kila siku.`);
    return out;
  }
  if (type === 'church') {
    const ibada = /\b(ibada\s+ya\s+\p{L}+|misa\s+ya\s+\p{L}+|ibada)\b/iu.exec(frame.topic ?? '')?.[1]?.toLowerCase() ?? null;
    const time = frame.facts.find((f) => f.type === 'hours');
    const ts = time ? swFact(time) : null;
    const I = ibada ? capitalizeFirst(ibada.replace(/\b(jumapili|jumamosi|ijumaa)\b/, (d) => capitalizeFirst(d))) : null;
    add(I && `${S}. Wote mnakaribishwa kwenye ${I.charAt(0).toLowerCase() + I.slice(1)}${ts ? `, ${ts}` : ''}.`);
    add(I && ts && `Karibu kwenye ${I.charAt(0).toLowerCase() + I.slice(1)}, kuanzia ${ts}. ${S}.`);
    add(`${S}. Karibu tuabudu pamoja.`);
    return out;
  }
  if ((type === 'studio' || type === 'service') && /^tu(?:na|me)?\p{L}{3,}/iu.test(subject)) {
    // "Tunaosha magari Kitengela, KSh 300 kwa gari ndogo": what it does is the subject; a price keeps what it is for.
    const price = frame.facts.find((f) => f.type === 'price');
    const ps = price ? swFact(price) : null;
    const forWhat = price
      ? new RegExp(
          `${price.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+kwa\\s+(\\p{L}+(?:\\s+(?:ndogo|kubwa|moja|\\p{L}+))?)`,
          'iu',
        ).exec(frame.topic ?? '')?.[1]
      : null;
    const priceLine = ps ? (forWhat ? `${capitalizeFirst(forWhat)}: ${ps}.` : `Bei: ${ps}.`) : null;
    const place = frame.places[0];
    const hours = frame.facts
      .filter((f) => f.type === 'hours')
      .map((f) => swFact(f))
      .filter((x): x is string => x !== null);
    const open = hours.length ? `Tuko wazi ${hours.join(', ')}.` : null;
    add(priceLine && place && `${priceLine} ${capitalizeFirst(subject.toLowerCase())}, ${place}.`);
    add(open && place && `${capitalizeFirst(subject.toLowerCase())}, ${place}. ${open}`);
    add(d2 && `${capitalizeFirst(d2)}. ${priceLine ?? open ?? ''}`);
    return out;
  }
  if (type === 'studio' || type === 'service') {
    const SS =
      type === 'studio' && /^studio$/i.test(subject) && /\brecording\s+studio\b/i.test(frame.topic ?? '')
        ? namedSubject('studio ya kurekodi', frame)
        : S;
    const price = frame.facts.find((f) => f.type === 'price');
    const ps = price ? swFactSentence(price, { speaker: 'business' }) : null;
    const pay = frame.facts.find((f) => f.type === 'payment');
    const pays = pay ? swFactSentence(pay) : null;
    // "…kwa kampuni na hospitali": who the work is for, said after what it is.
    const clause = (frame.topic ?? '').split(/[,;.!?]/).find((c) => d1 && c.toLowerCase().includes(d1.split(' ')[0] as string));
    const forWhom = clause ? /\bkwa\s+(\p{Ll}+(?:\s+na\s+\p{Ll}+)?)\s*$/u.exec(clause.trim())?.[1] : null;
    add(d1 && forWhom && `${capitalizeFirst(d1)} kwa ${forWhom}. ${SS}.`);
    add(d1 && `${capitalizeFirst(d1)}. ${SS}.${ps ? ` ${ps}` : ''}`);
    add(d1 && `${SS}: ${d1}.`);
    add(d1 && d2 && `${capitalizeFirst(d1)}, ${d2}. ${S}.`);
    add(d1 && pays && `${capitalizeFirst(d1)}. ${pays}`);
    add(!d1 && type === 'studio' && `${S}. Tunarekodi sauti yako kwa ubora.`);
    const phone = frame.contact && /\d{3}/.test(frame.contact.text) ? frame.contact.text : null;
    add(d1 && phone && `${capitalizeFirst(d1)}${frame.places[0] ? `, ${frame.places[0]}` : ''}. Piga ${phone}.`);
    add(phone && `${SS}. Piga ${phone}.`);
    if (factWords) add(d1 && `${capitalizeFirst(d1)}. ${S}.`);
    return out;
  }
  return [];
}

/**
 * The frame as a Kiswahili set reads it: a group the kinds library did not know ("Kikundi cha vijana
 * Molo, tunatembelea wazee…") speaks as a group, never as a shop of generic goods.
 */
export function swReframe(raw: Frame): Frame {
  // "Dairy farm in Nyahururu": the brief's first word, capitalised only because it opens the brief, is no place.
  const opening = /^\s*(\p{Lu}\p{Ll}+)/u.exec(raw.topic ?? '')?.[1];
  // "St. Paul's Kiambu": a church's name cut at its full stop is no place either.
  const notPlace = (p: string) => (p === opening || /['’]s\b|^St$/.test(p)) && !isKnownPlace(p);
  const input = raw.places.some(notPlace) ? { ...raw, places: raw.places.filter((p) => !notPlace(p)) } : raw;
  // "Bio for a boda boda rider in Kakamega": a person speaks, whatever trade the words matched.
  if (input.speaker !== 'person' && swRoleOf(input))
    return { ...input, speaker: 'person', kind: genericKind('person'), kindConfidence: 'none' };
  let frame = input;
  // "Saluni ya Mama Wanjiru": a name written with its title keeps it ("Mama Wanjiru", never "Wanjiru").
  const titled = frame.name
    ? new RegExp(`\\b(Mama|Baba|Mzee|Bi|Bw|Dada|Kaka|Shangazi|Babu|Bibi)\\s+${frame.name}\\b`).exec(frame.topic ?? '')
    : null;
  // …and the title is no audience ("Mama Wanjiru" speaks to everyone, not to mums).
  if (titled && frame.name)
    frame = { ...frame, name: `${titled[1]} ${frame.name}`, audience: null, brief: { ...frame.brief, audience: null } };
  if (frame.matched || frame.speaker !== 'business' || swSubjectType(frame) !== 'group') return frame;
  return { ...frame, speaker: 'cause', kind: genericKind('cause'), kindConfidence: 'none' };
}
