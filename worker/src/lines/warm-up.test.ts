import http from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateOffline } from './offline/offline-generator';
import { warmGenerationPath } from './warm-up';

const servers = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;

afterEach(() => vi.restoreAllMocks());

describe('warmGenerationPath', () => {
  it('with an OpenAI key: runs the chain through the OpenAI client and the offline writer once, and leaves no server listening', async () => {
    const before = servers();
    const { ms, warmed } = await warmGenerationPath({ OPENAI_API_KEY: 'sk-configured' });
    expect(Number.isFinite(ms)).toBe(true);
    expect(warmed).toEqual(['openai', 'offline']);
    // A closed server's handle leaves the list once the loop has run its close callbacks.
    for (let i = 0; i < 100 && servers() > before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(servers()).toBe(before);
  });

  it('without an AI key (npm start): warms the offline path only, with no loopback server', async () => {
    const createServer = vi.spyOn(http, 'createServer');
    const { warmed } = await warmGenerationPath({ OPENAI_API_KEY: undefined });
    expect(warmed).toEqual(['offline']);
    expect(createServer).not.toHaveBeenCalled();
  });

  it('changes nothing the writer answers afterwards (its caches are memos)', async () => {
    const brief = { category: 'taglines', tone: 'bold', topic: 'Kahawa Coffee', count: 4 } as const;
    const seeded = () => {
      let s = 7;
      return () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
    };
    const cold = generateOffline({ ...brief, random: seeded() });
    await warmGenerationPath({ OPENAI_API_KEY: undefined });
    expect(generateOffline({ ...brief, random: seeded() })).toEqual(cold);
  });
});
