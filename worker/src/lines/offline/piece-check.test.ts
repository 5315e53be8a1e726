import { describe, expect, it } from 'vitest';
import { offerHasHead, pieceProblem, spellTexting, wholePiece } from './piece-check';

/** Briefs invented for this round (issue 33): never a rated set. */
describe('the strict check on every piece of a brief (issue 33, failure class 2)', () => {
  it('refuses fragments that start or end on a function word, a bare negation, a relative word with no verb, texting', () => {
    for (const bad of [
      'Save and through',
      'Not made there',
      'Our bakery not made there',
      'Dog grooming van that in Austin',
      'Chapati rolled and',
      'Shoes n bags',
      'Your one stop shop lol',
      'With free wifi',
      'Sweaters and blazers for',
    ])
      expect(pieceProblem(bad), bad).not.toBeNull();
  });

  it('keeps whole units', () => {
    for (const good of [
      'Rolled chapati and eggs',
      'I teach piano to adult beginners online',
      'Open till 10pm',
      'We never close',
      'Gluten-free bases on request',
      'Everything baked here in Karen each morning',
      '50 bob a day',
      'Fine-line tattoo artist in Berlin',
    ])
      expect(wholePiece(good), good).toBe(true);
  });

  it('spells texting out before a brief is read', () => {
    expect(spellTexting('ur one stop shop for school uniforms, sweaters n blazers')).toBe(
      'your one stop shop for school uniforms, sweaters and blazers',
    );
    expect(spellTexting('plz help, need slogan 4 my mitumba stall at Gikomba, shoes n bags')).toBe(
      'need slogan for my mitumba stall at Gikomba, shoes and bags',
    );
    expect(spellTexting('pls write bio for me, am a tattoo artist n i love wildflowers lol')).toBe(
      'pls write bio for me, I am a tattoo artist and i love wildflowers',
    );
    // "bob" is Kenyan money, never texting; a name's capital letter is no shorthand.
    expect(spellTexting('save 50 bob a day at Club U')).toBe('save 50 bob a day at Club U');
  });

  it('wants a head noun in every offer', () => {
    const brief = 'savings app for boda boda riders, save 50 bob a day through M-Pesa';
    expect(offerHasHead('save', brief)).toBe(false);
    expect(offerHasHead('through', brief)).toBe(false);
    expect(offerHasHead('unpack', 'moving company in Nairobi, we pack, move and unpack, free quote')).toBe(false);
    expect(offerHasHead('move', 'moving company in Nairobi, we pack, move and unpack, free quote')).toBe(false);
    expect(offerHasHead('invests change', 'a budgeting app that rounds up your card purchases and invests the change')).toBe(false);
    expect(offerHasHead('save lives', 'blood donation drive at Sarit Centre on 19 July, save lives')).toBe(false);
    expect(offerHasHead('fades', 'barber shop in Kayole, fades KSh 200, kids cuts KSh 100')).toBe(true);
    expect(offerHasHead('kids cuts', 'barber shop in Kayole, fades KSh 200, kids cuts KSh 100')).toBe(true);
    expect(offerHasHead('nail trims', 'dog grooming van in Austin, nail trims included')).toBe(true);
    expect(offerHasHead('iron sheets', 'hardware in Thika, cement, iron sheets and paint')).toBe(true);
  });
});
