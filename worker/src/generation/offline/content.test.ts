import { CATEGORIES, CATEGORY_IDS, TONES } from '@gl/core';
import { describe, expect, it } from 'vitest';
import { LIBRARY } from './library';
import { EN_TEMPLATES, LANGUAGE_PACKS, hashtagFor, renderTemplate, type OtherLanguageId } from './templates';

const NUMBERING = /^\s*(\d+\s*[.):-]|[-*•]\s)/;
const WRAPPING_QUOTES = /^["'“”‘’«»]|["'“”‘’«»]$/;
const OTHER_LANGUAGES = Object.keys(LANGUAGE_PACKS) as OtherLanguageId[];

describe('curated library', () => {
  it.each(CATEGORIES.flatMap((c) => TONES.map((t) => [c.id, t] as const)))(
    '%s / %s has 20+ distinct clean lines within bounds',
    (id, tone) => {
      const category = CATEGORIES.find((c) => c.id === id)!;
      const lines = LIBRARY[id][tone];
      expect(new Set(lines.map((l) => l.toLowerCase())).size).toBe(lines.length);
      expect(lines.length).toBeGreaterThanOrEqual(20);
      for (const line of lines) {
        expect(line.length, line).toBeLessThanOrEqual(category.maxChars);
        expect(Array.from(line).length, line).toBeGreaterThanOrEqual(category.minChars);
        expect(line, line).toBe(line.trim());
        expect(line).not.toMatch(NUMBERING);
        expect(line).not.toMatch(WRAPPING_QUOTES);
        expect(line).not.toContain('{');
      }
    },
  );

  it('has no line twice anywhere, case-insensitively', () => {
    const all = CATEGORY_IDS.flatMap((c) => TONES.flatMap((t) => LIBRARY[c][t]));
    const seen = new Map<string, string>();
    const dupes = all.filter((l) => {
      const key = l.trim().toLowerCase();
      const dup = seen.has(key);
      seen.set(key, l);
      return dup;
    });
    expect(dupes).toEqual([]);
    expect(all.length).toBeGreaterThanOrEqual(840);
  });

  it('has genuinely short taglines and slogans for tight caps', () => {
    for (const id of ['taglines', 'slogans'] as const) {
      for (const tone of TONES) {
        expect(LIBRARY[id][tone].filter((l) => l.length <= 30).length, `${id}/${tone}`).toBeGreaterThanOrEqual(10);
      }
    }
  });
});

describe('topic templates', () => {
  it('has 8+ distinct English templates per category and tone, each naming the topic', () => {
    for (const id of CATEGORY_IDS) {
      for (const tone of TONES) {
        const templates = EN_TEMPLATES[id][tone];
        expect(new Set(templates).size, `${id}/${tone}`).toBe(templates.length);
        expect(templates.length, `${id}/${tone}`).toBeGreaterThanOrEqual(8);
        for (const t of templates) expect(t).toContain('{topic}');
      }
    }
  });

  it.each(OTHER_LANGUAGES)('%s has 10+ templates for every category and tone, each naming the topic', (lang) => {
    const pack = LANGUAGE_PACKS[lang];
    for (const id of CATEGORY_IDS) {
      const { general, byTone } = pack.templates[id];
      expect(general.length).toBeGreaterThanOrEqual(6);
      for (const tone of TONES) {
        const all = [...byTone[tone], ...general];
        expect(new Set(all).size, `${lang}/${id}/${tone}`).toBe(all.length);
        expect(all.length).toBeGreaterThanOrEqual(10);
        for (const t of all) expect(t, `${lang}: ${t}`).toMatch(/\{topic(:dat)?\}/);
      }
      expect(pack.neutral[id].base.length).toBeGreaterThan(0);
    }
  });

  it('keeps the topic verbatim and capitalises template text', () => {
    expect(renderTemplate('{topic}: made simple.', { kind: 'topic', topic: 'iPhone cases' }, 'en')).toBe('iPhone cases: made simple.');
    expect(renderTemplate('just {topic}.', { kind: 'topic', topic: 'tea' }, 'en')).toBe('Just tea.');
  });

  it('capitalises a neutral noun at a sentence start only, and declines it in German', () => {
    const marke = { base: 'deine Marke', dat: 'deiner Marke' };
    expect(renderTemplate('{topic}: Qualität.', { kind: 'neutral', noun: { base: 'votre marque' } }, 'fr')).toBe('Votre marque: Qualität.');
    expect(renderTemplate('Mit {topic:dat} geht alles.', { kind: 'neutral', noun: marke }, 'de')).toBe('Mit deiner Marke geht alles.');
    expect(renderTemplate('Wähle {topic}. {topic}!', { kind: 'neutral', noun: marke }, 'de')).toBe('Wähle deine Marke. Deine Marke!');
  });

  it('applies French elision and Romance contractions', () => {
    expect(renderTemplate('Fan de {topic}.', { kind: 'topic', topic: 'Orange' }, 'fr')).toBe("Fan d'Orange.");
    expect(renderTemplate('Fan de {topic}.', { kind: 'topic', topic: 'Yoplait' }, 'fr')).toBe('Fan de Yoplait.');
    expect(renderTemplate('Fan de {topic}.', { kind: 'topic', topic: 'le chocolat' }, 'fr')).toBe('Fan du chocolat.');
    expect(renderTemplate('Amante de {topic}.', { kind: 'topic', topic: 'el mar' }, 'es')).toBe('Amante del mar.');
    expect(renderTemplate('Fã de {topic}.', { kind: 'neutral', noun: { base: 'a criatividade' } }, 'pt')).toBe('Fã da criatividade.');
  });

  it('builds hashtags from the topic and drops them when they would not work', () => {
    expect(hashtagFor('acme coffee co.')).toBe('#AcmeCoffeeCo');
    expect(hashtagFor('iPhone 15')).toBe('#iPhone15');
    expect(hashtagFor('!!!')).toBe('');
    expect(hashtagFor('a'.repeat(40))).toBe('');
    expect(renderTemplate('No excuses. Just {topic}. {tag}', { kind: 'neutral', noun: { base: 'x' } }, 'en')).toBe('No excuses. Just x.');
  });
});
