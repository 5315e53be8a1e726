import { CATEGORIES, CATEGORY_IDS, LANGUAGE_IDS, TONES, type LanguageId } from '@gl/core';
import { describe, expect, it } from 'vitest';
import { cleanLine } from '../clean-lines';
import { CONTENT, entryText, isCodeJokeEntry, tonedEntries, type Entry, type NeutralNoun } from './content';
import { languageContentSchema } from './content.schema';
import { understandBrief } from './brief';
import { hashtagFor, renderTemplate, type Fill } from './slots';
import { isCodeJoke } from './variety';

const NUMBERING = /^\s*(\d+\s*[.):-]|[-*•]\s)/;
const WRAPPING_QUOTES = /^["'“”‘’«»]|["'“”‘’«»]$/;
const OTHER_LANGUAGES = LANGUAGE_IDS.filter((l) => l !== 'en');
const texts = (entries: readonly Entry[]) => entries.map(entryText);
const allEntries = (lang: (typeof LANGUAGE_IDS)[number]): Entry[] =>
  CATEGORY_IDS.flatMap((c) => {
    const set = CONTENT[lang].categories[c];
    return [set.lines, set.templates, set.openings, set.endings].flatMap((group) => Object.values(group).flat());
  });

describe('content files', () => {
  it.each(LANGUAGE_IDS)('%s.json matches the schema (every category and tone, valid slots, lengths within bounds)', (lang) => {
    const result = languageContentSchema.safeParse(CONTENT[lang]);
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([]);
    expect(CONTENT[lang].language).toBe(lang);
  });

  it('rejects a file with a missing tone, an unknown slot or an unknown tag', () => {
    const copy = () => JSON.parse(JSON.stringify(CONTENT.fr)) as Record<string, any>;
    const noTone = copy();
    delete noTone.categories.taglines.templates.bold;
    expect(languageContentSchema.safeParse(noTone).success).toBe(false);
    const badSlot = copy();
    badSlot.categories.slogans.templates.general.push('{topci} rocks.');
    expect(languageContentSchema.safeParse(badSlot).success).toBe(false);
    const badTag = copy();
    badTag.categories.slogans.templates.general.push({ text: '{topic} rocks.', tags: ['drink'] });
    expect(languageContentSchema.safeParse(badTag).success).toBe(false);
    const tooLong = copy();
    tooLong.categories.slogans.templates.general.push(`{topic} ${'very '.repeat(20)}long.`);
    expect(languageContentSchema.safeParse(tooLong).success).toBe(false);
  });

  it.each(LANGUAGE_IDS)('%s has nothing the provider chain would clean up or drop as chatter', (lang) => {
    for (const id of CATEGORY_IDS) {
      const set = CONTENT[lang].categories[id];
      const filled = (e: Entry) => entryText(e).replace(/\{[^}]*\}/g, 'Acme');
      for (const e of Object.values(set.lines).flat()) expect(cleanLine(entryText(e))).toBe(entryText(e));
      for (const e of Object.values(set.templates).flat()) expect(cleanLine(filled(e))).toBe(filled(e));
      for (const e of Object.values(set.openings).flat()) expect(cleanLine(`${filled(e)} Acme.`)).toBe(`${filled(e)} Acme.`);
      for (const e of Object.values(set.endings).flat()) expect(cleanLine(`Acme. ${filled(e)}`)).toBe(`Acme. ${filled(e)}`);
    }
  });

  it.each(LANGUAGE_IDS)('%s tags every developer joke "code", and nothing else', (lang) => {
    for (const entry of allEntries(lang)) expect(isCodeJokeEntry(entry), entryText(entry)).toBe(isCodeJoke(entryText(entry)));
  });
});

describe('curated library (English)', () => {
  it.each(CATEGORIES.flatMap((c) => TONES.map((t) => [c.id, t] as const)))(
    '%s / %s has 20+ distinct clean lines that are not developer jokes',
    (id, tone) => {
      const all = CONTENT.en.categories[id].lines[tone];
      const lines = texts(all.filter((e) => !isCodeJokeEntry(e)));
      expect(new Set(texts(all).map((l) => l.toLowerCase())).size).toBe(all.length);
      expect(lines.length).toBeGreaterThanOrEqual(20);
      for (const line of lines) {
        expect(line).not.toMatch(NUMBERING);
        expect(line).not.toMatch(WRAPPING_QUOTES);
      }
    },
  );

  it('has no line twice anywhere, case-insensitively', () => {
    const all = CATEGORY_IDS.flatMap((c) => TONES.flatMap((t) => texts(CONTENT.en.categories[c].lines[t])));
    const seen = new Set<string>();
    const dupes = all.filter((l) => {
      const key = l.trim().toLowerCase();
      const dup = seen.has(key);
      seen.add(key);
      return dup;
    });
    expect(dupes).toEqual([]);
    expect(all.length).toBeGreaterThanOrEqual(840);
  });

  it('has genuinely short taglines and slogans for tight caps', () => {
    for (const id of ['taglines', 'slogans'] as const) {
      for (const tone of TONES) {
        const short = texts(CONTENT.en.categories[id].lines[tone]).filter((l) => l.length <= 30);
        expect(short.length, `${id}/${tone}`).toBeGreaterThanOrEqual(10);
      }
    }
  });

  it('other languages have no curated English lines', () => {
    for (const lang of OTHER_LANGUAGES) {
      for (const id of CATEGORY_IDS) for (const tone of TONES) expect(CONTENT[lang].categories[id].lines[tone]).toEqual([]);
    }
  });
});

describe('topic templates and parts', () => {
  it.each(LANGUAGE_IDS)('%s has 8+ distinct templates and 6+ openings or endings per category and tone', (lang) => {
    for (const id of CATEGORY_IDS) {
      const set = CONTENT[lang].categories[id];
      for (const tone of TONES) {
        const templates = texts(tonedEntries(set.templates, tone));
        expect(new Set(templates).size, `${lang}/${id}/${tone}`).toBe(templates.length);
        expect(templates.length, `${lang}/${id}/${tone}`).toBeGreaterThanOrEqual(lang === 'en' ? 8 : 10);
        const parts = [...tonedEntries(set.openings, tone), ...tonedEntries(set.endings, tone)].filter((e) => !/\{word/.test(entryText(e)));
        expect(parts.length, `${lang}/${id}/${tone}`).toBeGreaterThanOrEqual(6);
      }
      expect(CONTENT[lang].neutral[id].base.length).toBeGreaterThan(0);
    }
  });

  const fill = (topic: string | null, language: LanguageId, neutral: NeutralNoun | null = null): Fill => ({
    brief: understandBrief(topic),
    language,
    neutral,
    offer: 0,
    quality: 0,
    trait: 0,
  });

  it('keeps a name or short topic in its own casing and capitalises sentence starts', () => {
    expect(renderTemplate('{label}: made simple.', fill('iPhone cases', 'en'))).toBe('iPhone cases: made simple.');
    expect(renderTemplate('just {field}.', fill('tea', 'en'))).toBe('Just tea.');
    expect(renderTemplate('{label}. the rest is {field}.', fill('coffee', 'en'))).toBe('Coffee. The rest is coffee.');
  });

  it('leaves a template out when the brief cannot fill one of its slots', () => {
    expect(renderTemplate('Fresh {offer} {at place}.', fill('coffee', 'en'))).toBeNull();
    expect(renderTemplate('Fresh {offer} {at place}.', fill('a bakery in Nakuru that sells mandazi', 'en'))).toBe(
      'Fresh mandazi in Nakuru.',
    );
  });

  it('capitalises a neutral noun at a sentence start only, and declines it in German', () => {
    const marke = { base: 'deine Marke', dat: 'deiner Marke' };
    expect(renderTemplate('{topic}: Qualität.', fill(null, 'fr', { base: 'votre marque' }))).toBe('Votre marque: Qualität.');
    expect(renderTemplate('Mit {topic:dat} geht alles.', fill(null, 'de', marke))).toBe('Mit deiner Marke geht alles.');
    expect(renderTemplate('Wähle {topic}. {topic}!', fill(null, 'de', marke))).toBe('Wähle deine Marke. Deine Marke!');
  });

  it('applies French elision and Romance contractions', () => {
    expect(renderTemplate('Fan de {topic}.', fill('Orange', 'fr'))).toBe("Fan d'Orange.");
    expect(renderTemplate('Fan de {topic}.', fill('Yoplait', 'fr'))).toBe('Fan de Yoplait.');
    expect(renderTemplate('Fan de {topic}.', fill('le chocolat', 'fr'))).toBe('Fan du chocolat.');
    expect(renderTemplate('Amante de {topic}.', fill('el mar', 'es'))).toBe('Amante del mar.');
    expect(renderTemplate('Fã de {topic}.', fill(null, 'pt', { base: 'a criatividade' }))).toBe('Fã da criatividade.');
  });

  it('builds hashtags from the topic and drops them when they would not work', () => {
    expect(hashtagFor('acme coffee co.')).toBe('#AcmeCoffeeCo');
    expect(hashtagFor('iPhone 15')).toBe('#iPhone15');
    expect(hashtagFor('!!!')).toBe('');
    expect(hashtagFor('a'.repeat(40))).toBe('');
    expect(renderTemplate('No excuses. Just {topic}. {tag}', fill(null, 'fr', { base: 'x' }))).toBe('No excuses. Just x.');
  });
});
