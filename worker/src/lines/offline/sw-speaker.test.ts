import type { CategoryId, PlatformId, Tone } from '@gl/core';
import { getPlatform } from '@gl/core';
import { describe, expect, it } from 'vitest';
import { parseFrame } from './frame';
import { generateOffline } from './offline-generator';
import { swReframe, swSubjectType, swWrongTalk } from './sw-speaker';
import { seededRandom } from './variety';

/**
 * Who speaks in a Kiswahili set (issue 33, the blind rater's notes): shop copy only for a shop, a
 * group invites, a school tells parents the day, a service says what it does, a person says "Mimi
 * ni…"; a time word or a client is never the thing sold; no stock tail. Briefs invented for the test.
 */
const lines = (brief: string, category: CategoryId, tone: Tone, platform?: PlatformId, seed = 5) => {
  const p = platform ? getPlatform(platform) : undefined;
  return generateOffline({
    category,
    tone,
    topic: brief,
    count: 5,
    language: 'sw',
    maxChars: p?.maxChars,
    hashtags: p?.hashtags,
    emoji: p?.emoji,
    random: seededRandom(seed),
  }).lines;
};
const SHOP = /\b(?:bidhaa|duka letu|tembelea duka|nunua|mzigo|bei nafuu|tunachagua kila|agiza|leo tuna)\b/i;
const STOCK = /\b(?:nyuma ya pazia|na ndoto kubwa|bei ya haki|tunakuhudumia kwa moyo|kila siku ni mwanzo mpya|sasa na milele)\b/i;

describe('Kiswahili speakers (issue 33)', () => {
  it('writes a youth group as a group that invites, never as a shop', () => {
    const set = lines('Kikundi cha vijana Njoro, tunatembelea wazee kila Jumamosi, tunawapikia chakula', 'captions', 'inspirational');
    expect(set).toHaveLength(5);
    for (const l of set) expect(l).not.toMatch(SHOP);
    for (const l of set) expect(l).not.toMatch(STOCK);
    expect(set.join(' ')).toMatch(/Jiunge|ujiunge/);
    expect(set.join(' ')).toMatch(/tunatembelea wazee kila Jumamosi/i);
  });

  it('writes a school SMS to parents with the day, the date and what to pay, never "Tuko wazi"', () => {
    const set = lines(
      'Shule ya Msingi Mwangaza: siku ya michezo tarehe 9 Juni, wazazi waje saa mbili asubuhi, ada ya chakula KSh 150',
      'adlines',
      'corporate',
      'sms',
    );
    expect(set).toHaveLength(5);
    for (const l of set) expect(l).not.toMatch(/\btuko wazi\b|\bwateja\b/i);
    for (const l of set) expect(l).not.toMatch(SHOP);
    expect(set.filter((l) => /tarehe 9 Juni/.test(l)).length).toBeGreaterThanOrEqual(3);
    expect(set.join(' ')).toMatch(/Wazazi/);
    expect(set.join(' ')).toMatch(/Ada ya chakula ni KSh 150/);
  });

  it('says an English school SMS in Kiswahili under the school’s name, without a service’s calls', () => {
    const set = lines('SMS to parents from Hillcrest Academy: sports day on 12 May, bring the fee balance', 'adlines', 'corporate', 'sms');
    expect(set.join(' ')).toMatch(/Hillcrest Academy/);
    expect(set.join(' ')).toMatch(/siku ya michezo/i);
    expect(set.filter((l) => /tarehe 12 Mei/i.test(l)).length).toBeGreaterThanOrEqual(3);
    for (const l of set) expect(l).not.toMatch(/\b(?:tupigie|wateja|huduma bora)\b/i);
  });

  it('writes a studio as a studio that says what it makes, never shop copy, its music or its clients as the subject', () => {
    const set = lines('Studio ya kurekodi Malindi, tunatengeneza matangazo ya redio kwa shule na makanisa', 'taglines', 'bold');
    for (const l of set) expect(l).not.toMatch(SHOP);
    for (const l of set) expect(l).not.toMatch(/\b(?:unatafuta|unahitaji) (?:shule|makanisa)\b/i);
    expect(set.join(' ')).toMatch(/Tunatengeneza matangazo/);
  });

  it('never takes a time word, a quantity or a client for the thing sold', () => {
    const frame = swReframe(parseFrame('Tunasafisha ofisi Kilimani kwa kampuni na hospitali, kila siku'));
    expect(swWrongTalk('Leo tuna siku. Pita mapema!', frame)).toBe(true);
    expect(swWrongTalk('Unatafuta hospitali? Tuko Kilimani.', frame)).toBe(true);
    expect(swWrongTalk('Tuna nyumbani.', frame)).toBe(true);
    expect(swWrongTalk('Tunasafisha ofisi, Kilimani. Tuko wazi kila siku.', frame)).toBe(false);
    const shop = swReframe(parseFrame('Duka la viatu Nyeri, viatu vipya kila wiki'));
    expect(swWrongTalk('Duka la viatu, Nyeri. Tuko wazi kila wiki.', shop)).toBe(true);
    expect(swWrongTalk('Viatu vipya vimefika! Tembelea duka letu.', shop)).toBe(false);
  });

  it('keeps shop copy for a shop', () => {
    expect(swSubjectType(swReframe(parseFrame('Duka la vitenge Kariakor, vitenge vipya kila wiki, bei nafuu')))).toBe('shop');
    const set = lines('Duka la vitenge Kariakor, vitenge vipya kila wiki, bei nafuu', 'adlines', 'romantic');
    expect(set.join(' ')).toMatch(/vitenge/i);
  });

  it('writes a boda boda rider’s bio asked in English as "Mimi ni…", never as a business or an expert', () => {
    const set = lines('Bio for a boda boda rider in Bungoma who also delivers parcels', 'bios', 'funny', 'x_bio');
    expect(set).toHaveLength(5);
    expect(set.join(' ')).toMatch(/Mimi ni mwendesha boda boda wa Bungoma/);
    for (const l of set) expect(l).not.toMatch(/\b(?:mtaalamu|huduma|ubunifu|tupigie)\b/i);
  });

  it('says what an English service brief does in Kiswahili, with its phone number', () => {
    const set = lines('Plumbing service in Thika, we fix leaking pipes, call 0722 111 222', 'slogans', 'bold');
    expect(set.join(' ')).toMatch(/Tunarekebisha mabomba/);
    expect(set.join(' ')).toMatch(/0722 111 222/);
    for (const l of set) expect(l).not.toMatch(/^Huduma\b/);
  });

  it('puts no small-business hashtag on a church and invites to its service', () => {
    const set = lines(
      'Kanisa la PCEA Nyahururu, ibada ya Jumapili saa tatu asubuhi, wote mnakaribishwa',
      'captions',
      'inspirational',
      'instagram_caption',
    );
    for (const l of set) expect(l).not.toMatch(/#BiasharaNdogo|#NunuaKenya/);
    for (const l of set) expect(l).not.toMatch(SHOP);
    expect(set.join(' ')).toMatch(/saa tatu asubuhi/);
  });

  it('keeps a salon’s name with its title and never reads the title as the audience', () => {
    const set = lines('Saluni ya Mama Akinyi Kisumu, tunasuka nywele na kupaka hina', 'taglines', 'romantic');
    expect(set.join(' ')).toMatch(/Mama Akinyi/);
    for (const l of set) expect(l).not.toMatch(/^Akinyi\b|akina mama/i);
    for (const l of set) expect(l).not.toMatch(/na kupaka\.|na kufanya\./);
  });
});
