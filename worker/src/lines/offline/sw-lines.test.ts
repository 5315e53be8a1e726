import { CATEGORY_IDS } from '@gl/core';
import { describe, expect, it } from 'vitest';
import { stripSwRequest } from './brief-request';
import { isSwahiliBrief } from './brief-sw';
import { swFact, swFactSentence, swTime } from './facts-sw';
import { parseFrame } from './frame';
import { hasEnglish } from './measure';
import { generateOffline } from './offline-generator';
import { concord, swOurs } from './swahili';
import { SW_DEV_BRIEFS } from './sw-dev-briefs';
import { seededRandom } from './variety';

/**
 * The built-in writer's Kiswahili lines (issue 33), on the Kiswahili dev briefs (sw-dev-briefs.ts):
 * the failure modes a blind rater found, each held by a test.
 */
const linesFor = (brief: string, category: (typeof CATEGORY_IDS)[number], tone = SW_DEV_BRIEFS[0]!.tone, seed = 1) =>
  generateOffline({ category, tone, topic: brief, count: 5, language: 'sw', random: seededRandom(seed) }).lines;

/** Every dev brief in every category, in its own tone: 36 briefs x 6 categories x 5 lines. */
const ALL = SW_DEV_BRIEFS.flatMap((b) => CATEGORY_IDS.map((category) => ({ ...b, category, lines: linesFor(b.brief, category, b.tone) })));
const STOP = new Set(['a', 'an', 'the', 'in', 'for', 'of', 'and', 'our', 'my', 'to', 'at', 'on', 'by', 'with', 'i', 'we']);
/** Words an English brief and a Kiswahili line may share: places, names, and what Kenyans keep in English. */
const KEPT =
  /^(?:\S*\d\S*|chama|harambee|mama|m-?pesa|whatsapp|boda|salon|gym|fade|chips|smokie|mandazi|chapati|mc|pcea|kcse|ksh|wi-?fi|dj|sacco|online|delivery|mitumba|coding|spinning|darts|tiktok|youtube|bash|kayak|netball|posho|sofa|hardware|app|kilo)$/i;

describe('Kiswahili lines of the built-in writer (issue 33)', () => {
  it('writes five lines for every dev brief and category, none of them a placeholder ("Chapa yako") or a stock product word for a service', () => {
    for (const s of ALL) {
      expect(s.lines, `${s.brief} ${s.category}`).toHaveLength(5);
      for (const l of s.lines) expect(l, s.brief).not.toMatch(/chapa yako|chapa yetu|\{|\}/i);
    }
  });

  it('never uses the request words or the opener of a brief as a name or in a line', () => {
    expect(stripSwRequest('Niko na salon ya kusuka Kayole, rasta')).toBe('salon ya kusuka Kayole, rasta');
    expect(stripSwRequest('Nataka bio ya IG ya duka langu la viatu vya mitumba Gikomba')).toBe('duka la viatu vya mitumba Gikomba');
    expect(stripSwRequest('#Caption ya harusi yetu Jumamosi hii')).toBe('harusi Jumamosi hii');
    // English requests are taken off by the frame's own reader.
    expect(parseFrame('Need words for our T-shirts: Eldoret 10km fun run for a children’s home').name ?? '').not.toMatch(
      /need|words|shirt/i,
    );
    expect(stripSwRequest('Tunauza samaki wa kukaanga Kisumu')).toBe('samaki wa kukaanga Kisumu');
    // A name that starts like a request stays a name.
    expect(stripSwRequest('Words of Life church in Nakuru')).toBe('Words of Life church in Nakuru');
    expect(parseFrame('Niko na salon ya kusuka Kayole, rasta na twists kuanzia KSh 800')).toMatchObject({
      name: null,
      kind: { id: 'salon' },
    });
    expect(parseFrame('Nataka bio ya IG ya duka langu la viatu vya mitumba Gikomba')).toMatchObject({
      name: null,
      kind: { id: 'shoe-shop' },
    });
    expect(parseFrame('Kinyozi Fresh Cuts Rongai, fade KSh 200').name).toBe('Fresh Cuts');
    expect(parseFrame('Chama ya wanawake Tujiinue Nakuru inatafuta wanachama wapya')).toMatchObject({ name: 'Tujiinue', recruiting: true });
    expect(parseFrame('Fundi wa simu Nakuru, tunabadilisha screen ndani ya saa moja').kind.id).toBe('phone-repair');
    for (const s of ALL)
      for (const l of s.lines) expect(l, s.brief).not.toMatch(/\b(?:niko na|nataka|nauza|need words|caption|t-shirts?|bio ya)\b/i);
  });

  it('reads a Sheng brief as Kiswahili, an English noun phrase as English', () => {
    expect(isSwahiliBrief('gym mpya Kitengela')).toBe(true);
    expect(isSwahiliBrief('boda boda delivery Thika, tunafikisha mzigo haraka')).toBe(true);
    expect(isSwahiliBrief('Kiswahili tutor')).toBe(false);
    expect(isSwahiliBrief('bakery in Nyeri')).toBe(false);
  });

  it('says the facts of an English brief in Kiswahili', () => {
    const f = (text: string, type: Parameters<typeof swFact>[0]['type']) => swFact({ text, type });
    expect(f('KSh 500 a week', 'price')).toBe('KSh 500 kila wiki');
    expect(f('KSh 1,500 per month', 'price')).toBe('KSh 1,500 kwa mwezi');
    expect(f('2,000 bob', 'price')).toBe('KSh 2,000');
    expect(f('every Thursday', 'hours')).toBe('kila Alhamisi');
    expect(f('Monday to Saturday', 'hours')).toBe('Jumatatu hadi Jumamosi');
    expect(f('Mon-Fri, 8am-6pm', 'hours')).toBe('Jumatatu hadi Ijumaa, saa mbili asubuhi hadi saa kumi na mbili jioni');
    expect(f('within 48 hours', 'duration')).toBe('ndani ya saa 48');
    expect(f('in one hour', 'duration')).toBe('ndani ya saa moja');
    expect(f('14 September', 'date')).toBe('tarehe 14 Septemba');
    expect(f('this Saturday', 'date')).toBe('Jumamosi hii');
    expect(f('free delivery', 'perk')).toBe('tunaleta bure');
    expect(f('no call-out fee', 'perk')).toBe('hakuna ada ya kuja');
    expect(f('10 years experience', 'record')).toBe('uzoefu wa miaka 10');
    // Said in English only: left out of a Kiswahili line rather than pasted.
    expect(f('gluten-free on request', 'perk')).toBeNull();
    expect(swTime('6am')).toBe('saa kumi na mbili asubuhi');
    expect(swTime('7:30pm')).toBe('saa moja na nusu usiku');
    expect(swTime('noon')).toBe('saa sita mchana');
    expect(swFactSentence({ text: 'M-Pesa', type: 'payment' })).toBe('Lipa kwa M-Pesa.');
    expect(swFactSentence({ text: 'KSh 500 a week', type: 'price' }, { group: true })).toBe('Mchango: KSh 500 kila wiki.');
    expect(swFactSentence({ text: 'KSh 800', type: 'price' }, { from: true })).toBe('Kuanzia KSh 800.');
    expect(swFactSentence({ text: 'while you wait', type: 'duration' })).toBe('Tunakuhudumia ukisubiri.');
  });

  it('puts the facts of a brief in its Kiswahili lines as Kiswahili, never with English words tacked on', () => {
    const chama = linesFor('Women’s chama in Eldoret, we meet every Sunday, KSh 500 a week', 'adlines', 'inspirational');
    expect(chama.join(' ')).toMatch(/KSh 500 kila wiki|kila Jumapili/);
    const run = linesFor(
      'Need words for our T-shirts: Eldoret 10km fun run for a children’s home, 14 September',
      'slogans',
      'motivational',
    );
    expect(run.join(' ')).toMatch(/tarehe 14 Septemba/i);
    const ENGLISH_FACT =
      /\b(?:a week|a month|per|every|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december|while you wait|free delivery|in one hour|within|from|open|pay by)\b/i;
    for (const s of ALL) for (const l of s.lines) expect(l, s.brief).not.toMatch(ENGLISH_FACT);
  });

  it('keeps English words of an English brief out of its Kiswahili lines (names, places and loanwords aside)', () => {
    const misses: string[] = [];
    for (const s of ALL.filter((x) => !isSwahiliBrief(stripSwRequest(x.brief)))) {
      const english = (s.brief.match(/[\p{L}\p{N}'’-]+/gu) ?? []).filter(
        (w) => !/\p{Lu}/u.test(w) && !STOP.has(w.toLowerCase()) && !KEPT.test(w),
      );
      for (const l of s.lines) if (hasEnglish(l, english)) misses.push(`${s.brief}: ${l}`);
    }
    expect(misses).toEqual([]);
  });

  it('names a business it has no name for by its kind, as ours, with the concord of the noun class', () => {
    expect(swOurs('duka la mikate')).toBe('duka letu la mikate');
    expect(swOurs('kinyozi')).toBe('kinyozi chetu');
    expect(swOurs('huduma ya boda boda')).toBe('huduma yetu ya boda boda');
    expect(swOurs('mbio za hisani')).toBe('mbio zetu za hisani');
    expect(swOurs('mgahawa')).toBe('mgahawa wetu');
    expect(swOurs('ukumbi')).toBe('ukumbi wetu');
    expect(swOurs('shule')).toBe('shule yetu');
    expect(swOurs('kituo cha malezi ya watoto')).toBe('kituo chetu cha malezi ya watoto');
    // A person's noun never names a business ("fundi bomba wetu" reads as a member of staff).
    expect(swOurs('fundi bomba')).toBeNull();
    // The class of the noun drives every concord: mikate (4) ni mitamu, huduma (9) ni ya haraka, viatu (8) ni vipya.
    expect(`mikate ${concord(4, 'etu')} ni ${concord(4, 'tamu')}`).toBe('mikate yetu ni mitamu');
    expect(`huduma ${concord(9, 'etu')} ni ${concord(9, 'a')} haraka`).toBe('huduma yetu ni ya haraka');
    expect(`viatu ${concord(8, 'etu')} ni ${concord(8, 'pya')}`).toBe('viatu vyetu ni vipya');
    const barber = linesFor('Kinyozi Rongai, fade KSh 200', 'taglines', 'bold');
    expect(barber.join(' ')).not.toMatch(/kinyozi (?:yetu|letu|wetu)/i);
  });

  it('never opens more than two lines of a set with the kind named as ours', () => {
    for (const s of ALL) {
      const openings = s.lines
        .map((l) => /^(\p{L}+ (?:yetu|letu|chetu|wetu|zetu|vyetu))\b/u.exec(l)?.[1])
        .filter((o): o is string => Boolean(o));
      const most = Math.max(0, ...openings.map((o) => openings.filter((x) => x === o).length));
      expect(most, `${s.brief} ${s.category}: ${s.lines.join(' | ')}`).toBeLessThanOrEqual(2);
    }
  });

  it('writes a person’s own wedding or MC caption as a person, never as a business ad', () => {
    const BUSINESS = /\b(?:wateja|bei|huduma|agiza|duka|bidhaa|tupigie|tutumie)\b/i;
    for (const brief of ['#Caption ya harusi yetu Jumamosi hii', 'Photo caption for a wedding I MCed last Saturday in Naivasha']) {
      const lines = linesFor(brief, 'captions', 'romantic');
      expect(lines).toHaveLength(5);
      for (const l of lines) expect(l, brief).not.toMatch(BUSINESS);
    }
    expect(linesFor('Photo caption for a wedding I MCed last Saturday in Naivasha', 'captions', 'romantic').join(' ')).toMatch(
      /sherehesha|MC|maharusi/,
    );
  });

  it('carries no tacked-on tags in a first answer', () => {
    for (const s of ALL) for (const l of s.lines) expect(l, s.brief).not.toMatch(/(?:Milele|Niandikie!|#BiasharaNdogo|Bila kusita)\.?$/);
  });

  it('uses methali for a chama, a harambee and a quote', () => {
    const METHALI =
      /haba na haba|kidole kimoja|umoja ni nguvu|mkono mmoja|penye nia|ukiona vyaelea|mvumilivu|mtaka cha mvunguni|mchagua jembe/i;
    expect(linesFor('Women’s chama in Eldoret, we meet every Sunday', 'quotes', 'inspirational').join(' ')).toMatch(METHALI);
    expect(linesFor('Inspirational quote for our youth group in Kibera', 'quotes', 'inspirational').join(' ')).toMatch(METHALI);
    expect(linesFor('Harambee ya kujenga kanisa Mlolongo Jumapili hii', 'slogans', 'inspirational').join(' ')).toMatch(METHALI);
  });
});
