import type { CategoryId, Tone } from '@gl/core';
import { describe, expect, it } from 'vitest';
import { parseFrame } from './frame';
import { generateOffline } from './offline-generator';
import { swFrameLines } from './sw-frames';
import { seededRandom } from './variety';

/** Kiswahili sentence frames per speaker (issue 33, round 7), on briefs invented for these tests. */
const lines = (brief: string, category: CategoryId, tone: Tone, seed = 2) =>
  generateOffline({ category, tone, topic: brief, count: 5, language: 'sw', random: seededRandom(seed) }).lines;
const SELLING = /\b(?:bei poa|agiza|bidhaa|mteja ni mfalme|kazi safi|tupigie|mzigo mpya)\b/i;

describe('Kiswahili sentence frames (sw-frames.ts)', () => {
  it('says what a shop of an English brief has, through the lexicon', () => {
    const f = parseFrame('Kiswahili caption for a hardware shop in Mtwapa selling cement, iron sheets and paint');
    expect(swFrameLines(f, 'captions', 'bold')).toContain('Duka la vifaa vya ujenzi, Mtwapa: simenti, mabati na rangi.');
  });

  it('says whom a business serving businesses serves, never another trade’s lines', () => {
    const f = parseFrame('Write in Kiswahili: a caption for a cold storage service for fish traders in Mombasa');
    expect(swFrameLines(f, 'captions', 'corporate').join(' ')).toMatch(/kwa wafanyabiashara wa samaki/);
    for (const l of lines('Hifadhi ya baridi kwa wafanyabiashara wa samaki Kisumu, bei nafuu kwa mwezi', 'captions', 'corporate'))
      expect(l).not.toMatch(/\b(?:bia|pombe|kaanga|tamu)\b/i);
  });

  it('restates a Kiswahili brief’s own clauses, four of its words at most in a row', () => {
    const f = parseFrame('Duka letu la vitabu Kisumu lina madaftari, kalamu na vitabu vya shule, shule zinafunguliwa');
    expect(swFrameLines(f, 'adlines', 'bold')).toContain('Shule zinafunguliwa? Tuna madaftari, kalamu na vitabu. Karibu Kisumu.');
    const g = parseFrame('Fundi wa magari Kariobangi, tunarekebisha breki na injini, Jumatatu hadi Jumamosi');
    expect(swFrameLines(g, 'adlines', 'bold')[0]).toBe(
      'Tunarekebisha breki na injini. Fundi wa magari, Kariobangi. Tuko wazi Jumatatu hadi Jumamosi.',
    );
  });

  it('invites to a free health campaign and never sells it', () => {
    for (const brief of [
      'A caption in Kiswahili for a free eye screening campaign in Kibera this Saturday',
      'kampeni ya bure ya kupima kisukari mtwapa jumamosi hii',
    ]) {
      const f = parseFrame(brief);
      expect(f.speaker, brief).toBe('cause');
      const got = lines(brief, 'captions', 'corporate');
      expect(got.join(' '), brief).toMatch(/upimaji wa (?:macho|kisukari)/i);
      expect(got.join(' '), brief).toMatch(/Jumamosi hii/);
      for (const l of got) expect(l, brief).not.toMatch(SELLING);
    }
  });

  it('writes a person asked for in English as "mimi", never as a shop, and never a line about a place alone', () => {
    const got = lines('Write in Kiswahili: a bio for a midwife in Kilifi who has delivered over 500 babies', 'bios', 'inspirational');
    expect(got.join(' ')).toMatch(/\bmkunga\b/i);
    for (const l of got) {
      expect(l).not.toMatch(/\bwrite\b|hapa nashiriki maisha yangu/i);
      expect(l).not.toMatch(SELLING);
    }
    for (const brief of [
      'Kiswahili slogan for a water delivery service in Kitengela, 20 litres for KSh 50',
      'Kinyozi Kitengela, fade KSh 200',
    ])
      for (const l of lines(brief, 'slogans', 'bold')) {
        expect(l, brief).not.toMatch(/tunakusubiri|asubuhi njema kutoka|^Kitengela (?:ni|ina)\b/i);
        expect((l.match(/Kitengela/g) ?? []).length, l).toBeLessThanOrEqual(1);
      }
  });
  it('keeps a romantic set romantic, in Kiswahili words: a dinner for two, an anniversary that is no wedding day', () => {
    const valentine = lines(
      "A caption in Kiswahili for our Valentine's dinner at a beach hotel in Diani, KSh 6,000 per couple",
      'captions',
      'romantic',
    );
    for (const l of valentine) expect(l).not.toMatch(/Valentine's\.|mpishi angejiuzulu|diet ianze|njoo na marafiki/i);
    expect(valentine.join(' ')).toMatch(/KSh 6,000 kwa wawili/);
    for (const l of lines('Write in Kiswahili: a caption for our wedding anniversary dinner', 'captions', 'romantic'))
      expect(l).not.toMatch(/tumeoana|tumesema "ndiyo"|tumeianza rasmi/i);
  });

  it("gives a quote about hard work for farmers a farmer's proverbs, never a shop's", () => {
    for (const l of lines('A quote in Kiswahili about hard work for farmers', 'quotes', 'inspirational'))
      expect(l).not.toMatch(/mteja|kukuhudumia|tangazo/i);
  });
});
