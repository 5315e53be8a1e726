import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATEGORIES, CATEGORY_IDS } from '@gl/core';
import { describe, expect, it } from 'vitest';
import { cleanLine } from '../../clean-lines';

/**
 * The kinds library's data, read as a copywriter's reviewer would (issue 33): rules about what the
 * lines say that the schema (kinds.schema.ts, kinds.test.ts) does not check. Reads the JSON files
 * directly, so a broken file fails here by name.
 */

interface Pattern {
  id: string;
  text: string;
  categories: string[];
  tones: string[];
  needs?: string[];
}
interface Kind {
  id: string;
  speaker: string;
  sells: string;
  match: { en: string[]; sw: string[] };
  ctas: { en: string[]; sw: string[] };
  customer: { en: string; sw: string };
  lines: { en: Pattern[]; sw: Pattern[] };
}

const folder = path.dirname(fileURLToPath(import.meta.url));
const files = readdirSync(folder).filter((f) => f.endsWith('.json') && !f.startsWith('_'));
const kindsOf = (f: string): Kind[] => (JSON.parse(readFileSync(path.join(folder, f), 'utf8')) as { kinds: Kind[] }).kinds;
const library = files.flatMap((file) => kindsOf(file).map((kind) => ({ file, kind })));
const kinds = library.map((k) => k.kind);
const specific = kinds.filter((k) => !k.id.startsWith('generic-'));

const SLOT = /\{([A-Za-z]+)\}/g;
const slotsOf = (text: string) => [...new Set([...text.matchAll(SLOT)].map((m) => (m[1] as string).toLowerCase()))];

/** Stock filler and template tells no line may carry (the review's list, and its cousins). */
const FILLER = [
  'has you covered',
  'have you covered',
  'ask me anything',
  'come and get it',
  'this is your sign',
  'a force for good',
  'look no further',
  'one-stop shop',
  'one stop shop',
  'second to none',
  'game changer',
  'game-changer',
  'unleash',
  'elevate your',
  'take it to the next level',
  'we got you',
  'best in the business',
];
/** Calls to action only software makes. */
const SOFTWARE_ONLY = /\b(demo|free trial|sign up|sign-up|signup)\b/i;
/** Slots whose value starts lower case ("no call-out fee", "school uniforms"): never at a sentence start. */
const LOWER_SLOTS = new Set(['offer', 'fact', 'audience', 'customer', 'name', 'subject']);

/** Realistic, long-ish slot values: every pattern must read and fit with them. */
const SAMPLE: Record<string, string> = {
  name: 'Kinyozi Kings',
  offer: 'smoky jackfruit tacos',
  fact: 'no call-out fee',
  price: 'KSh 1,200',
  hours: 'Monday to Saturday',
  date: '14 September',
  place: "Nairobi's Industrial Area",
  audience: 'small businesses',
  subject: 'septic tank emptying',
};
function fill(kind: Kind, lang: 'en' | 'sw', p: Pattern): string {
  const longestCta = [...kind.ctas[lang]].sort((a, b) => b.length - a.length)[0] ?? '';
  return p.text.replace(SLOT, (_, slot: string) => {
    const key = slot.toLowerCase();
    const value = key === 'cta' ? longestCta : key === 'customer' ? kind.customer[lang] : (SAMPLE[key] ?? '');
    return slot === 'Name' ? value.charAt(0).toUpperCase() + value.slice(1) : value;
  });
}
const patterns = (lang: 'en' | 'sw') => library.flatMap(({ kind }) => kind.lines[lang].map((p) => ({ kind, p })));
const allPatterns = [...patterns('en'), ...patterns('sw')];

describe('kinds library data', () => {
  it('has at least 120 kinds besides the 8 generic ones, each id unique', () => {
    expect(specific.length).toBeGreaterThanOrEqual(120);
    const generic = kinds.filter((k) => k.id.startsWith('generic-')).map((k) => k.id);
    expect(generic.sort()).toEqual(
      ['cause', 'event', 'food', 'person', 'product', 'service', 'software', 'venue'].map((s) => `generic-${s}`),
    );
    const ids = kinds.map((k) => k.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('pattern ids are unique and named after their kind and language', () => {
    const ids = allPatterns.map(({ p }) => p.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const misnamed = library.flatMap(({ kind }) =>
      (['en', 'sw'] as const).flatMap((lang) => kind.lines[lang].filter((p) => !p.id.startsWith(`${kind.id}-${lang}-`)).map((p) => p.id)),
    );
    expect(misnamed).toEqual([]);
  });

  it('every kind has at least 14 English and 6 Kiswahili patterns, all six categories and the five core tones', () => {
    const short = kinds.filter((k) => k.lines.en.length < 14 || k.lines.sw.length < 6).map((k) => k.id);
    expect(short).toEqual([]);
    const gaps = kinds.flatMap((k) => {
      const cats = new Set(k.lines.en.flatMap((p) => p.categories));
      const tones = new Set(k.lines.en.flatMap((p) => p.tones));
      return [
        ...CATEGORY_IDS.filter((c) => !cats.has(c)).map((c) => `${k.id}: no ${c}`),
        ...['general', 'bold', 'funny', 'corporate', 'inspirational'].filter((t) => !tones.has(t)).map((t) => `${k.id}: no ${t}`),
      ];
    });
    expect(gaps).toEqual([]);
  });

  it('needs lists exactly the slots a text uses', () => {
    const wrong = allPatterns
      .filter(({ p }) => JSON.stringify([...(p.needs ?? [])].sort()) !== JSON.stringify(slotsOf(p.text).sort()))
      .map(({ p }) => `${p.id}: needs ${JSON.stringify(p.needs)} but uses ${JSON.stringify(slotsOf(p.text))}`);
    expect(wrong).toEqual([]);
  });

  it('about half of each kind’s English patterns use slots, so a brief’s facts can be used', () => {
    const off = specific
      .map((k) => ({ id: k.id, share: k.lines.en.filter((p) => slotsOf(p.text).length > 0).length / k.lines.en.length }))
      .filter(({ share }) => share < 0.3 || share > 0.75)
      .map(({ id, share }) => `${id}: ${Math.round(share * 100)}%`);
    expect(off).toEqual([]);
  });

  it('carries no stock filler', () => {
    const hits = allPatterns.flatMap(({ p }) => FILLER.filter((f) => p.text.toLowerCase().includes(f)).map((f) => `${p.id}: "${f}"`));
    expect(hits).toEqual([]);
  });

  it('says "demo", "free trial" or "sign up" only for software', () => {
    const hits = kinds
      .filter((k) => k.sells !== 'software')
      .flatMap((k) =>
        [...k.ctas.en, ...k.ctas.sw, ...k.lines.en.map((p) => p.text)].filter((t) => SOFTWARE_ONLY.test(t)).map((t) => `${k.id}: ${t}`),
      );
    expect(hits).toEqual([]);
  });

  it('puts a lower-case slot value never at the start of a sentence, and {Name} only there', () => {
    const wrong = allPatterns.flatMap(({ p }) =>
      [...p.text.matchAll(SLOT)].flatMap((m) => {
        const before = p.text.slice(0, m.index);
        const sentenceStart = before === '' || /[.!?]\s$/.test(before);
        const slot = m[1] as string;
        if (slot === 'Name' && !sentenceStart) return [`${p.id}: {Name} mid-sentence`];
        if (LOWER_SLOTS.has(slot) && sentenceStart) return [`${p.id}: {${slot}} starts a sentence`];
        return [];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('speaks as the kind speaks: a business never as "I", nobody as the customer', () => {
    // Words in quotation marks ("wash me") are somebody else's, not the speaker's.
    const unquoted = (text: string) => text.replace(/"[^"]*"/g, '');
    const iSpeaks = /(^|[\s(])(I|I'm|I've|I'll|my|me)\b/;
    const wrong = library
      .filter(({ kind }) => kind.speaker !== 'person')
      .flatMap(({ kind }) => kind.lines.en.filter((p) => iSpeaks.test(unquoted(p.text))).map((p) => `${p.id}: ${p.text}`));
    expect(wrong).toEqual([]);
    // A person's bio and ad lines speak as "I" or by name, never as a company's "we".
    const weSpeaks = /\b(we|We|our|Our)\b/;
    const personWe = library
      .filter(({ kind }) => kind.speaker === 'person')
      .flatMap(({ kind }) =>
        kind.lines.en
          .filter((p) => p.categories.some((c) => c === 'bios' || c === 'adlines') && weSpeaks.test(unquoted(p.text)))
          .map((p) => `${p.id}: ${p.text}`),
      );
    expect(personWe).toEqual([]);
  });

  it('reads as a finished line once filled: nothing the provider chain would clean up, sentence punctuation at the end', () => {
    const wrong = allPatterns.flatMap(({ kind, p }) => {
      const lang = p.id.includes('-sw-') ? 'sw' : 'en';
      const line = fill(kind, lang, p);
      const issues: string[] = [];
      if (cleanLine(line) !== line) issues.push(`${p.id}: cleaned to "${cleanLine(line)}"`);
      if (/\s[.,!?:]|\.\.|,,|\s{2}/.test(line)) issues.push(`${p.id}: stray spacing or punctuation in "${line}"`);
      if (!/[.!?)]$/.test(line) && !line.includes('|')) issues.push(`${p.id}: no end punctuation in "${line}"`);
      return issues;
    });
    expect(wrong).toEqual([]);
  });

  it('fits its categories’ length limits with long slot values', () => {
    const limits = new Map(CATEGORIES.map((c) => [c.id as string, c]));
    const wrong = allPatterns.flatMap(({ kind, p }) => {
      const lang = p.id.includes('-sw-') ? 'sw' : 'en';
      const length = Array.from(fill(kind, lang, p)).length;
      return p.categories
        .map((c) => limits.get(c))
        .filter((c) => c && (length > c.maxChars || length < c.minChars))
        .map((c) => `${p.id}: ${length} chars for ${c?.id}`);
    });
    expect(wrong).toEqual([]);
  });

  it('gives every kind 3 to 6 English calls to action, each a finished sentence', () => {
    const wrong = kinds.flatMap((k) => [
      ...(k.ctas.en.length < 3 || k.ctas.en.length > 6 ? [`${k.id}: ${k.ctas.en.length} English calls to action`] : []),
      ...[...k.ctas.en, ...k.ctas.sw].filter((c) => !/[.!?]$/.test(c)).map((c) => `${k.id}: "${c}"`),
    ]);
    expect(wrong).toEqual([]);
  });

  it('names each specific kind by English and Kiswahili match phrases', () => {
    const bare = specific.filter((k) => k.match.en.length < 3 || k.match.sw.length < 1).map((k) => k.id);
    expect(bare).toEqual([]);
  });
});
