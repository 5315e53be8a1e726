/**
 * The wordsToAvoid rule of a brand kit: a line breaks it when it contains one of the words as a
 * whole word, in any case, also inside a hashtag written in camel case or all in one ("#CheapEats",
 * "#CHEAPEATS" for "cheap"). Letters and digits of every script count as word characters, so
 * "café" does not contain "caf" and "Straße" is matched as one word. A multi-word entry
 * ("fast food") matches with any run of spaces or punctuation between its words.
 */

const HASHTAG = /#([\p{L}\p{N}\p{M}_]+)/gu;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The words of an entry, lower-cased; an entry without letters or digits has none. */
function wordsOf(entry: string): string[] {
  return entry
    .normalize('NFC')
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((w) => w !== '');
}

/** Splits a hashtag body at case changes and underscores: "CheapEatsNYC" -> ["Cheap", "Eats", "NYC"]. */
function hashtagParts(body: string): string[] {
  return body
    .split('_')
    .flatMap((part) => part.split(/(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u))
    .filter((p) => p !== '');
}

function matcherFor(words: readonly string[]): RegExp | null {
  const alternatives = words
    .map(wordsOf)
    .filter((parts) => parts.length > 0)
    .map((parts) => parts.map(escapeRegExp).join('[^\\p{L}\\p{N}\\p{M}]+'));
  if (alternatives.length === 0) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}\\p{M}])`, 'u');
}

/**
 * A test for one list of words, compiled once: whether a line contains any of them (whole word, any
 * case, also inside hashtags). Use it when checking many lines against the same list.
 */
export function avoidedWordTest(words: readonly string[]): (line: string) => boolean {
  const matcher = matcherFor(words);
  if (!matcher) return () => false;
  const joinedWords = words
    .map(wordsOf)
    .map((parts) => parts.join(''))
    .filter((w) => w !== '');
  return (line) => {
    const text = line.normalize('NFC');
    if (matcher.test(text.toLocaleLowerCase())) return true;
    for (const match of text.matchAll(HASHTAG)) {
      const body = match[1] ?? '';
      // "#CheapEats" is the words "cheap eats".
      if (matcher.test(hashtagParts(body).join(' ').toLocaleLowerCase())) return true;
      // A hashtag in one case gives no word breaks: a word at its start or end counts ("#cheapeats").
      const flat = body.replace(/_/g, '');
      if (flat !== flat.toLocaleLowerCase() && flat !== flat.toLocaleUpperCase()) continue;
      const lower = flat.toLocaleLowerCase();
      if (joinedWords.some((w) => lower.startsWith(w) || lower.endsWith(w))) return true;
    }
    return false;
  };
}

/** Whether `line` contains any of `words` (whole word, any case, also inside hashtags). */
export function containsAvoidedWord(line: string, words: readonly string[]): boolean {
  return avoidedWordTest(words)(line);
}
