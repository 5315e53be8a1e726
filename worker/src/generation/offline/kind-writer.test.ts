import { CATEGORY_IDS, TONES, type CategoryId, type Tone } from '@gl/core';
import { describe, expect, it } from 'vitest';
import { parseFrame } from './frame';
import { kindCandidates } from './kind-writer';
import { BANNED_PHRASES, SOFTWARE_ONLY } from './kinds.schema';
import { generateOffline } from './offline-generator';
import { refineOffline } from './refine';
import { seededRandom } from './variety';

const gen = (topic: string, category: CategoryId, tone: Tone, extra: Record<string, unknown> = {}) =>
  generateOffline({ topic, category, tone, count: 5, random: seededRandom(7), ...extra }).lines;

/** The pattern each delivered line was written from (by its text, before the switches). */
function patternsOf(topic: string, category: CategoryId, tone: Tone, lines: string[]): string[] {
  const frame = parseFrame(topic);
  const byText = new Map(kindCandidates({ frame, category, tone, language: 'en' }).map((c) => [c.text, c.pattern]));
  return lines.map((l) => byText.get(l)).filter((p): p is string => p !== undefined);
}

describe('lines written from the frame (issue 33)', () => {
  it('uses a fact of the brief, spelled as written, in at least 3 of 5 lines', () => {
    const briefs = [
      '24/7 plumber in Kisumu, no call-out fee, pay by M-Pesa',
      'Mama Oliech fish restaurant in Westlands, lunch from KSh 200',
      'charity fun run on 14 September for the children at Kenyatta Hospital',
      'mobile car wash that comes to your driveway in Austin, from $25',
    ];
    for (const topic of briefs) {
      const facts = parseFrame(topic).facts.map((f) => f.text.toLowerCase());
      expect(facts.length, topic).toBeGreaterThan(0);
      for (const category of CATEGORY_IDS) {
        for (const tone of ['bold', 'funny', 'corporate'] as const) {
          const lines = gen(topic, category, tone);
          const using = lines.filter((l) => facts.some((f) => l.toLowerCase().includes(f))).length;
          expect(using, `${topic} ${category}/${tone}: ${lines.join(' | ')}`).toBeGreaterThanOrEqual(3);
        }
      }
    }
  });

  it('never uses a pattern twice in a set of five', () => {
    for (const topic of ['bakery in Nakuru with free delivery', 'Kinyozi Kings barber shop in Kasarani', 'wedding DJ in Mombasa']) {
      for (const category of CATEGORY_IDS) {
        for (const tone of TONES) {
          const lines = gen(topic, category, tone);
          const patterns = patternsOf(topic, category, tone, lines);
          expect(new Set(patterns).size, `${topic} ${category}/${tone}: ${lines.join(' | ')}`).toBe(patterns.length);
        }
      }
    }
  });

  it('reads a product label as no place, and a clause as no offer ("Ex-Japan", "while you wait")', () => {
    const topic = "Ex-Japan used tyres in Nairobi's Industrial Area, fitting and balancing while you wait";
    const frame = parseFrame(topic);
    expect(frame.places).toEqual(["Nairobi's Industrial Area"]);
    expect(frame.offers).not.toContain('while you wait');
    for (const category of CATEGORY_IDS) {
      for (const line of gen(topic, category, 'bold')) {
        expect(line, line).not.toMatch(/in Ex-Japan|for while you wait|has you covered/i);
      }
    }
  });

  it('a kind the library lacks gets lines true of any business: never stock filler, never a software call to action', () => {
    for (const topic of ['bespoke kite workshop in Malindi', 'Zuri Kites, handmade kites for the beach', 'a plumber in Thika open 24/7']) {
      for (const category of CATEGORY_IDS) {
        for (const tone of TONES) {
          for (const line of gen(topic, category, tone)) {
            const lower = line.toLowerCase();
            for (const phrase of [...BANNED_PHRASES, ...SOFTWARE_ONLY]) expect(lower, line).not.toContain(phrase);
          }
        }
      }
    }
  });

  it('a person speaks as "I" or by name, never as "we"; a business never as a customer ("I love")', () => {
    for (const category of ['bios', 'taglines', 'adlines'] as const) {
      for (const line of gen('freelance wedding photographer in Mombasa', category, 'bold')) {
        expect(line, line).not.toMatch(/\bwe(?:'re|'ll| are| do)?\b/i);
      }
      for (const line of gen('family bakery in Nakuru', category, 'romantic')) {
        expect(line, line).not.toMatch(/^I love\b|Ask me anything/i);
      }
    }
  });

  it('gets the article right for what a slot puts after it', () => {
    const lines = CATEGORY_IDS.flatMap((c) => TONES.flatMap((t) => gen('an organic farm shop in Limuru selling avocados and eggs', c, t)));
    for (const line of lines) expect(line, line).not.toMatch(/\ba (?:[aeio]\w+)|\ban (?:[bcdfgjklmnpqrstvwxyz]\w+)/i);
  });
});

describe('bad input never fails and is never pasted', () => {
  const briefs = [
    'bakery',
    'BEST BARBER IN KISUMU, FADES FROM KSH 300!!!',
    '🍰🎉 cakes for every birthday in Nakuru 🎂',
    'phone repairs in Thika, call 0712 345 678 today',
    'visit www.rosiesbakery.co.ke for cakes',
    'boulangerie artisanale à Lyon, pain frais tous les jours',
    'a barber in Kasarani, better than Kinyozi Kings down the road',
    `${'a family bakery in Nakuru that sells fresh mandazi, birthday cakes, sourdough loaves and chapati, with free delivery across town, open Monday to Saturday from 6am, pay by M-Pesa, and we bake wedding cakes to order for weddings in Nakuru and Naivasha, '.slice(0, 290)}ok`,
  ];
  it.each(briefs)('%s', (topic) => {
    for (const category of CATEGORY_IDS) {
      for (const tone of ['bold', 'funny'] as const) {
        const lines = gen(topic, category, tone);
        expect(lines.length).toBe(5);
        for (const line of lines) {
          if (topic.split(' ').length >= 3) expect(line).not.toContain(topic);
          // A phone number or web address only when the brief asks for it in a call to action.
          if (!/call|visit/i.test(topic)) expect(line).not.toMatch(/0712|www\./);
          expect(line).not.toMatch(/[A-Z]{5,} [A-Z]{5,}/);
        }
      }
    }
  });
});

describe('refine edits the frame and never fails', () => {
  const base = { fromLanguage: 'en', language: 'en', maxChars: 500, count: 3, random: seededRandom(5) } as const;
  it('shorter keeps the subject and never returns a line already in the set', () => {
    const topic = "Rosie's Bakery in Nakuru, birthday cakes and fresh mandazi, free delivery";
    const set = gen(topic, 'adlines', 'bold');
    for (const line of set) {
      const out = refineOffline({ ...base, line, action: 'shorter', category: 'adlines', tone: 'bold', topic, exclude: set }).lines;
      expect(out.length, line).toBeGreaterThan(0);
      for (const t of out) {
        expect(set).not.toContain(t);
        expect(t.length).toBeLessThan(line.length);
        expect(t, `${line} -> ${t}`).toMatch(/Rosie|bakery|cake|mandazi|bread|bak/i);
      }
    }
  });

  it('never fails, even for a three-word line asked to be shorter or funnier', () => {
    for (const action of ['shorter', 'funnier', 'more_formal', 'punchier', 'longer'] as const) {
      const out = refineOffline({
        ...base,
        line: 'Plumber. Kisumu. 24/7.',
        action,
        category: 'taglines',
        tone: 'bold',
        topic: '24/7 plumber in Kisumu',
      });
      expect(out.lines.length, action).toBeGreaterThan(0);
    }
  });
});
