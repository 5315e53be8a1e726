import { CATEGORY_IDS, getCategory, TONES, type CategoryId, type LanguageId, type Tone } from '@gl/core';
import { describe, expect, it } from 'vitest';
import { hasEnglish } from './measure';
import { generateOffline, type OfflineRequest } from './offline-generator';
import { emojiCount, emojiIn, stripEmoji, withoutExclamation } from './switches';
import { lineKey } from './text';

const BRIEFS = [
  'a family bakery in Nakuru that sells fresh mandazi and birthday cakes',
  'freelance wedding photographer in Mombasa',
  "my sister's 30th birthday",
  "fundraiser for a children's library in Kisumu",
  'coffee',
  'Zesty Juice',
  'hiking club for students in Nairobi',
];
const EMOJI = /\p{Extended_Pictographic}/u;
const HASHTAG = /#[\p{L}\p{N}_]+/gu;

/** Every line of a few repeated requests (with the recent-lines memory), for every brief, category and tone given. */
function lines(
  extra: Partial<OfflineRequest>,
  opts: { categories?: readonly CategoryId[]; tones?: readonly Tone[]; repeats?: number } = {},
) {
  const out: { line: string; req: OfflineRequest }[] = [];
  for (const topic of BRIEFS) {
    for (const category of opts.categories ?? CATEGORY_IDS) {
      for (const tone of opts.tones ?? (['funny', 'romantic', 'corporate'] as const)) {
        const shown: string[] = [];
        for (let i = 0; i < (opts.repeats ?? 2); i++) {
          const req: OfflineRequest = { category, tone, topic, count: 5, recent: new Set(shown), ...extra };
          const result = generateOffline(req);
          expect(result.lines, `${topic} ${category}/${tone}`).toHaveLength(5);
          for (const line of result.lines) out.push({ line, req });
          shown.push(...result.lines.map(lineKey));
        }
      }
    }
  }
  return out;
}

describe('switches', { timeout: 30_000 }, () => {
  it('hashtags few: 1 to 3 hashtags, at the end of every line, within the limit', () => {
    for (const { line, req } of lines({ hashtags: 'few', maxChars: 125 })) {
      const tags = line.match(HASHTAG) ?? [];
      expect(tags.length, line).toBeGreaterThanOrEqual(1);
      expect(tags.length, line).toBeLessThanOrEqual(3);
      expect(line, line).toMatch(/(?:\s#[\p{L}\p{N}_]+){1,3}$/u);
      expect(line.replace(/(?:\s#[\p{L}\p{N}_]+)+$/u, ''), line).not.toMatch(/#/);
      expect(line.length).toBeLessThanOrEqual(Math.min(getCategory(req.category).maxChars, 125));
    }
  });

  it('hashtags few uses the brief (its name, place or subject)', () => {
    const all = lines({ hashtags: 'few' }, { categories: ['captions'], tones: ['funny'] }).map((l) => l.line);
    expect(all.join(' ')).toMatch(/#Nakuru|#Bakery|#Mandazi/);
    expect(all.join(' ')).toMatch(/#ZestyJuice/);
  });

  it('hashtags none: no "#" anywhere, even from a brand word', () => {
    const brand = { name: 'Zesty', wordsToUse: ['fresh'], wordsToAvoid: [] };
    for (const { line } of lines({ hashtags: 'none', brand })) expect(line).not.toContain('#');
  });

  it('emoji none: not one emoji in any line', () => {
    for (const { line } of lines({ emoji: 'none' })) expect(line, line).not.toMatch(EMOJI);
  });

  it('emoji some: at most 2 per line, and captions get fitting ones', () => {
    const all = lines({ emoji: 'some' });
    for (const { line } of all) expect(emojiIn(line).length, line).toBeLessThanOrEqual(2);
    const captions = all.filter((l) => l.req.category === 'captions');
    expect(captions.filter((l) => EMOJI.test(l.line)).length / captions.length).toBeGreaterThan(0.3);
  });

  it('lower case: every line is all lower case', () => {
    for (const { line } of lines({ lowercase: true })) expect(line).toBe(line.toLocaleLowerCase());
  });

  it('no exclamation marks: not one "!"', () => {
    for (const { line } of lines({ noExclamation: true }, { tones: ['motivational', 'bold', 'funny'] })) expect(line).not.toContain('!');
  });

  it('all at once, in Kiswahili too, within a tight limit', () => {
    for (const language of ['en', 'sw'] as LanguageId[]) {
      for (const { line } of lines(
        { language, emoji: 'none', hashtags: 'none', lowercase: true, noExclamation: true, maxChars: 60 },
        { repeats: 1 },
      )) {
        expect(line).not.toMatch(/[#!]/);
        expect(line).not.toMatch(EMOJI);
        expect(line).toBe(line.toLocaleLowerCase());
        expect(line.length).toBeLessThanOrEqual(60);
      }
    }
  });

  it('removal and counting helpers are exact', () => {
    expect(stripEmoji('Fresh bread 🍞 today! 👩🏽‍🍳🇰🇪')).toBe('Fresh bread today!');
    expect(stripEmoji('Hi 👋, friend.')).toBe('Hi, friend.');
    expect(emojiCount('👩🏽‍🍳 and 🇰🇪 and ❤️')).toBe(3);
    expect(emojiIn('👩🏽‍🍳 and 🇰🇪 and ❤️')).toHaveLength(3);
    expect(withoutExclamation('Go! Really?! ¡Hola!')).toBe('Go. Really? Hola.');
  });
});

describe('composed lines read well', () => {
  const all = TONES.flatMap((tone) => lines({}, { tones: [tone], repeats: 2 })).map((l) => l.line);
  const sw = lines({ language: 'sw' }, { repeats: 2 }).map((l) => l.line);

  it('articles agree with the next sound, and no word is doubled', () => {
    for (const line of all) {
      expect(line, line).not.toMatch(/\ba (?:[aeio]\w|u(?:n[^i]|s[^eu]|g|p))/i);
      expect(line, line).not.toMatch(/\ban (?![aeiou]|hour|honest|[A-Z]{2}|[AEFHILMNORSX]\b|[AEFHILMNORSX]-)/i);
      expect(line, line).not.toMatch(/\b(\w+) \1\b/i);
      expect(line, line).not.toMatch(/\{|\}|\s{2,}|\s[.,!?]/);
    }
  });

  it('no verb that disagrees with a plural in the common cases', () => {
    for (const line of all) expect(line, line).not.toMatch(/\b(?:cakes|cats|sandals|mandazi and \w+|weddings) (?:is|was|has|makes)\b/i);
  });

  it('Kiswahili lines about English briefs have no English words in them', () => {
    for (const line of sw)
      expect(
        hasEnglish(line, ['family', 'bakery', 'wedding', 'photographer', 'birthday', 'fundraiser', 'library', 'coffee', 'hiking', 'club']),
        line,
      ).toBe(false);
  });
});
