import type { CategoryId, Tone } from '@gl/core';
import { describe, expect, it } from 'vitest';
import { stripSwRequest } from './brief-request';
import { swAmount, swFact, swFactSentence } from './facts-sw';
import { parseFrame } from './frame';
import { generateOffline } from './offline-generator';
import { concord, swAgreeStandIn } from './swahili';
import { seededRandom } from './variety';

/**
 * The Kiswahili failure classes of the blind round (issue 33), each on briefs invented for the test:
 * request words and a self-introduction never become the subject, a person speaks as "mimi", what a
 * product lacks is never sold, events and causes invite, facts are carried as written, a Sheng brief
 * is answered in Sheng, key nouns of an English brief are said, verbs agree with their noun class.
 */
const lines = (brief: string, category: CategoryId, tone: Tone, seed = 3) =>
  generateOffline({ category, tone, topic: brief, count: 5, language: 'sw', random: seededRandom(seed) }).lines;
const SHOP_WORDS = /\b(?:tuko|tunakusubiri|tupigie|tutumie|kukuhudumia|tunakuhudumia|bidhaa|bei poa|bei ya haki|mzigo mpya|agiza|oda)\b/i;

describe('Kiswahili lines from the brief’s own words (issue 33)', () => {
  it('takes request words, the language asked for and a self-introduction off the brief', () => {
    expect(stripSwRequest('Mimi ni mfinyanzi wa vyungu Kisumu, nataka bio ya Instagram')).toBe('mfinyanzi wa vyungu Kisumu');
    expect(stripSwRequest('Tour company in Kilifi, Kiswahili tagline please')).toBe('Tour company in Kilifi');
    expect(stripSwRequest('Swahili caption for our bike repair shop in Nyali')).toBe('caption for our bike repair shop in Nyali');
    expect(stripSwRequest('Niaje wasee, tuko na kibanda cha smokie Umoja')).toBe('kibanda cha smokie Umoja');
    // An offer that ends in a kind of line is no request ("free quotes").
    expect(stripSwRequest('movers in Westlands, free quotes')).toBe('movers in Westlands, free quotes');
    const f = parseFrame('Tagline in Kiswahili for a basket weavers co-op in Machakos');
    expect(f.subject ?? '').not.toMatch(/tagline|kiswahili/i);
    // "Write in Kiswahili: a bio for …": the language asked for goes wherever it stands, and "Write" is no name.
    expect(stripSwRequest('Write in Kiswahili: a bio for a nurse in Eldoret')).toBe('Write a bio for a nurse in Eldoret');
    expect(stripSwRequest('A caption for our bakery in Thika (in Swahili)')).toBe('A caption for our bakery in Thika');
    const nurse = parseFrame('Write in Kiswahili: a bio for a nurse in Eldoret who works night shifts');
    expect(nurse.name).toBeNull();
    expect(nurse.speaker).toBe('person');
    for (const l of lines('Write in Kiswahili: a tagline for a cold storage service for fish traders in Mombasa', 'taglines', 'corporate'))
      expect(l).not.toMatch(/\bwrite\b/i);
  });

  it('writes a person introduced with "Mimi ni" as one person, never as a shop', () => {
    const f = parseFrame('Mimi ni mhudumu wa afya na mama wa mapacha, bio ya Instagram');
    expect(f.speaker).toBe('person');
    const out = lines('Mimi ni mhudumu wa afya na mama wa mapacha, bio ya Instagram', 'bios', 'inspirational');
    expect(out).toHaveLength(5);
    for (const l of out) {
      expect(l).not.toMatch(SHOP_WORDS);
      expect(l).not.toMatch(/^Mimi[.:]/);
    }
    const teacher = lines('Swahili bio for me, I am a secondary school teacher in Embu who loves poetry', 'bios', 'inspirational');
    expect(teacher.join(' ')).toMatch(/mwalimu/i);
    expect(teacher.join(' ')).toMatch(/mashairi/);
    for (const l of teacher) expect(l).not.toMatch(SHOP_WORDS);
  });

  it('never sells what a product brief says it has none of, and says it is pure', () => {
    const sw = lines('Asali yetu haijachanganywa na sukari, kutoka Baringo', 'adlines', 'bold');
    expect(sw.join(' ')).toMatch(/asali/i);
    expect(sw.join(' ')).toMatch(/haijachanganywa na sukari/i);
    for (const l of sw) if (/sukari/i.test(l)) expect(l).toMatch(/(?:haija\p{L}*|bila|hakuna|wala)\s+(?:\p{L}+\s+){0,2}sukari/iu);
    const en = lines('Kiswahili tagline for our peanut butter, no sugar added, Meru', 'taglines', 'minimalist');
    expect(en.join(' ')).toMatch(/bila sukari iliyoongezwa/i);
    for (const l of en) if (/sukari/i.test(l)) expect(l).toMatch(/bila sukari/i);
  });

  it('carries an entry fee and a date as written, in Kiswahili', () => {
    expect(swAmount('mia mbili')).toBe(200);
    expect(swAmount('elfu moja na mia tano')).toBe(1500);
    expect(swFact({ text: 'entry ni mia tatu', type: 'price' })).toBe('KSh 300');
    expect(swFactSentence({ text: 'kiingilio KSh 500', type: 'price' })).toBe('Kiingilio: KSh 500.');
    expect(swFactSentence({ text: 'KSh 2,000 per person', type: 'price' }, { speaker: 'event' })).toBe('Tiketi: KSh 2,000 kwa mtu.');
    const gig = lines('Tamasha la taarab Mombasa Jumamosi hii, kiingilio KSh 500', 'adlines', 'bold');
    expect(gig.join(' ')).toMatch(/Kiingilio: KSh 500\./);
    for (const l of gig) expect(l).not.toMatch(/\bBei:|bidhaa|mzigo mpya/i);
  });

  it('has an event or a trip invite, naming what it is, never selling stock', () => {
    const cruise = lines('Swahili caption for our sunset dhow cruise in Kilifi, KSh 2,000 per person', 'captions', 'romantic');
    expect(cruise.join(' ')).toMatch(/jahazi/i);
    expect(cruise.join(' ')).toMatch(/KSh 2,000/);
    for (const l of cruise) expect(l).not.toMatch(/mzigo mpya|zimeisha|bidhaa|pita uchague/i);
    const darts = lines('Kiswahili tagline for a pool tournament at our pub in Eldoret, 3 May', 'taglines', 'bold');
    expect(darts.join(' ')).toMatch(/mashindano/i);
    expect(darts.join(' ')).toMatch(/tarehe 3 Mei/i);
    for (const l of darts) expect(l).not.toMatch(/bei ya haki|kazi safi|bidhaa/i);
  });

  it('names the craft of a craft group and who a medical harambee is for', () => {
    expect(lines('Swahili ad for a basket weavers women’s group in Kitui', 'adlines', 'inspirational').join(' ')).toMatch(/vikapu/);
    expect(lines('Kiswahili slogan for a woodcarvers co-op in Malindi', 'slogans', 'bold').join(' ')).toMatch(/vinyago/);
    const appeal = lines('Tunachangisha pesa za upasuaji wa mama Akinyi, tuma kwa M-Pesa', 'captions', 'inspirational');
    expect(appeal.join(' ')).toMatch(/Akinyi/);
  });

  it('never reads a self-introduction as the writer’s own wedding, nor a group as one person', () => {
    const dj = lines('Mimi ni mpiga picha wa harusi Nanyuki, nataka bio', 'bios', 'bold');
    for (const l of dj) expect(l).not.toMatch(/tumeoana|mimi na wewe|tumesema "ndiyo"/i);
    const group = lines('Kiswahili tagline for a sisal baskets self-help group in Kitui', 'taglines', 'inspirational');
    expect(group.join(' ')).toMatch(/vikapu/);
    for (const l of group) expect(l).not.toMatch(/safari yangu|maisha yangu/i);
  });

  it('reads a price said in words ("fade ni mia tatu") as KSh', () => {
    expect(swFact({ text: 'fade ni mia tatu', type: 'price' })).toBe('KSh 300');
    expect(swFactSentence({ text: 'fade ni mia tatu', type: 'price' })).toBe('Fade: KSh 300.');
    const f = parseFrame('Niaje, tuko na kinyozi Kasarani, fade ni mia mbili');
    expect(f.facts.map((x) => x.text)).toContain('fade ni mia mbili');
  });

  it('answers a Sheng brief in Sheng', () => {
    const out = lines('Niaje wasee, tuko na kibanda cha smokie Umoja, bei poa', 'captions', 'funny');
    expect(out.join(' ')).toMatch(/\b(?:fiti|manze|form|vibe)\b/i);
  });

  it('makes a verb after a stand-in agree with its noun class', () => {
    expect(swAgreeStandIn('Chama chetu inakaribisha wanachama wapya!', 'Chama chetu')).toBe('Chama chetu kinakaribisha wanachama wapya!');
    expect(swAgreeStandIn('Mashindano yetu ya mpira inakuja tarehe 5!', 'Mashindano yetu ya mpira')).toBe(
      'Mashindano yetu ya mpira yanakuja tarehe 5!',
    );
    expect(swAgreeStandIn('Darasa letu la coding inakurahisishia kazi.', 'Darasa letu la coding')).toBe(
      'Darasa letu la coding linakurahisishia kazi.',
    );
    expect(swAgreeStandIn('Mbio zetu za hisani inakuja.', 'Mbio zetu za hisani')).toBe('Mbio zetu za hisani zinakuja.');
    expect(swAgreeStandIn('Harambee yetu inakuhitaji.', 'Harambee yetu')).toBe('Harambee yetu inakuhitaji.');
    expect(concord(5, 'sp')).toBe('li');
    const chama = lines('Chama cha akina mama Umoja Nyeri inatafuta wanachama wapya', 'adlines', 'inspirational', 5);
    for (const l of chama) expect(l).not.toMatch(/\bchama (?:chetu|hiki) i(?:na|me)/i);
  });
});
