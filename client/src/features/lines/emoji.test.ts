import { describe, expect, it } from 'vitest';
import { countEmoji } from '@gl/core';
import { hasEmoji } from './emoji';

describe('hasEmoji', () => {
  it.each([
    'Fresh bread daily',
    'Mkate © 2026 ™',
    'Karibu 🇰🇪',
    'Thumbs 👍🏽 up',
    'Call 1️⃣ now',
    'Hot ☕',
    'Love ❤️',
    'Straight "quotes" and €',
  ])('agrees with the server on %j', (text) => expect(hasEmoji(text)).toBe(countEmoji(text) > 0));
});
