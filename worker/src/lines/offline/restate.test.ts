import { describe, expect, it } from 'vitest';
import { parseFrame } from './frame';
import { cutFromBrief } from './frame-guard';
import { pastesTopic } from './measure';
import {
  hasStockTail,
  inOrderShare,
  MAX_IN_ORDER,
  restateCandidates,
  spellOut,
  spellOutLine,
  tooMuchOfBrief,
  withoutForeignFacts,
} from './restate';

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

  it('restates the brief in sentences of its own, with facts as written, never the whole topic nor most of it', () => {
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
        // DESIGN §13: a clause may be said again; the whole topic never, and never more than MAX_IN_ORDER of its words in order.
        expect(tooMuchOfBrief(c.text, topic), c.text).toBe(false);
        if (topic.split(/\s+/).length > 12) expect(inOrderShare(c.text, topic), c.text).toBeLessThanOrEqual(MAX_IN_ORDER);
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

describe('the bound on reusing the brief (DESIGN §13)', () => {
  it('never says the whole topic back, in any restated line, however short the brief', () => {
    const briefs = [
      'I teach piano to adult beginners online',
      'we sell fresh fish from Lake Victoria',
      'Luxury safari lodge in the Maasai Mara with private game drives and a spa',
      'family-run pizzeria in Leeds, wood-fired oven, gluten-free bases on request',
      'moving company in Nairobi, we pack, move and unpack, free quote',
    ];
    for (const topic of briefs) {
      const frame = parseFrame(topic);
      for (const category of ['taglines', 'captions', 'adlines', 'bios', 'slogans', 'quotes'] as const) {
        for (const c of restateCandidates(frame, category, 'bold')) {
          expect(tooMuchOfBrief(c.text, topic), `${topic}: ${c.text}`).toBe(false);
          // Pasting the whole topic is exactly what the old check catches: it never happens.
          expect(pastesTopic(c.text, topic, topic.split(/\s+/).length), `${topic}: ${c.text}`).toBe(false);
        }
      }
    }
  });

  it("counts the brief's words a line holds in order", () => {
    expect(inOrderShare('Rolled chapati and eggs, KSh 80.', 'rolled chapati and eggs for breakfast, KSh 80')).toBeCloseTo(6 / 8);
    expect(tooMuchOfBrief('We sell fresh fish from Lake Victoria.', 'we sell fresh fish from Lake Victoria')).toBe(true);
    expect(tooMuchOfBrief('Piano teacher. $25 each.', 'I teach piano to adult beginners online, 30 minute lessons, $25 each')).toBe(false);
  });
});
