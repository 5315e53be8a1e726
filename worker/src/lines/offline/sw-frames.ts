import type { CategoryId, Tone } from '@gl/core';
import { swFactSentence } from './facts-sw';
import type { Frame } from './frame';
import { fromSwahili, nounEntry, QUALITIES } from './lexicon';
import { beforeSecondVerb, concord, headClass, renderSw, swahiliPhrase, swOurs } from './swahili';

/**
 * A few well-built Kiswahili sentence frames per speaker (issue 33, round 7): a business says what
 * it is, where, what it has and its fact ("Duka la vifaa vya ujenzi, Mtwapa: simenti, mabati na
 * rangi."); a business serving businesses says whom it serves ("Hifadhi ya baridi kwa
 * wafanyabiashara wa samaki, Mombasa."); a free campaign or a cause invites and never sells
 * ("Upimaji wa macho bila malipo, Kibera. Jumamosi hii. Karibu wote."). Every slot is a clean
 * Kiswahili noun phrase from the lexicon or the brief's own words; a frame whose slot is missing is
 * not written, and no frame has a place as its subject.
 */

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "a", "a na b", "a, b na c". */
function list(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} na ${items[items.length - 1]}`;
}

/** A Kiswahili verb ("lina", "zinafunguliwa", "tunarekebisha"): a noun phrase ends before it. */
const VERB_FORM =
  /^(?:ni|ndi\p{L}*|(?:a|u|i|li|ya|ki|vi|zi|wa|tu|m|ku|pa|ni)(?:na|me|ta|li)\p{L}*|(?:a|u|i|li|ya|ki|vi|zi|wa|tu|m|ku|pa|ni)ko)$/u;
export const isVerb = (w: string) => VERB_FORM.test(w) && (w.length <= 4 || fromSwahili(w) === undefined) && !QUALITIES_SW.has(w);
/** Whether a Kiswahili phrase is a noun phrase: no verb in it ("shule zinafunguliwa" is a clause), no English quality first ("fresh ya ng'ombe"). */
export function swNounPhrase(text: string): boolean {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return words.length > 0 && !words.some(isVerb) && !Object.hasOwn(QUALITIES, words[0] as string);
}

/** Words that look like a verb and are not ("mwitu"). */
const QUALITIES_SW = new Set(['mwitu', 'tamu', 'kitamu', 'wakati']);

/** A rendered phrase a line can hold: Kiswahili letters, no slot left, at most five words, ending before a verb or a place. */
function clean(text: string | null | undefined, places: readonly string[] = []): string | null {
  if (!text) return null;
  const words: string[] = [];
  for (const w of text.replace(/\s+/g, ' ').trim().split(' ')) {
    if (words.length > 0 && (isVerb(w.toLowerCase()) || places.some((p) => p.toLowerCase() === w.toLowerCase()))) break;
    words.push(w);
  }
  while (words.length > 1 && /^(?:ya|la|wa|za|cha|vya|kwa|na)$/i.test(words[words.length - 1] as string)) words.pop();
  const t = words.join(' ');
  if (!t || /[{}\d]/.test(t) || t.split(' ').length > 5) return null;
  return t;
}

/** What the subject is called in Kiswahili: the lexicon's phrase, or the kind's noun when the phrase is only a bare head ("duka"). */
function subjectOf(frame: Frame): string | null {
  const s = frame.brief.subject;
  let text: string | null = null;
  if (s?.sw) text = renderSw({ ...s.sw, plural: false });
  else if (frame.subject) {
    const p = swahiliPhrase(frame.subject.toLowerCase().split(/\s+/), false);
    text = p ? renderSw({ ...p, plural: false }) : null;
  }
  const head = text?.split(' ')[0]?.toLowerCase() ?? null;
  if (text !== null && head !== null && !text.includes(' ')) {
    // "hardware shop" is "duka" alone in the lexicon: the kind says which shop ("duka la vifaa vya ujenzi") when its noun has that head,
    // else the first offer does ("kibanda cha chips mwitu"), never another head's noun ("hoteli ya chakula" for a stall).
    const kindNoun = frame.matched ? frame.kind.noun.sw : null;
    const offer = offersOf(frame, null)[0];
    if (kindNoun && kindNoun.toLowerCase().startsWith(`${head} `)) text = kindNoun;
    else if (offer) text = `${text} ${concord(headClass(head), 'a')} ${offer}`;
  }
  return clean(text, frame.places);
}

/** The offers, in Kiswahili: an English brief's through the lexicon, a Kiswahili brief's own short phrases. */
function offersOf(frame: Frame, subject: string | null): string[] {
  const out: string[] = [];
  const places = frame.places.map((p) => p.toLowerCase());
  for (const o of frame.brief.offers.slice(0, 4)) {
    let text: string | null = null;
    if (o.sw) text = renderSw(o.sw);
    else if (frame.language === 'sw' && o.en.split(/\s+/).length <= 3 && !o.key) text = o.en.toLowerCase();
    else if (o.key && nounEntry(o.key)?.sw)
      text = renderSw(swahiliPhrase(o.key.split(' '), o.plural) ?? { sg: '', pl: null, cls: 9, plural: false });
    const t = clean(text, frame.places);
    // A clause cut short is no offer ("shule" of "shule zinafunguliwa"); nor is a phrase opening on an English quality ("fresh ya ng'ombe").
    if (!t || (text && t.split(' ').length < text.trim().split(/\s+/).length) || Object.hasOwn(QUALITIES, t.split(' ')[0] as string))
      continue;
    const lower = t.toLowerCase();
    // Never a price or fee, a place, the subject again, a Sheng filler or an English word left over.
    if (/\b(?:bei|karo|nafuu|ada|poa|fiti|bure|sana|pale|hapa)\b/.test(lower)) continue;
    if (places.some((p) => lower.includes(p))) continue;
    if (subject && (subject.toLowerCase().includes(lower) || lower.includes(subject.toLowerCase()))) continue;
    if (!out.includes(lower)) out.push(lower);
  }
  return out.slice(0, 3);
}

/** Who a business serves, in Kiswahili ("fish traders" -> wafanyabiashara wa samaki), from an English brief. */
function audienceOf(frame: Frame): string | null {
  const a = frame.brief.audience;
  if (a?.sw) return clean(renderSw({ ...a.sw, plural: true }));
  if (a) {
    const p = swahiliPhrase(a.en.toLowerCase().split(/\s+/), true);
    return p ? clean(renderSw({ ...p, plural: true })) : null;
  }
  // A Kiswahili brief: "kwa wafanyabiashara wa samaki".
  const m = /\bkwa\s+((?:wa|ma)\p{L}{3,}(?:\s+(?:wa|ya|za)\s+\p{L}{3,})?)/iu.exec(frame.topic ?? '');
  // "kwa wawili" is how many, not whom.
  if (!m?.[1] || /^(?:wawili|watatu|wanne|watano|wote|wengi|wiki|wakati|mwezi|mwaka)\b/i.test(m[1])) return null;
  return m[1].toLowerCase();
}

function factsOf(frame: Frame, speaker: 'business' | 'event' | 'cause'): string[] {
  const out: string[] = [];
  for (const f of frame.facts) {
    if (f.type === 'perk' && /\b(?:free|bure)\b/i.test(f.text)) continue;
    const s = swFactSentence(f, { speaker, group: speaker === 'cause' });
    if (s && !out.includes(s)) out.push(s);
  }
  return out.slice(0, 2);
}

const FREE = /\b(?:free|bure|bila malipo)\b/i;
const HEALTH =
  /\b(?:screening|check-?ups?|medical|health|eye|dental|diabetes|cancer|hiv|blood pressure|upimaji|kupima|afya|macho|kisukari|matibabu|kliniki)\b/i;

/** A season the brief names, as the question a shop opens with ("Shule zinafunguliwa?"). */
const HOOKS: [RegExp, string][] = [
  [/\b(?:shule\s+zinafunguliwa|kufungua\s+shule|back\s+to\s+school|schools?\s+(?:re)?open\w*)\b/i, 'Shule zinafunguliwa?'],
  [/\b(?:krismasi|christmas|xmas)\b/i, 'Krismasi imefika?'],
];

/**
 * A Kiswahili brief's own clauses, cleaned: what it has ("lina madaftari, kalamu na vitabu vya
 * shule" -> "Tuna madaftari, kalamu na vitabu.") and what it does ("tunarekebisha breki na injini"),
 * each four of the brief's words at most, so no line pastes the brief.
 */
function ownClauses(frame: Frame): { has: string[]; does: string | null } {
  const topic = (frame.topic ?? '').replace(/\s+/g, ' ');
  const has: string[] = [];
  const m = /\b(?:tuna|lina|ina|kuna|nina|kina|tunauza|nauza|tunaleta)\s+([^.;!?]+)/iu.exec(topic);
  if (m?.[1]) {
    for (const part of m[1].split(/\s*,\s*|\s+na\s+/)) {
      const words = part.trim().split(/\s+/);
      if (words.some((w) => isVerb(w.toLowerCase())) || frame.facts.some((f) => part.includes(f.text))) break;
      const head = words[0]?.toLowerCase();
      if (!head || head.length < 3 || /\d/.test(head) || frame.places.some((p) => p.toLowerCase() === head)) break;
      if (Object.hasOwn(QUALITIES, head) || /^(?:bei|karo|ada|poa|fiti|bure)$/.test(head)) break;
      if (!has.includes(head)) has.push(head);
    }
  }
  const d =
    /\b(?:tu|ni|na)(?:na)?((?:rekebisha|tengeneza|shona|suka|pika|oka|fua|safisha|leta|peleka|fikisha|badilisha|fundisha|uza)\p{L}*)\s+([^,.;!?]+)/iu.exec(
      topic,
    );
  let does: string | null = null;
  if (d?.[0]) {
    // The clause ends where a fact begins ("tunabadilisha screen | ndani ya saa moja").
    let clause = d[0];
    for (const f of frame.facts) clause = clause.split(f.text)[0] ?? clause;
    // "tunasuka nywele na kupaka hina": a second verb joined by "na" goes whole, never left hanging ("…na kupaka").
    const words = beforeSecondVerb(clause.trim().split(/\s+/)).slice(0, 4);
    while (words.length > 1 && /^(?:ya|la|wa|za|kwa|na|ndani|hadi|mpaka|kila|kuanzia)$/i.test(words[words.length - 1] as string))
      words.pop();
    if (words.length >= 2 && !words.slice(1).some((w) => isVerb(w.toLowerCase()) || frame.places.includes(w)))
      does = words.join(' ').toLowerCase();
  }
  return { has: has.slice(0, 3), does };
}

function businessLines(frame: Frame, category: CategoryId, tone: Tone): string[] {
  const subject = subjectOf(frame);
  if (!subject || /^(?:biashara|huduma|kampuni|bidhaa|mtaalamu)$/i.test(subject)) return [];
  const place = frame.places[0] ?? null;
  const offers = offersOf(frame, subject);
  const facts = factsOf(frame, 'business');
  const audience = audienceOf(frame);
  const ours = swOurs(subject);
  const at = place ? `, ${place}` : '';
  const out: string[] = [];
  if (audience && !subject.includes(audience)) {
    // A Kiswahili brief already says "X kwa Y": the line turns it round, so no five of its words stand in a row.
    const reliable = `${subject} ${concord(headClass(subject.split(' ')[0] ?? ''), 'a')} kuaminika`;
    out.push(
      frame.language === 'sw'
        ? `Kwa ${audience}${place ? ` wa ${place}` : ''}: ${reliable}.${facts[0] ? ` ${facts[0]}` : ''}`
        : `${cap(subject)} kwa ${audience}${at}.${facts[0] ? ` ${facts[0]}` : ''}`,
    );
    // "Wafanyabiashara wa Mombasa": only people (a wa- plural) are "of" a place this way.
    if (ours && /^wa/i.test(audience))
      out.push(`${cap(audience)}${place ? ` wa ${place}` : ''}: ${ours} ${agreeIko(ours)} tayari kila siku.`);
  }
  if (offers.length > 0) {
    out.push(`${cap(subject)}${at}: ${list(offers)}.${facts[0] ? ` ${facts[0]}` : ''}`);
    if (category !== 'bios') out.push(`Unatafuta ${offers[0]}? ${place ? `Tuko ${place}. ` : ''}${facts[1] ?? facts[0] ?? 'Karibu.'}`);
  }
  // A dinner for two on a romantic set: the table, the evening and its price, never a joke.
  if (tone === 'romantic' && /\b(?:chakula|pikiniki)\b/.test(subject)) {
    const dinner =
      /\b(?:valentine|wapendanao)/i.test(frame.topic ?? '') && !/wapendanao/.test(subject) ? `${subject} cha wapendanao` : subject;
    out.unshift(`Meza kwa wawili, mishumaa na muziki laini${place ? ` hapa ${place}` : ''}. ${facts[0] ?? ''}`.trim());
    out.unshift(`Mpeleke umpendaye kwenye ${dinner}${at}.${facts[0] ? ` ${facts[0]}` : ''}`);
  }
  if (frame.language === 'sw') {
    const own = ownClauses(frame);
    const hook = HOOKS.find(([re]) => re.test(frame.topic ?? ''))?.[1] ?? null;
    if (own.has.length > 0) {
      out.unshift(`${hook ? `${hook} ` : ''}Tuna ${list(own.has)}. ${facts[0] ?? (place ? `Karibu ${place}.` : 'Karibu.')}`);
      // "Viazi, sukuma na nyanya: duka letu": only a shop is named after what it has, never one of its goods ("viazi yetu").
      if (ours && !own.has.includes(subject.split(' ')[0]?.toLowerCase() ?? ''))
        out.push(`${cap(list(own.has))}: ${ours}${at}.${facts[0] ? ` ${facts[0]}` : ''}`);
    }
    if (own.does && !own.does.includes(subject.split(' ')[0]?.toLowerCase() ?? '\u0000'))
      out.unshift(`${cap(own.does)}. ${cap(subject)}${at}.${facts[0] ? ` ${facts[0]}` : ''}`);
  }
  if (facts.length > 0 && offers.length === 0 && !audience) out.push(`${cap(subject)}${at}. ${facts.join(' ')}`);
  return out;
}

/** "iko" agreeing with the head of a stand-in ("duka letu liko", "hifadhi yetu iko", "kituo chetu kiko"). */
function agreeIko(ours: string): string {
  const pos = ours.split(/\s+/)[1] ?? '';
  if (/^letu$/.test(pos)) return 'liko';
  if (/^chetu$/.test(pos)) return 'kiko';
  if (/^wetu$/.test(pos)) return 'uko';
  if (/^zetu$/.test(pos)) return 'ziko';
  if (/^vyetu$/.test(pos)) return 'viko';
  if (/^yetu$/.test(pos)) return 'iko';
  return 'iko';
}

/** A campaign or a cause that is free or about health: it invites, with its date and place, and never sells. */
function causeLines(frame: Frame, category: CategoryId): string[] {
  const topic = frame.topic ?? '';
  // A person (a community health volunteer) is no campaign to come to.
  const key = frame.brief.subject?.key;
  if (key && nounEntry(key)?.kind === 'person') return [];
  if (!HEALTH.test(topic) && !FREE.test(topic)) return [];
  let subject = subjectOf(frame);
  // "kampeni ya bure": what the campaign does is in the brief's words ("kupima kisukari").
  const doing = /\bkupima\s+(\p{L}+(?:\s+(?:ya|wa|la)\s+\p{L}+)?)/iu.exec(topic)?.[1];
  const places = frame.places.map((p) => p.toLowerCase());
  if (doing && !places.includes(doing.toLowerCase()))
    subject = `upimaji wa ${doing.toLowerCase().replace(/\s+\p{L}+$/u, (w) => (places.includes(w.trim()) ? '' : w))}`;
  subject = subject?.replace(/^kampeni ya (upimaji\b)/i, '$1') ?? null;
  if (!subject || /^(?:kampeni|hafla|tukio)$/i.test(subject)) return [];
  const free = FREE.test(topic);
  const health = HEALTH.test(topic);
  const place = frame.places[0] ?? null;
  const facts = factsOf(frame, 'cause');
  const when = facts[0] ? ` ${facts[0]}` : '';
  const out: string[] = [];
  out.push(`${cap(subject)}${free ? ' bila malipo' : ''}${place ? `, ${place}` : ''}.${when} Karibu wote.`);
  if (health) out.push(`Afya yako ni muhimu. Njoo upate ${subject}${free ? ' bure' : ''}${place ? ` ${place}` : ''}.${when}`);
  if (category !== 'slogans' && category !== 'taglines')
    out.push(`Mwambie jirani, rafiki na familia: ${subject}${free ? ' ni bure' : ''}${place ? `, ${place}` : ''}.${when}`);
  else out.push(`${cap(subject)}${free ? ' bure' : ''}: jitokeze, jali afya yako.`);
  return out;
}

/** The frame lines for a Kiswahili set, best first (none when no frame's slots are clean). */
export function swFrameLines(frame: Frame, category: CategoryId, tone: Tone): string[] {
  if (category === 'quotes') return [];
  if (frame.speaker === 'cause' || frame.speaker === 'event') return causeLines(frame, category);
  if (frame.speaker === 'business') return businessLines(frame, category, tone);
  return [];
}
