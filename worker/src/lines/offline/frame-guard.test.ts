import { describe, expect, it } from 'vitest';
import { parseFrame } from './frame';
import { cleanSlot, hookOf, slotProblem, stripEnRequest } from './frame-guard';

/** Invented briefs (issue 33, failure classes 1, 2 and 4): request words and clause pieces never fill a slot. */
describe('the slot guard', () => {
  it('refuses request words, clause pieces, dangling pronouns, number+town and describing word+town', () => {
    expect(slotProblem('pottery bio', 'subject')).toBe('request word');
    expect(slotProblem('our is soap refill', 'offer')).toBe('pronoun');
    expect(slotProblem('before the rains come', 'subject')).toBe('clause');
    expect(slotProblem('never lose a sock', 'subject')).toBe('clause');
    expect(slotProblem('3k Ruiru next', 'name')).not.toBeNull();
    expect(slotProblem('Retired Mombasa', 'name')).not.toBeNull();
    expect(slotProblem('Introducing Lisbon', 'name')).not.toBeNull();
    expect(slotProblem('student', 'subject')).toBe('role word');
    expect(cleanSlot("Wambui's", 'name')).toBe(true);
    expect(cleanSlot('The Blue Door', 'name')).toBe(true);
    expect(cleanSlot('screen repairs', 'offer')).toBe(true);
  });

  it('takes request words off wherever they are', () => {
    expect(stripEnRequest('need a caption for my crochet page haha, baby blankets in Kericho').text).toMatch(/^crochet/);
    expect(stripEnRequest('headline for me: civil engineer from Embu').forMe).toBe(true);
    expect(stripEnRequest('barbershop caption pls, fades in Juja').text).not.toMatch(/caption/);
    expect(stripEnRequest('movers in Ruiru, free quotes').text).toMatch(/free quotes/);
  });

  it('finds the hook in the brief’s own words', () => {
    expect(hookOf('key cutting in Kahawa while you wait', [])).toBe('while you wait');
    expect(hookOf('zero-waste shop, bring your own containers, Kilimani', [])).toBe('bring your own containers');
    expect(hookOf('puppet show in Kisumu, free for children', [])).toBe('free for children');
    expect(hookOf('accounting firm in Upper Hill', [])).toBeNull();
  });
});

describe('the frame keeps fragments out of its slots', () => {
  const cases: { brief: string; name?: string | null; subject?: string | null; offersNot?: RegExp; speaker?: string }[] = [
    { brief: 'need a caption for my crochet page lol, baby blankets in Kericho', subject: 'crochet' },
    { brief: 'Presenting Zanzibar, our new clove and cinnamon room spray', name: 'Zanzibar', speaker: 'business' },
    { brief: 'Retired Kisumu nurse now sewing school uniforms at home', name: null, speaker: 'person', offersNot: /now|nurse/ },
    { brief: '3k Ruiru next Sunday, family fun run for the new maternity ward', name: null, speaker: 'event' },
    { brief: 'uniform drive before term starts, collecting shoes for Mathare pupils', subject: 'uniform drive', speaker: 'cause' },
    { brief: 'student looking for holiday babysitting jobs', subject: 'holiday babysitting', speaker: 'person' },
    { brief: "Doyle's bakery, soda bread since 1962", name: "Doyle's" },
    { brief: 'LinkedIn headline for me: civil engineer from Embu, roads and bridges', speaker: 'person' },
    { brief: 'bio for my insta: 21, law student in Nakuru', name: null, speaker: 'person' },
    { brief: 'I am a wedding singer who also repairs bicycles in Kakamega', speaker: 'person', offersNot: /bicycles/ },
    { brief: 'chess tournament at Kisii school on 3 March, entry KSh 200', speaker: 'event' },
  ];
  it.each(cases)('$brief', (c) => {
    const f = parseFrame(c.brief);
    if (c.name !== undefined) expect(f.name).toBe(c.name);
    if (c.subject !== undefined) expect(f.subject).toBe(c.subject);
    if (c.speaker) expect(f.speaker).toBe(c.speaker);
    if (c.offersNot) for (const o of f.offers) expect(o).not.toMatch(c.offersNot);
    for (const slot of [f.name, f.subject, ...f.offers])
      if (slot) expect(slot).not.toMatch(/\b(?:caption|bio|pls|headline|title|vid|quote)\b/i);
  });
});
