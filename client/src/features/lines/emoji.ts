/**
 * Whether a line has an emoji, as the server counts them (`countEmoji` in @gl/core: Unicode
 * Extended_Pictographic, flags and keycaps; ©, ® and ™ read as text). Kept here in one regex so the
 * refine menu does not load the counting libraries to know whether "Remove emoji" applies.
 */
const EMOJI = /(?![\u00a9\u00ae\u2122])(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3)/u;

export const hasEmoji = (text: string): boolean => EMOJI.test(text);
