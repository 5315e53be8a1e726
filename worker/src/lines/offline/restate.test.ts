import { describe, expect, it } from 'vitest';
import { parseFrame } from './frame';
import { cutFromBrief } from './frame-guard';
import { pastesTopic } from './measure';
import { hasStockTail, restateCandidates, spellOut, spellOutLine, withoutForeignFacts } from './restate';

/** Briefs invented for this round (issue 33): never a rated set. */
describe('restatement (issue 33, English)', () => {
  it('spells texting out and capitalises days, months and places', () => {
    expect(spellOut('open mon to sat 6am to 2pm, we come to ur office in perth', ['perth'])).toBe(
      'Open Mon to Sat 6am to 2pm, we come to your office in Perth',
    );
    expect(spellOutLine('Beans: open mon to sat. The sun is out.', 'open mon to sat')).toBe('Beans: open Mon to Sat. The sun is out.');
    // The letter of a name is never texting.
    expect(spellOut('u-haul style vans, thanks u', [])).toBe('U-haul style vans, thanks you');
    expect(spellOut('Club U and U-Haul vans for ur move', [])).toBe('Club U and U-Haul vans for your move');
    expect(spellOutLine('Club U. U-Haul vans. Book now.', 'club U, u-haul vans, call u today')).toBe('Club U. U-Haul vans. Book now.');
  });

  it('knows a stock tail standing in for a message', () => {
    for (const l of [
      'Plumber. Say hello.',
      'Dog walking in Perth. Made with care.',
      'Sign. Worth the visit.',
      'ICU nurse. Good to meet you.',
    ])
      expect(hasStockTail(l), l).toBe(true);
    for (const l of ['Plumber in Mombasa. Open 24/7.', 'Say hello to fresh bread.']) expect(hasStockTail(l), l).toBe(false);
  });

  it('restates the brief in sentences of its own, with facts as written, never five of its words in a row', () => {
    const briefs = [
      'Second-hand film cameras in Glasgow, every camera tested with a roll of film before we sell it, 6-month guarantee',
      'mobile car wash in Kilimani, we come to ur office parking, KSh 500 a car',
      'Jazz night at The Alchemist, Friday 20 June, doors 8pm, free entry before 9',
      'Tiled bathroom renovations in Ruiru, free site visit, done in 5 days',
    ];
    for (const topic of briefs) {
      const frame = parseFrame(topic);
      const lines = restateCandidates(frame, 'captions', 'minimalist');
      expect(lines.length, topic).toBeGreaterThan(0);
      expect(
        lines.some((c) => c.usesFact && frame.facts.some((f) => c.text.toLowerCase().includes(f.text.toLowerCase()))),
        topic,
      ).toBe(true);
      for (const c of lines) {
        expect(pastesTopic(c.text, topic), c.text).toBe(false);
        expect(hasStockTail(c.text), c.text).toBe(false);
        expect(c.text, c.text).not.toMatch(/\bur\b/);
      }
    }
  });

  it('asks what a cause wants done, never sells', () => {
    const lines = restateCandidates(
      parseFrame("Petition to put streetlights on Jogoo Road before the rainy season, sign at the chief's office"),
      'slogans',
      'bold',
    ).map((c) => c.text);
    expect(lines).toContain("Sign the petition at the chief's office.");
    for (const l of lines) expect(l).not.toMatch(/\b(?:order|buy|shop)\b/i);
  });

  it('keeps another role’s facts off the first job', () => {
    const frame = parseFrame('ICU nurse in Kericho, wedding photographer on weekends');
    expect(withoutForeignFacts(frame).facts.map((f) => f.text)).not.toContain('on weekends');
    expect(restateCandidates(frame, 'bios', 'minimalist').map((c) => c.text)).toContain('ICU nurse. Wedding photographer on weekends.');
  });

  it('refuses an offer cut from the brief', () => {
    expect(cutFromBrief('roll', 'every camera tested with a roll of film')).toBe(true);
    expect(cutFromBrief('strawberry', 'Greek yoghurt brand, strawberry and honey flavours')).toBe(true);
    expect(cutFromBrief('De Janeiro', 'juice bar in Rio De Janeiro')).toBe(true);
    expect(cutFromBrief('walk-ins', 'knotless braids from KSh 1,500, walk-ins welcome')).toBe(true);
    expect(cutFromBrief('sign', "streetlights on Jogoo Road, sign at the chief's office")).toBe(true);
    for (const [o, t] of [
      ['leather sandals', 'Handmade leather sandals from Lamu'],
      ['chapati', "Mama Njeri's chapati and beans kibanda"],
      ['parcels', 'Boda boda delivery in Kisumu, parcels across town in 30 minutes'],
    ] as const)
      expect(cutFromBrief(o, t), o).toBe(false);
  });
});
