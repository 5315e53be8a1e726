import type { SwPhrase } from './brief-parse';
import { fromSwahili, looksPlural, nounEntry, QUALITIES, singular, SW_CONCORDS, SW_KIN, SW_PLURAL_CLASS, type SwNoun } from './lexicon';

/**
 * Kiswahili noun phrases and agreement: a phrase is kept with `{a}` (the possessive particle) and
 * `{c:stem}` slots, which take the form of the phrase's noun class when it is rendered.
 */

export function pluralClass(cls: number): number {
  return SW_PLURAL_CLASS[String(cls)] ?? cls;
}

/** The form of a concord stem ("a", "etu", "zuri", "sp"...) for a class; the stem itself when unknown. */
export function concord(cls: number, stem: string): string {
  return SW_CONCORDS[String(cls)]?.[stem] ?? SW_CONCORDS['9']?.[stem] ?? stem;
}

/** Fills `{a}` and `{c:stem}` with the forms of a class. */
export function agree(text: string, cls: number): string {
  return text.replace(/\{a\}/g, concord(cls, 'a')).replace(/\{c:([a-z]+)\}/g, (_, stem: string) => concord(cls, stem));
}

export function phraseFromNoun(sw: SwNoun, plural: boolean): SwPhrase {
  return { sg: sw[0], pl: sw[1], cls: sw[2], plural: plural && sw[1] !== null };
}

/** The Kiswahili of an English noun (singular or plural form), with its own particles filled in. */
function nounText(word: string): string | null {
  const parts = word.split(' ');
  const key = [...parts.slice(0, -1), singular(parts[parts.length - 1] as string)].join(' ');
  const sw = nounEntry(key)?.sw;
  if (!sw) return null;
  const plural = looksPlural(parts[parts.length - 1] as string) && sw[1] !== null;
  const cls = plural ? pluralClass(sw[2]) : sw[2];
  return agree((plural ? sw[1] : sw[0]) as string, cls);
}

/**
 * The Kiswahili of an English noun phrase (its words, modifiers then head): the longest ending the
 * lexicon knows ("food truck" -> gari la chakula), plus the nearest other modifier when it is a known
 * noun ("wedding photographer" -> mpiga picha wa harusi). Null when the head is unknown.
 */
export function swahiliPhrase(words: readonly string[], plural: boolean): SwPhrase | null {
  if (words.length === 0) return null;
  const lower = words.map((w) => w.toLowerCase());
  const head = singular(lower[lower.length - 1] as string);
  for (let i = 0; i < lower.length; i++) {
    const key = [...lower.slice(i, -1), head].join(' ');
    const sw = nounEntry(key)?.sw;
    if (!sw) continue;
    const phrase = phraseFromNoun(sw, plural);
    // A specific phrase ("duka {a} mikate") is enough; a general one takes the nearest known modifier ("mpiga picha wa harusi").
    const modifiers = lower.slice(0, i).filter((m) => !Object.hasOwn(QUALITIES, m) || nounEntry(m));
    let text: string | null = null;
    for (let j = 0; j < modifiers.length && text === null && !sw[0].includes('{a}'); j++) {
      text = nounText(
        modifiers
          .slice(j)
          .join(' ')
          .replace(/['’]s?$/, ''),
      );
    }
    // "laundry service": the modifier already names the head ("huduma ya dobi"), so the head is not said twice.
    if (text !== null && text.toLowerCase().startsWith(`${phrase.sg.split(' ')[0]?.toLowerCase()} `)) {
      phrase.sg = text;
      if (phrase.pl !== null && phrase.pl === sw[0]) phrase.pl = text;
      else phrase.pl = null;
    } else if (text !== null) {
      phrase.sg = `${phrase.sg} {a} ${text}`;
      if (phrase.pl !== null) phrase.pl = `${phrase.pl} {a} ${text}`;
    }
    return phrase;
  }
  return null;
}

export interface SwRender {
  plural?: boolean;
  /** A concord stem placed right after the head noun: "etu" (our), "ako" (your), "this", "zuri"... */
  after?: string;
  /** A quality's Kiswahili ("safi", "{a} familia"), placed after the phrase. */
  quality?: string | null;
}

/** The class a rendered phrase agrees with. */
export function phraseClass(p: SwPhrase, plural = p.plural): number {
  return plural && p.pl !== null ? pluralClass(p.cls) : p.cls;
}

/** "duka {a} mikate" with after "etu" -> "duka letu la mikate"; kin nouns take class 9 possessives ("dada yangu"). */
export function renderSw(p: SwPhrase, opts: SwRender = {}): string {
  const plural = opts.plural ?? p.plural;
  const cls = phraseClass(p, plural);
  const text = plural && p.pl !== null ? p.pl : p.sg;
  const cut = text.indexOf(' {');
  const head = cut < 0 ? text : text.slice(0, cut);
  const rest = cut < 0 ? '' : text.slice(cut);
  let after = '';
  if (opts.after) {
    const possessive = ['etu', 'ako', 'angu', 'ake'].includes(opts.after);
    const kin = possessive && !plural && SW_KIN.has(head.toLowerCase());
    after = ` ${concord(kin ? 9 : cls, opts.after)}`;
  }
  const quality = opts.quality ? ` ${opts.quality}` : '';
  return agree(`${head}${after}${rest}${quality}`, cls);
}

/** Head nouns of a kind's Kiswahili noun and their class, where the lexicon does not say ("duka" 5, "kibanda" 7). */
const HEAD_CLASS: Record<string, number> = {
  duka: 5,
  shamba: 5,
  soko: 5,
  tamasha: 5,
  kongamano: 5,
  shirika: 5,
  tukio: 5,
  zoezi: 5,
  eneo: 5,
  jiko: 5,
  kanisa: 5,
  darasa: 5,
  kundi: 5,
  kibanda: 7,
  kituo: 7,
  chama: 7,
  kiwanda: 7,
  kinyozi: 7,
  mkahawa: 3,
  mgahawa: 3,
  mfumo: 3,
  mradi: 3,
  ukumbi: 11,
  uzinduzi: 11,
  usafi: 11,
  mbio: 10,
  harusi: 9,
  kwaya: 9,
};
/** Heads that name a person: "fundi bomba wetu" reads as a member of staff, so a business is never named by them. */
const PERSON_HEAD =
  /^(?:fundi|muuza|muuzaji|mpishi|mtunza|wakala|daktari|msanii|mpiga|mama|mtaalamu|mshauri|kocha|mwalimu|msusi|mshereheshaji|mpangaji|mbunifu|mwanamuziki|mwandishi|mtangazaji|mtayarishaji|mzungumzaji|kiongozi|mchekeshaji|dj|dobi)$/i;

/** The class of a Kiswahili head noun: the lexicon's, the table's, else its prefix's. */
export function headClass(head: string): number {
  const lower = head.toLowerCase();
  if (HEAD_CLASS[lower] !== undefined) return HEAD_CLASS[lower];
  const entry = fromSwahili(lower);
  const sw = entry ? nounEntry(entry.key)?.sw : undefined;
  if (sw) return entry?.plural ? pluralClass(sw[2]) : sw[2];
  if (/^(?:ki|ch)[^aeiou]/.test(lower)) return 7;
  if (/^m[^aeiou]/.test(lower) && lower.length > 4) return 3;
  if (/^u[^aeiou]/.test(lower)) return 11;
  return 9;
}

/**
 * "Ours" for a business, event or cause named by its kind's noun when the brief gives no name:
 * "duka la mikate" -> "duka letu la mikate", "kinyozi" -> "kinyozi chetu", "huduma ya boda boda" ->
 * "huduma yetu ya boda boda", "mbio za hisani" -> "mbio zetu za hisani". Null for a person's noun.
 */
export function swOurs(noun: string): string | null {
  const words = noun.trim().split(/\s+/);
  const head = words[0];
  if (!head || PERSON_HEAD.test(head)) return null;
  const rest = words.slice(1).join(' ');
  return `${head} ${concord(headClass(head), 'etu')}${rest ? ` ${rest}` : ''}`;
}

/**
 * A verb after a stand-in agrees with the stand-in's noun: patterns are written for a name, with a
 * class 9 verb ("{Name} inakaribisha"), so "Chama chetu inakaribisha" becomes "Chama chetu
 * kinakaribisha", "Mashindano yetu ya mpira inakuja" "Mashindano yetu ya mpira yanakuja".
 */
export function swAgreeStandIn(text: string, standIn: string): string {
  const head = standIn.trim().split(/\s+/)[0] ?? '';
  if (!head) return text;
  const sp = concord(headClass(head), 'sp');
  if (sp === 'i') return text;
  const escaped = standIn.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`(${escaped})\\s+i(na|me|ta|li|ki)(?=\\p{L}{2,})`, 'giu'), (_, s: string, t: string) => `${s} ${sp}${t}`);
}

/** Holidays a brief names in English, as Kiswahili says them. */
const HOLIDAYS: [RegExp, string][] = [
  [/^valentine['’]?s?(?:\s+day)?$/i, 'Siku ya Wapendanao'],
  [/^(?:christmas|xmas)$/i, 'Krismasi'],
  [/^easter$/i, 'Pasaka'],
  [/^new\s+year['’]?s?(?:\s+eve)?$/i, 'Mwaka Mpya'],
  [/^mother['’]?s\s+day$/i, 'Siku ya Mama'],
  [/^father['’]?s\s+day$/i, 'Siku ya Baba'],
];

/** A name that is a holiday written in English, in Kiswahili ("Valentine's" -> "Siku ya Wapendanao"); any other name as written. */
export function swHolidayName(name: string | null): string | null {
  if (name === null) return null;
  return HOLIDAYS.find(([re]) => re.test(name.trim()))?.[1] ?? name;
}

/**
 * The words before a second verb joined by "na" ("tunasuka nywele na kupaka hina" -> "tunasuka nywele"),
 * so a cut clause never ends on a hanging "…na kupaka"; all of them when there is none.
 */
export function beforeSecondVerb(words: string[]): string[] {
  const na = words.findIndex((w, i) => i > 0 && w.toLowerCase() === 'na' && /^ku\p{L}{3,}/iu.test(words[i + 1] ?? ''));
  return na > 0 ? words.slice(0, na) : words;
}
