/**
 * A brand voice measured from its example lines (issue 33): their length, sentence shape (fragments
 * or sentences), person (we / I / you), punctuation and their own distinctive words. The offline
 * writer ranks its candidate lines by how close they come to the examples, beside the hard rules
 * (lower case, no "!") that the switches already hold.
 */
export interface VoiceProfile {
  /** Mean length of the examples, in characters. */
  length: number;
  /** Mean words per sentence (short: fragments, "Fresh fade, fresh start!"). */
  sentenceWords: number;
  /** The person the examples speak in, when they agree. */
  person: 'we' | 'i' | 'you' | null;
  /** Whether most examples end with "!" (or with "?"). */
  exclaims: boolean;
  asks: boolean;
  /** Whether the examples use an em dash or an ellipsis. */
  dash: boolean;
  /** The examples' own content words (not stop words), lower case. */
  words: Set<string>;
}

const STOP = new Set(
  'a an the and or but of to in on at for with from by is are was were be been am it its this that these those we our us you your i my me they them he she his her as so not no yes do does did have has had will can just all any more most very too up out new get got one'.split(
    ' ',
  ),
);

function sentences(line: string): string[] {
  return line
    .split(/(?<=[.!?…])\s+|\s+[—–-]\s+/u)
    .map((s) => s.trim())
    .filter((s) => /\p{L}/u.test(s));
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/\p{L}[\p{L}'’-]*/gu) ?? [];
}

function personOf(text: string): 'we' | 'i' | 'you' | null {
  const w = wordsOf(text);
  if (w.some((x) => ['we', "we're", "we'll", 'our', 'us'].includes(x))) return 'we';
  if (w.some((x) => ['i', "i'm", "i'll", 'my', 'me'].includes(x))) return 'i';
  if (w.some((x) => ['you', "you're", 'your'].includes(x))) return 'you';
  return null;
}

/** The voice of a set of example lines, or null without examples. */
export function measureExamples(examples: readonly string[] | undefined): VoiceProfile | null {
  const lines = (examples ?? []).map((l) => l.trim()).filter((l) => /\p{L}/u.test(l));
  if (lines.length === 0) return null;
  const all = lines.flatMap(sentences);
  const persons = lines.map(personOf).filter((p): p is 'we' | 'i' | 'you' => p !== null);
  const person = persons.length > 0 && persons.every((p) => p === persons[0]) ? persons[0]! : null;
  const words = new Set(lines.flatMap(wordsOf).filter((w) => w.length > 2 && !STOP.has(w)));
  return {
    length: lines.reduce((n, l) => n + l.length, 0) / lines.length,
    sentenceWords: all.reduce((n, s) => n + wordsOf(s).length, 0) / Math.max(1, all.length),
    person,
    exclaims: lines.filter((l) => /!\s*$/.test(l)).length * 2 > lines.length,
    asks: lines.filter((l) => /\?\s*$/.test(l)).length * 2 > lines.length,
    dash: lines.some((l) => /[—–]|\.\.\.|…/.test(l)),
    words,
  };
}

/** How close a line comes to the voice: 0 (far) to about 4 (its length, shape, person, punctuation and words). */
export function voiceScore(line: string, v: VoiceProfile): number {
  let score = 0;
  const ratio = line.length / Math.max(1, v.length);
  if (ratio >= 0.6 && ratio <= 1.5) score += 1;
  else if (ratio > 2.2 || ratio < 0.35) score -= 1;
  const s = sentences(line);
  const perSentence = s.reduce((n, x) => n + wordsOf(x).length, 0) / Math.max(1, s.length);
  if (Math.abs(perSentence - v.sentenceWords) <= Math.max(2, v.sentenceWords * 0.4)) score += 1;
  const p = personOf(line);
  if (v.person !== null) score += p === v.person ? 1 : p === null ? 0 : -1;
  if (v.exclaims && /!/.test(line)) score += 0.5;
  if (v.asks && /\?/.test(line)) score += 0.5;
  if (v.dash && /[—–]/.test(line)) score += 0.25;
  const own = wordsOf(line).filter((w) => v.words.has(w)).length;
  score += Math.min(2, own);
  return score;
}

/** A line whose short last sentence ends on "!" instead of "." ("Clippers ready!"), for a voice that exclaims. */
export function exclaimed(line: string): string {
  const m = /(^|[.!?]\s+)([^.!?]+)\.(\s*(?:\p{Extended_Pictographic}\uFE0F?\s*)*)$/u.exec(line);
  if (!m || wordsOf(m[2] ?? '').length > 6) return line;
  return `${line.slice(0, m.index)}${m[1]}${m[2]}!${m[3]}`;
}
