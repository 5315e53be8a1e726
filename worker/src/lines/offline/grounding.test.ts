import { describe, expect, it } from 'vitest';
import { DEV_BRIEFS } from './dev-briefs';
import { parseFrame } from './frame';
import { grounded, groundingFor, speakerSafe, ungrounded } from './grounding';
import { generateOffline } from './offline-generator';
import { seededRandom } from './variety';

/** The grounding gate (issue 33): a line says only what the brief says, plus what is true of any such speaker. Briefs invented here. */
const gen = (
  topic: string,
  category: Parameters<typeof generateOffline>[0]['category'],
  tone: Parameters<typeof generateOffline>[0]['tone'],
) => generateOffline({ topic, category, tone, count: 5, random: seededRandom(7), hashtags: 'none', emoji: 'none' }).lines;

describe('the grounding gate', () => {
  it('finds the words a line adds that the brief never gave', () => {
    const f = parseFrame('Sunday 10k fun run in Nyahururu for the children’s ward, register KSh 800');
    const g = groundingFor(f);
    expect(ungrounded('Chip timing, marked routes, water every three kilometres.', g, true)).toEqual(
      expect.arrayContaining(['chip', 'timing', 'routes']),
    );
    expect(grounded('Fun run in Nyahururu. Register today.', g)).toBe(true);
    // The brief's own words ground a specific line.
    const said = groundingFor(parseFrame('Trail race in Ngong Hills with chip timing and marked routes'));
    expect(grounded('Chip timing, marked routes.', said, true)).toBe(true);
  });

  it('never lets a word true only of another trade through for a person, an event or a cause', () => {
    const briefs = [
      { topic: 'bio for me: retired fisherman in Malindi, I teach kids to mend nets', category: 'bios', tone: 'funny' },
      { topic: 'Harvest thanksgiving concert at St Paul’s Kikuyu, 2 November, choir and brass band', category: 'captions', tone: 'bold' },
      { topic: 'Library book drive for Ol Kalou primary, bring one book you loved', category: 'slogans', tone: 'inspirational' },
      { topic: 'Soap maker in Kericho, tea-leaf soap bars KSh 250', category: 'adlines', tone: 'funny' },
    ] as const;
    const trade =
      /pick up the phone|answer the phone|price we quoted|book (?:a|your) table|today'?s special|diet starts|lunch sorted|new stock|sold out|chip timing|fleet servicing|workplace yoga/i;
    for (const b of briefs) {
      for (const line of gen(b.topic, b.category, b.tone)) expect(line, b.topic).not.toMatch(trade);
    }
  });

  it('speaks as one person for a person, and carries no form label', () => {
    const person = parseFrame('bio for my page, I restore old bicycles in Eldoret');
    expect(speakerSafe('We restore old bicycles.', { ...person, speaker: 'person', topic: 'I restore old bicycles' })).toBe(false);
    for (const label of ['Caption. Old bicycles.', 'Old bicycles #Caption', 'Tagline: old bicycles.', 'Old bicycles, restored. — Quote'])
      expect(speakerSafe(label, person), label).toBe(false);
    const lines = gen('instagram bio pls, I am a nurse who bakes banana bread on weekends in Kitale', 'bios', 'minimalist');
    for (const line of lines) {
      expect(line).not.toMatch(/\b(?:we|our|us)\b/i);
      expect(line).not.toMatch(/\b(?:bio|pls|instagram)\b/i);
    }
  });

  it('signs a quote only with the brief’s own name, never with a subject label', () => {
    for (const line of gen('car battery shop in Kitengela, free testing', 'quotes', 'inspirational')) {
      expect(line).not.toMatch(/—\s*(?:car battery shop|quote)/i);
    }
  });

  it('uses the brief’s facts, as written, in at least 3 of 5 lines of the new dev briefs with facts', () => {
    const start = DEV_BRIEFS.findIndex((b) => b.topic.startsWith('bio for my instagram, i knit'));
    let sets = 0;
    let met = 0;
    for (const b of DEV_BRIEFS.slice(start)) {
      const facts = parseFrame(b.topic).facts.map((x) => x.text.toLowerCase());
      if (facts.length === 0) continue;
      sets += 1;
      const lines = gen(b.topic, b.category, b.tone);
      if (lines.filter((l) => facts.some((x) => l.toLowerCase().includes(x))).length >= 3) met += 1;
    }
    expect(met / sets).toBeGreaterThanOrEqual(0.8);
  });
});
