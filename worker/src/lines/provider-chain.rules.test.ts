import { describe, expect, it } from 'vitest';
import {
  CATEGORY_IDS,
  countEmoji,
  countForPlatform,
  hashtagsOf,
  isGsm7,
  lineLimit,
  PLATFORM_IDS,
  switchesFor,
  type BrandSnapshot,
  type CategoryId,
  type PlatformId,
} from '@gl/core';
import { generateOffline } from './offline/offline-generator';
import { runProviderChain, type ChainRequest, type OfflineRequest } from './provider-chain';
import type { ChatPrompt } from './prompt';
import type { AiProviderName, LineProvider } from './providers/provider';
import { refineOffline } from './offline/refine';

/** A provider that streams one scripted answer per call (the last one repeats). */
function scripted(name: AiProviderName, answers: string[]): LineProvider & { prompts: ChatPrompt[] } {
  const prompts: ChatPrompt[] = [];
  let call = 0;
  return {
    name,
    timeoutMs: 1000,
    prompts,
    async *stream(prompt: ChatPrompt) {
      prompts.push(prompt);
      yield answers[Math.min(call++, answers.length - 1)]!;
    },
  };
}

/** Checks a delivered line with core's counting, independently of LineRules. */
function expectFits(line: string, req: ChainRequest): void {
  const platform = req.platform ?? null;
  const { hashtags, emoji } = switchesFor(req.category, platform, { hashtags: req.hashtags, emoji: req.emoji });
  const limit = lineLimit(platform, req.maxChars, req.category);
  expect(platform ? countForPlatform(line, platform) : line.length, line).toBeLessThanOrEqual(limit);
  if (platform === 'sms') expect(isGsm7(line), line).toBe(true);
  const tags = hashtagsOf(line);
  if (hashtags === 'none') expect(tags, line).toEqual([]);
  else {
    expect(tags.length, line).toBeGreaterThanOrEqual(1);
    expect(tags.length, line).toBeLessThanOrEqual(3);
    expect(
      line
        .slice(tags[0]!.start)
        .replace(/#[^\s#]+/g, '')
        .trim(),
      line,
    ).toMatch(/^[.,;:!?…\s]*$/u);
  }
  const e = countEmoji(line);
  if (emoji === 'none' || platform === 'sms') expect(e, line).toBe(0);
  else expect(e, line).toBeLessThanOrEqual(2);
}

/** What a careless model writes: too long, emoji, curly quotes, hashtags in the middle, shouting. */
const BREAKING = [
  'FRESH. LOCAL. OURS. ✨✨✨',
  '“Nakuru’s favourite bakery” – fresh mandazi every single morning, birthday cakes made to order and much more besides',
  'Fresh #mandazi from our #family #bakery #Nakuru daily',
  'Warm bread 🍞 and a smile 😊 and a flag 🇰🇪',
  'It’s the taste of home!',
].join('\n');

describe('runProviderChain keeps every rule, whatever the provider returns', () => {
  const cases: Array<{ platform: PlatformId; category: CategoryId; good: string[] }> = [
    {
      platform: 'sms',
      category: 'adlines',
      good: ['Fresh mandazi at 7am, Kenyatta Ave', "Birthday cakes? We're on it", 'Karibu: warm bread daily'],
    },
    {
      platform: 'google_ads_headline',
      category: 'taglines',
      good: ['Fresh Mandazi Daily', 'Birthday Cakes in Nakuru', 'Baked This Morning'],
    },
    { platform: 'x_bio', category: 'bios', good: ['Family bakers in Nakuru. Mandazi at dawn, cakes for every birthday.'] },
    {
      platform: 'instagram_caption',
      category: 'captions',
      good: ['Warm mandazi, warmer mornings #Nakuru', 'Cake o’clock 🎂 #BirthdayCakes #NakuruBakery', 'Fresh out of the oven ✨ #mandazi'],
    },
  ];

  for (const c of cases) {
    it(`${c.platform}: drops the breaking lines, asks again with the broken rules restated, delivers count fitting lines`, async () => {
      const openai = scripted('openai', [BREAKING, c.good.join('\n')]);
      const req: ChainRequest = {
        category: c.category,
        tone: 'bold',
        topic: 'a family bakery in Nakuru',
        count: 3,
        language: 'en',
        platform: c.platform,
      };
      const result = await runProviderChain(req, { providers: [openai], offline: generateOffline });
      expect(result.lines).toHaveLength(3);
      for (const line of result.lines) expectFits(line, req);
      const first = openai.prompts[0]!.messages[1]!.content;
      expect(first).toContain(`at most ${lineLimit(c.platform, null, c.category)} characters`);
      expect(openai.prompts.length).toBeGreaterThanOrEqual(2);
      expect(openai.prompts[1]!.messages[1]!.content).toContain('Your previous answer broke these rules');
    });
  }

  it('repairs curly quotes for SMS rather than dropping the line', async () => {
    const openai = scripted('openai', ['It’s “fresh” mandazi, every morning']);
    const req: ChainRequest = { category: 'adlines', tone: 'bold', count: 1, language: 'en', platform: 'sms' };
    const result = await runProviderChain(req, { providers: [openai], offline: generateOffline });
    expect(result.lines).toEqual(['It\'s "fresh" mandazi, every morning']);
    expect(result.source).toBe('openai');
  });

  it('holds a kit\'s voice: lower case repaired, emoji, shouting and "!" refused', async () => {
    const brand: BrandSnapshot = {
      id: '0b8e2f7e-8c2a-4c57-9d7e-5f3c2a1b0c9d',
      name: 'mkate',
      description: '',
      audience: '',
      wordsToUse: [],
      wordsToAvoid: [],
      exampleLines: ['warm bread for slow mornings', 'baked while nakuru sleeps'],
    };
    const openai = scripted('openai', [
      'FRESH. LOCAL. OURS. ✨✨✨\nWarm Bread, Warm Hearts\nCome and get it now!\nMkate 🍞 every morning',
      'the oven never sleeps\nSlow Mornings, Soft Loaves',
    ]);
    const req: ChainRequest = { category: 'taglines', tone: 'bold', count: 4, language: 'en', brand };
    const result = await runProviderChain(req, { providers: [openai], offline: generateOffline });
    expect(result.lines.slice(0, 3)).toEqual(['warm bread, warm hearts', 'the oven never sleeps', 'slow mornings, soft loaves']);
    expect(result.lines).toHaveLength(4);
    for (const line of result.lines) {
      expect(line).toBe(line.toLowerCase());
      expect(countEmoji(line)).toBe(0);
      expect(line).not.toContain('!');
    }
  });

  it('passes the switches and the voice to the offline writer', async () => {
    const seen: OfflineRequest[] = [];
    const offline = (r: OfflineRequest) => {
      seen.push(r);
      return generateOffline(r);
    };
    const brand: BrandSnapshot = {
      id: '0b8e2f7e-8c2a-4c57-9d7e-5f3c2a1b0c9d',
      name: 'mkate',
      description: '',
      audience: '',
      wordsToUse: [],
      wordsToAvoid: [],
      exampleLines: ['warm bread for slow mornings'],
      noExclamation: true,
    };
    await runProviderChain(
      { category: 'captions', tone: 'funny', count: 2, language: 'en', platform: 'instagram_caption', emoji: 'none', brand },
      { providers: [], offline },
    );
    expect(seen[0]).toMatchObject({ hashtags: 'few', emoji: 'none', lowercase: true, noExclamation: true, maxChars: 43 });
  });

  it('every platform x category still yields count fitting lines offline, even where the limit is tight (an SMS quote, a 30-character headline)', async () => {
    for (const platform of PLATFORM_IDS) {
      for (const category of CATEGORY_IDS) {
        const req: ChainRequest = {
          category,
          tone: 'inspirational',
          topic: 'a family bakery in Nakuru',
          count: 4,
          language: 'en',
          platform,
        };
        const result = await runProviderChain(req, { providers: [], offline: generateOffline });
        expect(result.lines, `${platform} ${category}`).toHaveLength(4);
        for (const line of result.lines) expectFits(line, req);
      }
    }
  });
});

describe('runProviderChain refining one line', () => {
  const original = 'Fresh mandazi and birthday cakes from the family bakery in Nakuru';
  const base: ChainRequest = { category: 'taglines', tone: 'bold', count: 1, language: 'en' };

  it('shorter: a provider line over 80% of the original is refused and asked again', async () => {
    const openai = scripted('openai', [
      'Fresh mandazi and birthday cakes from the Nakuru family bakery',
      'Nakuru’s family bakery: mandazi and cakes',
    ]);
    const result = await runProviderChain(
      { ...base, refine: { line: original, action: 'shorter', fromLanguage: 'en' } },
      { providers: [openai], offline: generateOffline, offlineRefine: refineOffline, existing: [original] },
    );
    expect(result.lines).toEqual(['Nakuru’s family bakery: mandazi and cakes']);
    expect(result.lines[0]!.length).toBeLessThanOrEqual(Math.floor(original.length * 0.8));
    const prompt = openai.prompts[0]!.messages[1]!.content;
    expect(prompt).toContain('Write exactly 1 line');
    expect(prompt).toContain('make it shorter');
    expect(prompt).toContain(`"line": "${original}"`);
    expect(openai.prompts[1]!.messages[1]!.content).toContain('too long');
  });

  it('translate asks for the target language', async () => {
    const openai = scripted('openai', ['Mandazi safi kutoka Nakuru']);
    const result = await runProviderChain(
      { ...base, language: 'sw', refine: { line: original, action: 'translate', fromLanguage: 'en' } },
      { providers: [openai], offline: generateOffline, offlineRefine: refineOffline, existing: [original] },
    );
    expect(result.lines).toEqual(['Mandazi safi kutoka Nakuru']);
    expect(openai.prompts[0]!.messages[1]!.content).toContain('translate it into Swahili');
  });

  it('offline: every action gives one line that keeps its rule and differs from the original', async () => {
    const withEmoji = 'Fresh mandazi every morning 🍞';
    for (const action of ['shorter', 'longer', 'punchier', 'funnier', 'more_formal', 'add_emoji', 'remove_emoji', 'translate'] as const) {
      const line = action === 'remove_emoji' ? withEmoji : action === 'longer' ? 'Fresh mandazi from Nakuru' : original;
      const result = await runProviderChain(
        { ...base, topic: 'family bakery', language: action === 'translate' ? 'sw' : 'en', refine: { line, action, fromLanguage: 'en' } },
        { providers: [], offline: generateOffline, offlineRefine: refineOffline, existing: [line] },
      );
      expect(result.lines, action).toHaveLength(1);
      const refined = result.lines[0]!;
      expect(refined.toLowerCase(), action).not.toBe(line.toLowerCase());
      if (action === 'shorter') expect(refined.length).toBeLessThanOrEqual(Math.floor(line.length * 0.8));
      if (action === 'longer') expect(refined.length).toBeGreaterThan(line.length);
      if (action === 'add_emoji') expect(countEmoji(refined)).toBeGreaterThanOrEqual(1);
      if (action === 'remove_emoji') expect(countEmoji(refined)).toBe(0);
    }
  });
});
