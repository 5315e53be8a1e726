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

/** Words that name an action, never a thing offered ("save", "register"): no offer slot takes them. */
const VERB_OFFER =
  /^(?:save|register|subscribe|sign up|book|order|call|visit|apply|enrol|enroll|vote|join|help|donate|give|shop|buy|eat|learn|read|play|run|walk|swim|dance|sing|trial|demo)$/i;
/** Who a business serves, never what it offers ("serving hospitals and schools"). */
export const CUSTOMER_NOUN =
  /^(?:hospitals|schools|homes|households|businesses|families|companies|firms|hotels|restaurants|offices|warehouses|churches|farms|farmers|clients|customers|students|parents|kids|children|women|men|mums|moms|startups|banks|landlords|tenants|estates)$/i;
/** An offer that is the customer's problem ("back pain", "sports injuries"): help with it, never sold as itself. */
export const PROBLEM_OFFER =
  /\b(?:pain|injur(?:y|ies)|aches?|stress|acne|leaks?|blockages?|pests?|damage|problems?|issues?|debts?|anxiety|depression|infections?|diseases?)\b/i;

/**
 * Whether an offer the frame read can fill an `{offer}` slot: a thing offered, never an action
 * ("save"), a customer ("hospitals"), a problem ("back pain"), a number or duration ("30-day trial",
 * "years playing Swahili"), a time ("friday 7pm") or a clause ("including meals").
 */
export function offerFits(offer: string): boolean {
  const o = offer.trim();
  if (!o || /\d/.test(o) || VERB_OFFER.test(o) || CUSTOMER_NOUN.test(o) || PROBLEM_OFFER.test(o)) return false;
  if (/^(?:years?|months?|weeks?|days?|hours?|including|with|without|plus|and|or|for|from|to|at|in|on)\b/i.test(o)) return false;
  return !/^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?|evenings?|mornings?|nights?|online|free|entry|vegan|fresh|local|new)$/i.test(
    o,
  );
}
