import nlp from 'compromise';

/**
 * The strict check every piece of a brief passes before a line carries it (issue 33, failure class
 * 2: fragments chopped from the brief). A piece is a complete unit or it is dropped: never one that
 * starts or ends on a function word ("Save and through"), a negation with no verb to hold it ("Not
 * made there", "Our bakery not made there"), a relative word with no verb after it ("Dog grooming
 * van that in Austin"), a coordination cut in half ("Chapati rolled and"), or texting ("ur", "n",
 * "lol"). A noun phrase must end on a head noun; a clause that has a verb must have a finite one.
 * When unsure, the piece goes: a plainer line from parts the writer is sure of beats a garbled one.
 */

/** Texting and chat a line never prints ("bob" stays: it is Kenyan money). */
export const TEXTING_WORD =
  /(?<![\p{L}\p{N}'’.&-])(?:ur|u|n|r|pls|plz|Pls|Plz|lol|Lol|LOL|lmao|haha+|hehe|thx|tia|btw|fyi|coz|bcoz|cuz|2day|2moro|gr8|im|dat|dis|wat)(?![\p{L}\p{N}'’&-])/u;
/** A "4" that stands for "for" ("slogan 4 my stall"). */
const FOUR_FOR = /\b4\s+(?=(?:my|our|the|a|an|your|ur|u|you|me|us|him|her|them|sale|hire|rent)\b)/i;

/** A brief's texting spelled out before it is read ("ur" -> "your", "shoes n bags" -> "shoes and bags", "4 my" -> "for my"). */
export function spellTexting(text: string): string {
  return text
    .replace(/^\s*(?:(?:pls|plz|please)\s+)?help(?:\s+(?:me|us))?(?:\s+(?:pls|plz|please))?\s*[,.!:]+\s*/i, '')
    .replace(/(?<![\p{L}\p{N}'’.-])ur(?![\p{L}\p{N}'’.-])/gu, 'your')
    .replace(/(?<![\p{L}\p{N}'’.-])u(?![\p{L}\p{N}'’.-])/gu, 'you')
    .replace(/(?<=\p{L}\s+)n(?=\s+\p{L})/gu, 'and')
    .replace(new RegExp(FOUR_FOR.source, 'gi'), 'for ')
    .replace(/(?<![\p{L}'’-])(?:lol|lmao|haha+|hehe)(?![\p{L}'’-])[.!]*/giu, ' ')
    .replace(/(^|[,.;:]\s*)am\s+(?=an?\s)/gi, '$1I am ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Words a piece never starts on: a conjunction, a preposition left from a cut, a negation or a pointer with nothing to point at. */
const BAD_START =
  /^(?:and|or|but|nor|n|&|with|through|thru|of|to|from|by|than|including|plus|not|never|no longer|there|it|its|they|them|this|that|these|those|which|who|whose|so|then|also|too|as well|else|etc)\b/i;
/** Words a piece never ends on: a function word or a verb left dangling ("Save and through", "Chapati rolled and"). */
const BAD_END =
  /(?:^|\s)(?:and|or|but|nor|n|&|with|through|thru|of|to|for|from|by|at|in|on|into|onto|than|the|a|an|our|my|your|their|his|her|its|this|that|these|those|which|who|whose|is|are|was|were|be|been|am|has|have|had|do|does|did|not|can|could|will|would|should|must|may|might|very|so|also|such|per|via|about|like)[.!?]?$/i;
/** A verb that makes a clause finite ("is", "bakes", "we fix"). */
const AUX =
  /\b(?:is|are|was|were|am|be|been|being|has|have|had|do|does|did|can|could|will|would|shall|should|may|might|must|'s|’s|'re|’re|'m|’m|'ll|’ll|won't|don't|doesn't|didn't|isn't|aren't|can't)\b/i;

/** Why a piece of the brief is not a whole unit, or null when it is. */
export function pieceProblem(piece: string): string | null {
  const t = piece
    .trim()
    .replace(/[.!?…]+$/, '')
    .trim();
  if (!t) return 'empty';
  if (TEXTING_WORD.test(t) || FOUR_FOR.test(t)) return 'texting';
  if (BAD_START.test(t)) return 'starts on a function word';
  if (BAD_END.test(t)) return 'ends on a function word';
  // A word cut out of the middle ("a coffee shop with and cakes").
  if (/\b(?:with|of|and|or|for|in|at|by|from|the|a|an)\s+(?:and|or|with|of)\b/i.test(t)) return 'a word cut out';
  // A relative word needs a verb after it ("van that comes", never "van that in Austin").
  const rel = /\b(?:that|which|who)\s+(\S+)/i.exec(t);
  if (rel?.[1] && /^(?:in|at|on|for|with|of|to|from|by|and|or|the|a|an|our|my|your)$/i.test(rel[1])) return 'relative word without a verb';
  // A negation with no finite verb to hold it ("Our bakery not made there").
  if (/\b(?:not|never)\b/i.test(t) && !AUX.test(t)) {
    const doc = nlp(t);
    const finite =
      doc.match('#PresentTense').not('#Participle').not('#Infinitive').found || /\b(?:we|i|you|they)\s+never\s+\p{L}+/iu.test(t);
    if (!finite) return 'negation without a verb';
  }
  return null;
}

/** Whether a piece of the brief is whole enough to print. */
export function wholePiece(piece: string): boolean {
  return pieceProblem(piece) === null;
}

/**
 * Whether an offer read from the brief has a head noun there: its last word is a noun where the
 * brief writes it ("fades" in "fades KSh 200"), never a verb, a preposition or a participle ("save",
 * "through", "woven", "unpack"), and its first word no verb of the brief ("invests change").
 */
export function offerHasHead(offer: string, brief: string): boolean {
  const words = offer.trim().split(/\s+/);
  const last = words[words.length - 1] ?? '';
  const first = words[0] ?? '';
  if (/^(?:through|thru|with|via|and|or|from|of|to|for|by|than|into|onto|about|here|there|today|now|too|also)$/i.test(last)) return false;
  const doc = nlp(brief);
  const tagsOf = (w: string): string[][] =>
    doc
      .terms()
      .json()
      .map((x: { terms: { normal: string; tags: string[] }[] }) => x.terms[0])
      .filter((x: { normal: string } | undefined): x is { normal: string; tags: string[] } => x?.normal === w.toLowerCase())
      .map((x: { tags: string[] }) => x.tags);
  const lastTags = tagsOf(last);
  const alone = nlp(last).terms().json()[0]?.terms?.[0]?.tags as string[] | undefined;
  const nounish = (tags: readonly string[]) => tags.includes('Noun') || tags.includes('Plural') || tags.includes('Gerund');
  // A bare base verb, a past participle or a preposition where the brief writes it, and no noun on its own: no head noun.
  const verbOnly = (tags: readonly string[]) =>
    (tags.includes('Infinitive') || tags.includes('Participle') || tags.includes('Preposition') || tags.includes('Conjunction')) &&
    !nounish(tags);
  if (lastTags.length > 0 && lastTags.every(verbOnly) && (!alone || verbOnly(alone))) return false;
  // A lone base verb ("move", "unpack", "save"), however the brief's sentence tags it; goods spelt like a verb stay.
  if (
    words.length === 1 &&
    alone?.includes('Infinitive') &&
    !nounish(alone) &&
    !/^(?:paint|wax|polish|cement|tile|tiles|print|prints|design|dye|spray|glue|plaster|brew|roast|blend|mix|dress|shave|cut|trim|wrap|spread|dip|bake)$/i.test(
      last,
    )
  )
    return false;
  // "save lives" after a comma: an imperative opens a clause, not a noun phrase.
  if (words.length > 1) {
    const at = brief.toLowerCase().indexOf(offer.toLowerCase());
    const lead = at >= 0 ? brief.slice(0, at) : null;
    if (
      lead !== null &&
      /(?:^|[,;:.]\s*)$/.test(lead) &&
      /^(?:save|join|bring|get|come|book|call|buy|shop|order|visit|help|support|give|donate|plant|learn|try|grab|make|keep|find|start|stop|vote|sign|share|enjoy|discover|meet|see|watch|change|protect|end|feed|clean)$/i.test(
        first,
      )
    )
      return false;
  }
  // "invests change": a finite verb of the brief opens it.
  const before = new RegExp(`\\b(?:that|which|who|and|also)\\s+(?:\\S+\\s+){0,2}${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
  if (words.length > 1 && before.test(brief)) {
    const firstTags = tagsOf(first);
    if (
      firstTags.length > 0 &&
      firstTags.every((tags) => tags.includes('PresentTense') && !tags.includes('Gerund') && !nounish(tags)) &&
      /[^s]s$/i.test(first) &&
      !/(?:ss|us|is)$/i.test(first)
    )
      return false;
  }
  return true;
}
