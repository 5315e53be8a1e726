import { CATEGORIES, CATEGORY_IDS, TONES, type CategoryId, type Tone } from '@gl/core';
import { describe, expect, it } from 'vitest';
import { CONTENT, entryText, isCodeJokeEntry } from './content';
import { generateOffline, type OfflineRequest } from './offline-generator';
import { briefWords, isOnSubject, pastesTopic } from './measure';
import { lineKey } from './text';

const PAIRS = CATEGORY_IDS.flatMap((c) => TONES.map((t) => [c, t] as const));
/** The curated English lines fit for any subject (developer jokes left out). */
const LIBRARY = Object.fromEntries(
  CATEGORY_IDS.map((c) => [
    c,
    Object.fromEntries(TONES.map((t) => [t, CONTENT.en.categories[c].lines[t].filter((e) => !isCodeJokeEntry(e)).map(entryText)])),
  ]),
) as Record<CategoryId, Record<Tone, string[]>>;
const ENGLISH_LINES = new Set(CATEGORY_IDS.flatMap((c) => TONES.flatMap((t) => LIBRARY[c][t])).map((l) => l.toLowerCase()));
const NUMBERING = /^\s*(\d+\s*[.):-]|[-*•]\s)/;
const WRAPPING_QUOTES = /^["'“”‘’«»]|["'“”‘’«»]$/;
const OTHER_LANGUAGES = ['sw', 'fr', 'es', 'de', 'pt'] as const;

function bounds(category: CategoryId) {
  return CATEGORIES.find((c) => c.id === category)!;
}

let uniq = 0;
function gen(req: Partial<OfflineRequest> & { category: CategoryId; tone: Tone }) {
  return generateOffline({ count: 4, ...req });
}

/** Asks the same request again and again, passing what was shown before (as the recent-lines store does). */
function repeater(req: Partial<OfflineRequest> & { category: CategoryId; tone: Tone }) {
  const shown: string[] = [];
  return () => {
    const result = gen({ ...req, recent: new Set(shown) });
    shown.push(...result.lines.map(lineKey));
    return result;
  };
}

function expectValid(lines: string[], category: CategoryId, maxChars = bounds(category).maxChars) {
  const { minChars } = bounds(category);
  expect(new Set(lines.map((l) => l.trim().toLowerCase())).size).toBe(lines.length);
  for (const line of lines) {
    expect(line.length, line).toBeLessThanOrEqual(maxChars);
    expect(Array.from(line).length, line).toBeGreaterThanOrEqual(minChars);
    expect(line).toBe(line.trim());
    expect(line).not.toMatch(NUMBERING);
    expect(line).not.toMatch(WRAPPING_QUOTES);
    expect(line).not.toMatch(/\{|\}/);
  }
}

describe('generateOffline without a topic (English)', () => {
  it.each(PAIRS)('%s / %s returns exactly count distinct curated lines', (category, tone) => {
    for (const count of [1, 4, 10]) {
      const { lines, source } = gen({ category, tone, count });
      expect(lines).toHaveLength(count);
      expectValid(lines, category);
      expect(source).toBe('static_fallback');
      for (const line of lines) expect(LIBRARY[category][tone]).toContain(line);
    }
  });

  it('clamps count to 1..10', () => {
    expect(gen({ category: 'taglines', tone: 'bold', count: 0 }).lines).toHaveLength(1);
    expect(gen({ category: 'taglines', tone: 'bold', count: 25 }).lines).toHaveLength(10);
  });

  it('never returns excluded lines, compared trimmed and case-insensitively', () => {
    const first = gen({ category: 'slogans', tone: 'funny', count: 10 }).lines;
    const exclude = first.map((l, i) => (i % 2 ? `  ${l.toUpperCase()} ` : l));
    for (let i = 0; i < 5; i++) {
      const next = gen({ category: 'slogans', tone: 'funny', count: 10, exclude }).lines;
      expect(next).toHaveLength(10);
      for (const line of next) expect(first.map((l) => l.toLowerCase())).not.toContain(line.toLowerCase());
    }
  });

  it('returns what is left when exclusions exhaust the pool', () => {
    const all = LIBRARY.quotes.romantic;
    const { lines } = gen({ category: 'quotes', tone: 'romantic', count: 5, exclude: all.slice(2) });
    expect(lines.sort()).toEqual(all.slice(0, 2).sort());
  });

  it('never gives the same set twice in a row for the same request', () => {
    for (const [category, tone] of PAIRS) {
      const again = repeater({ category, tone, count: 10 });
      let previous = new Set(again().lines);
      for (let i = 0; i < 4; i++) {
        const next = new Set(again().lines);
        expect(next, `${category}/${tone}`).not.toEqual(previous);
        previous = next;
      }
    }
  });

  it('works with an injected random source, including edge values', () => {
    for (const random of [() => 0, () => 0.9999999, () => 0.5]) {
      const { lines } = gen({ category: 'bios', tone: 'romantic', count: 10, random });
      expect(lines).toHaveLength(10);
      expectValid(lines, 'bios');
    }
  });
});

describe('maxChars', () => {
  it.each([30, 40, 60])('a cap of %i still yields full sets of taglines and slogans', (maxChars) => {
    for (const category of ['taglines', 'slogans'] as const) {
      for (const tone of TONES) {
        const { lines } = gen({ category, tone, count: 10, maxChars });
        expect(lines, `${category}/${tone}`).toHaveLength(10);
        expectValid(lines, category, maxChars);
      }
    }
  });

  it('is respected everywhere, with and without a topic, in every language', () => {
    for (const [category, tone] of PAIRS) {
      for (const language of ['en', ...OTHER_LANGUAGES] as const) {
        for (const topic of [null, 'Acme']) {
          const maxChars = 50;
          const { lines } = gen({ category, tone, count: 6, maxChars, language, topic });
          expectValid(lines, category, maxChars);
        }
      }
    }
  }, 30_000);

  it('returns only what fits when the cap is tiny, never more than count', () => {
    const { lines } = gen({ category: 'slogans', tone: 'minimalist', count: 10, maxChars: 11 });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(10);
    expectValid(lines, 'slogans', 11);
    expect(gen({ category: 'quotes', tone: 'romantic', count: 4, maxChars: 12 }).lines).toEqual([]);
  });

  it('never exceeds the category bound even with a larger cap', () => {
    const { lines } = gen({ category: 'slogans', tone: 'corporate', count: 10, maxChars: 500, topic: 'Acme' });
    expectValid(lines, 'slogans', 70);
  });
});

describe('generateOffline with a topic (English)', () => {
  it.each(PAIRS)('%s / %s names the topic in most lines and reports fallback', (category, tone) => {
    for (const count of [1, 3, 4, 7, 10]) {
      const topic = `Nimbus Tea ${++uniq}`;
      const { lines, source } = gen({ category, tone, count, topic });
      expect(lines).toHaveLength(count);
      expectValid(lines, category);
      expect(source).toBe('fallback');
      const naming = lines.filter((l) => l.includes(topic)).length;
      expect(naming, JSON.stringify(lines)).toBeGreaterThanOrEqual(Math.ceil(0.75 * count));
    }
  });

  it('inserts the topic trimmed, whitespace collapsed, in its own casing', () => {
    const { lines } = gen({ category: 'taglines', tone: 'minimalist', count: 10, topic: '  iPhone \n  cases ' });
    expect(lines.filter((l) => l.includes('iPhone cases')).length).toBeGreaterThanOrEqual(8);
    expect(lines.some((l) => l.includes('IPhone'))).toBe(false);
  });

  it('treats a blank topic as no topic', () => {
    const { lines, source } = gen({ category: 'captions', tone: 'funny', topic: '   ' });
    expect(source).toBe('static_fallback');
    expect(lines).toHaveLength(4);
  });

  it('never repeats the same set for the same topic request', () => {
    const again = repeater({ category: 'adlines', tone: 'bold', count: 4, topic: 'Orbit Shoes' });
    let previous = new Set(again().lines);
    for (let i = 0; i < 5; i++) {
      const next = new Set(again().lines);
      expect(next).not.toEqual(previous);
      previous = next;
    }
  });

  it('keeps the topic when other lines are excluded', () => {
    const req = { category: 'slogans', tone: 'romantic', count: 4, topic: 'Velvet' } as const;
    const first = gen(req).lines;
    const second = gen({ ...req, exclude: first }).lines;
    expect(second).toHaveLength(4);
    for (const line of second) expect(first).not.toContain(line);
    expect(second.filter((l) => l.includes('Velvet')).length).toBeGreaterThanOrEqual(3);
  });

  it.each(['bios', 'captions', 'quotes', 'adlines'] as const)(
    'a 100-character topic yields valid lines about it, never pasted (%s)',
    (category) => {
      // Issue 22: a long brief is understood, not pasted whole (no five of its words in a row), nor answered with lines about nothing.
      const topic = 'The Northern Lights Artisan Coffee Roastery and Community Bakery of Lower Kensington Gardens London'.padEnd(100, '!');
      expect(topic).toHaveLength(100);
      const words = briefWords({ category, tone: 'bold', topic });
      for (const tone of TONES) {
        const { lines } = gen({ category, tone, count: 4, topic });
        expect(lines, `${category}/${tone}`).toHaveLength(4);
        expectValid(lines, category);
        for (const line of lines) {
          expect(pastesTopic(line, topic), line).toBe(false);
          expect(isOnSubject(line, words), line).toBe(true);
        }
      }
    },
  );

  it('falls back to curated lines when the topic cannot fit at all', () => {
    const topic = 'x'.repeat(100);
    const { lines, source } = gen({ category: 'slogans', tone: 'bold', count: 4, topic });
    expect(lines).toHaveLength(4);
    expectValid(lines, 'slogans');
    expect(source).toBe('static_fallback');
  });
});

describe('other languages', () => {
  it.each(OTHER_LANGUAGES)('%s lines name the topic and are never English library lines', (language) => {
    for (const [category, tone] of PAIRS) {
      const topic = `Kilima ${++uniq}`;
      const { lines, source } = gen({ category, tone, count: 10, topic, language });
      expect(lines, `${language}/${category}/${tone}`).toHaveLength(10);
      expectValid(lines, category);
      expect(source).toBe('fallback');
      for (const line of lines) {
        expect(line).toContain(topic);
        expect(ENGLISH_LINES.has(line.toLowerCase())).toBe(false);
      }
    }
  });

  it.each(OTHER_LANGUAGES)('%s without a topic uses a neutral noun of the language', (language) => {
    for (const [category, tone] of PAIRS) {
      const { lines, source } = gen({ category, tone, count: 4, language });
      expect(lines, `${language}/${category}/${tone}`).toHaveLength(4);
      expectValid(lines, category);
      expect(source).toBe('fallback');
      for (const line of lines) expect(ENGLISH_LINES.has(line.toLowerCase())).toBe(false);
    }
  });

  it('writes natural neutral wording', () => {
    const seen = (language: OfflineRequest['language'], category: CategoryId) =>
      Array.from({ length: 6 }, () => gen({ category, tone: 'bold', count: 10, language }).lines)
        .flat()
        .join('\n');
    expect(seen('fr', 'taglines')).toMatch(/votre marque/i);
    expect(seen('es', 'slogans')).toMatch(/tu marca/i);
    expect(seen('pt', 'adlines')).toMatch(/sua marca/i);
    expect(seen('de', 'taglines')).toMatch(/mit deiner Marke/);
    expect(seen('sw', 'taglines')).toMatch(/chapa yako/i);
    expect(seen('pt', 'bios')).toMatch(/da criatividade|pela criatividade/);
  });

  it('never repeats the same set for the same request', () => {
    const again = repeater({ category: 'captions', tone: 'romantic', count: 4, language: 'sw' });
    let previous = new Set(again().lines);
    for (let i = 0; i < 5; i++) {
      const next = new Set(again().lines);
      expect(next).not.toEqual(previous);
      previous = next;
    }
  });

  it('treats an unknown language as English', () => {
    const { lines, source } = gen({ category: 'taglines', tone: 'bold', language: 'xx' as never });
    expect(source).toBe('static_fallback');
    for (const line of lines) expect(LIBRARY.taglines.bold).toContain(line);
  });
});

describe('recently shown lines', () => {
  it('come last: lines in `recent` are only returned once nothing fresh is left', () => {
    const req = { category: 'taglines', tone: 'bold', topic: 'Orbit', count: 5 } as const;
    const first = gen(req).lines;
    const second = gen({ ...req, recent: new Set(first.map(lineKey)) }).lines;
    expect(second).toHaveLength(5);
    for (const line of second) expect(first).not.toContain(line);
  });

  it('matches recent lines by key (trimmed, case-insensitive)', () => {
    const req = { category: 'slogans', tone: 'funny', count: 4 } as const;
    const first = gen(req).lines;
    const second = gen({ ...req, recent: new Set(first.map((l) => lineKey(`  ${l.toUpperCase()} `))) }).lines;
    for (const line of second) expect(first).not.toContain(line);
  });
});

describe('developer jokes', () => {
  const codeJokes = new Set(
    CATEGORY_IDS.flatMap((c) =>
      TONES.flatMap((t) => {
        const set = CONTENT.en.categories[c];
        return [...set.lines[t], ...set.templates[t]].filter(isCodeJokeEntry).map((e) => entryText(e).replace('{topic}', '').toLowerCase());
      }),
    ),
  );
  const isJoke = (line: string, subject: string) =>
    [...codeJokes].some((j) => line.toLowerCase().replace(subject.toLowerCase(), '').includes(j));

  it.each(['sourdough bakery', 'wedding photography', 'sunset', 'Zesty Juice'])('never appear for "%s"', (topic) => {
    for (const [category, tone] of PAIRS) {
      const again = repeater({ category, tone, topic, count: 10 });
      for (let i = 0; i < 5; i++) for (const line of again().lines) expect(isJoke(line, topic), line).toBe(false);
    }
  });

  it('never appear without a subject either', () => {
    for (const [category, tone] of PAIRS) {
      const again = repeater({ category, tone, count: 10 });
      for (let i = 0; i < 4; i++) for (const line of again().lines) expect(isJoke(line, ''), line).toBe(false);
    }
  });

  it('do appear for subjects about code', () => {
    const again = repeater({ category: 'slogans', tone: 'funny', topic: 'a code review app', count: 10 });
    const lines = Array.from({ length: 5 }, () => again().lines).flat();
    expect(lines.some((l) => isJoke(l, 'a code review app'))).toBe(true);
  });
});

describe('brand kits', () => {
  const brand = { name: 'Zesty', wordsToUse: ['cold-pressed', 'fresh'], wordsToAvoid: ['cheap', 'sugar'] };

  it('names the brand like a topic when no topic is given, and reports fallback', () => {
    for (const [category, tone] of PAIRS) {
      const { lines, source } = gen({ category, tone, count: 5, brand });
      expect(lines).toHaveLength(5);
      expectValid(lines, category);
      expect(source).toBe('fallback');
      expect(lines.filter((l) => l.includes('Zesty')).length, JSON.stringify(lines)).toBeGreaterThanOrEqual(4);
    }
  });

  it('with a topic, lines name the topic or the brand', () => {
    const again = repeater({
      category: 'captions',
      tone: 'inspirational',
      count: 5,
      topic: 'sourdough',
      brand: { ...brand, name: "Rosie's Bakery" },
    });
    const lines = Array.from({ length: 6 }, () => again().lines).flat();
    // Case-insensitively: "Sourdough" opens a sentence with a capital (issue 22).
    const naming = lines.filter((l) => /sourdough/i.test(l) || l.includes("Rosie's Bakery"));
    expect(naming.length / lines.length).toBeGreaterThanOrEqual(0.8);
    expect(lines.some((l) => /sourdough/i.test(l))).toBe(true);
    expect(lines.some((l) => l.includes("Rosie's Bakery"))).toBe(true);
  });

  it('uses the words to use in some lines', () => {
    for (const language of ['en', ...OTHER_LANGUAGES] as const) {
      const { lines } = gen({ category: 'adlines', tone: 'corporate', count: 6, brand, language });
      expect(lines.filter((l) => /cold-pressed|fresh/.test(l)).length, `${language}: ${JSON.stringify(lines)}`).toBeGreaterThanOrEqual(1);
    }
  });

  it('never returns a word to avoid, in any case or hashtag, and still returns exact counts', () => {
    // "love", "you" and "your" are in many romantic templates and curated lines.
    const avoid = { name: 'Velvet Rose', wordsToUse: ['love'], wordsToAvoid: ['love', 'YOU', 'your', 'rose'] };
    const forbidden = /(?<![\p{L}\p{N}])(love|you|your|rose)(?![\p{L}\p{N}])|#\p{L}*(Love|You|Rose)(?!\p{Ll})/iu;
    for (const [category, tone] of PAIRS) {
      const again = repeater({ category, tone, count: 5, brand: avoid, topic: 'candles' });
      for (let i = 0; i < 4; i++) {
        const { lines } = again();
        expect(lines, `${category}/${tone}`).toHaveLength(5);
        for (const line of lines) expect(line, `${category}/${tone}`).not.toMatch(forbidden);
      }
    }
  });

  it('drops lines with an avoided word in other languages too (accented words, whole words only)', () => {
    const kit = { name: 'Maison Lemoine', wordsToUse: [], wordsToAvoid: ['qualité', 'avec'] };
    for (const tone of TONES) {
      const { lines } = gen({ category: 'taglines', tone, count: 8, brand: kit, language: 'fr' });
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line).not.toMatch(/(?<!\p{L})(qualité|avec)(?!\p{L})/iu);
    }
  });
});

describe('tight ad limits', () => {
  it('a 30-character Google Ads headline still names the brief: its offers, place or subject, never half a sentence', () => {
    const briefs: Array<[string, RegExp]> = [
      ['a family bakery in Nakuru that sells fresh mandazi and birthday cakes', /mandazi|cakes|bakery|Nakuru/i],
      ['freelance wedding photographer in Mombasa', /photographer|Mombasa|wedding/i],
      ['car wash in Thika', /car wash|Thika/i],
    ];
    for (const [topic, about] of briefs) {
      const lines = generateOffline({ category: 'adlines', tone: 'bold', topic, count: 5, maxChars: 30 }).lines;
      expect(lines, topic).toHaveLength(5);
      for (const line of lines) {
        expect(line.length, line).toBeLessThanOrEqual(30);
        expect(line, line).toMatch(/[.!?]$/);
      }
      expect(lines.filter((l) => about.test(l)).length, `${topic}: ${lines.join(' / ')}`).toBeGreaterThanOrEqual(3);
    }
  });
});
