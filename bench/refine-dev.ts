/**
 * npx tsx bench/refine-dev.ts — the built-in writer's refine actions (issue 33) on briefs
 * invented for this bench (never from bench/ratings/): a set of 5 per brief, then every action on 2
 * lines of it with the set as `exclude`, printed original → refined with automatic checks, and a
 * summary of the checks per action.
 */
import { REFINE_ACTIONS, type CategoryId, type LanguageId, type RefineAction, type Tone } from '@gl/core';
import { parseFrame } from '@gl/worker/offline/frame';
import { generateOffline } from '@gl/worker/offline/offline-generator';
import { factForms, refineOffline } from '@gl/worker/offline/refine';
import { lineKey } from '@gl/worker/offline/text';

interface DevBrief {
  brief: string;
  category: CategoryId;
  tone: Tone;
  language: LanguageId;
}

const BRIEFS: DevBrief[] = [
  {
    brief: 'Mama Wanjiru Eatery in Githurai, githeri and chapati lunch for KSh 150',
    category: 'adlines',
    tone: 'motivational',
    language: 'en',
  },
  { brief: 'Kazi Safi Laundry, Ruaka: wash, dry and fold, same-day delivery', category: 'taglines', tone: 'bold', language: 'en' },
  { brief: 'a mobile car wash in Kileleshwa that comes to your office parking', category: 'captions', tone: 'funny', language: 'en' },
  {
    brief: 'Bio for Amani Odhiambo, a primary school music teacher in Kisii who plays the nyatiti',
    category: 'bios',
    tone: 'inspirational',
    language: 'en',
  },
  {
    brief: 'Harbor Lane Florist in Portland, wedding bouquets, free delivery over $60',
    category: 'adlines',
    tone: 'romantic',
    language: 'en',
  },
  {
    brief: 'Jazz under the stars at the Arboretum, Saturday 12 April, tickets KSh 1,000',
    category: 'captions',
    tone: 'minimalist',
    language: 'en',
  },
  {
    brief: 'Greenpath Accounting helps small businesses in Eldoret file KRA returns on time',
    category: 'taglines',
    tone: 'corporate',
    language: 'en',
  },
  { brief: 'need a caption for my thrift jackets page lol, all jackets 500 bob', category: 'captions', tone: 'funny', language: 'en' },
  {
    brief: 'Tumaini Clean Water Walk, 10 km in Machakos to fund boreholes, target KSh 2,000,000',
    category: 'slogans',
    tone: 'inspirational',
    language: 'en',
  },
  {
    brief: 'Nairobi solar installer, SunPoa Energy, open Monday to Saturday, pay by M-Pesa',
    category: 'adlines',
    tone: 'bold',
    language: 'en',
  },
  { brief: 'LinkedIn headline for a data analyst with 6 years in retail banking', category: 'bios', tone: 'corporate', language: 'en' },
  { brief: 'Pixel Fix phone repair in Thika, screens replaced while you wait', category: 'taglines', tone: 'minimalist', language: 'en' },
  {
    brief: 'Our yoga studio in Lavington starts a beginners class every Tuesday at 6pm',
    category: 'captions',
    tone: 'romantic',
    language: 'en',
  },
  { brief: 'Kilifi boat safari with lunch on the creek, 3 hours, KSh 4,500 per person', category: 'adlines', tone: 'bold', language: 'en' },
  { brief: 'a quote for a farmers co-op in Meru that sells avocados abroad', category: 'quotes', tone: 'inspirational', language: 'en' },
  { brief: 'Duka la Mama Achieng, Kisumu, tunauza vitenge na kanga kwa bei nafuu', category: 'taglines', tone: 'funny', language: 'sw' },
  { brief: 'Kinyozi cha Baraka mtaani Kawangware, kunyoa KSh 100 tu', category: 'adlines', tone: 'funny', language: 'sw' },
  {
    brief: 'Mwalimu Halima anafundisha hesabu kwa wanafunzi wa sekondari Mombasa',
    category: 'bios',
    tone: 'inspirational',
    language: 'sw',
  },
  { brief: 'Tamasha la muziki wa taarab Lamu, Jumamosi tarehe 5 Julai', category: 'captions', tone: 'motivational', language: 'sw' },
  { brief: 'Boda boda delivery ya haraka Nakuru, tunafika ndani ya dakika 30', category: 'slogans', tone: 'bold', language: 'sw' },
  { brief: 'a bakery in Nyeri selling sourdough and banana bread, open daily', category: 'taglines', tone: 'minimalist', language: 'sw' },
  { brief: 'charity dinner for the Kibera girls football team, Friday 20 June', category: 'captions', tone: 'corporate', language: 'sw' },
  { brief: 'Dr. Njeri Kamau, dentist in Nakuru, painless cleaning and whitening', category: 'bios', tone: 'romantic', language: 'en' },
  { brief: 'Sweet Crumb cupcakes, Kampala, birthday boxes of 12 for UGX 60,000', category: 'adlines', tone: 'funny', language: 'en' },
];

const norm = (t: string) => t.toLowerCase();
/** The line's words, without punctuation, hashtags or emoji (contractions spelled out). */
const words = (t: string) =>
  t
    .replace(/#[\p{L}\p{N}_]+/gu, ' ')
    .toLowerCase()
    .replace(/n't\b/g, ' not')
    .replace(/'re\b/g, ' are')
    .replace(/'m\b/g, ' am')
    .replace(/'ll\b/g, ' will')
    .replace(/'ve\b/g, ' have')
    .replace(/\b(it|that|here|let)'s\b/g, '$1 is')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');

/** The line's sentences, by their words. */
const sentencesOf = (t: string) =>
  t
    .split(/(?<=[.!?…])\s+/u)
    .map(words)
    .filter(Boolean);
/** Half or more of the refined line's words (beyond its fact sentences) are sentences of the original: the same angle. */
const nearCopy = (out: string, line: string, facts: string[]) => {
  const own = new Set(sentencesOf(line));
  const keys = out
    .split(/(?<=[.!?…])\s+/u)
    .filter((t) => !facts.some((f) => t.toLowerCase().includes(f)))
    .map(words)
    .filter(Boolean);
  const total = keys.reduce((n, k) => n + k.split(' ').length, 0);
  const shared = keys.filter((k) => own.has(k)).reduce((n, k) => n + k.split(' ').length, 0);
  return total === 0 ? sentencesOf(out).every((k) => own.has(k)) : shared * 2 >= total;
};

interface Row {
  action: RefineAction;
  total: number;
  failure: number;
  inSet: number;
  subjectLost: number;
  subjectApplies: number;
  factLost: number;
  factApplies: number;
  sameWords: number;
  nearCopy: number;
  repeat: number;
  sameAsOther: number;
}
const rows = new Map<RefineAction, Row>();
for (const a of REFINE_ACTIONS)
  rows.set(a, {
    action: a,
    total: 0,
    failure: 0,
    inSet: 0,
    subjectLost: 0,
    subjectApplies: 0,
    factLost: 0,
    factApplies: 0,
    sameWords: 0,
    nearCopy: 0,
    sameAsOther: 0,
    repeat: 0,
  });

/** A seeded random source, one per call, so a change to refine never changes the sets it is given. */
const seeded = (start: number) => {
  let seed = start;
  return () => {
    seed = (seed * 16807) % 2147483647;
    return (seed - 1) / 2147483646;
  };
};

BRIEFS.forEach((b, i) => {
  const frame = parseFrame(b.brief);
  const { lines: set } = generateOffline({
    category: b.category,
    tone: b.tone,
    topic: b.brief,
    count: 5,
    language: b.language,
    random: seeded(11 + i),
  });
  const setKeys = new Set(set.map(lineKey));
  const setWords = new Set(set.map(words));
  console.log(`\n#${i} [${b.language} ${b.category}/${b.tone}] ${b.brief}`);
  console.log(
    `   name=${JSON.stringify(frame.name)} subject=${JSON.stringify(frame.subject)} facts=${JSON.stringify(frame.facts.map((f) => f.text))}`,
  );
  for (const l of set) console.log(`   · ${l}`);
  const marks = [frame.name, frame.subject?.split(/\s+/).pop()].filter((m): m is string => !!m && m.length > 2).map(norm);
  for (const line of [set[0], set[2]].filter((l): l is string => !!l)) {
    console.log(`  ${line}`);
    const markIn = marks.find((m) => norm(line).includes(m)) ?? null;
    // A fact as the brief wrote it or in Kiswahili ("Friday 20 June": "Ijumaa, tarehe 20 Juni").
    const factIn = frame.facts.flatMap(factForms).find((f) => norm(line).includes(f)) ?? null;
    // The rewordings in a tone (punchier, funnier, more formal) should not all answer one line.
    const toned = new Map<string, RefineAction>();
    let withEmoji: string | null = null;
    for (const action of REFINE_ACTIONS) {
      const translateTo: LanguageId = b.language === 'sw' ? 'en' : 'sw';
      // remove_emoji on a line without emoji has nothing to do: it is tried on add_emoji's answer instead, and must give the line back.
      const input: string = action === 'remove_emoji' && withEmoji !== null ? withEmoji : line;
      const out: string | undefined = refineOffline({
        line: input,
        action,
        fromLanguage: b.language,
        language: action === 'translate' ? translateTo : b.language,
        category: b.category,
        tone: b.tone,
        topic: b.brief,
        maxChars: 500,
        count: 1,
        // After add_emoji the set holds the emoji line in the original's place.
        exclude: input === line ? set : [...set.filter((l) => l !== line), input],
        random: seeded(7 + i),
      }).lines[0];
      const row = rows.get(action)!;
      // Emoji switches with nothing to do answer nothing, honestly: not a failure.
      const hasEmoji = /\p{Extended_Pictographic}/u.test(input);
      if (action === 'remove_emoji' && !hasEmoji) continue;
      if (action === 'add_emoji') withEmoji = out ?? null;
      row.total++;
      const flags: string[] = [];
      type Count = 'inSet' | 'sameAsOther' | 'repeat' | 'subjectLost' | 'factLost' | 'sameWords' | 'nearCopy';
      const flag = (count: Count, text: string) => {
        row[count]++;
        flags.push(text);
      };
      if (!out) {
        row.failure++;
        console.log(`    ${action.padEnd(12)} ✗ FAILURE (no line)`);
        continue;
      }
      // The emoji switches keep the line's words by design: for them only the line itself counts.
      const emojiOnly = action === 'add_emoji' || action === 'remove_emoji';
      // remove_emoji gives the original back (the set's line it replaced), by design.
      if (action !== 'remove_emoji' && (setKeys.has(lineKey(out)) || (!emojiOnly && setWords.has(words(out))))) flag('inSet', 'IN-SET');
      const tonal = ['punchier', 'funnier', 'more_formal'].includes(action);
      if (tonal) {
        const other = toned.get(lineKey(out));
        if (other) flag('sameAsOther', `SAME-AS-${other}`);
        else toned.set(lineKey(out), action);
      }
      const parts = sentencesOf(out);
      if (new Set(parts).size < parts.length) flag('repeat', 'REPEAT');
      const content = action !== 'translate' && !emojiOnly;
      if (content && markIn) {
        row.subjectApplies++;
        if (!norm(out).includes(markIn)) flag('subjectLost', `subject-lost(${markIn})`);
      }
      if (content && factIn) {
        row.factApplies++;
        if (!norm(out).includes(factIn)) flag('factLost', `fact-lost(${factIn})`);
      }
      if (action === 'remove_emoji' && out !== line) flag('sameWords', `NOT-RESTORED(${line})`);
      if (content && words(out) === words(line)) flag('sameWords', 'SAME-WORDS');
      else if (tonal && nearCopy(out, line, frame.facts.flatMap(factForms))) flag('nearCopy', 'NEAR-COPY');
      console.log(`    ${action.padEnd(12)} → ${out}${flags.length ? `   [${flags.join(', ')}]` : ''}`);
    }
  }
});

console.log('\naction        n  fail inSet subjLost factLost sameWords nearCopy repeat sameAsOther');
for (const r of rows.values()) {
  const pct = (a: number, n: number) => `${a}/${n}`.padStart(6);
  console.log(
    `${r.action.padEnd(12)} ${String(r.total).padStart(3)} ${String(r.failure).padStart(4)} ${String(r.inSet).padStart(5)} ${pct(r.subjectLost, r.subjectApplies)}   ${pct(r.factLost, r.factApplies)}   ${String(r.sameWords).padStart(5)}     ${String(r.nearCopy).padStart(4)}   ${String(r.repeat).padStart(4)}   ${String(r.sameAsOther).padStart(4)}`,
  );
}
