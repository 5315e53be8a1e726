import { describe, expect, it } from 'vitest';
import {
  countEmoji,
  countForPlatform,
  countGraphemes,
  emojiOf,
  fitsPlatform,
  gsm7Length,
  gsm7SmartEncode,
  hashtagsOf,
  isGsm7,
  lineLimit,
} from './platform-count';

describe('countForPlatform: X weighted length (twitter-text)', () => {
  it('counts Latin letters 1 and CJK characters 2', () => {
    expect(countForPlatform('hello', 'x_bio')).toBe(5);
    expect(countForPlatform('日本語', 'x_post')).toBe(6);
    expect(countForPlatform('hi 日本', 'x_bio')).toBe(7);
  });

  it('counts any URL as 23, however long', () => {
    expect(countForPlatform('see https://example.com/a/very/long/path/that/goes/on/and/on', 'x_post')).toBe(4 + 23);
    expect(countForPlatform('https://t.co', 'x_post')).toBe(23);
  });

  it('counts an emoji 2, a skin-toned or flag emoji 2 as well', () => {
    expect(countForPlatform('🔥', 'x_bio')).toBe(2);
    expect(countForPlatform('👍🏽', 'x_bio')).toBe(2);
    expect(countForPlatform('🇰🇪', 'x_bio')).toBe(2);
    expect(countForPlatform('ok 🔥', 'x_bio')).toBe(5);
  });
});

describe('GSM 03.38 (SMS)', () => {
  it('counts basic-table characters 1, accented letters of the basic table included', () => {
    expect(gsm7Length('Hello @ £5 é ñ Ä')).toBe(16);
    expect(countForPlatform('Karibu! Fresh mandazi daily.', 'sms')).toBe(28);
  });

  it('counts each extension-table character 2', () => {
    for (const ch of ['€', '[', ']', '{', '}', '^', '~', '|', '\\']) {
      expect(gsm7Length(ch), ch).toBe(2);
      expect(isGsm7(ch), ch).toBe(true);
    }
    expect(countForPlatform('Only €5 [today]', 'sms')).toBe(12 + 3 * 2);
  });

  it('treats a curly quote, an emoji or a non-GSM letter as not GSM-7: over any SMS limit', () => {
    for (const text of ['It’s fresh', '“Fresh”', 'Fresh 🍞', 'Ăla', 'naïve – fresh']) {
      expect(isGsm7(text), text).toBe(false);
      expect(countForPlatform(text, 'sms'), text).toBe(Infinity);
      expect(fitsPlatform(text, 'sms'), text).toBe(false);
    }
    expect(isGsm7("It's fresh")).toBe(true);
    expect(isGsm7('')).toBe(true);
  });

  it('fits one segment up to 160 septets, extension characters included', () => {
    expect(fitsPlatform('a'.repeat(160), 'sms')).toBe(true);
    expect(fitsPlatform('a'.repeat(161), 'sms')).toBe(false);
    expect(fitsPlatform('a'.repeat(158) + '€', 'sms')).toBe(true);
    expect(fitsPlatform('a'.repeat(159) + '€', 'sms')).toBe(false);
  });
});

describe('graphemes (every other platform)', () => {
  it('counts a flag, a skin-toned emoji and a family emoji once each', () => {
    expect(countGraphemes('🇰🇪')).toBe(1);
    expect(countGraphemes('👍🏽')).toBe(1);
    expect(countGraphemes('👨‍👩‍👧')).toBe(1);
    expect(countForPlatform('Asante 🇰🇪👍🏽', 'instagram_bio')).toBe(9);
  });

  it('counts a letter with a combining accent once', () => {
    expect(countForPlatform('cafe\u0301', 'tiktok_bio')).toBe(4);
  });

  it('counts graphemes when no platform is given', () => {
    expect(countForPlatform('🇰🇪 Nakuru', null)).toBe(8);
  });
});

describe('lineLimit and fitsPlatform', () => {
  it('lets the smallest of the platform limit, maxChars and the category bound win', () => {
    expect(lineLimit('google_ads_headline')).toBe(30);
    expect(lineLimit('x_post', 100)).toBe(100);
    expect(lineLimit('google_ads_headline', 100)).toBe(30);
    expect(lineLimit('linkedin_headline', null, 'taglines')).toBe(80);
    expect(lineLimit(null, 50)).toBe(50);
    expect(lineLimit(null)).toBe(Infinity);
  });

  it('counts the platform way against that limit', () => {
    expect(fitsPlatform('Fresh bread, every morning', 'google_ads_headline')).toBe(true);
    expect(fitsPlatform('Fresh bread baked every single morning', 'google_ads_headline')).toBe(false);
    // 80 CJK characters are 160 as X counts: fits an X bio, one more does not.
    expect(fitsPlatform('日'.repeat(80), 'x_bio')).toBe(true);
    expect(fitsPlatform('日'.repeat(81), 'x_bio')).toBe(false);
    expect(fitsPlatform('日'.repeat(81), 'instagram_bio')).toBe(true);
    expect(fitsPlatform('a'.repeat(60), 'x_post', 50)).toBe(false);
  });
});

describe('emoji, hashtags and smart encoding', () => {
  it('finds emoji as user-perceived characters: a flag, a skin tone, a family and a keycap are one each', () => {
    expect(emojiOf('Fresh 🍞 from Nakuru 🇰🇪 👍🏽 👨‍👩‍👧 1️⃣')).toEqual(['🍞', '🇰🇪', '👍🏽', '👨‍👩‍👧', '1️⃣']);
    expect(countEmoji('❤️ and ✨✨')).toBe(3);
    expect(countEmoji('Plain text, 100% (really)')).toBe(0);
  });

  it('does not count the copyright, registered and trade mark signs as emoji', () => {
    expect(countEmoji('Genius Lines™ © 2026 ®')).toBe(0);
  });

  it('finds hashtags as X does: not #1, not inside a word, any script', () => {
    expect(hashtagsOf('Fresh #bread daily #Nakuru').map((h) => h.tag)).toEqual(['bread', 'Nakuru']);
    expect(hashtagsOf('The #1 bakery, a#b')).toEqual([]);
    expect(hashtagsOf('Karibu #mkate_mtamu #日本')).toEqual([
      { tag: 'mkate_mtamu', start: 7, end: 19 },
      { tag: '日本', start: 20, end: 23 },
    ]);
  });

  it('smart-encodes curly quotes, dashes and ellipses to GSM-7', () => {
    const encoded = gsm7SmartEncode('It’s “fresh” – now…');
    expect(encoded).toBe('It\'s "fresh" - now...');
    expect(isGsm7(encoded)).toBe(true);
  });
});
