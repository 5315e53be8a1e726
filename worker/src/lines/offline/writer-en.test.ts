import { CATEGORY_IDS, type CategoryId, type Tone, REFINE_SHORTER_RATIO } from '@gl/core';
import { describe, expect, it } from 'vitest';
import { DEV_BRIEFS } from './dev-briefs';
import { cleanOffer, parseFrame, stripRequest } from './frame';
import { ctaFits, lineFits } from './kind-writer';
import { generateOffline } from './offline-generator';
import { refineOffline } from './refine';
import { seededRandom } from './variety';
import { exclaimed, measureExamples, voiceScore } from './voice';

/**
 * The English lines of the built-in writer (issue 33, round three): the failure modes a blind rater
 * found, each on briefs of the writer's own dev set (dev-briefs.ts), asserted never to come back.
 */
const gen = (topic: string, category: CategoryId, tone: Tone, extra: Record<string, unknown> = {}) =>
  generateOffline({ topic, category, tone, count: 5, random: seededRandom(11), hashtags: 'none', emoji: 'none', ...extra }).lines;

const brief = (start: string) => {
  const b = DEV_BRIEFS.find((d) => d.topic.startsWith(start));
  if (!b) throw new Error(`no dev brief starts with ${start}`);
  return b;
};

const REQUEST_WORDS = /\b(?:caption|bio|quote|headline|slogan|words|t-shirts|banner|ig|linkedin|lol)\b/i;
const CHARITY = /\b(?:every gift counts|stand with|small gifts|big change|donate|every shilling|every share helps)\b/i;
const RETAIL = /\b(?:in stock|fairly priced|visit the shop|shop now|back on the shelf|new stock|see before you buy)\b/i;

describe('the request words of a brief (failure mode 1)', { timeout: 60_000 }, () => {
  it('strips what is asked for, keeping what the subject is', () => {
    expect(stripRequest('need a caption for our car wash in Thika lol').text).toBe('car wash in Thika');
    expect(stripRequest('bio for my IG, i am a makeup artist in Nakuru')).toEqual({ text: 'makeup artist in Nakuru', person: true });
    expect(stripRequest('quote for our banner: Kisumu Lakeside Marathon 12 October').text).toBe('Kisumu Lakeside Marathon 12 October');
    expect(stripRequest('LinkedIn headline for me: cybersecurity consultant').text).toBe('cybersecurity consultant');
    expect(stripRequest('need words for our T-shirts for the Kibera youth football tournament').text).toBe(
      'Kibera youth football tournament',
    );
    expect(stripRequest('caption for my gym: Iron Temple Kasarani, monthly membership').text).toBe(
      'Iron Temple Kasarani gym, monthly membership',
    );
    // A brief that is nothing but a request is kept as it is.
    expect(stripRequest('caption').text).toBe('caption');
  });

  it('never takes a request word, a clause or a pronoun phrase for a name, a subject or an offer', () => {
    for (const b of DEV_BRIEFS) {
      const f = parseFrame(b.topic);
      for (const slot of [f.name, f.subject, ...f.offers]) {
        if (slot === null) continue;
        expect(REQUEST_WORDS.test(slot), `${b.topic}: ${slot}`).toBe(false);
        expect(/^(?:we|i|you|us|have|am|is|meets?)\b/i.test(slot), `${b.topic}: ${slot}`).toBe(false);
      }
      for (const o of f.offers) expect(cleanOffer(o), `${b.topic}: offer ${o}`).toBe(true);
    }
    const wash = parseFrame(brief('need a caption for our car wash').topic);
    expect(wash.subject).toBe('car wash');
    expect(wash.offers).toEqual(['engine wash']);
    expect(parseFrame(brief('we keep books').topic).kind.id).toBe('accountant');
    expect(parseFrame(brief('Tree planting day').topic).offers).toEqual([]);
  });

  it('rejects offers that are clauses, counts or fillers', () => {
    for (const bad of [
      'you wait',
      'have planted 12',
      '10 years',
      'sleeps 6',
      'baked',
      'usually b',
      'want quote',
      'helping banks',
      'cakes cakes',
    ])
      expect(cleanOffer(bad), bad).toBe(false);
    for (const good of ['screen repairs', '20 litre refill', 'school uniforms', 'smoky jackfruit tacos'])
      expect(cleanOffer(good), good).toBe(true);
  });

  it('writes no line with a request word used as a name or a noun', () => {
    for (const start of [
      'need a caption for our car wash',
      'bio for my IG',
      'quote for our banner',
      'LinkedIn headline',
      'need words for our T-shirts',
    ]) {
      const b = brief(start);
      for (const category of CATEGORY_IDS) {
        for (const line of gen(b.topic, category, b.tone)) expect(REQUEST_WORDS.test(line), `${start} ${category}: ${line}`).toBe(false);
      }
    }
  });

  it('reads names as written: a name before the trade, a title, never a place as the name or the name as a place', () => {
    expect(parseFrame(brief('Jollof Junction').topic)).toMatchObject({ name: 'Jollof Junction', subject: 'food truck', places: ['Accra'] });
    expect(parseFrame(brief('Kinyozi Kings').topic)).toMatchObject({ name: 'Kinyozi Kings', subject: 'barbershop' });
    expect(parseFrame(brief('Sunrise Dental').topic)).toMatchObject({ name: 'Sunrise Dental Clinic', places: ['Eldoret'] });
    expect(parseFrame(brief('Dr. Achieng').topic)).toMatchObject({ name: 'Dr Achieng', speaker: 'person', subject: 'paediatrician' });
    expect(parseFrame(brief('Wanjiku Njoroge').topic)).toMatchObject({ speaker: 'person', subject: 'graphic designer' });
    expect(parseFrame(brief('COFFEE SHOP').topic).places).toEqual(['Nyeri']);
  });
});

describe('the register of the speaker (failure modes 2 and 6)', { timeout: 60_000 }, () => {
  it('never writes charity copy for a business, a person or an event, nor shop copy for a service, a person or an event', () => {
    for (const b of DEV_BRIEFS) {
      const f = parseFrame(b.topic);
      const shop = f.speaker === 'business' && (f.kind.sells === 'product' || f.kind.sells === 'food');
      for (const category of [b.category, 'adlines', 'slogans'] as CategoryId[]) {
        for (const line of gen(b.topic, category, b.tone)) {
          if (f.speaker !== 'cause') expect(CHARITY.test(line), `${b.topic} ${category}: ${line}`).toBe(false);
          if (!shop) expect(RETAIL.test(line), `${b.topic} ${category}: ${line}`).toBe(false);
        }
      }
    }
  });

  it('a bio of one person says "I", never "we"; a firm never says "I"', () => {
    for (const start of ['bio for my IG', 'LinkedIn headline', 'Wedding DJ', 'Wanjiku Njoroge', 'Dr. Achieng', 'photographer, weddings']) {
      const b = brief(start);
      expect(parseFrame(b.topic).speaker, start).toBe('person');
      for (const line of gen(b.topic, 'bios', b.tone)) expect(/\b(?:we|our|us)\b/i.test(line), `${start}: ${line}`).toBe(false);
    }
    for (const line of gen(brief('24/7 plumber').topic, 'bios', 'corporate')) expect(/\b(?:I|my|me)\b/.test(line), line).toBe(false);
  });

  it('keeps launch hype for what is new', () => {
    const f = parseFrame(brief('physiotherapy clinic').topic);
    expect(lineFits('A revolution in back care.', f, 'en')).toBe(false);
    expect(lineFits('Our physiotherapy clinic: move freely again.', f, 'en')).toBe(true);
  });
});

describe('calls to action that fit the speaker (failure mode 3)', () => {
  it('no shop calls for a person, an event or a cause; no booking for a while-you-wait service; no save-the-date for a weekly event', () => {
    const event = parseFrame(brief('our church youth camp').topic);
    expect(ctaFits('Order today.', event)).toBe(false);
    expect(ctaFits('Get your ticket.', event)).toBe(true);
    const wait = parseFrame(brief('phone screen repairs while you wait').topic);
    expect(ctaFits('Book a time that suits you.', wait)).toBe(false);
    expect(ctaFits('Walk in today.', wait)).toBe(true);
    const weekly = parseFrame(brief('Open mic night every Friday').topic);
    expect(ctaFits('Save the date.', weekly)).toBe(false);
    const person = parseFrame(brief('bio for my IG').topic);
    expect(ctaFits('Visit the shop.', person)).toBe(false);
    expect(ctaFits('Send us a message.', person)).toBe(false);
  });

  it('never says "come to your driveway" without its speaker', () => {
    for (const start of ['Mobile mechanic', 'pet grooming van']) {
      const b = brief(start);
      for (const category of CATEGORY_IDS)
        for (const line of gen(b.topic, category, b.tone)) expect(/(?:^|[.!?,]\s+)come to (?:your|you)\b/i.test(line), line).toBe(false);
    }
  });

  it('writes "save the date" only for a dated one-off event', () => {
    const b = brief('Open mic night every Friday');
    for (const category of CATEGORY_IDS) for (const line of gen(b.topic, category, b.tone)) expect(line).not.toMatch(/save the date/i);
  });
});

describe('facts as written, with what they belong to (failure mode 4)', { timeout: 60_000 }, () => {
  it('keeps the currency as written and uses a fact in at least 3 of 5 lines', () => {
    expect(parseFrame(brief('yoga classes').topic).facts).toContainEqual({ text: 'S$25', type: 'price' });
    expect(parseFrame(brief('our church youth camp').topic).facts).toContainEqual({ text: '15 to 18 December', type: 'date' });
    expect(parseFrame(brief('IT support').topic).facts).toContainEqual({ text: 'response in 2 hours', type: 'duration' });
    for (const b of DEV_BRIEFS) {
      const facts = parseFrame(b.topic).facts.map((f) => f.text.toLowerCase());
      if (facts.length === 0) continue;
      const lines = gen(b.topic, b.category, b.tone);
      const using = lines.filter((l) => facts.some((f) => l.toLowerCase().includes(f))).length;
      expect(using, `${b.topic}: ${lines.join(' | ')}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('a price stays with its own item when the brief writes one before it', () => {
    const b = brief('pet grooming van');
    expect(parseFrame(b.topic).facts).toContainEqual({ text: '$15', type: 'price', of: 'nail trims' });
    for (const category of CATEGORY_IDS)
      for (const line of gen(b.topic, category, b.tone)) if (line.includes('$15')) expect(line, line).toMatch(/nail trims/i);
  });

  it('a quote is attributed to the name, with a date after a comma, never a brief fragment', () => {
    const lines = gen(brief('quote for our banner').topic, 'quotes', 'inspirational');
    for (const line of lines) {
      const by = /—\s*(.+)$/.exec(line)?.[1];
      if (by) expect(by, line).toMatch(/^Kisumu Lakeside Marathon(?:, on 12 October)?$/);
    }
  });
});

describe('no filler, no doubled words (failure mode 5)', { timeout: 60_000 }, () => {
  it('never doubles a word or says an offer twice', () => {
    for (const b of DEV_BRIEFS) {
      for (const line of gen(b.topic, b.category, b.tone)) {
        expect(/\b(\p{L}{3,})\s+\1\b/iu.test(line), `${b.topic}: ${line}`).toBe(false);
        expect(line, b.topic).not.toMatch(/sharp fade: fades|cakes birthday cakes|We only do (?:dental clinic|physiotherapy clinic)/i);
      }
    }
  });
});

describe('a voice measured from example lines', () => {
  const examples = ['Fresh fade, fresh start!', 'Sharp lines. Clean fades. Kinyozi Kings!', 'Your fade, our art!'];

  it('measures length, sentence shape, person, punctuation and the examples own words', () => {
    const v = measureExamples(examples);
    expect(v).not.toBeNull();
    expect(v!.exclaims).toBe(true);
    expect(v!.sentenceWords).toBeLessThan(5);
    expect(v!.words.has('fade')).toBe(true);
    expect(v!.words.has('the')).toBe(false);
    expect(measureExamples([])).toBeNull();
    expect(measureExamples(['We bake at dawn.', 'Our bread, your table.'])!.person).toBe('we');
  });

  it('scores a line of the voice above one that is not', () => {
    const v = measureExamples(examples)!;
    expect(voiceScore('Fresh fade. Sharp lines!', v)).toBeGreaterThan(
      voiceScore('Kinyozi Kings is a barbershop that has served Rongai with professional grooming services since 2015.', v),
    );
    expect(exclaimed("Chair's open. Clippers ready.")).toBe("Chair's open. Clippers ready!");
    expect(exclaimed('A long sentence that goes on for more than six words in all.')).toBe(
      'A long sentence that goes on for more than six words in all.',
    );
  });

  it('shapes the lines it writes: an exclaiming voice lends its "!" and its words rank its lines up', () => {
    const topic = 'Kinyozi Kings barbershop in Rongai, fades KSh 200';
    const brand = (ex: string[]) => ({ name: 'Kinyozi Kings', wordsToUse: [], wordsToAvoid: [], examples: ex });
    const plain = gen(topic, 'captions', 'bold', { brand: brand([]) });
    const voiced = gen(topic, 'captions', 'bold', { brand: brand(examples) });
    const bangs = (ls: string[]) => ls.filter((l) => /!$/.test(l)).length;
    expect(bangs(voiced)).toBeGreaterThan(bangs(plain));
    expect(bangs(voiced)).toBeGreaterThanOrEqual(3);
    // The "no exclamation marks" rule still wins over the examples.
    for (const line of gen(topic, 'captions', 'bold', { brand: brand(examples), noExclamation: true })) expect(line).not.toMatch(/!/);
  });
});

describe('refine edits the line of a frame', { timeout: 120_000 }, () => {
  it('shorter keeps the subject and the main fact, never returns a line of the set, never fails', () => {
    let n = 0;
    let kept = 0;
    for (const b of DEV_BRIEFS.filter((d) => parseFrame(d.topic).facts.length > 0).slice(0, 12)) {
      const f = parseFrame(b.topic);
      const marks = [f.name, f.subject?.split(/\s+/).pop(), ...f.places, ...f.offers]
        .filter((m): m is string => Boolean(m))
        .map((m) => m.toLowerCase());
      const lines = gen(b.topic, b.category, b.tone);
      for (const line of lines) {
        const out = refineOffline({
          line,
          action: 'shorter',
          fromLanguage: 'en',
          language: 'en',
          category: b.category,
          tone: b.tone,
          topic: b.topic,
          maxChars: 500,
          count: 1,
          exclude: lines,
          random: seededRandom(5),
        }).lines[0];
        expect(out, `${b.topic}: ${line}`).toBeDefined();
        expect(lines).not.toContain(out);
        n += 1;
        const fact = f.facts.find((x) => line.toLowerCase().includes(x.text.toLowerCase()));
        const lower = out!.toLowerCase();
        // The fact counts where a shorter line can hold a mark and the fact at all; else the subject comes first.
        const room = Math.floor(REFINE_SHORTER_RATIO * [...line].length);
        const bothFit = fact !== undefined && marks.some((m) => m.length + fact.text.length + 3 <= room);
        if (marks.some((m) => lower.includes(m)) && (!bothFit || lower.includes(fact.text.toLowerCase()))) kept += 1;
      }
    }
    expect(kept / n).toBeGreaterThanOrEqual(0.85);
  });
});
