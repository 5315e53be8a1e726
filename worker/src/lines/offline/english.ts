import nlp from 'compromise';

/** English forms for composed lines: a/an, plurals, possessives, lists. */

const AN_SOUND = /^(?:[aeio]|u(?!ni|s[eu]|ti|r[aeiou]|k)|hour|honest|honou?r|heir|8|11|18)/i;
/** Letters read as a name starting with a vowel sound ("an ORM", "an M-Pesa agent", "an SMS"). */
const AN_LETTER = /^[AEFHILMNORSX](?:[A-Z0-9]|-|$)/;

/** "a" or "an" for a phrase. */
export function indefinite(phrase: string): 'a' | 'an' {
  const word = phrase.trim().split(/\s+/)[0] ?? '';
  if (/^[A-Z]{2,}|^[A-Z]-/.test(word)) return AN_LETTER.test(word) ? 'an' : 'a';
  if (/^(?:one|once|eu|ewe)/i.test(word)) return 'a';
  return AN_SOUND.test(word) ? 'an' : 'a';
}

const plurals = new Map<string, string>();

/** The plural of a noun phrase (its last word): "family bakery" -> "family bakeries". */
export function pluralOf(phrase: string): string {
  let out = plurals.get(phrase);
  if (out === undefined) {
    const words = phrase.split(' ');
    const last = words.pop() as string;
    let plural = /^[A-Z0-9]+$/.test(last) ? `${last}s` : nlp(last).nouns().toPlural().text();
    if (plural === '' || plural.toLowerCase() === last.toLowerCase()) plural = /(?:s|x|z|ch|sh)$/i.test(last) ? `${last}es` : `${last}s`;
    out = [...words, plural].join(' ');
    if (plurals.size > 2000) plurals.clear();
    plurals.set(phrase, out);
  }
  return out;
}

/** "Rosie's Bakery" -> "Rosie's Bakery's", "James" -> "James'", "my parents" -> "my parents'". */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[], and = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}
