import { describe, expect, it } from 'vitest';
import { countForPlatform, countEmoji, hashtagsOf, isGsm7 } from '@gl/core';
import { LineRules, hashtagFrom, measureVoice, type RulesInput } from './line-rules';

const rules = (over: Partial<RulesInput> = {}) => new LineRules({ category: 'taglines', hashtags: 'none', emoji: 'some', ...over });

describe('length: the platform limit counted its way, maxChars and the category bound', () => {
  it('a Google Ads headline stops at 30 graphemes', () => {
    const r = rules({ platform: 'google_ads_headline' });
    expect(r.limit).toBe(30);
    expect(r.broken('Fresh mandazi every morning')).toEqual([]);
    expect(r.broken('Fresh mandazi and cakes every single morning')).toEqual(['too_long']);
  });

  it('an X bio counts as X does: 80 CJK characters fit, 81 do not', () => {
    const r = rules({ category: 'bios', platform: 'x_bio' });
    expect(r.broken('日'.repeat(80))).toEqual([]);
    expect(r.broken('日'.repeat(81))).toEqual(['too_long']);
  });

  it('maxChars below the platform limit wins', () => {
    const r = rules({ category: 'captions', platform: 'instagram_caption', hashtags: 'none', maxChars: 40 });
    expect(r.limit).toBe(40);
    expect(r.broken('A caption that is much longer than forty characters')).toEqual(['too_long']);
  });

  it('the category bounds still apply: too short is refused', () => {
    expect(rules({ category: 'quotes', platform: 'sms' }).broken('Hi there')).toEqual(['too_short']);
  });
});

describe('SMS: one GSM-7 segment', () => {
  const sms = rules({ category: 'adlines', platform: 'sms', emoji: 'none' });

  it('straightens curly quotes as an exact repair', () => {
    const { text, broken } = sms.check('It’s “fresh” from Nakuru');
    expect(text).toBe('It\'s "fresh" from Nakuru');
    expect(broken).toEqual([]);
  });

  it('refuses a character GSM-7 cannot carry (an emoji, an en dash)', () => {
    expect(sms.check('Fresh bread 🍞 daily').broken).toContain('sms_charset');
    expect(sms.check('Fresh bread – daily').broken).toEqual(['sms_charset']);
  });

  it('counts extension characters 2 against the 160 limit', () => {
    const bio = rules({ category: 'bios', platform: 'sms', emoji: 'none' });
    expect(bio.limit).toBe(160);
    expect(bio.broken(`${'a'.repeat(155)} €€€`)).toEqual(['too_long']);
    expect(bio.broken(`${'a'.repeat(153)} €€€`)).toEqual([]);
  });

  it('forceFit encodes look-alikes and drops emoji to make an offline line fit', () => {
    const fitted = sms.forceFit('Fresh bread – baked at dawn… 🍞')!;
    expect(fitted).toBe('Fresh bread - baked at dawn...');
    expect(isGsm7(fitted)).toBe(true);
  });
});

describe('hashtags', () => {
  it('none: no #word, but "#1" is not a hashtag', () => {
    const r = rules({ hashtags: 'none' });
    expect(r.broken('Fresh bread #bakery')).toEqual(['hashtags_none']);
    expect(r.broken('The #1 bakery in Nakuru')).toEqual([]);
  });

  it('few: 1 to 3, all at the end', () => {
    const r = rules({ category: 'captions', hashtags: 'few' });
    expect(r.broken('Fresh bread today #bakery #Nakuru')).toEqual([]);
    expect(r.broken('Fresh bread today #bakery.')).toEqual([]);
    expect(r.broken('Fresh bread today')).toEqual(['hashtags_few']);
    expect(r.broken('Fresh #bread today #bakery')).toEqual(['hashtags_few']);
    expect(r.broken('Fresh bread #a1 #b2 #c3 #d4')).toEqual(['hashtags_few']);
  });

  it('forceFit takes hashtags out for none, moves them to the end for few, or makes one from the topic', () => {
    expect(rules({ hashtags: 'none' }).forceFit('Fresh #bread every morning #Nakuru')).toBe('Fresh every morning');
    const few = rules({ category: 'captions', hashtags: 'few', hashtagWords: ['family bakery'] });
    expect(few.forceFit('Fresh #bread every morning')).toBe('Fresh every morning #bread');
    expect(few.forceFit('Fresh bread every morning')).toBe('Fresh bread every morning #FamilyBakery');
    expect(hashtagsOf(few.forceFit('Warm loaves, warm hearts')!)).toHaveLength(1);
  });

  it('hashtagFrom builds a tag from words', () => {
    expect(hashtagFrom('Kahawa Coffee')).toBe('#KahawaCoffee');
    expect(hashtagFrom('a family bakery in Nakuru')).toBe('#FamilyBakeryIn');
    expect(hashtagFrom('!!!')).toBeUndefined();
  });
});

describe('emoji', () => {
  it('none: not one (flags and skin tones included)', () => {
    const r = rules({ emoji: 'none' });
    expect(r.broken('Karibu Nakuru 🇰🇪')).toEqual(['emoji_none']);
    expect(r.broken('Thumbs up 👍🏽 for bread')).toEqual(['emoji_none']);
    expect(r.broken('Genius Lines™, since 2026')).toEqual([]);
  });

  it('some: at most 2', () => {
    const r = rules({ emoji: 'some' });
    expect(r.broken('Fresh ✨ bread 🍞')).toEqual([]);
    expect(r.broken('FRESH ✨✨✨ bread')).toEqual(['emoji_some']);
    expect(r.forceFit('Fresh ✨ bread 🍞 daily 🔥')).toBe('Fresh ✨ bread 🍞 daily');
  });

  it('a refinement that adds emoji needs one; one that removes them allows none', () => {
    expect(rules({ emojiRequired: true }).broken('Fresh bread daily')).toEqual(['emoji_needed']);
    const removing = rules({ emoji: 'some', emojiRequired: false });
    expect(removing.broken('Fresh bread daily 🍞')).toEqual(['emoji_none']);
  });
});

describe('voice measured from a brand kit', () => {
  const lowerKit = { exampleLines: ['fresh from our oven', 'bread, the way mum made it'], wordsToAvoid: [], noExclamation: false };

  it('measures lower case, no emoji, no "!", no shouting and a length range with a margin', () => {
    expect(measureVoice(lowerKit)).toEqual({
      lowercase: true,
      noEmoji: true,
      noExclamation: true,
      noShouting: true,
      length: { min: 7, max: 41 },
    });
    const loud = measureVoice({ exampleLines: ['WOW! Fresh bread 🍞', 'Hot loaves, NOW!'], noExclamation: false });
    expect(loud).toMatchObject({ lowercase: false, noEmoji: false, noExclamation: false });
    expect(measureVoice({ exampleLines: [], noExclamation: true })).toEqual({
      lowercase: false,
      noEmoji: false,
      noExclamation: true,
      noShouting: false,
    });
  });

  it('lower-cases a line for a lower-case voice (an exact repair)', () => {
    const r = rules({ brand: lowerKit });
    expect(r.check('Warm Bread at Dawn')).toEqual({ text: 'warm bread at dawn', broken: [] });
  });

  it('refuses emoji, "!" and shouting the examples never use, and lines far longer than them', () => {
    const r = rules({ brand: { ...lowerKit, exampleLines: ['Fresh from our oven.', 'Bread, the way Mum made it.'] } });
    expect(r.broken('FRESH. LOCAL. OURS.')).toEqual(['shouting']);
    expect(r.broken('Fresh bread ✨')).toEqual(['emoji_none']);
    expect(r.broken('Fresh bread, come now!')).toEqual(['exclamation']);
    expect(r.voiceRange).toEqual({ min: 8, max: 42 });
    expect(r.broken('Fresh bread from the family oven on the corner of Kenyatta Avenue')).toEqual(['voice_length']);
    // Hashtags are not counted against the voice's length.
    const tagged = new LineRules({
      category: 'captions',
      hashtags: 'few',
      emoji: 'some',
      brand: { ...lowerKit, exampleLines: ['Fresh from our oven.'] },
    });
    expect(tagged.broken('Fresh bread from our oven. #NakuruBakery #FreshBread')).toEqual([]);
  });

  it('the kit can say "no exclamation marks" even when its examples have some', () => {
    const r = rules({ brand: { exampleLines: ['Hot bread!'], wordsToAvoid: [], noExclamation: true } });
    expect(r.broken('Fresh bread daily!')).toEqual(['exclamation']);
    expect(r.forceFit('Fresh bread daily!!')).toBe('Fresh bread daily.');
  });

  it('words to avoid stay a hard rule that forceFit cannot lift', () => {
    const r = rules({ brand: { exampleLines: [], wordsToAvoid: ['cheap'], noExclamation: false } });
    expect(r.broken('Cheap bread daily')).toEqual(['words_to_avoid']);
    expect(r.forceFit('Cheap bread daily')).toBeUndefined();
  });
});

describe('refinements: shorter and longer', () => {
  it('shorter: at most the given length', () => {
    const original = 'Fresh mandazi and birthday cakes from our family bakery';
    const r = rules({ maxLength: Math.floor(countForPlatform(original, null) * 0.8) });
    expect(r.broken('Fresh mandazi from our family bakery')).toEqual([]);
    expect(r.broken('Fresh mandazi and birthday cakes from the family bakery')).toEqual(['too_long']);
  });

  it('longer: more than the original', () => {
    const r = rules({ longerThan: 20 });
    expect(r.broken('Fresh bread daily')).toEqual(['not_longer']);
    expect(r.broken('Fresh bread daily, baked with love')).toEqual([]);
  });
});

describe('forceFit cuts an offline line at a word boundary to fit a tiny limit', () => {
  it('a 30-character headline from a long quote: cut after a clause, never inside a sentence', () => {
    const r = rules({ category: 'quotes', platform: 'google_ads_headline', emoji: 'none' });
    const fitted = r.forceFit('Every journey begins. With the courage to take one small step')!;
    expect(fitted).toBe('Every journey begins.');
    expect(countForPlatform(fitted, 'google_ads_headline')).toBeLessThanOrEqual(30);
    expect(countEmoji(fitted)).toBe(0);
    // "Every great journey begins" would be half a sentence: the chain takes another line instead.
    expect(r.forceFit('Every great journey begins with the courage to take one small step')).toBeUndefined();
  });

  it('describes the rules for the prompt and restates broken ones', () => {
    const r = rules({ platform: 'sms', emoji: 'none' });
    const text = r.describe().join('\n');
    expect(text).toContain('SMS (one segment)');
    expect(text).toContain('at most 80 characters');
    expect(text).toContain('Hashtags: none');
    expect(text).toContain('Emoji: none');
    expect(r.restate(['too_long', 'too_long', 'emoji_none'])).toEqual([
      'Some lines were too long: every line must be at most 80 characters.',
      'Some lines had emoji: no line may contain an emoji.',
    ]);
  });
});

describe('the topic pasted back', () => {
  const brief = "Mama Oliech's fish restaurant in Westlands: fried tilapia, ugali and greens";

  it('refuses a line that is the topic, in any case or punctuation, hashtags aside', () => {
    const r = rules({ category: 'bios', topic: brief });
    expect(r.broken(brief)).toEqual(['pasted_topic']);
    expect(r.broken(`"${brief.toUpperCase()}!"`)).toContain('pasted_topic');
    expect(rules({ category: 'captions', hashtags: 'few', topic: 'Nakuru bakery' }).broken('Nakuru bakery. #bread')).toEqual([
      'pasted_topic',
    ]);
  });

  it('refuses a line holding the whole of a long topic, but lets a short one be named and a long one be used in part', () => {
    const r = rules({ category: 'captions', topic: brief });
    expect(r.broken(`Welcome to ${brief}!`)).toEqual(['pasted_topic']);
    expect(r.broken('Fried tilapia, ugali and greens at Mama Oliech’s.')).toEqual([]);
    const short = rules({ topic: 'family bakery in Nakuru' });
    expect(short.broken('The family bakery in Nakuru, since 1998.')).toEqual([]);
    expect(rules().broken(brief)).toEqual([]);
  });
});
