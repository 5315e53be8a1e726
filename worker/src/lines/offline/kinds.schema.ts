import { CATEGORY_IDS, TONES } from '@gl/core';
import { z } from 'zod';

/**
 * The shape of kinds/<sector>.json (the kinds library, issue 33; the format is written down in
 * kinds/README.md): what each kind of subject is, does and offers, its calls to action, and line
 * patterns written the way a copywriter would write them. Checked in kinds.test.ts.
 */
export const KIND_SPEAKERS = ['business', 'person', 'event', 'cause'] as const;
export const KIND_SELLS = ['service', 'product', 'food', 'venue', 'software', 'event', 'cause', 'person'] as const;
export const PATTERN_TONES = ['general', ...TONES] as const;
/** Slots filled from the brief's frame: a pattern is used only when the frame has every one it needs. */
export const FRAME_SLOTS = ['name', 'offer', 'fact', 'price', 'hours', 'date', 'place', 'audience', 'subject'] as const;
/** Slots the kind itself fills (always available). */
export const KIND_SLOTS = ['customer', 'cta'] as const;
export const PATTERN_SLOTS = [...FRAME_SLOTS, ...KIND_SLOTS] as const;
export type FrameSlot = (typeof FRAME_SLOTS)[number];
export type PatternSlot = (typeof PATTERN_SLOTS)[number];

/** Stock filler no line may carry (issue 33). */
export const BANNED_PHRASES = ['has you covered', 'have you covered', 'ask me anything', 'come and get it', 'this is your sign'];
/** Calls to action only software may make. */
export const SOFTWARE_ONLY = ['request a demo', 'book a demo', 'free trial', 'sign up free', 'start your trial'];

const SLOT = /\{([A-Za-z]+)\}/g;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slots a pattern's text uses, lower-cased (`{Name}` is `name`). */
export function slotsOf(text: string): string[] {
  return [...new Set([...text.matchAll(SLOT)].map((m) => (m[1] as string).toLowerCase()))];
}

const lowerPhrase = z
  .string()
  .trim()
  .min(1)
  .refine((s) => s === s.toLowerCase(), { message: 'match phrases are lower case' });
const text = z.string().trim().min(1);
const bilingual = z.object({ en: text, sw: text });
const bilingualList = z.object({ en: z.array(text).min(1), sw: z.array(text).min(1) });

export const patternSchema = z
  .object({
    id: z.string().regex(KEBAB, 'a pattern id is kebab-case'),
    text: z.string().trim().min(3).max(200),
    categories: z.array(z.enum(CATEGORY_IDS)).min(1),
    tones: z.array(z.enum(PATTERN_TONES)).min(1),
    needs: z.array(z.enum(PATTERN_SLOTS)).default([]),
    /** Optional: a line only for a brief that asks for volunteers or members ("recruiting"). */
    when: z.enum(['recruiting']).optional(),
    /** Optional: the line asserts a specific not every member of the kind has ("Chip timing, marked routes"): the grounding gate lets it through only when the brief says it. */
    specific: z.boolean().optional(),
  })
  .superRefine((p, ctx) => {
    const used = slotsOf(p.text);
    for (const slot of used) {
      if (!(PATTERN_SLOTS as readonly string[]).includes(slot)) {
        ctx.addIssue({ code: 'custom', message: `${p.id}: unknown slot {${slot}}` });
      }
    }
    for (const slot of used) {
      if ((FRAME_SLOTS as readonly string[]).includes(slot) && !p.needs.includes(slot as PatternSlot)) {
        ctx.addIssue({ code: 'custom', message: `${p.id}: uses {${slot}} but does not list it in needs` });
      }
    }
    for (const slot of p.needs) {
      if (!used.includes(slot)) ctx.addIssue({ code: 'custom', message: `${p.id}: needs ${slot} but its text does not use it` });
    }
    const lower = p.text.toLowerCase();
    for (const phrase of BANNED_PHRASES) {
      if (lower.includes(phrase)) ctx.addIssue({ code: 'custom', message: `${p.id}: stock filler "${phrase}"` });
    }
    if (/[{}]/.test(p.text.replace(SLOT, ''))) ctx.addIssue({ code: 'custom', message: `${p.id}: a stray brace` });
  });

export const kindSchema = z
  .object({
    id: z.string().regex(KEBAB, 'a kind id is kebab-case'),
    speaker: z.enum(KIND_SPEAKERS),
    sells: z.enum(KIND_SELLS),
    match: z.object({ en: z.array(lowerPhrase), sw: z.array(lowerPhrase) }),
    noun: bilingual,
    customer: bilingual,
    verbs: bilingualList,
    benefits: bilingualList,
    ctas: bilingualList,
    lines: z.object({ en: z.array(patternSchema).min(14), sw: z.array(patternSchema).min(6) }),
    /** Optional (kinds/README.md): a plural noun ("tyres") when the subject is best named in the plural. */
    plural: z.boolean().optional(),
  })
  .superRefine((k, ctx) => {
    const covered = new Set(k.lines.en.flatMap((p) => p.categories));
    for (const c of CATEGORY_IDS) {
      if (!covered.has(c)) ctx.addIssue({ code: 'custom', message: `${k.id}: no English pattern for ${c}` });
    }
    if (!k.id.startsWith('generic-') && k.match.en.length === 0 && k.match.sw.length === 0) {
      ctx.addIssue({ code: 'custom', message: `${k.id}: no match phrases` });
    }
    if (k.sells !== 'software') {
      const all = [...k.ctas.en, ...k.lines.en.map((p) => p.text)].map((t) => t.toLowerCase());
      for (const phrase of SOFTWARE_ONLY) {
        if (all.some((t) => t.includes(phrase))) ctx.addIssue({ code: 'custom', message: `${k.id}: "${phrase}" is software copy` });
      }
    }
    for (const cta of [...k.ctas.en, ...k.ctas.sw]) {
      if (/\{/.test(cta)) ctx.addIssue({ code: 'custom', message: `${k.id}: a call to action has no slots ("${cta}")` });
    }
  });

export const kindsFileSchema = z.object({ kinds: z.array(kindSchema) });

export type Pattern = z.infer<typeof patternSchema>;
export type Kind = z.infer<typeof kindSchema>;
export type KindsFile = z.infer<typeof kindsFileSchema>;

/** Cross-file rules: kind ids and pattern ids unique across the library. */
export function libraryIssues(files: readonly { file: string; data: KindsFile }[]): string[] {
  const issues: string[] = [];
  const kinds = new Map<string, string>();
  const patterns = new Map<string, string>();
  for (const { file, data } of files) {
    for (const kind of data.kinds) {
      const seen = kinds.get(kind.id);
      if (seen) issues.push(`kind ${kind.id} in ${file} and ${seen}`);
      kinds.set(kind.id, file);
      for (const p of [...kind.lines.en, ...kind.lines.sw]) {
        const other = patterns.get(p.id);
        if (other) issues.push(`pattern ${p.id} in ${file} and ${other}`);
        patterns.set(p.id, file);
      }
    }
  }
  return issues;
}
