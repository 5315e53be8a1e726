/**
 * The client page's counters without the counting libraries (twitter-text and the SMS segment
 * calculator weigh 35 KB on the wire: a quarter of the phone budget). They give the same numbers as
 * core's `countForPlatform` and `gsm7Length` (light-count.test.ts checks them against each other)
 * for the text they can judge; a line they cannot (one that may hold a link, which X counts as 23)
 * answers null, and the page loads the exact counters for it.
 */

let segmenter: Intl.Segmenter | undefined;
const graphemesOf = (text: string) => (segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text);

export function lightGraphemes(text: string): number {
  let n = 0;
  for (const _ of graphemesOf(text)) n++;
  return n;
}

/** What X may read as a link (counted 23 whatever its length), or a sign X's emoji list treats its own way. */
const NEEDS_EXACT = /https?:|www\.|[a-z0-9-]\.[a-z]{2,}|[\u00a9\u00ae\u2122\u203c\u2049\u2139\u3030\u303d\u3297\u3299]/i;
/** Code points X weighs 1 (twitter-text's v3 configuration); every other weighs 2. */
const X_LIGHT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0, 4351],
  [8192, 8205],
  [8208, 8223],
  [8242, 8247],
];
const EMOJI_PART = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

/** X's weighted length (an emoji weighs 2 however many code points it has); null when only twitter-text can say. */
export function lightXWeighted(text: string): number | null {
  if (NEEDS_EXACT.test(text)) return null;
  let n = 0;
  for (const { segment } of graphemesOf(text.normalize('NFC'))) {
    if (EMOJI_PART.test(segment)) {
      n += 2;
      continue;
    }
    for (const ch of segment) {
      const cp = ch.codePointAt(0)!;
      n += X_LIGHT_RANGES.some(([a, b]) => cp >= a && cp <= b) ? 1 : 2;
    }
  }
  return n;
}

/** The GSM 03.38 alphabet: its basic table (1 septet) and its extension table (2: escape + the sign). */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXTENSION = new Set('\f^{}\\[~]|€');

/** GSM-7 septets of `text`; Infinity when a character is outside GSM-7 (the SMS is then sent as UCS-2). */
export function lightGsm7Length(text: string): number {
  let n = 0;
  for (const ch of text) {
    if (GSM7_BASIC.has(ch)) n += 1;
    else if (GSM7_EXTENSION.has(ch)) n += 2;
    else return Infinity;
  }
  return n;
}
