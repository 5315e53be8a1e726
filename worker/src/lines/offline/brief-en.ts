import nlp from 'compromise';
import { emptyParse, type Owner, type ParsedBrief, type Phrase, type Place } from './brief-parse';
import {
  AT_WORDS,
  DAYS_SW,
  fromSwahili,
  looksPlural,
  MODIFIERS,
  nounEntry,
  NOT_ACTIVITIES,
  OFFER_VERBS,
  PEOPLE,
  PLACES,
  QUALITIES,
  singular,
} from './lexicon';
import { concord, renderSw, swahiliPhrase } from './swahili';

/** One word of the brief, with what `compromise` says of it. */
interface Token {
  /** As written, without a possessive ending ("sister" of "sister's"). */
  word: string;
  lower: string;
  tags: Set<string>;
  possessive: boolean;
  /** Starts with a capital, or has one inside (iPhone), or is an acronym. */
  cap: boolean;
  /** Punctuation after it that ends a clause (":", ",", ";", ")"...). */
  stop: boolean;
}

const DETERMINERS = new Set(['a', 'an', 'the', 'some', 'any', 'this', 'that', 'these', 'those']);
const POSSESSIVE_PRONOUNS = new Set(['my', 'our', 'your', 'his', 'her', 'their']);
const PREPOSITIONS = new Set([
  'in',
  'at',
  'near',
  'from',
  'for',
  'with',
  'of',
  'on',
  'by',
  'to',
  'around',
  'across',
  'inside',
  'outside',
  'within',
  'off',
  'along',
  'into',
  'like',
  'about',
  'without',
  'over',
  'under',
]);
const RELATIVES = new Set(['that', 'which', 'who', 'whose', 'where']);
const CONJUNCTIONS = new Set(['and', '&', 'or', 'plus']);
const PLACE_PREPS = new Set(['in', 'at', 'near', 'from', 'around', 'across', 'inside', 'within', 'along']);

function tokenize(text: string): Token[] {
  const sentences = nlp(text).json({ terms: { normal: true, tags: true } }) as {
    terms: { text: string; post?: string; tags: string[] }[];
  }[];
  const terms = sentences.flatMap((s) => s.terms);
  const out: Token[] = [];
  let glue = false;
  for (const term of terms) {
    const post = term.post ?? '';
    let word = term.text;
    let possessive = false;
    if (/['’]s$/i.test(word)) {
      word = word.slice(0, -2);
      possessive = true;
    } else if (/^['’]/.test(post.trim()) && /s$/i.test(word)) {
      possessive = true;
    }
    const tags = new Set(term.tags);
    if (glue && out.length > 0) {
      const last = out[out.length - 1] as Token;
      last.word = `${last.word}-${word}`;
      last.lower = last.word.toLowerCase();
      last.possessive = possessive;
      last.stop = /[:;,.!?)(—–]/.test(post);
      if (tags.has('Noun')) last.tags = tags;
    } else if (word !== '') {
      out.push({
        word,
        lower: word.toLowerCase(),
        tags,
        possessive,
        cap: /^\p{Lu}/u.test(word) || /\p{Ll}\p{Lu}/u.test(word),
        stop: /[:;,.!?)(—–]/.test(post) || /^\s+[-–—]\s+$/.test(post),
      });
    }
    glue = /^-$/.test(post);
  }
  return out;
}

interface Clause {
  marker: string | null;
  tokens: Token[];
}

/** Splits the brief into its main noun phrase and the clauses after it ("in Nakuru", "that sells ..."). */
function clauses(tokens: Token[]): Clause[] {
  const out: Clause[] = [{ marker: null, tokens: [] }];
  const current = () => out[out.length - 1] as Clause;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const next = tokens[i + 1];
    const started = current().tokens.length > 0 || out.length > 1;
    if (
      started &&
      (t.lower === 'run' || t.lower === 'based' || t.lower === 'located' || t.lower === 'owned') &&
      next &&
      ['by', 'in', 'at'].includes(next.lower)
    ) {
      continue;
    }
    if (started && t.lower === 'to' && next && next.tags.has('Verb') && !next.tags.has('Noun')) {
      out.push({ marker: 'purpose', tokens: [] });
      continue;
    }
    if (started && PREPOSITIONS.has(t.lower) && !(t.lower === 'like' && current().marker === 'rel')) {
      out.push({ marker: t.lower, tokens: [] });
      continue;
    }
    if (started && RELATIVES.has(t.lower) && !(t.lower === 'that' && current().tokens.length === 0)) {
      out.push({ marker: 'rel', tokens: [] });
      continue;
    }
    if (started && t.lower.endsWith('ing') && OFFER_VERBS.has(t.lower) && current().tokens.length > 0) {
      out.push({ marker: 'rel', tokens: [t] });
      continue;
    }
    if (started && (t.lower === 'this' || t.lower === 'next' || t.lower === 'every') && next?.tags.has('Date')) {
      out.push({ marker: 'when', tokens: [t] });
      continue;
    }
    current().tokens.push(t);
    if (t.stop && i < tokens.length - 1) out.push({ marker: 'list', tokens: [] });
  }
  return out.filter((c) => c.tokens.length > 0);
}

/** Splits a noun-phrase list on "and", "&", "or" and commas. */
function conjuncts(tokens: Token[]): Token[][] {
  const out: Token[][] = [[]];
  for (const t of tokens) {
    if (CONJUNCTIONS.has(t.lower)) out.push([]);
    else (out[out.length - 1] as Token[]).push(t);
  }
  return out.filter((c) => c.length > 0);
}

function stripDeterminers(tokens: Token[]): { tokens: Token[]; pronoun: string | null; article: boolean } {
  let i = 0;
  let pronoun: string | null = null;
  let article = false;
  while (i < tokens.length - 1) {
    const t = tokens[i] as Token;
    if (DETERMINERS.has(t.lower)) article = true;
    else if (POSSESSIVE_PRONOUNS.has(t.lower)) pronoun = t.word;
    else break;
    i++;
  }
  return { tokens: tokens.slice(i), pronoun, article };
}

function text(tokens: readonly Token[]): string {
  return tokens.map((t) => t.word).join(' ');
}

const isPlaceWord = (t: Token) => PLACES.has(t.lower) || (t.tags.has('Place') && t.cap) || t.tags.has('City') || t.tags.has('Country');

/** An English noun phrase from its words (qualities already taken out). */
function phrase(tokens: Token[]): Phrase | null {
  const words = tokens.filter((t) => !t.tags.has('Determiner'));
  if (words.length === 0) return null;
  const kept = words.slice(-3);
  const headToken = kept[kept.length - 1] as Token;
  const lower = kept.map((t) => t.lower);
  const head = singular(headToken.lower);
  let key: string | null = null;
  for (let i = 0; i < lower.length && key === null; i++) {
    const candidate = [...lower.slice(i, -1), head].join(' ');
    if (nounEntry(candidate)) key = candidate;
  }
  const entry = key ? nounEntry(key) : undefined;
  const plural = !entry?.mass && (headToken.tags.has('Plural') || looksPlural(headToken.lower)) && head !== headToken.lower;
  const mass = Boolean(entry?.mass) || (!plural && headToken.tags.has('Uncountable'));
  // A word keeps its case when it is a name, an acronym or written with inner capitals; a capitalised first word of a brief does not.
  const en = kept
    .map((t, i) =>
      t.cap && (i > 0 || MODIFIERS.has(t.lower) || /\p{Lu}.*\p{Lu}|\p{Ll}\p{Lu}/u.test(t.word) || t.tags.has('ProperNoun'))
        ? t.word
        : t.lower,
    )
    .join(' ');
  return { en, head: en.split(' ').pop() as string, plural, mass, key, sw: swahiliPhrase(lower, plural) };
}

/** A subject or offer phrase with its qualities taken out; an -ing modifier is an activity. */
function describe(tokens: Token[], out: ParsedBrief): Phrase | null {
  const body: Token[] = [];
  tokens.forEach((t, i) => {
    const last = i === tokens.length - 1;
    if (!last && Object.hasOwn(QUALITIES, t.lower)) {
      if (!out.qualities.includes(t.lower)) out.qualities.push(t.lower);
      // A noun used as a quality ("family bakery") stays in the phrase too.
      if (!nounEntry(t.lower)) return;
    }
    if (!last && (t.tags.has('Ordinal') || t.tags.has('Value')) && /\d/.test(t.word)) {
      body.push(t);
      return;
    }
    if (!out.activity && /[a-z]{3,}ing$/.test(t.lower) && !NOT_ACTIVITIES.has(t.lower)) {
      const entry = nounEntry(t.lower);
      out.activity = { en: t.lower, sw: entry?.sw ? entry.sw[0] : null };
    }
    body.push(t);
  });
  return phrase(body);
}

function addOffers(tokens: Token[], out: ParsedBrief): void {
  for (const c of conjuncts(tokens)) {
    const { tokens: words } = stripDeterminers(c);
    const p = describe(words, out);
    if (p && out.offers.length < 4 && !out.offers.some((o) => o.en === p.en)) out.offers.push(p);
  }
}

function placeOf(tokens: Token[], prep: string): Place | null {
  const { tokens: all } = stripDeterminers(tokens);
  const end = all.findIndex((t) => !(t.cap || isPlaceWord(t) || AT_WORDS.has(t.lower)));
  const words = end < 0 ? all : all.slice(0, end);
  if (!words.some((t) => t.cap || isPlaceWord(t))) return null;
  const last = words[words.length - 1] as Token;
  const p: Place['prep'] = prep === 'from' ? 'from' : prep === 'at' || AT_WORDS.has(last.lower) ? 'at' : 'in';
  return { text: text(words), prep: p };
}

function ownerOf(tokens: Token[], pronoun: string | null): Owner {
  const en = [pronoun, ...tokens.map((t) => t.word)].filter(Boolean).join(' ');
  const last = tokens[tokens.length - 1];
  const plural = last ? looksPlural(last.lower) : false;
  const p = last ? swahiliPhrase([last.lower], plural) : null;
  const stem = pronoun ? { my: 'angu', our: 'etu', your: 'ako', his: 'ake', her: 'ake', their: 'ao' }[pronoun.toLowerCase()] : undefined;
  const sw = p ? (stem && stem !== 'ao' ? renderSw(p, { after: stem }) : renderSw(p)) : null;
  return { en, plural, sw };
}

function whenOf(tokens: Token[], marker: string): { en: string; sw: string | null } {
  const en = `${marker === 'on' ? 'on ' : ''}${text(tokens)}`;
  const swDay = (t: Token) => DAYS_SW[t.lower] ?? DAYS_SW[singular(t.lower)];
  const day = tokens.find((t) => swDay(t) !== undefined);
  if (!day) return { en, sw: null };
  const sw = swDay(day) as string;
  const first = tokens[0]?.lower;
  if (first === 'every' || (marker === 'on' && looksPlural(day.lower))) return { en, sw: `kila ${sw}` };
  if (first === 'this') return { en, sw: `${sw} ${concord(9, 'this')}` };
  return { en, sw };
}

/** The main noun phrase: a name, an owner, the subject, qualities, offers joined by "and". */
function mainPhrase(tokens: Token[], out: ParsedBrief, whole: boolean): void {
  const { tokens: np, pronoun, article } = stripDeterminers(tokens);
  // A name in capitals may have "&" or "and" in it ("Maple & Co", "Salt and Pepper Ltd").
  const capitalised = np.every((t) => t.cap || CONJUNCTIONS.has(t.lower) || t.tags.has('Value'));
  const [first, ...others] = capitalised && !article && !pronoun && np.some((t) => t.cap) ? [np] : conjuncts(np);
  if (!first) return;
  for (const other of others) addOffers(other, out);

  // A whole brief in capitals ("Rosie's Bakery", "Zesty Juice") is a name; the subject is its last word when that is a known noun.
  const allCaps = first.every((t) => t.cap || t.tags.has('Value') || CONJUNCTIONS.has(t.lower));
  const single = first.length === 1 ? (first[0] as Token) : null;
  const singleIsWord = single !== null && (nounEntry(singular(single.lower)) !== undefined || MODIFIERS.has(single.lower));
  if (single && whole && isPlaceWord(single)) {
    out.place = { text: single.word, prep: 'in' };
    return;
  }
  if (!article && !pronoun && allCaps && !(single && singleIsWord)) {
    out.name = first.map((t, i) => (t.possessive && i < first.length - 1 ? `${t.word}'s` : t.word)).join(' ');
    const last = first[first.length - 1] as Token;
    if (first.length > 1 && nounEntry(singular(last.lower))) out.subject = phrase([{ ...last, word: last.lower, cap: false }]);
    else {
      for (const t of first) {
        const sw = fromSwahili(t.lower);
        if (sw && !out.subject) out.subject = phrase([{ ...t, word: sw.key, lower: sw.key, cap: false, tags: new Set(['Noun']) }]);
      }
    }
    return;
  }

  // A possessor: "my sister's 30th birthday" (owner), "Mama Njeri's kitchen" (name), "kids' swimming lessons" (audience).
  let body = first;
  const possessorEnd = first.findLastIndex((t) => t.possessive);
  if (possessorEnd >= 0 && possessorEnd < first.length - 1) {
    const possessor = first.slice(0, possessorEnd + 1);
    body = first.slice(possessorEnd + 1);
    if (!pronoun && possessor.every((t) => t.cap)) {
      out.name = [...possessor.map((t, i) => (i === possessor.length - 1 ? `${t.word}'s` : t.word)), ...body.map((t) => t.word)].join(' ');
    } else if (pronoun || possessor.some((t) => t.tags.has('Actor') || t.tags.has('Person'))) {
      if (!pronoun && possessor.every((t) => PEOPLE.has(t.lower))) out.audience = phrase(possessor);
      else out.owner = ownerOf(possessor, pronoun);
    } else if (possessor.every((t) => PEOPLE.has(t.lower) || looksPlural(t.lower))) {
      out.audience = phrase(possessor);
    } else {
      body = first;
    }
  }

  // A leading run of capitalised words naming the business ("Kilimani Kicks sneaker shop").
  if (!article && !out.name) {
    let run = 0;
    while (run < body.length - 1 && (body[run] as Token).cap && !MODIFIERS.has((body[run] as Token).lower)) run++;
    if (run >= 2 && !body.slice(0, run).every(isPlaceWord)) {
      out.name = text(body.slice(0, run));
      body = body.slice(run);
    }
  }
  // A known place inside the phrase ("Nairobi bakery").
  const placeIndex = body.findIndex((t, i) => i < body.length - 1 && isPlaceWord(t));
  if (placeIndex >= 0 && !out.place) {
    out.place = { text: (body[placeIndex] as Token).word, prep: 'in' };
    body = body.filter((_, i) => i !== placeIndex);
  }
  out.subject = describe(body, out);
  if (out.subject && out.activity && out.subject.en.toLowerCase() === out.activity.en) out.kind = 'thing';
}

/** Understands an English brief. */
/** A name has at most this many words; a longer run of capitals is a description in Title Case. */
const MAX_NAME_WORDS = 4;

export function understandEnglish(topic: string): ParsedBrief {
  const out = emptyParse();
  const tokens = tokenize(topic);
  const words = tokens.filter(
    (t) => /\p{L}/u.test(t.word) && !CONJUNCTIONS.has(t.lower) && !['of', 'the', 'a', 'an', 'in', 'at', 'for'].includes(t.lower),
  );
  if (words.length > MAX_NAME_WORDS && words.every((t) => t.cap)) {
    for (const t of tokens) {
      if (isPlaceWord(t) || MODIFIERS.has(t.lower) || /\p{Lu}.*\p{Lu}/u.test(t.word)) continue;
      t.cap = false;
      t.word = t.lower;
    }
  }
  const parts = clauses(tokens);
  parts.forEach((clause, index) => {
    const { marker, tokens } = clause;
    if (index === 0 && marker === null) {
      mainPhrase(tokens, out, parts.length === 1);
      return;
    }
    if (marker === null) return;
    if (PLACE_PREPS.has(marker) || (marker === 'on' && tokens.some((t) => t.cap && !t.tags.has('Date')))) {
      const place = placeOf(tokens, marker);
      if (place && !out.place) out.place = place;
      return;
    }
    if (marker === 'on' || marker === 'when') {
      if (tokens.some((t) => t.tags.has('Date') || Object.hasOwn(DAYS_SW, t.lower)) && !out.when) out.when = whenOf(tokens, marker);
      return;
    }
    if (marker === 'for') {
      const { tokens: np, pronoun } = stripDeterminers(tokens);
      const head = np[np.length - 1];
      const people = head !== undefined && (PEOPLE.has(head.lower) || (head.tags.has('Actor') && looksPlural(head.lower)));
      if (people && !out.audience) {
        const before = out.qualities.length;
        out.audience = describe(np, out);
        out.qualities.splice(before);
      } else if (!out.cause) {
        const p = phrase(np.filter((t) => !Object.hasOwn(QUALITIES, t.lower) || t === head));
        const possessive = np.some((t) => t.possessive);
        out.cause = {
          en: possessive
            ? tokens.map((t) => (t.possessive ? `${t.word}${/s$/i.test(t.word) ? "'" : "'s"}` : t.word)).join(' ')
            : text(tokens),
          sw: p?.sw && !pronoun ? renderSw(p.sw) : null,
        };
      }
      return;
    }
    if (marker === 'with' || marker === 'list') {
      addOffers(tokens, out);
      return;
    }
    if (marker === 'rel') {
      const verb = tokens.findIndex((t) => OFFER_VERBS.has(t.lower) || t.tags.has('Verb'));
      if (verb >= 0) addOffers(tokens.slice(verb + 1), out);
      return;
    }
    if (marker === 'by') {
      const { tokens: np } = stripDeterminers(tokens);
      if (!out.makers) out.makers = text(np);
      return;
    }
    if (marker === 'of') {
      const { tokens: np, pronoun } = stripDeterminers(tokens);
      if (pronoun || np.some((t) => t.tags.has('Actor') || t.tags.has('Person'))) {
        if (!out.owner) out.owner = ownerOf(np, pronoun);
      } else addOffers(tokens, out);
      return;
    }
    if (marker === 'purpose' && !out.purpose) {
      out.purpose = text(tokens);
    }
  });
  return out;
}
