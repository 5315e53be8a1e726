import { emptyParse, type ParsedBrief, type Phrase, type SwPhrase } from './brief-parse';
import { indefinite, pluralOf } from './english';
import { fromSwahili, nounEntry, PLACES, QUALITIES } from './lexicon';
import { pluralClass } from './swahili';

/** Kiswahili particles and function words, and the class a possessive particle shows. */
const PARTICLE_CLASS: Record<string, number> = { la: 5, cha: 7, vya: 8, za: 10, kwa: 15, pa: 16, ya: 9, wa: 3 };
const SW_FUNCTION = new Set([
  'la',
  'ya',
  'wa',
  'cha',
  'vya',
  'za',
  'kwa',
  'na',
  'katika',
  'mjini',
  'huko',
  'ni',
  'kwenye',
  'pa',
  'kwa',
  'bora',
  'safi',
  'yetu',
  'wetu',
  'letu',
  'chetu',
  'mpya',
  'kila',
  'hii',
  'hadi',
  'ndani',
  'bure',
  'nafuu',
  'sana',
  'tu',
  'pia',
  'yote',
  'wote',
  'haraka',
  'iko',
  'tuko',
  'wazi',
  'kuanzia',
  'leo',
  'kesho',
  'asubuhi',
  'jioni',
  'mchana',
  'usiku',
  'saa',
  'siku',
  'wiki',
  'mwezi',
  'wapya',
  'wetu',
  'zetu',
  'kwenye',
  'karibu',
  'harusi',
  'sherehe',
]);
/**
 * A Kiswahili verb as a brief writes it ("tunafikisha", "inatafuta", "tunabadilisha", "nauza"), a
 * negative one ("haitumii", "haijaongezwa", "hatutumii") or an infinitive ("kuchekesha", "kuchonga").
 */
const SW_VERB =
  /^(?:tu|ni|wa|ki|li|ya|i|u|a|m)(?:na|ta|me|li|ka)[a-z]{3,}a$|^(?:nauza|tunauza|niko|tuna|nina)$|^(?:hai|hatu|hawa|haku|hali|haya|hazi|havi|haki|si)(?:ja|ta|ku)?[a-z]{3,}[ai]$|^ku[a-z]{4,}a$/;
const EN_FUNCTION = new Set([
  'a',
  'an',
  'the',
  'in',
  'for',
  'of',
  'that',
  'who',
  'with',
  'from',
  'and',
  'my',
  'our',
  'at',
  'on',
  'to',
  'which',
  'by',
]);
/** Kiswahili adjectives that never change, and their English. */
const SW_QUALITIES: Record<string, string> = {
  bora: 'best',
  safi: 'fresh',
  asilia: 'natural',
  halisi: 'authentic',
  maalum: 'special',
  rahisi: 'simple',
  huru: 'independent',
};
const PLACE_MARKERS = new Set(['mjini', 'huko', 'katika', 'kwenye']);

function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}'’-]+/gu) ?? [];
}

/** Whether a brief is written in Kiswahili: more Kiswahili particles and nouns than English words. */
export function isSwahiliBrief(text: string): boolean {
  let sw = 0;
  let en = 0;
  let strong = 0;
  for (const w of words(text)) {
    const lower = w.toLowerCase();
    if (EN_FUNCTION.has(lower)) en++;
    else if (SW_FUNCTION.has(lower) || SW_VERB.test(lower)) {
      sw++;
      strong++;
    } else if (fromSwahili(lower)) {
      // A word both languages use as it is ("studio", "duka" in Kenyan English) counts for neither.
      if (!nounEntry(lower) || nounEntry(lower)?.sw?.[0] !== lower) sw++;
    } else if (nounEntry(lower) || nounEntry(lower.replace(/s$/, ''))) en++;
  }
  // A tie goes to Kiswahili when a Kiswahili word of grammar says so ("gym mpya Kitengela": a Sheng brief keeps English nouns).
  return sw > en || (sw === en && strong > 0);
}

/** The class of a Kiswahili head noun: from the lexicon, else from the particle after it, else from its prefix. */
function classOf(head: string, particle: string | undefined): { cls: number; plural: boolean; key: string | null } {
  const known = fromSwahili(head);
  if (known) {
    const sw = nounEntry(known.key)?.sw;
    if (sw) return { cls: known.plural ? pluralClass(sw[2]) : sw[2], plural: known.plural, key: known.key };
  }
  if (particle !== undefined && PARTICLE_CLASS[particle] !== undefined) {
    let cls = PARTICLE_CLASS[particle] as number;
    if (particle === 'ya' && /^mi/.test(head)) cls = 4;
    else if (particle === 'ya' && /^ma/.test(head)) cls = 6;
    else if (particle === 'wa' && !/^m/.test(head)) cls = 1;
    return { cls, plural: [2, 4, 6, 8, 10].includes(cls), key: null };
  }
  if (/^(ki|ch)/.test(head)) return { cls: 7, plural: false, key: null };
  if (/^(vi|vy)/.test(head)) return { cls: 8, plural: true, key: null };
  if (/^ma/.test(head)) return { cls: 6, plural: true, key: null };
  if (/^mi/.test(head)) return { cls: 4, plural: true, key: null };
  if (/^(mw|m)/.test(head)) return { cls: 3, plural: false, key: null };
  if (/^u/.test(head)) return { cls: 11, plural: false, key: null };
  return { cls: 9, plural: false, key: null };
}

/** An English phrase for a Kiswahili noun the lexicon knows ("vitenge", "nywele" -> hair). */
function englishPhrase(swWord: string): Phrase | null {
  const known = fromSwahili(swWord);
  if (!known) return null;
  const entry = nounEntry(known.key);
  const sw = entry?.sw;
  return {
    en: known.key,
    head: known.key.split(' ').pop() as string,
    plural: known.plural,
    mass: Boolean(entry?.mass),
    key: known.key,
    sw: sw ? { sg: sw[0], pl: sw[1], cls: sw[2], plural: known.plural } : null,
  };
}

/**
 * Understands a Kiswahili brief ("duka la vitenge Mombasa", "harambee ya shule ya msingi Kisumu"):
 * the head noun and its class, the phrase after it (kept as written, with its first particle made
 * to agree), a place (a capitalised word the lexicon knows, or after "mjini"), a name (a brief in
 * capitals), qualities such as "bora".
 */
export function understandSwahili(topic: string): ParsedBrief {
  // "Sisi ni bendi ya Mwangaza": a group introducing itself; "Sisi" is no name (round 6).
  const { subject: first, name, offers } = clausesOf(topic.replace(/^\s*sisi\s+ni\s+/i, ''));
  const out = readSubject(first);
  // The run after the head is the name ("Kinyozi Fresh Cuts": Fresh Cuts), never the head itself written with a capital.
  if (name) out.name = name;
  else if (out.name && first.trim().split(/\s+/).length === 1 && fromSwahili(first.trim().toLowerCase())) out.name = null;
  // Not offers: an adjective or adverb alone ("mpya", "nyumbani"), a verb ("kukaanga"), the subject's own place words, a shop word.
  out.offers = out.offers.filter(
    (o) =>
      !/^(?:mpya|safi|bora|nafuu|nyumbani|online|road|street)\b/i.test(o.en) &&
      !/^ku[a-z]{3,}$/i.test(o.en) &&
      !/\b(?:road|street|avenue)\b/i.test(o.en) &&
      !/^(?:kibanda|duka|salon|saluni|kinyozi|gym)\b/i.test(o.en),
  );
  for (const o of offers) {
    if (
      /^(?:mpya|safi|bora|nafuu|nyumbani|online)$/i.test(o) ||
      /^ku[a-z]{3,}\b/i.test(o) ||
      /^(?:kibanda|duka|salon|saluni|kinyozi|gym)\b/i.test(o)
    )
      continue;
    if (out.offers.some((x) => x.en.toLowerCase() === o.toLowerCase())) continue;
    out.offers.push(
      englishPhrase(o.toLowerCase()) ?? { en: o, head: o.split(' ').pop() as string, plural: true, mass: true, key: null, sw: null },
    );
  }
  // A misread piece is dropped, never guessed (issue 33): an offer with a place in it ("posho Chuka"), a verb ("nashona
  // vitenge", "nakuja saa yoyote"), a negation ("hakuna malipo"), an adjective alone ("ndogo ya ufukweni"), a dangling "ni".
  const placeWords = new Set(
    (topic.match(/\b\p{Lu}\p{Ll}+\b/gu) ?? []).map((w) => w.toLowerCase()).filter((w) => PLACES.has(w) || !fromSwahili(w)),
  );
  const verbLed = (w: string) => (/^(?:na|ni)[a-z]{3,}a$/.test(w) || SW_VERB.test(w)) && !fromSwahili(w);
  // "nashona vitenge": the verb goes, the thing made stays.
  out.offers = out.offers.map((o) => {
    const ws = o.en.split(/\s+/);
    if (ws.length < 2 || !verbLed((ws[0] as string).toLowerCase()) || !fromSwahili((ws[1] as string).toLowerCase())) return o;
    const rest = ws.slice(1).join(' ');
    return englishPhrase(rest.toLowerCase()) ?? { ...o, en: rest, head: ws[ws.length - 1] as string };
  });
  out.offers = out.offers.filter((o) => {
    const ws = o.en.toLowerCase().split(/\s+/);
    if (ws.some((w) => placeWords.has(w) && !fromSwahili(w))) return false;
    if (verbLed(ws[0] ?? '')) return false;
    if (/^(?:hakuna|hana|hatuna|bila|ndogo|kubwa|nzuri|mzuri|zuri)$/.test(ws[0] ?? '')) return false;
    if (/^(?:ni|ya|la|wa|za|cha|vya|kwa|na)$/.test(ws[ws.length - 1] ?? '')) return false;
    return !/\d/.test(o.en);
  });
  return out;
}

/** Words that end the subject's clause ("iko wazi", "inatafuta"): what follows is not what it is. */
const CLAUSE_STOP = new Set(['iko', 'tuko', 'niko', 'ni', 'kwa', 'kuanzia', 'bei', 'karibu', 'pia', 'order', 'agiza']);
/** Capitalised words that are part of what a subject is, not its name ("Shule ya Msingi"). */
const INSTITUTION = new Set(['msingi', 'sekondari', 'upili', 'kanisa', 'katoliki', 'academy']);
/** Words kept as Kenyans write them, never a name ("M-Pesa", "WhatsApp", "KCSE"). */
const NOT_NAMES =
  /^(?:Road|Street|Avenue|Estate|Town|Mall|Stage|Market|Centre|Center|Hospital|West|East|North|South|Sukari|M-?Pesa|WhatsApp|Instagram|Facebook|TikTok|IG|KCSE|KCPE|CBC|Sheng|Mama|Baba|Jumatatu|Jumanne|Jumatano|Alhamisi|Ijumaa|Jumamosi|Jumapili|KSh|Ksh)$/;

/**
 * A Kiswahili brief's clauses: the first says what the subject is (cut at its first verb or
 * "iko", "kwa"...), with a capitalised run after its head taken as the name ("Kinyozi Fresh Cuts",
 * "Chama ya wanawake Tujiinue"); later clauses without a verb are offers ("rasta na twists").
 */
function clausesOf(topic: string): { subject: string; name: string | null; offers: string[] } {
  const clauses = topic
    .split(/[,;.!?:]+|\s+-\s+/)
    .map((c) => c.trim())
    .filter(Boolean);
  const firstWords = words(clauses[0] ?? '');
  const stop = firstWords.findIndex(
    (w, i) => i > 0 && (SW_VERB.test(w.toLowerCase()) || (CLAUSE_STOP.has(w.toLowerCase()) && i < firstWords.length - 1)),
  );
  let subject = stop > 0 ? firstWords.slice(0, stop) : firstWords;
  // "mandazi na chai", "mkate wa nyumbani na keki za birthday": things joined by "na" are offers, the first one the subject.
  const joined: string[] = [];
  const na = subject.findIndex((w, i) => i > 0 && w.toLowerCase() === 'na');
  if (na > 0 && na < subject.length - 1) {
    const after = subject.slice(na + 1).filter((w) => !PLACES.has(w.toLowerCase()) && !/^\p{Lu}/u.test(w));
    joined.push(subject.slice(0, na).join(' '), after.join(' '));
    subject = [...subject.slice(0, na), ...subject.slice(na + 1 + after.length)];
  }
  let name: string | null = null;
  // A capitalised run after the head (never a place, an acronym or a word Kenyans keep in English).
  const isNameWord = (w: string) =>
    /^\p{Lu}\p{Ll}/u.test(w) && !PLACES.has(w.toLowerCase()) && !NOT_NAMES.test(w) && !INSTITUTION.has(w.toLowerCase());
  const start = subject.findIndex((w, i) => i > 0 && isNameWord(w));
  let end = start;
  while (start > 0 && end < subject.length && isNameWord(subject[end] as string)) end++;
  // One capitalised word ending the clause is a place the gazetteer lacks ("kanisa Mlolongo"), not a name.
  // …unless a group is "of" it ("bendi ya Mwangaza", "kwaya ya Neema"): then it is the group's name.
  const groupOf =
    start > 1 &&
    PARTICLE_CLASS[(subject[start - 1] as string).toLowerCase()] !== undefined &&
    nounEntry(fromSwahili((subject[0] as string).toLowerCase())?.key ?? '')?.kind === 'group';
  if (start > 0 && (groupOf || !(end === subject.length && end - start === 1))) {
    const run = subject.slice(start, end);
    const institution = subject.slice(0, start).some((w) => /^\p{Lu}/u.test(w) && INSTITUTION.has(w.toLowerCase()));
    name = institution ? subject.slice(0, end).join(' ') : run.join(' ');
    subject = [...subject.slice(0, start), ...subject.slice(end)];
  }
  const offers = [...joined.filter((j) => j.split(' ').length <= 4), ...clauses.slice(1)]
    .map((c) => c.replace(/\s+(?:kuanzia|tu|pia|sasa|bei)$/i, ''))
    .map((c) => words(c))
    .filter(
      (ws) =>
        ws.length > 0 && ws.length <= 4 && !ws.some((w) => SW_VERB.test(w.toLowerCase()) || /^(?:kwa|order|agiza|lipa|delivery)$/i.test(w)),
    )
    .flatMap((ws) => ws.join(' ').split(/\s+na\s+/))
    .map((o) => o.trim())
    .filter(
      (o) =>
        o.length > 2 &&
        !o.split(' ').some((w) => PLACES.has(w.toLowerCase()) || /^(?:stage|mtaa)$/i.test(w)) &&
        !/^(?:kila|bure|tu|pia|nafuu|mpya|safi|bora|online)$/i.test(o) &&
        // A unit of a price is no offer ("gunia KSh 400", "chupa ya nusu lita", "kwa mtungi").
        !/^(?:gunia|magunia|chupa|lita|kilo|debe|mtungi|pakiti|kipande|vipande|trei|sahani|kikombe|kwa)\b/i.test(o),
    );
  return { subject: subject.join(' '), name, offers };
}

function readSubject(topic: string): ParsedBrief {
  const out = emptyParse();
  let tokens = words(topic);
  // Places: known ones anywhere, any capitalised word after a place marker or at the end after the phrase.
  const kept: string[] = [];
  tokens.forEach((w, i) => {
    const lower = w.toLowerCase();
    const prev = tokens[i - 1]?.toLowerCase();
    const isPlace =
      PLACES.has(lower) ||
      (/^\p{Lu}/u.test(w) && (PLACE_MARKERS.has(prev ?? '') || (i === tokens.length - 1 && i > 0 && /^\p{Ll}/u.test(tokens[0] ?? ''))));
    if (isPlace && !out.place) {
      out.place = { text: PLACES.get(lower) ?? w, prep: 'in' };
      // "wa Kisii", "mjini Nakuru": the particle or marker goes with the place.
      if (kept.length > 0 && (PLACE_MARKERS.has(prev ?? '') || PARTICLE_CLASS[prev ?? ''] !== undefined)) kept.pop();
      return;
    }
    kept.push(w);
  });
  // Where it is sold is not what it is ("nguo za watoto online").
  tokens = kept.filter((w) => !/^(?:online|mtandaoni)$/i.test(w));
  if (tokens.length === 0) return out;

  // A brief in capitals is a name ("Kahawa Bora"); a known noun in it is the subject.
  if (tokens.every((w) => /^\p{Lu}/u.test(w))) {
    out.name = tokens.join(' ');
    for (const w of tokens) {
      const p = englishPhrase(w.toLowerCase());
      if (p && !out.subject) out.subject = p;
      const quality = SW_QUALITIES[w.toLowerCase()];
      if (quality && Object.hasOwn(QUALITIES, quality) && !out.qualities.includes(quality)) out.qualities.push(quality);
    }
    return out;
  }

  const lower = tokens.map((w) => w.toLowerCase());
  // Trailing invariable adjectives ("bora", "safi") are qualities.
  while (lower.length > 1 && SW_QUALITIES[lower[lower.length - 1] as string]) {
    const q = SW_QUALITIES[lower.pop() as string] as string;
    if (Object.hasOwn(QUALITIES, q) && !out.qualities.includes(q)) out.qualities.push(q);
    tokens.pop();
  }
  const head = lower[0] as string;
  const particle = lower[1];
  const { cls, plural, key } = classOf(head, particle);
  const restWords = tokens.slice(1);
  const hasParticle = particle !== undefined && PARTICLE_CLASS[particle] !== undefined;
  // The subject keeps the phrase up to the next particle ("mgahawa wa vyakula" of "mgahawa wa vyakula vya pwani"); the whole phrase is its offer or cause.
  const own = hasParticle ? restWords.slice(1) : restWords;
  const cut = own.findIndex((w, i) => i > 0 && PARTICLE_CLASS[w.toLowerCase()] !== undefined);
  const subjectWords = cut < 0 ? own : own.slice(0, cut);
  const rest = subjectWords.length === 0 ? '' : ` ${hasParticle ? '{a} ' : ''}${subjectWords.join(' ')}`;
  // The whole phrase may be a known noun ("duka la dawa" -> pharmacy).
  const fullRest = restWords.length === 0 ? '' : ` ${hasParticle ? `{a} ${restWords.slice(1).join(' ')}` : restWords.join(' ')}`;
  const whole = fromSwahili(`${head}${fullRest}`) ?? fromSwahili(`${head}${rest}`);
  const entry = key ? nounEntry(key) : undefined;
  const sw: SwPhrase = {
    sg: `${plural && entry?.sw ? entry.sw[0] : head}${rest}`,
    pl: entry?.sw?.[1] ? `${entry.sw[1]}${rest}` : null,
    cls: plural && entry?.sw ? entry.sw[2] : cls,
    plural,
  };
  if (plural && !entry?.sw) sw.pl = sw.sg;

  // What follows the particle: an audience (people), a cause (for a harambee), else what it offers.
  const objectWords = hasParticle ? lower.slice(2) : lower.slice(1);
  const objectText = objectWords.join(' ');
  const object =
    objectWords.length > 0
      ? (englishPhrase(objectText) ??
        englishPhrase(objectText.replace(/ (?:la|ya|wa|cha|vya|za|kwa) /g, ' {a} ')) ??
        englishPhrase(objectWords[0] as string))
      : null;
  const objectKind = object?.key ? nounEntry(object.key)?.kind : undefined;
  const subjectKey = whole?.key ?? key;
  const subjectKind = subjectKey ? nounEntry(subjectKey)?.kind : undefined;
  let en = subjectKey ?? head;
  if (object && !whole) {
    if (subjectKind === 'product' && objectKind !== 'person') {
      // "mbolea ya kuku", "mafuta ya mbegu": a product of something is one product, never its source sold on its own (round 6).
    } else if (subjectKind === 'cause') {
      out.cause = { en: `${object.plural || object.mass ? '' : `${indefinite(object.en)} `}${object.en}`, sw: objectText };
    } else if (objectKind === 'person') {
      out.audience = { ...object, en: pluralOf(object.en), plural: true };
    } else {
      out.offers.push(object);
    }
    if (objectKind !== 'person' && subjectKind !== 'cause' && !object.mass && !object.plural) en = `${object.en} ${en}`;
    if (object.plural && !object.mass && object.key) object.en = pluralOf(object.key);
    // In Kiswahili the offer keeps the brief's own words ("vyakula vya pwani").
    if (object.sw) object.sw = { ...object.sw, sg: objectText, pl: objectText };
  } else if (!object && objectWords.length > 0 && !whole) {
    // An offer the lexicon does not know (a local word such as "vitenge"): kept as it is.
    out.offers.push({
      en: objectWords.join(' '),
      head: objectWords[objectWords.length - 1] as string,
      plural: true,
      mass: true,
      key: null,
      sw: null,
    });
  }
  out.subject = {
    en,
    head: en.split(' ').pop() as string,
    plural: whole?.plural ?? plural,
    mass: Boolean(subjectKey && nounEntry(subjectKey)?.mass),
    key: subjectKey,
    sw,
  };
  // A product sold by its own name ("mbolea ya ng’ombe") is its own offer, in the brief's words, never its English key.
  if (subjectKind === 'product' && out.offers.length === 0 && !out.cause && !out.audience) out.offers.push(out.subject);
  return out;
}
