import { describe, expect, it } from 'vitest';
import { countGraphemes, gsm7Length, xWeightedLength } from '@gl/core/types';
import { lightGraphemes, lightGsm7Length, lightXWeighted } from './light-count';

/** Lines as they are shared: Kiswahili, English, emoji of every kind, other scripts, SMS extension signs. */
const CORPUS = [
  'Fresh greens at your door by 8am',
  'Sukuma, spinach and dhania before breakfast. Order by 9pm.',
  'Mboga freshi mlangoni kwako kabla ya saa mbili asubuhi!',
  'Fresh greens at your door by 8am 🥬',
  'Karibu 👋🏽 tukupikie 🇰🇪 leo',
  'Family time 👨‍👩‍👧‍👦 with chai ☕ and love ❤️',
  'Keycap 1️⃣ and a star ⭐',
  '日本語のテキスト and some Latin',
  'Ελληνικά, русский, العربية, हिन्दी',
  'Price: €5 [limited] {today} ^_^ ~ | \\',
  'Quotes “curly” and ‘single’ — dash… ellipsis',
  'Line one\nLine two',
  '',
];

describe('the light counters give the exact counters’ numbers', () => {
  it.each(CORPUS)('%s', (text) => {
    expect(lightGraphemes(text)).toBe(countGraphemes(text));
    expect(lightGsm7Length(text)).toBe(gsm7Length(text));
    expect(lightXWeighted(text)).toBe(xWeightedLength(text));
  });

  it('leave to the exact counter what may be a link, which X counts as 23', () => {
    for (const text of ['Order at https://mboga.example/order', 'Visit mboga.co.ke today', 'www.mboga.com']) {
      expect(lightXWeighted(text)).toBeNull();
    }
  });
});
