import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KIND_FILES, KINDS } from './kinds';
import { kindsFileSchema, libraryIssues, type KindsFile } from './kinds.schema';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'kinds');
const files = readdirSync(folder).filter((f) => f.endsWith('.json'));
const read = (f: string): unknown => JSON.parse(readFileSync(path.join(folder, f), 'utf8'));
const issuesOf = (data: unknown): string[] => {
  const r = kindsFileSchema.safeParse(data);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('kinds library files', () => {
  it.each(files)('%s matches the schema (every category covered, slots listed in needs, no stock filler)', (f) => {
    expect(issuesOf(read(f))).toEqual([]);
  });

  it('every file of the folder is loaded by the writer', () => {
    expect(Object.keys(KIND_FILES).sort()).toEqual([...files].sort());
  });

  it('kind ids and pattern ids are unique across the sector files', () => {
    const sectors = files.filter((f) => !f.startsWith('_')).map((f) => ({ file: f, data: read(f) as KindsFile }));
    expect(libraryIssues(sectors)).toEqual([]);
  });

  it('the generic service kind is always there', () => {
    expect(KINDS.some((k) => k.id === 'generic-service')).toBe(true);
  });

  it('rejects a slot missing from needs, an unknown slot, stock filler and software copy for a plumber', () => {
    const base = () => JSON.parse(JSON.stringify(read('_examples.json'))) as { kinds: any[] };
    const missingNeed = base();
    missingNeed.kinds[0].lines.en[0].needs = [];
    expect(issuesOf(missingNeed).join()).toMatch(/does not list it in needs/);
    const unknown = base();
    unknown.kinds[0].lines.en[1].text = 'Call {nmae} now.';
    expect(issuesOf(unknown).join()).toMatch(/unknown slot/);
    const filler = base();
    filler.kinds[0].lines.en[2].text = 'Leaks? {Name} has you covered.';
    expect(issuesOf(filler).join()).toMatch(/stock filler/);
    const demo = base();
    demo.kinds[0].ctas.en.push('Request a demo.');
    expect(issuesOf(demo).join()).toMatch(/software copy/);
    const few = base();
    few.kinds[0].lines.sw = few.kinds[0].lines.sw.slice(0, 3);
    expect(issuesOf(few)).not.toEqual([]);
    const noBios = base();
    noBios.kinds[0].lines.en = noBios.kinds[0].lines.en
      .map((p: any) => ({ ...p, categories: p.categories.filter((c: string) => c !== 'bios') }))
      .filter((p: any) => p.categories.length > 0);
    expect(issuesOf(noBios).join()).toMatch(/no English pattern for bios|too_small|>=14/);
  });
});
