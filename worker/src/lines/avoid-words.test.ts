import { describe, expect, it } from 'vitest';
import { containsAvoidedWord } from './avoid-words';

describe('containsAvoidedWord', () => {
  it('matches whole words in any case, next to punctuation', () => {
    expect(containsAvoidedWord('Cheap and cheerful.', ['cheap'])).toBe(true);
    expect(containsAvoidedWord('Never CHEAP, always good', ['cheap'])).toBe(true);
    expect(containsAvoidedWord('"Cheap?" No: cheap-ish!', ['Cheap'])).toBe(true);
    expect(containsAvoidedWord('It was cheap.', ['cheap'])).toBe(true);
    expect(containsAvoidedWord('(cheap)', ['cheap'])).toBe(true);
  });

  it('ignores the word inside longer words', () => {
    expect(containsAvoidedWord('Cheaper by the dozen, cheapskate.', ['cheap'])).toBe(false);
    expect(containsAvoidedWord('A scat of tomcats', ['cat'])).toBe(false);
  });

  it('finds the word inside hashtags', () => {
    expect(containsAvoidedWord('Lunch is served. #CheapEats', ['cheap'])).toBe(true);
    expect(containsAvoidedWord('Lunch is served. #GoodCheapEats', ['cheap'])).toBe(true);
    expect(containsAvoidedWord('#cheap_eats all day', ['cheap'])).toBe(true);
    expect(containsAvoidedWord('#cheapeats all day', ['cheap'])).toBe(true);
    expect(containsAvoidedWord('#EATCHEAP', ['cheap'])).toBe(true);
    expect(containsAvoidedWord('#Cheapskates unite', ['cheap'])).toBe(false);
    expect(containsAvoidedWord('#BigDeal', ['deal'])).toBe(true);
    expect(containsAvoidedWord('#Dealership', ['deal'])).toBe(false);
  });

  it('treats letters of other scripts as word characters', () => {
    expect(containsAvoidedWord('Un café crème, très bon.', ['caf'])).toBe(false);
    expect(containsAvoidedWord('Un café crème, très bon.', ['CAFÉ'])).toBe(true);
    expect(containsAvoidedWord('Ökonomisch und günstig.', ['günstig'])).toBe(true);
    expect(containsAvoidedWord('Supergünstig!', ['günstig'])).toBe(false);
    expect(containsAvoidedWord('Größe zählt. Straße frei.', ['STRASSE'])).toBe(false);
    expect(containsAvoidedWord('Bei uns: GÜNSTIG!', ['günstig'])).toBe(true);
    expect(containsAvoidedWord('Привет, дешево и быстро', ['дешево'])).toBe(true);
    expect(containsAvoidedWord('Недешево', ['дешево'])).toBe(false);
    expect(containsAvoidedWord('#ÉtéBrûlant', ['brûlant'])).toBe(true);
  });

  it('matches accented words written in either Unicode form', () => {
    const decomposed = 'cafe\u0301';
    expect(containsAvoidedWord(`Un ${decomposed} s'il vous plaît`, ['café'])).toBe(true);
    expect(containsAvoidedWord("Un café s'il vous plaît", [decomposed])).toBe(true);
  });

  it('matches multi-word entries across spaces and punctuation', () => {
    expect(containsAvoidedWord('No fast  food here', ['fast food'])).toBe(true);
    expect(containsAvoidedWord('Fast-food free', ['fast food'])).toBe(true);
    expect(containsAvoidedWord('#FastFood fans', ['fast food'])).toBe(true);
    expect(containsAvoidedWord('Fast service, good food', ['fast food'])).toBe(false);
  });

  it('treats regular-expression characters literally and ignores empty entries', () => {
    expect(containsAvoidedWord('A cat', ['.*'])).toBe(false);
    expect(containsAvoidedWord('Anything at all', [])).toBe(false);
    expect(containsAvoidedWord('Anything at all', ['', '  ', '!!'])).toBe(false);
  });
});
