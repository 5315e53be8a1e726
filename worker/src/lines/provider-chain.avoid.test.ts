import { describe, expect, it } from 'vitest';
import type { BrandSnapshot } from '@gl/core';
import { containsAvoidedWord } from './avoid-words';
import { generateOffline, type OfflineRequest } from './offline/offline-generator';
import { runProviderChain, type ChainRequest } from './provider-chain';
import type { ChatPrompt } from './prompt';
import type { AiProviderName, LineProvider } from './providers/provider';

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

const brand: BrandSnapshot = {
  id: '0b8e2f7e-8c2a-4c57-9d7e-5f3c2a1b0c9d',
  name: 'Kahawa',
  description: 'Small-batch coffee roasters',
  audience: 'early risers',
  wordsToUse: ['brew'],
  wordsToAvoid: ['cheap', 'fast food'],
  exampleLines: ['Poured before the sun is up.'],
};
const req: ChainRequest = { category: 'taglines', tone: 'bold', count: 4, language: 'en', brand };

describe('runProviderChain with words to avoid', () => {
  it('drops lines with an avoided word (any case, hashtags, phrases) and asks the provider again, delivering exactly count', async () => {
    const openai = scripted('openai', [
      'Cheap thrills at Kahawa\nKahawa wakes the city\nBrew bold with #CheapEats\nKahawa, never fast-food coffee\nKahawa keeps it real\n',
      'Kahawa brews the dawn\nRise with Kahawa tonight\n',
    ]);
    const result = await runProviderChain(req, { providers: [openai], offline: generateOffline });
    expect(result.lines).toEqual(['Kahawa wakes the city', 'Kahawa keeps it real', 'Kahawa brews the dawn', 'Rise with Kahawa tonight']);
    expect(result.source).toBe('openai');
    expect(openai.prompts).toHaveLength(2);
  });

  it('fills the gap from the offline generator when a provider keeps breaking the rule', async () => {
    const openai = scripted('openai', ['CHEAP and cheerful Kahawa\nKahawa: cheap, fast, fine\n']);
    const result = await runProviderChain(req, { providers: [openai], offline: generateOffline });
    expect(openai.prompts).toHaveLength(2);
    expect(result.lines).toHaveLength(4);
    expect(result.source).not.toBe('openai');
    for (const line of result.lines) expect(containsAvoidedWord(line, brand.wordsToAvoid)).toBe(false);
  });

  it('fills the gap from the next provider when the first fails', async () => {
    const failing: LineProvider = {
      name: 'openai',
      timeoutMs: 1000,
      // eslint-disable-next-line require-yield
      async *stream() {
        throw Object.assign(new Error('Internal server error'), { status: 500 });
      },
    };
    const hf = scripted('huggingface', [
      'Kahawa for early risers\nCheap Kahawa\nOne brew, one Kahawa\nKahawa at first light\nThe Kahawa ritual\n',
    ]);
    const result = await runProviderChain(req, { providers: [failing, hf], offline: generateOffline });
    expect(result.lines).toEqual(['Kahawa for early risers', 'One brew, one Kahawa', 'Kahawa at first light', 'The Kahawa ritual']);
    expect(result.source).toBe('huggingface');
  });

  it('filters the offline generator too, so the guarantee never depends on it, and passes it the brand', async () => {
    const seen: OfflineRequest[] = [];
    let round = 0;
    // An offline writer that ignores the kit: every other line it offers has an avoided word.
    const offline = (r: OfflineRequest) => {
      seen.push(r);
      round++;
      const lines = Array.from({ length: r.count }, (_, i) =>
        i % 2 === 0 ? `Cheap Kahawa deal number ${round}-${i}` : `Kahawa morning ritual ${round}-${i}`,
      );
      return { lines, source: 'static_fallback' as const };
    };
    const result = await runProviderChain({ ...req, count: 5 }, { providers: [], offline });
    expect(result.lines).toHaveLength(5);
    for (const line of result.lines) expect(containsAvoidedWord(line, brand.wordsToAvoid)).toBe(false);
    expect(seen[0]!.brand).toEqual({
      name: 'Kahawa',
      wordsToUse: ['brew'],
      wordsToAvoid: ['cheap', 'fast food'],
      examples: ['Poured before the sun is up.'],
    });
    expect(seen[0]!.topic).toBeUndefined();
  });

  it('keeps the real offline generator within the rule and the exact count', async () => {
    const strict = { ...brand, wordsToAvoid: ['the', 'your', 'bold', 'brand', 'with'] };
    for (const count of [1, 4, 10]) {
      const result = await runProviderChain({ ...req, brand: strict, count }, { providers: [], offline: generateOffline });
      expect(result.lines).toHaveLength(count);
      for (const line of result.lines) expect(containsAvoidedWord(line, strict.wordsToAvoid)).toBe(false);
    }
  });
});
