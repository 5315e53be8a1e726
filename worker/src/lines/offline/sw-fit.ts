import { swFact } from './facts-sw';
import type { Frame } from './frame';
import { nounEntry, translations } from './lexicon';
import { personalOccasion } from './personal-sw';
import { GROUP, swOpensWithEvent } from './sw-lead';

/**
 * Whether a Kiswahili line fits who speaks and what is sold (issue 33): a person (a teacher, a mum
 * on TikTok, a carver) speaks as "mimi", never as a shop taking orders ("Tuko tayari kukuhudumia",
 * "Tupigie leo"); an event or a cause invites ("Karibu", "Jiunge nasi"), never sells ("Bei poa",
 * "Mzigo mpya umefika"); a service never has stock ("Zimeisha tena!", "Bidhaa bora"); a business
 * never says "mimi"; a brief whose facts say what it is not ("haijaongezwa sukari") is never sold
 * that thing.
 */

/** First person plural: a verb with "tu-" ("Tuko", "Tunakusubiri", "Tupigie"), "yetu", "sisi". */
const WE =
  /(?:^|[\s,.!?:;"“(])(?:tu(?:na|ko|me|ta|li|ki|ki)\p{L}{2,}|tuko|tupigie|tutumie|tusaidie|tuthibitishe|tuandikie|tufuate|tuulize|tukuandalie|tukufungie|tuachie|tupate|tupe|tuonane|tujenge|tushikane|tusimame|tuchangie|yetu|wetu|letu|chetu|zetu|vyetu|kwetu|sisi|nasi)(?=$|[\s,.!?:;"”)])/iu;
/** A shop's or a trade's words: a person, an event or a cause never says them. */
const TRADE =
  /\b(?:bei poa|bei ya haki|bei nafuu|kwa bei|bidhaa|mzigo mpya|oda|agiza|kukuhudumia|tunakuhudumia|huduma bora|huduma ya haraka|kazi safi|wateja|tembelea duka|duka letu|pita uchague|pita mapema|zimeisha tena|panga muda unaokufaa|tumeleta zingine|imefungwa na iko tayari|biashara)\b/i;
/** Stock, for goods only: a service or a trip has none. */
const STOCK =
  /\b(?:mzigo mpya|zimeisha tena|tumeleta zingine|bidhaa|pita uchague|imefungwa na iko tayari kutumwa|oda zinapokelewa|leo tuna)\b/i;
/** The template writer's product talk ("Nesi: ukijaribu mara moja, hutaacha", "Ota ndoto kubwa na nesi wako"): a person is no product. */
const PRODUCT_TALK =
  /\b(?:ukijaribu mara moja|hutaacha|chaguo sahihi|rahisi zaidi, haraka zaidi|ota ndoto kubwa|yape mawazo yako|ni rahisi hivyo|kila siku ni mwanzo mpya|ninapokea kazi mpya|\p{L}+ wako\.?$)/iu;

/** Groups that perform or play (a band, a choir, a dance crew, a club). */
const PERFORMERS = /\b(?:bendi|band|kwaya|choir|dance crew|crew|ngoma|wacheza\w*|klabu|club|timu|team|tunapiga|tunatumbuiza|perform\w*)\b/i;

/** Goods words a performer never says ("vitu vizuri, vilivyochaguliwa kwa uangalifu"). */
const GOODS_TALK = /\b(?:vitu vizuri|vilivyochaguliwa|ubora|mteja ni mfalme|bei yetu)\b/i;

/** One person's words: a business, an event or a cause never says them. */
const ME =
  /(?:^|[\s,.!?:;])(?:mimi|niko|nina|nitumie|niandikie|nipigie|ninashiriki|ninageuza|napenda|nilishika|kunipa|sipo|nipo)(?=$|[\s,.!?:;])/iu;

/** A person's passion, from the template writer ("Mpenzi wa X, kahawa na hadithi nzuri"): never a business's. */
const PASSION =
  /\b(?:mpenzi wa|ulimwengu wangu|mapenzi yangu|ninageuza|moyoni, mipango|naongea kuhusu|kahawa na (?:mawazo|hadithi)|ninaishi kwa ajili ya|, kahawa na|ninasaidia biashara)\b/i;

/** What a brief says it has none of ("haijaongezwa sukari wala maji", "bila preservatives", "no sugar added"). */
function lacks(frame: Frame): string[] {
  const out: string[] = [];
  const topic = frame.topic ?? '';
  for (const m of topic.matchAll(
    /\b(?:haija\p{L}+|haina|hazina|hakuna|haitumii|hatutumii|hatuweki|bila|wala|no|without|free\s+of)\s+(?:added\s+|na\s+)?([\p{L}-]+)/giu,
  ))
    out.push((m[1] as string).toLowerCase());
  for (const m of topic.matchAll(/\b([\p{L}]+)-free\b/giu)) out.push((m[1] as string).toLowerCase());
  const sw: Record<string, string[]> = { sugar: ['sukari'], preservatives: ['kemikali'], chemicals: ['kemikali'], water: ['maji'] };
  return out.flatMap((w) => [w, ...(sw[w] ?? [])]).filter((w) => w.length > 2 && !/^(?:added|ya|na|the|a)$/.test(w));
}

/** Words of a line written after an event ("Asante kwa kuwa sehemu…", "Asanteni kwa kufika"). */
const AFTER = /\b(?:asante(?:ni)? kwa (?:kuwa sehemu|kufika|kuja|kushiriki|kuchangia)|tulifurahi|ilikuwa (?:siku|usiku))\b/i;
const PAST_TOPIC = /\b(?:iliyopita|jana|last|yesterday|was held|recap|thank)\b/i;
/** A line for businesses that serve businesses ("suluhisho za kuaminika kwa biashara zinazokua"). */
const B2B = /\b(?:suluhisho|biashara zinazokua|kwa biashara yako)\b/i;

/** Kinds that teach, heal or gather: no shopkeeper's "tuko tayari kukuhudumia", no trade's "kazi safi, bei ya haki". */
const NOT_SHOP =
  /^(?:school|daycare|language-school|coding-bootcamp|tutor|library|university-open-day|driving-school|gym|yoga-studio|clinic|dentist|church-event|chama|sacco|farm-coop)$/;
const SHOPKEEPER = /\b(?:kukuhudumia|fimbo ya mbali|bei ya haki|kazi safi|bei poa|mzigo mpya)\b/i;

const BAKED = /\b(?:mkate|mikate|kuoka|imeokwa|bekari|tunaoka|kuoka)\b/i;
const BAKED_BRIEF = /\b(?:mkate|mikate|keki|kuoka|oka|tunaoka|naoka|bekari|bakery|bread|cakes?|bake\w*|loaf|loaves)\b/i;

/** Filler that only says where ("Tuko Kisumu. Tunakusubiri.", "Asubuhi njema kutoka Thika!"): a line needs a subject. */
const WHERE_ONLY =
  /\b(?:tunakusubiri|asubuhi njema kutoka|karibu, tuko tayari|huduma bora \p{Lu}\p{L}+, kwa bei|ya kujivunia)\b|^(?:tuko|niko)(?: hapa)? \p{Lu}[\p{L}' ]*, tayari/iu;
/** A tag tacked on after the line's own sentences ("… Bila kusita.", "… Milele."). */
const TACKED = /[.!?]\s+(?:bila kusita|bila visingizio|basi|milele|niandikie)[.!]?$/i;
/** A person's bio filler: true of anyone, so never the bio of a midwife, a teacher or a photographer. */
const ANYONE = /\b(?:hapa nashiriki maisha yangu|ubora unaouona|huduma unayoikumbuka|huduma ya kuaminika)\b/i;

/** Whether a line makes a place its subject ("Kisumu ina …", "Mtwapa ni nyumbani kwa Mtwapa") or names a place twice. */
function placeAsSubject(text: string, frame: Frame): boolean {
  for (const p of frame.places) {
    const esc = p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if ((text.match(new RegExp(`\\b${esc}\\b`, 'g')) ?? []).length > 1) return true;
    if (new RegExp(`(?:^|[.!?]\\s+)${esc}\\s+(?:ni|ina|inapenda|imejaa|yote)\\b`, 'u').test(text)) return true;
  }
  return false;
}

/** Methali a set may carry outside a quote only where they fit: unity and saving for a group, a harambee or savings. */
const METHALI =
  /\b(?:fimbo ya mbali|penye nia|haba na haba|umoja ni nguvu|kidole kimoja|mgeni njoo|mkono mmoja|ukiona vyaelea|mvumilivu hula|asiyefunzwa|bandu bandu|usipoziba ufa|chovya chovya|mtaka cha mvunguni|mchagua jembe|polepole ndio mwendo|akiba haiozi|dalili ya mvua)\b/i;
const UNITY_METHALI = /\b(?:umoja ni nguvu|kidole kimoja|mkono mmoja|haba na haba)\b/i;
const GROUP_TOPIC = /\b(?:chama|sacco|harambee|kikundi|ushirika|michango|changa\p{L}*|group|co-?op|wanachama|akiba|savings?)\b/iu;
const HOST_TOPIC = /\b(?:hoteli|hotel|mgahawa|restaurant|lodge|guest\s?house|airbnb|cottage|resort|nyumba ya wageni|cafe|café|chakula)\b/i;

/** Words of a line that name nothing (the trade's generic stand-ins), and words of a brief that name nothing (requests, function words). */
const EMPTY_WORDS = new Set([
  'huduma',
  'biashara',
  'bidhaa',
  'kazi',
  'vitu',
  'kitu',
  'kampuni',
  'yetu',
  'wetu',
  'letu',
  'chetu',
  'yangu',
  'wangu',
  'langu',
  'changu',
  'karibu',
  'leo',
  'sasa',
  'hapa',
  'kila',
  'siku',
  'bora',
  'safi',
  'mpya',
  'nzuri',
  'bure',
  'tuko',
  'niko',
  'tuna',
  'nina',
  'kwenye',
  'katika',
  'kwa',
  'na',
  'ya',
  'wa',
  'la',
  'za',
  'cha',
  'vya',
  'ni',
  'hii',
  'hiyo',
  'sana',
  'pia',
  'tu',
  'nataka',
  'nipe',
  'caption',
  'slogan',
  'tagline',
  'bio',
  'quote',
  'kiswahili',
  'swahili',
  'please',
  'tafadhali',
  'write',
  'funny',
  'kuchekesha',
  'instagram',
  'tiktok',
  'facebook',
  'post',
  'kenyan',
  'with',
  'from',
  'that',
  'this',
  'have',
  'your',
  'their',
  'every',
  'free',
  'open',
  'best',
  'good',
  'new',
  'ads?',
  'line',
  'lines',
  'words',
  'local',
  'small',
]);

/** The words of a brief a line may name to be about it: its own content words and their lexicon translations, the kind's nouns, the name. */
const ANCHORS = new WeakMap<Frame, string[]>();

function anchorWords(frame: Frame): string[] {
  const hit = ANCHORS.get(frame);
  if (hit) return hit;
  const found = findAnchors(frame);
  ANCHORS.set(frame, found);
  return found;
}

function findAnchors(frame: Frame): string[] {
  const out = new Set<string>();
  const add = (w: string) => {
    const l = w.toLowerCase().replace(/[’‘]/g, "'");
    if (l.length >= 4 && !EMPTY_WORDS.has(l)) out.add(l);
  };
  const places = new Set(frame.places.flatMap((p) => p.toLowerCase().split(/\s+/)));
  for (const w of (frame.topic ?? '').match(/[\p{L}'’-]+/gu) ?? []) {
    if (places.has(w.toLowerCase())) continue;
    add(w);
    for (const t of translations(w)) add(t);
  }
  for (const o of frame.offers)
    for (const w of o.split(/\s+/)) {
      add(w);
      for (const t of translations(w)) add(t);
    }
  // A compound the lexicon knows ("posho mill" -> kinu cha posho, "spice tour" -> ziara ya viungo).
  const tw = ((frame.topic ?? '').toLowerCase().match(/[\p{L}'’-]+/gu) ?? []) as string[];
  for (let i = 0; i + 1 < tw.length; i++) {
    const sw = nounEntry(`${tw[i]} ${tw[i + 1]}`)?.sw;
    if (sw) for (const w of `${sw[0]} ${sw[1] ?? ''}`.replace(/\{a\}/g, ' ').split(/\s+/)) add(w);
  }
  // The kind's own noun only when the brief names the kind ("fundi bomba"), never a trade its words only brushed.
  const topicLower = (frame.topic ?? '').toLowerCase();
  if (
    frame.matched &&
    [frame.kind.noun.en, frame.kind.noun.sw, ...frame.kind.match.en, ...frame.kind.match.sw].some(
      (m) => m.length > 3 && topicLower.includes(m.toLowerCase()),
    )
  )
    for (const w of frame.kind.noun.sw.split(/\s+/)) add(w);
  for (const w of (frame.subject ?? '').split(/\s+/)) for (const t of [w, ...translations(w)]) add(t);
  for (const w of (frame.name ?? '').split(/\s+/)) add(w);
  return [...out];
}

/** Stems a Kiswahili noun shares across its classes ("kinu"/"vinu", "duka"/"maduka"): the word without its class prefix. */
function stem(w: string): string {
  return w.replace(/^(?:ki|vi|m|mi|wa|ma|u|ji)(?=\p{L}{3,})/u, '');
}

/**
 * Whether a line names something of the brief outside its appended facts (issue 33, precision first): the trade, the name, an
 * offer or a word of the brief; a line that would fit any business ("Tunakujali kama familia.", "Kazi kwa moyo, maisha kwa
 * shukrani.") is no line for this one. A fact sentence alone ("Tarehe 3 Mei.") after a stock line keeps it stock.
 */
export function swNamesBrief(text: string, frame: Frame): boolean {
  let body = text.toLowerCase();
  for (const f of frame.facts) body = body.split(f.text.toLowerCase()).join(' ');
  // The fact sentences the writer appends ("KSh 5 kwa kilo tu.", "Tarehe 19 Julai.", "Lipa kwa M-Pesa.") are not the body.
  body = body.replace(
    /(?:^|[.!?]\s+)(?:tarehe|bei|ksh|kuanzia|lipa kwa|tiketi|kiingilio|usafirishaji|saa|ijumaa|jumamosi|jumapili|jumatatu|jumanne|jumatano|alhamisi)\b[^.!?]*[.!?]?/g,
    ' ',
  );
  // A perk the brief claims ("bila sukari iliyoongezwa", "usafirishaji bure") says the brief; a date or a price alone does not.
  for (const f of frame.facts) {
    const sw = f.type === 'perk' ? swFact(f) : null;
    if (sw && text.toLowerCase().includes(sw.toLowerCase())) return true;
  }
  const words = body.match(/[\p{L}'’-]+/gu) ?? [];
  const anchors = anchorWords(frame);
  const stems = new Set(
    anchors
      .filter((a) => a.length >= 5)
      .map(stem)
      .filter((x) => x.length >= 4),
  );
  return words.some((w) => {
    const l = w.replace(/[’‘]/g, "'");
    if (l.length < 4 || EMPTY_WORDS.has(l)) return false;
    return anchors.includes(l) || (l.length >= 5 && stems.has(stem(l)));
  });
}

export function swLineFits(text: string, frame: Frame): boolean {
  const named = frame.name ? text.split(frame.name).join(' ') : text;
  const own = personalOccasion(frame) !== null;

  if (WHERE_ONLY.test(named) || placeAsSubject(named, frame)) return false;
  // A brief with a subject has lines enough without a tag tacked on (a bare name keeps the template writer's for variety).
  if (frame.subject && TACKED.test(named)) return false;
  const personKey =
    frame.language === 'en' && !/\b(?:we|our|us)\b/i.test(frame.topic ?? '') && frame.brief.subject?.key
      ? nounEntry(frame.brief.subject.key)?.kind === 'person'
      : false;
  if ((frame.speaker === 'person' || personKey) && frame.subject && ANYONE.test(named)) return false;
  // A person the lexicon knows ("community health volunteer") never speaks as a group building something.
  if (personKey && frame.speaker !== 'person' && !GROUP.test(frame.topic ?? '') && /\btunajenga pamoja\b/i.test(named)) return false;
  if (NOT_SHOP.test(frame.kind.id) && SHOPKEEPER.test(named)) return false;
  // Mandazi are fried, not baked: a bakery's bread lines only for a brief that bakes ("mandazi na chai" is no bakery).
  if (frame.kind.id === 'bakery' && BAKED.test(named) && !BAKED_BRIEF.test(frame.topic ?? '')) return false;
  if ((frame.speaker === 'event' || frame.speaker === 'cause') && AFTER.test(named) && !PAST_TOPIC.test(frame.topic ?? '')) return false;
  if ((frame.kind.sells === 'product' || frame.kind.sells === 'food') && B2B.test(named)) return false;
  // "Ninageuza ubunifu kuwa chanzo cha mwanga": the template writer's stand-in word for a field the brief never gave.
  if (frame.speaker === 'person' && /\bubunifu\b/i.test(named) && !/\b(?:ubunifu|creative|design\w*)\b/i.test(frame.topic ?? ''))
    return false;
  // A group speaks as "we" even where its words matched a maker's kind ("pottery women's group").
  const person = frame.speaker === 'person' && !GROUP.test(frame.topic ?? '') && !swOpensWithEvent(frame);
  // A band, a choir, a dance crew or a club performs or plays: it has no stock and sells no "bidhaa" (round 6).
  if (PERFORMERS.test(frame.topic ?? '') && (STOCK.test(named) || TRADE.test(named) || GOODS_TALK.test(named))) return false;
  // An event invites as itself, never as one person ("Mimi ni usiku wa mashairi").
  if (swOpensWithEvent(frame) && (ME.test(named) || PASSION.test(named))) return false;
  if (person && !own && (WE.test(named) || TRADE.test(named) || PRODUCT_TALK.test(named))) return false;
  if (!person && !own && (ME.test(named) || PASSION.test(named))) return false;
  // A group is never the thing sold ("Kikundi kwa bei poa", "Tunauza kikundi", "Unatafuta kikundi?").
  if (
    /\b(?:(?:kikundi|chama|vikundi|ushirika)\s+kwa\s+bei|(?:tunauza|unatafuta|agiza|nunua|leo tuna)\s+(?:kikundi|chama|ushirika))\b/i.test(
      named,
    )
  )
    return false;
  // A person the library has no trade for ("a retired headteacher") is no "mtaalamu" taking bookings.
  if (person && !frame.matched && /\b(?:mtaalamu|kupanga miadi|tayari kukusaidia)\b/i.test(named)) return false;
  if ((frame.speaker === 'event' || frame.speaker === 'cause') && TRADE.test(named)) return false;
  if (frame.kind.sells !== 'product' && frame.kind.sells !== 'food' && STOCK.test(named)) return false;
  // "Asali haijaongezwa sukari": a line never sells the sugar (a word the brief says it lacks, unless a negation says it again).
  const words = named.toLowerCase().split(/[^\p{L}-]+/u);
  for (const w of lacks(frame)) {
    for (let i = 0; i < words.length; i += 1) {
      if (words[i] !== w) continue;
      const near = words.slice(Math.max(0, i - 3), i).join(' ');
      if (!/\b(?:bila|hakuna|wala|haina|hazina|haija\p{L}+|no|without)\b/u.test(near)) return false;
    }
  }
  return true;
}

/**
 * Whether a Kiswahili line outside a quote says this brief (issue 33, precision first): it names the trade, the name, an offer or a
 * word of the brief beyond its appended facts, and carries a methali only where one fits (unity for a group or a harambee, a host's
 * welcome for a hotel; never "Fimbo ya mbali haiui nyoka" on a tailor, never a saving proverb on a blood drive).
 */
/**
 * The template writer's Kiswahili lines that fit any subject and say nothing of this one (issue 33): a passion, a journey to
 * follow, a mission, a celebration of a service ("Ninageuza X kuwa chanzo cha mwanga", "Hii ni safari yangu, karibu
 * uifuatilie", "Ota ndoto kubwa na X", "X: furaha tupu!", "Shirika letu: mabadiliko yanayodumu").
 */
const STOCK_SW =
  /\b(?:ninageuza|mpenzi wa|moyoni, mipango|hii ni safari yangu|nifuatilie, tuwe pamoja|kwa moyo wote|kazi kwa moyo, maisha|siku nyingine, somo jingine|sheria zinabadilika|chukua uongozi|rahisi zaidi, haraka zaidi|ota ndoto kubwa|kila siku ni siku ya|gundua kazi yangu|jaribu kazi yangu|ukiwa na kazi yangu|ukiwa na huduma yetu|kazi yangu: ubora|furaha tupu|wakati mkamilifu|mraibu wa|shirika letu:|bila kifani|ubora kila siku|ahadi yetu\.|matokeo halisi|tunakujali kama familia|hakuna mipango midogo|kila kitu kinawezekana|mshirika wako wa ukuaji|ubora katika kila kipengele|chagua ubora|kalenda yako iko wazi|napenda kila undani|kila siku ni fursa|kesho inakusubiri|songa mbele|pamoja tunainuana|imepambwa na iko tayari|asante kwa kuwa sehemu|leo tunasherehekea|wateja wa \p{Lu}\p{L}+ wanatuamini|siku nyingine, wateja wengine)\b/iu;

/** More of the template writer's stand-ins: "huduma yetu" or "kazi yangu" in place of the trade, feelings in place of a subject. */
const STOCK_SW_MORE =
  /\b(?:huduma yetu|biashara yetu|kampeni yetu|kazi yangu(?!\s+ni\b)|wewe, mimi na|hakuna kingine|siri ya siku njema|ni ile siku ambayo|kutoka moyoni|twende kazi|kila siku ni muhimu|kwa uaminifu|siku baada ya siku|ninashiriki mapenzi|ninaishi kwa ajili|ulimwengu wangu|kahawa na mawazo|kila siku inaanza vizuri|ishi vizuri zaidi|acha kusubiri|hakika\.|bila shaka\.|hata jirani yako|watataka zaidi|kwa ajili yako\.|kwa upendo\.|kila siku\.$|ahadi yetu\.|unastahili kilicho bora|jibu ni|kila ulichotamani|wamechagua)/iu;

export function swLineSaysBrief(text: string, frame: Frame, category: string, lenient = false): boolean {
  if (category === 'quotes') return true;
  if (STOCK_SW.test(text) || STOCK_SW_MORE.test(text)) return false;
  const named = frame.name ? text.split(frame.name).join(' ') : text;
  const topic = frame.topic ?? '';
  const unity = UNITY_METHALI.test(named) && GROUP_TOPIC.test(topic);
  const host = /mgeni njoo/i.test(named) && HOST_TOPIC.test(topic);
  if (METHALI.test(named) && !unity && !host) return false;
  // A methali that fits (unity for a harambee, a welcome for a hotel) says the brief as well as its name would.
  if (unity || host) return true;
  // A ticket the brief never sold ("zawadi KSh 10,000" is a prize, not a ticket).
  if (/\btiketi\b/i.test(named) && !/\b(?:tiketi|ticket\w*|kiingilio|entry|entrance|kuingia)\b/i.test(topic)) return false;
  return lenient || swNamesBrief(text, frame);
}
