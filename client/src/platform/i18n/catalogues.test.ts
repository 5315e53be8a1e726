import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from '@gl/core/types';
import { NAMESPACES } from './resources';

const dir = path.resolve(__dirname, '../../locales');

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

/** Plural forms differ by language (i18next's `_one`/`_other`…): compare the base key. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('message catalogues', () => {
  const read = (lang: string, ns: string) => JSON.parse(readFileSync(path.join(dir, lang, `${ns}.json`), 'utf8'));

  it('have the same namespaces in every language, all of them loaded', () => {
    for (const lang of UI_LANGUAGES) expect(readdirSync(path.join(dir, lang)).sort()).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
  });

  it.each(NAMESPACES)('%s: every key exists in both languages, none empty', (ns) => {
    const en = new Set(keys(read('en', ns)).map(base));
    for (const lang of UI_LANGUAGES) {
      const catalogue = read(lang, ns);
      const own = new Set(keys(catalogue).map(base));
      expect(
        [...en].filter((k) => !own.has(k)),
        `${lang}/${ns}.json misses`,
      ).toEqual([]);
      expect(
        [...own].filter((k) => !en.has(k)),
        `${lang}/${ns}.json has keys English lacks`,
      ).toEqual([]);
      const empty = keys(catalogue).filter((k) => String(k.split('.').reduce((o: any, p) => o?.[p], catalogue)).trim() === '');
      expect(empty, `${lang}/${ns}.json has empty strings`).toEqual([]);
    }
  });
});
