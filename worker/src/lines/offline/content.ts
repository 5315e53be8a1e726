import type { CategoryId, LanguageId, Tone } from '@gl/core';
import type { SubjectKind } from './lexicon';
import de from './content/de.json' with { type: 'json' };
import en from './content/en.json' with { type: 'json' };
import es from './content/es.json' with { type: 'json' };
import fr from './content/fr.json' with { type: 'json' };
import pt from './content/pt.json' with { type: 'json' };
import sw from './content/sw.json' with { type: 'json' };

/**
 * The offline writer's copy: one data file per language (content/<language>.json), all in one shape,
 * checked by the schema in content.schema.ts. The files are imported (not read from disk), so a
 * bundler inlines them and the compiled worker needs no files beside it.
 *
 * Slots are filled from the understood brief (see slots.ts and content/README.md): English and
 * Kiswahili templates name its parts ({label}, {our subject}, {place}, {offers}...), the other
 * languages `{topic}`. An entry tagged "code" is a developer joke: used only for subjects about
 * software; one tagged "food" only for briefs about food or drink. An entry with `kinds` is used only for subjects of those kinds (a business, a person,
 * an event...).
 */
export type ContentTag = 'code' | 'food';
export type Entry = string | { text: string; tags?: ContentTag[]; kinds?: SubjectKind[] };

/** Entries for every tone, plus tone-agnostic ones under `general`. */
export type TonedEntries = Record<Tone | 'general', Entry[]>;

export interface CategoryContent {
  /** Finished lines without a subject (English: the curated library; other languages have none). */
  lines: Record<Tone, Entry[]>;
  /** Lines naming the subject: every template has `{topic}` or `{topic:dat}`. */
  templates: TonedEntries;
  /** Short sentences put before a template. */
  openings: TonedEntries;
  /** Short sentences put after a template. */
  endings: TonedEntries;
}

/** A noun phrase standing in for the subject when none is given ("votre marque"); `dat` is the German dative. */
export interface NeutralNoun {
  base: string;
  dat?: string;
}

export interface LanguageContent {
  language: LanguageId;
  neutral: Record<CategoryId, NeutralNoun>;
  categories: Record<CategoryId, CategoryContent>;
}

export const CONTENT: Record<LanguageId, LanguageContent> = {
  en: en as LanguageContent,
  sw: sw as LanguageContent,
  fr: fr as LanguageContent,
  es: es as LanguageContent,
  de: de as LanguageContent,
  pt: pt as LanguageContent,
};

export function entryText(entry: Entry): string {
  return typeof entry === 'string' ? entry : entry.text;
}

export function isCodeJokeEntry(entry: Entry): boolean {
  return typeof entry !== 'string' && (entry.tags?.includes('code') ?? false);
}

export function isFoodEntry(entry: Entry): boolean {
  return typeof entry !== 'string' && (entry.tags?.includes('food') ?? false);
}

/** Whether an entry fits a subject of this kind (entries without `kinds` fit every kind). */
export function fitsKind(entry: Entry, kind: SubjectKind): boolean {
  return typeof entry === 'string' || !entry.kinds || entry.kinds.includes(kind);
}

/** Tone-specific entries first, then the general ones. */
export function tonedEntries(entries: TonedEntries, tone: Tone): Entry[] {
  return [...entries[tone], ...entries.general];
}
