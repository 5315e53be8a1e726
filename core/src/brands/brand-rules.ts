/** Brand-kit bounds and the name rule, without zod (the browser imports them through `@gl/core/types`). */
export const BRAND_NAME_MAX = 60;
export const BRAND_DESCRIPTION_MAX = 300;
export const BRAND_AUDIENCE_MAX = 120;
export const BRAND_WORDS_MAX = 10;
export const BRAND_WORD_MAX = 30;
export const BRAND_EXAMPLES_MAX = 5;
export const BRAND_EXAMPLE_MAX = 150;

const wordsOf = (text: string) =>
  text
    .normalize('NFC')
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean);

/**
 * The first word to avoid that the brand's own name contains (as whole words, any case), if any:
 * such a kit would drop every line that names the brand.
 */
export function avoidedNameWord(name: string, wordsToAvoid: readonly string[]): string | undefined {
  const nameWords = wordsOf(name);
  return wordsToAvoid.find((entry) => {
    const parts = wordsOf(entry);
    if (parts.length === 0) return false;
    for (let i = 0; i + parts.length <= nameWords.length; i++) {
      if (parts.every((p, j) => nameWords[i + j] === p)) return true;
    }
    return false;
  });
}
