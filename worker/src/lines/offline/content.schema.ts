import { CATEGORIES, LANGUAGE_IDS, TONES, type Category } from '@gl/core';
import { z } from 'zod';

/**
 * The shape of content/<language>.json, checked in content.test.ts. Every category has every tone
 * (plus `general` where entries may be tone-agnostic); entries are strings or `{ text, tags }`.
 */
const SLOT = /\{[^}]*\}/g;
const SUBJECT_SLOTS = [
  'topic',
  'topic:dat',
  'label',
  'ref',
  'field',
  'short',
  'name',
  "name's",
  'subject',
  'a subject',
  'the subject',
  'our subject',
  'your subject',
  'my subject',
  'this subject',
  'subjects',
  'place',
  'at place',
  'of place',
  'offer',
  'offers',
  'quality',
  'trait',
  'audience',
  'activity',
  'owner',
  "owner's",
  'owner is',
  'cause',
  'purpose',
  'makers',
  'when',
];
const GRAMMAR_SLOTS = ['s', 'is', 'has', 'it', 'its'];
const TEMPLATE_SLOTS = new Set([...SUBJECT_SLOTS, ...GRAMMAR_SLOTS, 'tag', 'word', 'wordtag'].map((s) => `{${s}}`));
const PART_SLOTS = new Set(['{tag}', '{word}', '{wordtag}']);
const KINDS = ['business', 'person', 'product', 'event', 'cause', 'group', 'place', 'thing'] as const;

const entry = z.union([
  z.string(),
  z
    .strictObject({
      text: z.string(),
      tags: z
        .array(z.enum(['code', 'food']))
        .min(1)
        .optional(),
      kinds: z.array(z.enum(KINDS)).min(1).optional(),
    })
    .refine((e) => e.tags !== undefined || e.kinds !== undefined, 'an entry object has tags or kinds'),
]);
const text = (e: z.infer<typeof entry>) => (typeof e === 'string' ? e : e.text);

function slotsOf(line: string): string[] {
  return line.match(SLOT) ?? [];
}

function clean(line: string): boolean {
  return line === line.trim() && !/\s{2,}/.test(line) && line.length > 0;
}

function toned(min: number) {
  return z.strictObject(Object.fromEntries(['general', ...TONES].map((t) => [t, z.array(entry).min(t === 'general' ? 0 : min)])));
}

function categorySchema(category: Category) {
  const fits = (line: string) => line.length <= category.maxChars && Array.from(line).length >= category.minChars;
  return z
    .strictObject({
      lines: z.strictObject(Object.fromEntries(TONES.map((t) => [t, z.array(entry)]))),
      templates: toned(0),
      openings: toned(0),
      endings: toned(0),
    })
    .superRefine((c, ctx) => {
      const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
      for (const e of Object.values(c.lines).flat()) {
        const t = text(e);
        if (!clean(t) || slotsOf(t).length > 0 || !fits(t))
          issue(`${category.id} line "${t}": no slots, trimmed, within ${category.minChars}-${category.maxChars} chars`);
      }
      for (const e of Object.values(c.templates).flat()) {
        const t = text(e);
        const slots = slotsOf(t);
        const known = (s: string) => TEMPLATE_SLOTS.has(s) || /^\{(?:c|subjects?):[a-z]+\}$/.test(s);
        if (
          !clean(t) ||
          !slots.some((s) => SUBJECT_SLOTS.includes(s.slice(1, -1)) || /^\{subjects?:/.test(s)) ||
          slots.some((s) => !known(s))
        )
          issue(`${category.id} template "${t}": names a part of the brief, known slots only`);
        // With a short subject, a template must fit the category; with ordinary ones, reach its minimum.
        const short = t.replace(SLOT, 'Acme');
        if (short.length > category.maxChars || Array.from(t.replace(SLOT, 'Acme Coffee')).length < category.minChars) {
          issue(`${category.id} template "${t}" does not fit ${category.minChars}-${category.maxChars} chars`);
        }
      }
      for (const e of [...Object.values(c.openings).flat(), ...Object.values(c.endings).flat()]) {
        const t = text(e);
        if (!clean(t) || slotsOf(t).some((s) => !PART_SLOTS.has(s))) issue(`${category.id} part "${t}": no {topic}, known slots only`);
        if (t.replace(SLOT, 'Acme').length > category.maxChars / 2) issue(`${category.id} part "${t}" is too long`);
      }
      for (const e of Object.values(c.openings).flat()) {
        if (!/[.!?…\p{Extended_Pictographic}]\uFE0F?$/u.test(text(e))) issue(`${category.id} opening "${text(e)}" must end a sentence`);
      }
    });
}

export const languageContentSchema = z.strictObject({
  language: z.enum(LANGUAGE_IDS),
  neutral: z.strictObject(
    Object.fromEntries(CATEGORIES.map((c) => [c.id, z.strictObject({ base: z.string().min(1), dat: z.string().min(1).optional() })])),
  ),
  categories: z.strictObject(Object.fromEntries(CATEGORIES.map((c) => [c.id, categorySchema(c)]))),
});
