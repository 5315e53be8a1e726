import { describe, expect, it } from 'vitest';
import { loadChunk } from './load-chunk';

describe('loadChunk', () => {
  it('gives the module when the chunk loads', async () => {
    await expect(loadChunk(async () => ({ default: 'page' }))).resolves.toEqual({ default: 'page' });
  });

  it('stays pending, without a TypeError, when a missing chunk is reloading the page', async () => {
    let settled = false;
    void loadChunk(async () => undefined).then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
  });

  it('passes a real failure on', async () => {
    await expect(loadChunk(() => Promise.reject(new Error('Failed to fetch dynamically imported module')))).rejects.toThrow(
      /dynamically imported module/,
    );
  });
});
