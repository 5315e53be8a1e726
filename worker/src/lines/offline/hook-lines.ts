import type { CategoryId, Tone } from '@gl/core';
import type { Fact, Frame } from './frame';
import type { KindCandidate } from './kind-writer';
import { CUSTOMER_NOUN, indefinite, PROBLEM_OFFER as PROBLEM } from './english';
import { cutFromBrief } from './frame-guard';
import { speaksAsOne } from './grounding';
import { lineKey } from './text';

/**
 * Tight lines built only from the brief (issue 33): the hook and the facts carry them, spelled as
 * written, each attached to what it is ("<Offer>. <Hook>.", "<Name>. <Town>. <Hook>.", "<Hook>, at
 * <Name>.", "<Offer>, <fact>. <CTA>."). Every word is the brief's or a call to action fitting its
 * speaker, so they pass the grounding gate, and an answer is never short of grounded lines.
 */

/** Words a subject or an offer never holds (the request, a platform, a label). */
const REQUEST_WORD =
  /\b(?:bio|caption|captions|slogan|tagline|headline|title|ad|sms|youtube|linkedin|instagram|insta|ig|tiktok|facebook|post|pls|plz|lol|need|want|write|vlog|page)\b/i;
/** A phrase that reads as a clause, not a noun phrase ("buys girl year", "see ponds"). */
const CLAUSE_START =
  /^(?:i|we|my|our|including|with|without|plus|and|or|for|from|to|at|in|on|buys?|see|get|make|do|does|is|are|was|grow|share|help|helps|tried|try|build|builds)\b/i;

function cap(s: string): string {
  // A name with an inner capital ("iPhone") and a line opening on a number ("2nd Saturday", "500g jar") keep their case.
  if (/^\p{Ll}+\p{Lu}/u.test(s) || !/^\p{L}/u.test(s)) return s;
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A sentence's first letter lowered, unless it starts a name or an initialism ("Same day" -> "same day", "KSh" stays). */
function low(s: string): string {
  // A name of two capitalised words ("Toyota Probox", "Greenfield Academy") keeps its capitals.
  // A first word with an inner capital ("PesaPlus") is a name.
  return /^\p{Lu}\p{Ll}+(?:[\s,.:;!?-]|$)/u.test(s) && !/^(?:I|I'm)\b/.test(s) && !/\s\p{Lu}/u.test(s)
    ? s.charAt(0).toLowerCase() + s.slice(1)
    : s;
}

/** A subject that is a place or an outfit, so a town may own it ("Nyeri's coffee co-op", never "Brighton's piano tuning"). */
const PLACE_NOUN =
  /\b(?:shop|store|school|lodge|hotel|truck|co-?op|company|dealer|clinic|salon|studio|bakery|caf[eé]|restaurant|kiosk|farm|garage|agency|firm|cent(?:re|er)|academy|gym|spa|bar|market|pharmacy|butchery|boutique|gallery|wash|installers|plumbers|cleaners|barbers?|florist|library|hostel|camp|club|church)$/i;

/** Shapes written for one tone (hookCandidates). */
const TONE_SHAPES = new Set(['shape-min-fragments', 'shape-bold-search', 'shape-corporate-provides']);

/** Words that are never an offer alone: days, times of day, adjectives and the like ("online", "raw", "entry"). */
const NOT_AN_OFFER =
  /^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?|evenings?|mornings?|nights?|online|raw|fresh|free|entry|next|delivery|pickup|today|daily|weekly|monthly|new|local|home|open|close|near|run|walk|swim|join|help|donate|give|play|dance|sing|read|learn|shop|buy|eat|save|register|subscribe|sign up|book|order|call|visit|apply|enrol|enroll|vote|trial)$/i;

function clean(phrase: string | null | undefined): string | null {
  const p = phrase?.trim().replace(/\s+/g, ' ');
  if (!p || REQUEST_WORD.test(p) || CLAUSE_START.test(p) || p.split(' ').length > 5 || /[&|]$|^[&|]/.test(p)) return null;
  if (
    NOT_AN_OFFER.test(p) ||
    CUSTOMER_NOUN.test(p) ||
    /^(?:years?|months?|weeks?|days?|hours?)\b/i.test(p) ||
    /\b(?:next|near|by|at|per)$/i.test(p)
  )
    return null;
  return p;
}

/** A fact as a short phrase that keeps what it is ("every Friday", "from KSh 800" only when the brief says "from"). */
function factPhrase(f: Fact, frame: Frame): string {
  const t = f.text.trim();
  const topic = frame.topic ?? '';
  if (f.type === 'price') {
    const from = new RegExp(`\\b(?:from|starting(?:\\s+at)?)\\s+${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i').test(topic);
    return from ? `from ${t}` : t;
  }
  if (f.type === 'hours' && /^\d|^(?:mon|tue|wed|thu|fri|sat|sun)/i.test(t)) return `open ${t}`;
  return t;
}

/** A fact said as a sentence of its own. */
function factLine(f: Fact, frame: Frame): string {
  // "come to your driveway" says who comes ("We come to your driveway.", "I come…" for a person).
  if (/^come\s+to\b/i.test(f.text)) return `${frame.speaker === 'person' ? 'I' : 'We'} ${f.text.trim()}.`;
  // A way to pay is said as one ("Pay by M-Pesa."), never a bare "M-Pesa.".
  if (f.type === 'payment' && !/^(?:pay|we|i)\b/i.test(f.text.trim())) return `Pay by ${f.text.trim()}.`;
  return `${cap(factPhrase(f, frame))}.`;
}

/** The hook: the parser's, else the one fact that makes the business itself (a duration or a perk), else null. */
export function hookOf(frame: Frame): string | null {
  const parsed = frame.hook;
  // A modifier alone ("30-day" of "free 30-day trial") is no hook.
  if (parsed && clean(parsed) !== null && !/^[\d\p{L}]+-\p{L}+$/u.test(parsed.trim())) return parsed.trim();
  const f = frame.facts.find((x) => x.type === 'duration' || x.type === 'perk');
  return f ? factPhrase(f, frame) : null;
}

/** The calls `speakerCta` writes: never inside a quote. */
const QUOTE_CALL =
  /\b(?:send (?:me|us) a message|message me|get in touch|book your place|see you there|bring a friend|come along|join us|come and help|tell a friend|book ahead|call us|order today|come and see us)\b/i;

/** A call to action that fits the speaker and what is sold (never a shop's call for a person, an event or a cause). */
export function speakerCta(frame: Frame, n: number): string {
  const topic = (frame.topic ?? '').toLowerCase();
  const booking = /\bbook(?:ing)?\b|\breserv/.test(topic);
  const goods = frame.speaker === 'business' && (frame.kind.sells === 'product' || frame.kind.sells === 'food');
  const options =
    frame.speaker === 'person' || (frame.speaker === 'business' && speaksAsOne(frame))
      ? ['Send me a message.', 'Message me.', 'Get in touch.']
      : frame.speaker === 'event'
        ? booking
          ? ['Book your place.', 'See you there.', 'Bring a friend.']
          : ['See you there.', 'Bring a friend.', 'Come along.']
        : frame.speaker === 'cause'
          ? ['Join us.', 'Come and help.', 'Tell a friend.']
          : booking
            ? ['Book ahead.', 'Send us a message to book.', 'Call us to book.']
            : goods
              ? ['Order today.', 'Come and see us.', 'Send us a message.']
              : ['Send us a message.', 'Call us today.', 'Get in touch.'];
  return options[n % options.length] as string;
}

/**
 * Lines true of any subject of that name, in words the gate allows for anyone ({L}: the name or the
 * subject, {S}: what it is, {T}: " in <town>" or nothing, {C}: a call fitting the speaker). Never an
 * empty greeting ("Good to meet you.", "Welcome to X.", "Made with care."): each says what the subject
 * is, where, or how to act (issue 33, class 4).
 */
const GENERAL: Partial<Record<CategoryId, string[]>> = {
  taglines: ['{L}, {s}{T}.', '{L}. {S}{T}.', '{L}: {o}{A}.'],
  slogans: ['{L}. {S}{T}.', '{L}, {s}{T}.', '{L}: {o}{A}.'],
  bios: ['{L}. {S}{T}. {C}', '{L}, {s}{T}.', '{L}, {s}{T}: {o}{A}.'],
  captions: ['{L}, {s}{T}. {C}', 'This week at {L}: {o}.', '{L}, {s}{T}.'],
  adlines: ['{L}, {s}{T}. {C}', '{L}: {o}{A}. {C}', '{L}, {s}{T}.'],
  quotes: [
    'Good work takes time. — {L}',
    'Start where you are. Make it count. — {L}',
    'Do it well, and do it with care. — {L}',
    'Little things, done well, make the whole. — {L}',
    'Every day is a new start. — {L}',
    'Care is in the little things. — {L}',
    'Good things take time. Good people make time. — {L}',
    'Make today count. — {L}',
  ],
};
/** A name and nothing else known of it ("Nimbus Tea"): the only lines there are to write. */
const NAME_ONLY: Partial<Record<CategoryId, string[]>> = {
  taglines: ['{L}. Made with care.', 'Welcome to {L}.', '{L}. Worth the visit.', '{L}. Good, and proud of it.'],
  slogans: ['{L}. Made with care.', '{L}. Worth it.', 'Come for {L}. Come back for more.', '{L}. Real care.'],
  bios: ['{L}. Made with care.', 'Welcome to {L}. Come and say hello.', '{L}. Say hello.', 'This is {L}. Welcome.', '{L}. {C}'],
  captions: ['A good day at {L}.', 'New week at {L}.', 'Good times at {L}.', 'Another good day at {L}.', 'Ready for the weekend at {L}.'],
  adlines: ['{L}. Send us a message today.', '{L}. Made with care. Get in touch.', 'Try {L} this week.', '{L}. Come and see.'],
};
/** Lines about a subject without a name, by speaker ({L}: "Pottery taster evening", {l}: its lower case). */
const SUBJECT_LINES: Record<Frame['speaker'], string[]> = {
  business: ['{L}.', '{L}: {o}{A}.', "{Town}'s {l}.", '{L} for {audience}.', '{L}. {C}', '{L}. {O}{A}. {C}', '{L}. {C+}'],
  event: ['{L}. See you there.', '{L}. Bring a friend.', 'Come to the {l}.'],
  cause: ['{L}. Join us.', '{L}. Tell a friend.', 'The {l} needs hands. Join us.'],
  person: ['{L}.', '{L}: {o}{A}.', '{L} based in {Town}.', '{L} for {audience}.', '{L}. {C}', '{L}. {O}{A}. {C}', '{L}. {C+}'],
};
const PERSON_LINES: string[] = [];

interface Parts {
  name: string | null;
  subject: string | null;
  offers: string[];
  town: string | null;
  hook: string | null;
  facts: Fact[];
  audience: string | null;
}

function partsOf(frame: Frame): Parts {
  const name = frame.name && !REQUEST_WORD.test(frame.name) && !/^[&|]|[&|:]$/.test(frame.name) ? frame.name : null;
  const subject = clean(frame.subject?.replace(/^(?:our|my|the|a|an)\s+/i, '') ?? null);
  const factWords = frame.facts.map((f) => f.text.toLowerCase()).join(' ');
  const offers = frame.offers
    .map(clean)
    .filter(
      (o): o is string =>
        o !== null &&
        !/\d/.test(o) &&
        o.toLowerCase() !== subject?.toLowerCase() &&
        !factWords.includes(o.toLowerCase()) &&
        !(frame.name ?? '').toLowerCase().includes(o.toLowerCase()) &&
        !frame.places.some((pl) => pl.toLowerCase() === o.toLowerCase()) &&
        !cutFromBrief(o, frame.topic),
    );
  return {
    name,
    subject: subject && !/\d/.test(subject) ? subject : null,
    offers,
    town: frame.places[0] ?? null,
    hook: hookOf(frame),
    facts: frame.facts.filter((f) => f.type !== 'goal' || frame.speaker === 'cause'),
    audience: clean(frame.audience),
  };
}

/**
 * The hook-first lines for a frame, English only: each shape once, the facts as written. For a
 * LinkedIn headline "<Role> | <what you do for whom> | <fact>"; for an SMS ad the offer, a fact
 * and how to act.
 */
export function hookCandidates(frame: Frame, category: CategoryId, tone: Tone): KindCandidate[] {
  if (frame.language !== 'en') return [];
  const p = partsOf(frame);
  const out: KindCandidate[] = [];
  const seen = new Set<string>();
  const topic = (frame.topic ?? '').toLowerCase();
  const push = (shape: string, text: string | null, usesFact: boolean) => {
    if (!text) return;
    const line = cap(text.replace(/\s+/g, ' ').replace(/\.\./g, '.').trim());
    // A quote never ends on a call to action ("Tastings, every Friday. Order today.").
    if (category === 'quotes' && QUOTE_CALL.test(line)) return;
    // A line too short to say anything ("12 October: run.") is no line (and leaves a refinement nothing shorter).
    if (line.length < 22 && !line.includes('|')) return;
    const key = lineKey(line);
    if (seen.has(key)) return;
    seen.add(key);
    const lower = line.toLowerCase();
    // The last sentence is a part (a call, "Made with care."): the picker makes one that is already in the set cost more.
    const sentences = line.split(/(?<=[.!?])\s+/);
    const last = sentences[sentences.length - 1] as string;
    const tailPart = sentences.length > 1 && !/^[—–-]/.test(last) ? [`tail:${lineKey(last)}`] : [];
    out.push({
      text: line,
      key,
      base: `shape:${shape}`,
      parts: tailPart,
      usesWord: false,
      composed: true,
      richness: 3,
      named: p.name !== null && lower.includes(p.name.toLowerCase()),
      pattern: `shape-${shape}`,
      usesFact,
      tail: false,
      standIn: false,
      onSubject: true,
    });
  };
  // An offer that is the customer's problem is help with it ("Help with back pain"), never sold as itself.
  const what = p.offers[0] ? (PROBLEM.test(p.offers[0]) ? `help with ${low(p.offers[0])}` : p.offers[0]) : p.subject;
  const label = p.name ?? (p.subject ? cap(p.subject) : null);
  const facts = p.facts.filter((f) => !p.hook || !p.hook.toLowerCase().includes(f.text.toLowerCase()));
  const hook = p.hook;
  // A hook that needs its speaker ("come to your driveway") is said as a sentence of its own, never inside a phrase.
  const hookFact = frame.facts.find((f) => hook && f.text.toLowerCase() === hook.toLowerCase());
  const needsSpeaker = hook !== null && /^come\s+to\b/i.test(hook);
  const H = hook ? (needsSpeaker && hookFact ? factLine(hookFact, frame).replace(/\.$/, '') : cap(hook)) : null;
  // The venue a brief names as a place ("at The Alchemist") signs a line when there is no name.
  const venue = !p.name && p.town && /^the\s/i.test(p.town) ? p.town : null;

  if (/\blinked ?in\b|\bheadline\b/.test(topic) && p.subject) {
    const doing = p.offers[0] ?? null;
    const fact = p.facts[0]?.text ?? null;
    push('linkedin', [cap(p.subject), doing ? cap(doing) : null, fact ? cap(fact) : null].filter(Boolean).join(' | '), fact !== null);
  }
  // A video title reads like a title: the fact and the place, a question or a promise.
  if (/\b(?:youtube|vlog|video)\b/.test(topic) && p.facts[0]) {
    const f = factPhrase(p.facts[0], frame);
    if (p.town) push('title-town', `${p.town} on ${f}: can it be done?`, true);
    push('title-what-happened', `${cap(f)}? Here's what happened.`, true);
    push('title-honest', `${cap(f)}: how it really went.`, true);
  }
  if (/\bsms\b/.test(topic) && what) {
    const f = facts[0] ?? p.facts[0];
    push(
      'sms',
      `${p.name ? `${p.name}: ` : ''}${low(cap(what))}${f ? `, ${factPhrase(f, frame)}` : ''}. ${speakerCta(frame, 0)}`,
      Boolean(f),
    );
  }
  // "<Offer>. <Hook>." (never the hook twice: "Milk soap handmade. Handmade.")
  if (what && H && !what.toLowerCase().includes(H.toLowerCase())) push('offer-hook', `${cap(what)}. ${H}.`, true);
  // "<Name>. <Town>. <Hook>."
  if (label && p.town && H && !label.includes(p.town) && !label.toLowerCase().includes(H.toLowerCase()))
    push('name-town-hook', `${label}. ${p.town}. ${H}.`, true);
  // "<Hook>, at <Name>."
  if (H && !needsSpeaker && (p.name ?? venue)) push('hook-at-name', `${H}, at ${p.name ?? venue}.`, true);
  // "<Subject> at <Venue>. <Fact>."
  if (venue && p.subject && facts[0]) push('subject-venue-fact', `${cap(p.subject)} at ${venue}. ${factLine(facts[0], frame)}`, true);
  if (venue && facts[1]) push('fact-at-venue', `${cap(factPhrase(facts[1], frame))}, at ${venue}.`, true);
  // A brief asking for volunteers or members: a call for time, never money.
  if (frame.recruiting && label) {
    // Inside a sentence the subject is lower case ("Volunteer with the tree planting day."); a name keeps its capitals.
    const within = p.name ?? `the ${low(label)}`;
    push('recruit', `Volunteer with ${within}.${facts[0] ? ` ${factLine(facts[0], frame)}` : ''} Join us.`, Boolean(facts[0]));
    push('recruit-hands', `${label} needs hands. Join us.`, false);
  }
  // "<Offer>, <fact>. <CTA>."
  facts.slice(0, 3).forEach((f0, i) => {
    // A price "of" what is no offer ("GBP 35" of "thursdays 6pm") belongs to the subject.
    const f = f0.of && clean(f0.of) !== null && !/\d/.test(f0.of) ? f0 : { ...f0, of: undefined };
    if (what && (!f.of || f.of.toLowerCase() === what.toLowerCase()))
      push(`offer-fact-${i}`, `${cap(what)}, ${factPhrase(f, frame)}. ${speakerCta(frame, i)}`, true);
    else if (f.of) push(`offer-fact-${i}`, `${cap(f.of)}, ${factPhrase(f, frame)}. ${speakerCta(frame, i)}`, true);
  });
  // "<Price>: <what>." for a price of the subject itself.
  const price = facts.find(
    (f) => f.type === 'price' && (!f.of || f.of.toLowerCase() === (what ?? '').toLowerCase() || clean(f.of) === null || /\d/.test(f.of)),
  );
  if (price && what) push('price-first', `${cap(factPhrase(price, frame))}: ${low(cap(what))}.`, true);
  // "<When>: <what>." for a day or a date ("Every Friday: open mic night. Free entry.").
  const when = facts.find((f) => f.type === 'hours' || f.type === 'date');
  // Opening hours follow what they are of ("Blood donation drive: open 9am to 4pm.").
  if (when && what && /^open\b/i.test(factPhrase(when, frame))) push('when-what', `${cap(what)}: ${factPhrase(when, frame)}.`, true);
  else if (when && what)
    push('when-what', `${cap(factPhrase(when, frame))}: ${low(cap(what))}.${H && !needsSpeaker ? ` ${H}.` : ''}`, true);
  // "<What>: <hook>, <fact>."
  const other = facts.find((f) => f !== when) ?? when;
  if (what && H && !needsSpeaker && other) push('what-hook-fact', `${cap(what)}: ${low(H)}, ${factPhrase(other, frame)}.`, true);
  // "<Name>. <Offer> in <Town>. <Fact>."
  if (p.name && what && facts[0])
    push(
      'name-offer-fact',
      `${p.name}. ${cap(what)}${p.town && !p.name.includes(p.town) ? ` in ${p.town}` : ''}. ${factLine(facts[0], frame)}`,
      true,
    );
  // "<Subject> in <Town>. <Fact>."
  const second = facts[1];
  if (p.subject && p.town && second && second.type !== 'price')
    push('subject-town-fact', `${cap(p.subject)} in ${p.town}. ${factLine(second, frame)}`, true);
  // A record ("15 years experience") says who: "<Role> with 15 years experience."
  const record = facts.find((f) => f.type === 'record');
  if (p.subject && record && /experience$/i.test(record.text)) push('role-record', `${cap(p.subject)} with ${record.text}.`, true);
  // Two offers and a fact: "<Offer> and <offer>. <Fact>."
  if (p.offers.length >= 2 && (facts[0] ?? hook))
    push(
      'two-offers',
      `${cap(p.offers[0] as string)} and ${low(p.offers[1] as string)}. ${facts[0] ? factLine(facts[0], frame) : `${H}.`}`,
      true,
    );
  // Without a fact or hook: what and where, and who it is for.
  if (p.name && what) push('name-what', `${p.name}: ${low(cap(what))}${p.town && !p.name.includes(p.town) ? ` in ${p.town}` : ''}.`, false);
  if (what && p.audience) push('what-audience', `${cap(what)} for ${p.audience}. ${speakerCta(frame, 1)}`, false);
  if (what && p.town) push('what-town-cta', `${cap(what)} in ${p.town}. ${speakerCta(frame, 2)}`, false);
  if (p.name && p.subject)
    push('name-subject', `${p.name}. ${cap(p.subject)}${p.town && !p.name.includes(p.town) ? `, ${p.town}` : ''}.`, false);
  // Tone shapes built only from sure parts (issue 33: tone that shows, never a slot that reads wrong).
  const trade = p.subject && p.name && !p.name.toLowerCase().includes(p.subject.toLowerCase()) ? p.subject : null;
  const townOk = p.town && !(p.name ?? '').includes(p.town) ? p.town : null;
  const fact0 = facts[0] ?? p.facts[0] ?? null;
  // A fact said with what it is of ("Fades: KSh 150."), else as a sentence of its own.
  // A day and time it is of ("Thursdays 6pm: GBP 35.") is said too.
  const DAY_TIME = /^(?:every\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days?(?:\s+\d{1,2}(?::\d\d)?\s*(?:am|pm))?$/i;
  const factOf = (f: Fact) =>
    f.of && ((clean(f.of) !== null && !/\d/.test(f.of)) || DAY_TIME.test(f.of.trim()))
      ? `${cap(f.of.trim())}: ${factPhrase(f, frame)}.`
      : factLine(f, frame);
  // Minimalist: fragments, each one a fact of the brief ("Shine Bay. Car wash. Ongata Rongai.").
  if (tone === 'minimalist' && p.name && trade)
    push(
      'min-fragments',
      `${p.name}. ${cap(trade)}.${townOk ? ` ${townOk}.` : ''}${fact0 ? ` ${factLine(fact0, frame)}` : ''}`,
      fact0 !== null,
    );
  // Bold: the reader's search, answered by name ("Car wash in Ongata Rongai? Shine Bay. Pay by M-Pesa.").
  if ((tone === 'bold' || tone === 'motivational') && p.name && trade && townOk && category !== 'quotes' && category !== 'bios')
    push('bold-search', `${cap(trade)} in ${townOk}? ${p.name}.${fact0 ? ` ${factOf(fact0)}` : ''}`, fact0 !== null);
  // Corporate: a sentence the firm would sign ("Swift Fix provides emergency callouts in Nairobi.").
  const offerList = p.offers.slice(0, 2).map(low);
  if (tone === 'corporate' && category !== 'quotes' && offerList.length > 0 && !offerList.some((o) => PROBLEM.test(o))) {
    const sells = frame.kind.sells;
    const verb =
      frame.speaker === 'person'
        ? 'I provide'
        : sells === 'food'
          ? 'serves'
          : sells === 'product'
            ? 'supplies'
            : sells === 'software' || sells === 'venue'
              ? 'offers'
              : sells === 'service'
                ? 'provides'
                : null;
    const who = frame.speaker === 'person' ? '' : p.name;
    if (verb && who !== null)
      push(
        'corporate-provides',
        `${who ? `${who} ` : ''}${verb} ${offerList.join(' and ')}${p.audience ? ` for ${p.audience}` : ''}${townOk ? ` in ${townOk}` : ''}.${fact0 ? ` ${factLine(fact0, frame)}` : ''}`,
        fact0 !== null,
      );
  }
  // Tone: a warm or romantic close only where the brief is about love, couples or gifts; a plain warm one otherwise.
  if (tone === 'romantic' && what && /\b(?:love|couples?|valentine|anniversary|wedding|gift|date night|for two)\b/.test(topic))
    push('romantic', `${cap(what)}, for the one you love.`, false);
  // Lines true of anything with this name, last (richness 0): an answer is never short of grounded lines.
  // A quote is signed only with the brief's own name; a subject is never an author.
  if (p.name || p.subject || p.offers[0]) {
    const personal = frame.speaker === 'person' && (p.name !== null || /(?:er|or|ist|ian|ant|wife|man|woman)$/i.test(p.subject ?? ''));
    const nameOnly = p.name !== null && p.subject === null && p.offers.length === 0;
    const plainLines = p.name
      ? [...(GENERAL[category] ?? []), ...(nameOnly ? (NAME_ONLY[category] ?? []) : [])].filter(
          (t) => frame.speaker === 'business' || !/\b(?:made|visit|come back)\b/i.test(t),
        )
      : category === 'quotes'
        ? // A quote is never a template filled with a noun ("There is always time for …"): restate.ts says the brief's own belief.
          []
        : // A trade named by who does it ("marathon pacer") is a person's, whoever the reader took for the speaker.
          (SUBJECT_LINES[/(?:er|or|ist|ian)$/i.test(p.subject ?? '') && frame.speaker === 'event' ? 'person' : frame.speaker] ?? []);
    const L = p.name ?? cap((p.subject ?? p.offers[0]) as string);
    // What the subject is ({S}/{s}), only when a name stands beside it; where ({T}); how to act ({C}).
    const S = p.name && p.subject && !p.name.toLowerCase().includes(p.subject.toLowerCase()) ? p.subject : null;
    const T = p.town && !(p.name ?? '').includes(p.town) ? ` in ${p.town}` : '';
    // What is offered ({O}: "blazers and sweaters"), said as help with a problem ("help with back pain").
    const listed = p.offers.slice(0, 2);
    const O =
      // One one-word offer says too little alone ("Food truck: Vegan.").
      listed.length === 0 || (listed.length === 1 && !/\s/.test(listed[0] as string))
        ? null
        : listed.some((o) => PROBLEM.test(o))
          ? `help with ${listed.map(low).join(' and ')}`
          : listed.map(low).join(' and ');
    [...plainLines, ...(personal && category !== 'quotes' ? PERSON_LINES : [])].forEach((t, i) => {
      // A person with facts says them: one plain greeting line at most.
      if (frame.speaker === 'person' && p.facts.length > 0 && i > 0 && !p.name) return;
      if (frame.speaker === 'person' && /\b(?:we|us|our)\b/i.test(t)) return;
      if (frame.speaker !== 'person' && /\b(?:me|my|I)\b/.test(t)) return;
      if (/\{[Ss]\}/.test(t) && S === null) return;
      if (/\{[Oo]\}/.test(t) && O === null) return;
      // A bare subject ("Tank cleaning company.") says too little: only with its town.
      if (t === '{L}.') {
        if (p.name) return;
        if (p.town) push(`plain-town-${category}-${i}`, `${L} in ${p.town}.`, false);
        // The bare subject last of all, for a tight limit (a 30-character headline).
        push(`plain-${category}-${i}`, `${L}.`, false);
        return;
      }
      if (
        (t.includes('{Town}') && (!p.town || /^the\s/i.test(p.town) || (t.includes("'s") && !PLACE_NOUN.test(L)))) ||
        (t.includes('{audience}') && !p.audience)
      )
        return;
      const fill = (x: string, l: string, town: string) =>
        x
          .replace('{L}', l)
          .replace('{l}', low(l))
          .replace('{S}', cap(S ?? ''))
          .replace('{s}', low(S ?? ''))
          .replace('{T}', town)
          .replace('{Town}', p.town ?? '')
          .replace('{audience}', p.audience ?? '')
          .replace('{O}', cap(O ?? ''))
          .replace('{o}', low(O ?? ''))
          .replace('{A}', O !== null && p.audience ? ` for ${p.audience}` : '')
          .replace('{a}', indefinite(l))
          .replace('{C+}', speakerCta(frame, i + 2 + (town === '' && l !== L ? 1 : 0)))
          .replace('{C}', speakerCta(frame, i + (town === '' && l !== L ? 1 : 0)));
      push(`plain-${category}-${i}`, fill(t, L, p.name ? T : ''), false);
      if (p.town && !p.name && !t.includes('{l}') && !t.includes('{Town}') && category !== 'quotes')
        push(`plain-town-${category}-${i}`, fill(t, `${L} in ${p.town}`, ''), false);
    });
    // What it is, then a fact as a sentence of its own ("Pottery taster evening. GBP 35."): facts reach most lines.
    if (category !== 'quotes')
      p.facts.slice(0, 2).forEach((f, k) => {
        // "Podcaster. Every Monday.": a day alone after a bare trade says too little.
        if (!p.name && !p.town && (f.type === 'hours' || f.type === 'date') && !f.of) return;
        const lead = `${L}${p.name ? T : p.town ? ` in ${p.town}` : ''}. ${factOf(f)}`;
        push(`label-fact-${k}`, lead, true);
        if (category === 'captions' || category === 'adlines' || category === 'bios')
          push(`label-fact-call-${k}`, `${lead} ${speakerCta(frame, k + 1)}`, true);
      });
    // A town and its region as the brief writes them ("Spice tour in Stone Town, Zanzibar."), never a route ("Thika to Nairobi").
    const region = frame.places[1];
    if (!p.name && p.town && region && (frame.topic ?? '').includes(`${p.town}, ${region}`) && category !== 'quotes')
      push(`plain-region-${category}`, `${L} in ${p.town}, ${region}.`, false);
    // A person named by the trade alone says who they are ("I'm a sign language interpreter.", "Hair braiding is what I do.").
    if (frame.speaker === 'person' && !p.name && p.subject && category !== 'quotes' && p.facts.length === 0) {
      const agent = /(?:er|or|ist|ian|ant|ent|dj|mc|coach|nurse|chef|guide|model|medic)$/i.test(p.subject);
      const l = low(p.subject);
      const mine = agent
        ? [`I'm ${indefinite(l)} ${l}.`, `${cap(l)}. That's me.`, `${cap(l)}, at your service.`]
        : /ing$/i.test(l)
          ? [`${cap(l)} is what I do.`, `${cap(l)}: that's my work.`, `I do ${l}.`]
          : [];
      mine.forEach((t, k) => push(`plain-person-${k}`, t, false));
    }
    // Plain lines come after every other sure line, and one a set at most while others last.
    // A line whose shape carries the tone asked for comes before the plain ones of equal cost.
    for (const c of out) if (TONE_SHAPES.has(c.pattern)) Object.assign(c, { voice: 1, parts: [] });
    for (const c of out) if (c.pattern.startsWith('shape-plain')) Object.assign(c, { richness: 0, parts: [...c.parts, 'shape:plain'] });
  }
  return out;
}
