import { describe, expect, it } from 'vitest';
import { generateOffline } from './offline/offline-generator';
import { warmGenerationPath } from './warm-up';

const servers = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;

describe('warmGenerationPath', () => {
  it('runs the chain and the offline writer once and leaves no server listening', async () => {
    const before = servers();
    const ms = await warmGenerationPath();
    expect(Number.isFinite(ms)).toBe(true);
    // A closed server's handle leaves the list once the loop has run its close callbacks.
    for (let i = 0; i < 100 && servers() > before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(servers()).toBe(before);
  });

  it('changes nothing the writer answers afterwards (its caches are memos)', async () => {
    const brief = { category: 'taglines', tone: 'bold', topic: 'Kahawa Coffee', count: 4 } as const;
    const seeded = () => {
      let s = 7;
      return () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
    };
    const cold = generateOffline({ ...brief, random: seeded() });
    await warmGenerationPath();
    expect(generateOffline({ ...brief, random: seeded() })).toEqual(cold);
  });
});
