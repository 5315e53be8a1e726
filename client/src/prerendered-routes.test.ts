import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_ROUTES } from './prerendered-routes';

// The build preloads each prerendered page's chunk by this file name: a page moved without its
// entry here would ship without its modulepreload (client/build/prerender.ts).
describe('the prerendered route list', () => {
  it.each(Object.entries(PRERENDERED_ROUTES))('%s names a page file that exists (%s)', (_route, file) => {
    expect(existsSync(path.resolve(__dirname, '..', file))).toBe(true);
  });
});
