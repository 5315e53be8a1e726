import type { CategoryId, LanguageId, Tone } from '@gl/core';

export type OtherLanguageId = Exclude<LanguageId, 'en'>;

/**
 * A noun phrase that stands in for the topic when none is given ("your brand", "creativity").
 * `dat` is the German dative form, used where a template says `{topic:dat}`.
 */
export interface NeutralNoun {
  base: string;
  dat?: string;
}

export interface CategoryTemplates {
  /** Tone-agnostic templates: at least ten, so a full set of ten is always possible. */
  general: string[];
  /** One or more templates per tone, preferred over the general ones. */
  byTone: Record<Tone, string[]>;
}

/** Templates for one non-English output language. Every template contains `{topic}` (or `{topic:dat}`). */
export interface LanguagePack {
  neutral: Record<CategoryId, NeutralNoun>;
  templates: Record<CategoryId, CategoryTemplates>;
}
