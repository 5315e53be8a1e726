import { z } from 'zod';
import { timestampSchema, uuidSchema } from '../platform/contract/common';

import {
  BRAND_AUDIENCE_MAX,
  BRAND_DESCRIPTION_MAX,
  BRAND_EXAMPLE_MAX,
  BRAND_EXAMPLES_MAX,
  BRAND_NAME_MAX,
  BRAND_WORD_MAX,
  BRAND_WORDS_MAX,
  avoidedNameWord,
} from './brand-rules';

export * from './brand-rules';

/** Whole words in any case, for comparing a brand's words with each other and with its name. */
const wordKey = (word: string) => word.trim().toLocaleLowerCase();

function wordList(label: string) {
  return z
    .array(
      z
        .string({ message: `${label}: each word must be text` })
        .trim()
        .min(1, `${label}: empty words are not allowed`)
        .max(BRAND_WORD_MAX, `${label}: each word must be at most ${BRAND_WORD_MAX} characters`),
      { message: `${label} must be a list of words` },
    )
    .max(BRAND_WORDS_MAX, `${label}: at most ${BRAND_WORDS_MAX} words`)
    .default([])
    .superRefine((words, ctx) => {
      const seen = new Set<string>();
      words.forEach((word, i) => {
        const key = wordKey(word);
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i], message: `${label}: "${word}" is listed twice` });
        seen.add(key);
      });
    });
}

const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .default('');

/** The fields of a kit (shared by create and replace). */
const brandFields = {
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(BRAND_NAME_MAX, `Name must be at most ${BRAND_NAME_MAX} characters`),
  description: optionalText('Description', BRAND_DESCRIPTION_MAX),
  audience: optionalText('Audience', BRAND_AUDIENCE_MAX),
  wordsToUse: wordList('Words to use'),
  wordsToAvoid: wordList('Words to avoid'),
  exampleLines: z
    .array(
      z
        .string({ message: 'Example lines: each line must be text' })
        .trim()
        .min(1, 'Example lines: empty lines are not allowed')
        .max(BRAND_EXAMPLE_MAX, `Example lines: each line must be at most ${BRAND_EXAMPLE_MAX} characters`),
      { message: 'Example lines must be a list' },
    )
    .max(BRAND_EXAMPLES_MAX, `Example lines: at most ${BRAND_EXAMPLES_MAX} lines`)
    .default([]),
  /** The kit's voice never uses "!" (also implied when no example line has one). */
  noExclamation: z.boolean({ message: 'noExclamation must be true or false' }).default(false),
};

function brandRules(brand: { name: string; wordsToUse: string[]; wordsToAvoid: string[] }, ctx: z.RefinementCtx): void {
  const clash = avoidedNameWord(brand.name, brand.wordsToAvoid);
  if (clash !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['wordsToAvoid'],
      message: `Words to avoid cannot contain "${clash}", part of the brand's name: the name would be dropped from every line`,
    });
  }
  const avoid = new Set(brand.wordsToAvoid.map(wordKey));
  const both = brand.wordsToUse.find((w) => avoid.has(wordKey(w)));
  if (both !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['wordsToUse'], message: `"${both}" cannot be both a word to use and a word to avoid` });
  }
}

/** A brand kit: what makes lines sound like one customer's brand (PUT replaces these; a kit never moves between you and a team). */
export const brandBody = z.strictObject(brandFields).superRefine(brandRules);
export type BrandBody = z.infer<typeof brandBody>;

/** POST /brands: a kit, shared with the caller's team when `teamId` is given (owner or admin of that team). */
export const brandCreateBody = z.strictObject({ ...brandFields, teamId: uuidSchema.optional() }).superRefine(brandRules);
export type BrandCreateBody = z.infer<typeof brandCreateBody>;

export const brandIdParams = z.object({ id: uuidSchema });

export const brandDto = z.object({
  id: z.uuid(),
  teamId: z
    .uuid()
    .nullable()
    .describe('the team the kit is shared with (every member can use it; its owner and admins edit it); null: your own'),
  name: z.string(),
  description: z.string(),
  audience: z.string(),
  wordsToUse: z.array(z.string()),
  wordsToAvoid: z.array(z.string()).describe('no delivered line contains one of these (whole word, any case)'),
  exampleLines: z
    .array(z.string())
    .describe(
      'set the voice every line keeps: all lower case -> lower case; no emoji -> none; no "!" -> none; length within their range plus a margin',
    ),
  noExclamation: z.boolean().describe('no delivered line has an exclamation mark'),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type BrandDto = z.infer<typeof brandDto>;

/** What a generation keeps of the brand it was made with (a snapshot: later edits do not change a running job). */
export type BrandSnapshot = Omit<BrandDto, 'createdAt' | 'updatedAt' | 'teamId' | 'noExclamation'> & {
  /** Absent in snapshots taken before the field existed: false. */
  noExclamation?: boolean;
};

/** The person's brand kits. */
export const brandListDto = z.object({ brands: z.array(brandDto) });
export type BrandListDto = z.infer<typeof brandListDto>;

/** One brand kit. */
export const brandResultDto = z.object({ brand: brandDto });
export type BrandResultDto = z.infer<typeof brandResultDto>;
