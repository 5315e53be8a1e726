import { describe, expect, it } from 'vitest';
import { generateOffline } from './offline/offline-generator';
import { majoritySource, runProviderChain, type ChainRequest } from './provider-chain';
import type { ChatPrompt } from './prompt';
import type { AiProviderName, LineProvider } from './providers/provider';

/** A scripted provider: each call streams the next script (text chunks) or throws its error. */
function fakeProvider(
  name: AiProviderName,
  scripts: Array<string[] | Error | { hangMs: number }>,
  timeoutMs = 1000,
): LineProvider & { prompts: ChatPrompt[] } {
  const prompts: ChatPrompt[] = [];
  let call = 0;
  return {
    name,
    timeoutMs,
    prompts,
    async *stream(prompt: ChatPrompt, signal: AbortSignal) {
      prompts.push(prompt);
      const script = scripts[Math.min(call++, scripts.length - 1)]!;
      if (script instanceof Error) throw script;
      if (!Array.isArray(script)) {
        await new Promise((resolve, reject) => {
          const t = setTimeout(resolve, script.hangMs);
          signal.addEventListener('abort', () => {
            clearTimeout(t);
            reject(signal.reason);
          });
        });
        return;
      }
      for (const chunk of script) yield chunk;
    },
  };
}

const req: ChainRequest = { category: 'taglines', tone: 'bold', count: 4, language: 'en' };

describe('runProviderChain', () => {
  it('takes clean lines from the first provider and reports each line as it is accepted', async () => {
    const openai = fakeProvider('openai', [
      ['1. "Bold moves only"\n2. Dare to', ' lead the pack\n- Fearless by design\n4) Built for the brave\n'],
    ]);
    const seen: Array<[number, string]> = [];
    const result = await runProviderChain(req, { providers: [openai], offline: generateOffline, onLine: (i, t) => void seen.push([i, t]) });
    expect(result.lines).toEqual(['Bold moves only', 'Dare to lead the pack', 'Fearless by design', 'Built for the brave']);
    expect(result.source).toBe('openai');
    expect(seen).toEqual(result.lines.map((l, i) => [i, l]));
    expect(result.timings).toEqual([expect.objectContaining({ provider: 'openai', ok: true })]);
  });

  it('falls through to the next provider on an error, recording it', async () => {
    const err = Object.assign(new Error('Internal server error'), { status: 500 });
    const openai = fakeProvider('openai', [err]);
    const hf = fakeProvider('huggingface', [['Alpha line one\nBeta line two\nGamma line three\nDelta line four']]);
    const result = await runProviderChain(req, { providers: [openai, hf], offline: generateOffline });
    expect(result.source).toBe('huggingface');
    expect(result.lines).toHaveLength(4);
    expect(result.timings[0]).toMatchObject({ provider: 'openai', ok: false, error: '500 Internal server error' });
    expect(result.timings[1]).toMatchObject({ provider: 'huggingface', ok: true });
  });

  it('times a hanging provider out and moves on', async () => {
    const openai = fakeProvider('openai', [{ hangMs: 5000 }], 50);
    const result = await runProviderChain(req, { providers: [openai], offline: generateOffline });
    expect(result.timings[0]).toMatchObject({ provider: 'openai', ok: false, error: 'timed out after 50 ms' });
    expect(['static_fallback', 'fallback']).toContain(result.source);
    expect(result.lines).toHaveLength(4);
  });

  it('drops out-of-bounds and duplicate lines, asks once more, then lets the offline generator fill the gap', async () => {
    const long = 'x'.repeat(120);
    const openai = fakeProvider('openai', [[`Bold moves only\nBOLD MOVES ONLY!\n${long}\nok`], ['Bold moves only\nFearless by design']]);
    const result = await runProviderChain(req, { providers: [openai], offline: generateOffline });
    expect(openai.prompts).toHaveLength(2);
    // The second ask wants only what is missing and lists what to avoid.
    expect(openai.prompts[1]!.messages[1]!.content).toContain('Write exactly 3');
    expect(openai.prompts[1]!.messages[1]!.content).toContain('Bold moves only');
    expect(result.lines.slice(0, 2)).toEqual(['Bold moves only', 'Fearless by design']);
    expect(result.lines).toHaveLength(4);
    expect(new Set(result.lines.map((l) => l.toLowerCase())).size).toBe(4);
    for (const line of result.lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(result.source).toBe('openai');
    expect(result.timings.map((t) => t.provider)).toEqual(['openai', 'openai', expect.stringMatching(/fallback/)]);
  });

  it('respects the user maxChars cap and skips lines the user already saved', async () => {
    const openai = fakeProvider('openai', [
      ['Short and bold\nA much longer line that breaks the cap\nSaved before\nTiny but mighty\nBrave hearts win'],
    ]);
    const result = await runProviderChain(
      { ...req, count: 3, maxChars: 20 },
      {
        providers: [openai],
        offline: generateOffline,
        alreadySaved: async (texts) => new Set(texts.filter((t) => t === 'Saved before').map((t) => t.toLowerCase())),
      },
    );
    expect(result.lines).toEqual(['Short and bold', 'Tiny but mighty', 'Brave hearts win']);
  });

  it('with no provider configured, uses the offline generator and names the topic', async () => {
    const result = await runProviderChain({ ...req, topic: 'Kahawa Coffee' }, { providers: [], offline: generateOffline });
    expect(result.lines).toHaveLength(4);
    expect(result.source).toBe('fallback');
    expect(result.lines.filter((l) => l.includes('Kahawa Coffee')).length).toBeGreaterThanOrEqual(2);
  });

  it('passes the recently shown lines to the offline generator, reading them only when it is needed', async () => {
    let reads = 0;
    const shown = (await runProviderChain({ ...req, topic: 'Kahawa Coffee' }, { providers: [], offline: generateOffline })).lines;
    const recentLines = async () => {
      reads++;
      return new Set(shown.map((l) => l.toLowerCase().replace(/[.!]+$/, '')));
    };
    const again = await runProviderChain({ ...req, topic: 'Kahawa Coffee' }, { providers: [], offline: generateOffline, recentLines });
    expect(reads).toBe(1);
    expect(again.lines).toHaveLength(4);
    for (const line of again.lines) expect(shown).not.toContain(line);

    const openai = fakeProvider('openai', [['Bold moves only\nFearless by design\nBuilt for the brave\nNo limits, no excuses']]);
    await runProviderChain(req, { providers: [openai], offline: generateOffline, recentLines });
    expect(reads).toBe(1);
  });

  it('regenerating one line: different from the existing lines', async () => {
    const existing = ['Bold moves only', 'Fearless by design', 'Built for the brave'];
    const openai = fakeProvider('openai', [['Bold moves only\nBuilt for the brave\nNo limits, no excuses']]);
    const result = await runProviderChain({ ...req, count: 1 }, { providers: [openai], offline: generateOffline, existing });
    expect(result.lines).toEqual(['No limits, no excuses']);
  });

  it('stops reading a stream once it has enough lines', async () => {
    const chunks = Array.from({ length: 50 }, (_, i) => `Line number ${i + 1} here\n`);
    const openai = fakeProvider('openai', [chunks]);
    const result = await runProviderChain({ ...req, count: 2 }, { providers: [openai], offline: generateOffline });
    expect(result.lines).toEqual(['Line number 1 here', 'Line number 2 here']);
  });
});

describe('majoritySource', () => {
  it('is the source of most lines, ties to the earlier provider', () => {
    expect(majoritySource(['openai', 'fallback', 'fallback'])).toBe('fallback');
    expect(majoritySource(['fallback', 'openai'])).toBe('openai');
    expect(majoritySource(['huggingface', 'huggingface', 'openai'])).toBe('huggingface');
  });
});
