import { describe, expect, it } from 'vitest';
import { parseFrame } from './frame';
import { generateOffline } from './offline-generator';
import { seededRandom } from './variety';

/** Round 6's Kiswahili failure classes (writer-r6.md, classes 3, 5, 7), each on briefs invented for it. */
const lines = (topic: string, category: 'adlines' | 'bios' | 'captions' | 'quotes' | 'slogans' | 'taglines', tone = 'bold' as const) =>
  generateOffline({ category, tone, topic, count: 5, language: 'sw', random: seededRandom(3) }).lines;

describe('Kiswahili lines, round 6', () => {
  it('sells a product "of" something as the whole product, never its source ("mbolea ya kuku" is no chicken)', () => {
    const f = parseFrame('Tunauza mbolea ya ng’ombe Ruiru, gunia KSh 350');
    expect(f.brief.subject?.key).toBe('cow manure');
    expect(f.brief.offers.map((o) => o.en)).not.toContain('gunia');
    for (const l of lines('Tunauza mbolea ya ng’ombe Ruiru, gunia KSh 350', 'adlines')) {
      expect(l).not.toMatch(/\b(?:tuna|unatafuta) (?:ng’ombe|ng'ombe|gunia)\b/i);
      expect(l).not.toMatch(/\bcow manure\b/i);
    }
    expect(parseFrame('Tunauza mafuta ya nazi Malindi, chupa KSh 300').brief.subject?.key).toBe('coconut oil');
  });

  it('lets a band speak as "we" or by its name, never "Sisi" as a name nor "mimi", nor a wedding of its own', () => {
    const topic = 'Sisi ni bendi ya Jua Kali, tunapiga taarab kwa harusi';
    expect(parseFrame(topic).name).not.toBe('Sisi');
    for (const l of lines(topic, 'bios')) {
      expect(l).not.toMatch(/^Sisi\b|\bmimi\b|tumeoana|mimi na wewe/i);
    }
  });

  it('invites to an event the brief opens with, its time as a start, never opening hours', () => {
    const out = lines('Usiku wa mashairi Kisumu, Jumamosi saa 2 usiku', 'captions');
    expect(out.filter((l) => /usiku wa mashairi/i.test(l)).length).toBeGreaterThanOrEqual(3);
    for (const l of out) expect(l).not.toMatch(/tuko wazi|^mimi ni/i);
  });

  it('writes quotes on the brief’s own theme, never a shop’s proverb, and no call to action on a slogan', () => {
    for (const l of lines('Quote ya kuwatia moyo wazee wanaojifunza kusoma', 'quotes')) {
      expect(l).not.toMatch(/\b(?:nunua|agiza|bei|mteja|bidhaa)\b/i);
    }
    expect(lines('Nataka quote ya mazishi ya bibi yetu', 'quotes').join(' ')).toMatch(/kumbuk|pumzika|maisha/i);
    for (const l of lines('Sabuni ya mikono kutoka Kwale', 'slogans')) {
      expect(l).not.toMatch(/(?:Agiza leo|Tutumie ujumbe uagize|Tupigie simu leo)\.?$/);
    }
  });
});
