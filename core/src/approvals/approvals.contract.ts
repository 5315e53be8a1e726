import { z } from 'zod';
import { PLATFORM_IDS, refineBody, usageSummaryDto } from '../lines';
import { UI_LANGUAGES } from '../platform/i18n/languages';
import { countSchema, timestampSchema, uuidSchema } from '../platform/contract/common';
import { GENERATION_LINES_MAX, SAVED_TEXT_MAX } from '../platform/contract/limits';
import {
  APPROVAL_COMMENT_MAX,
  APPROVAL_DECISIONS,
  APPROVAL_EXPIRES_DAYS_DEFAULT,
  APPROVAL_EXPIRES_DAYS_MAX,
  APPROVAL_EXPIRES_DAYS_MIN,
  APPROVAL_EXPORT_FORMATS,
  APPROVAL_LINE_STATES,
  APPROVAL_LINES_MAX,
  APPROVAL_NOTE_MAX,
  APPROVAL_PIN_PATTERN,
  APPROVAL_REVIEWER_NAME_MAX,
  APPROVAL_STATUSES,
  APPROVAL_TITLE_MAX,
  APPROVAL_PIN_HEADER,
} from './approval-limits';

const platformSchema = z.enum(PLATFORM_IDS, { message: 'platform must be one of the platforms GET /api/platforms lists' });
const languageSchema = z.enum(UI_LANGUAGES, { message: 'language must be en or sw' });
const daysMessage = `Days must be a whole number from ${APPROVAL_EXPIRES_DAYS_MIN} to ${APPROVAL_EXPIRES_DAYS_MAX}`;
const daysSchema = z
  .number({ message: daysMessage })
  .int(daysMessage)
  .min(APPROVAL_EXPIRES_DAYS_MIN, daysMessage)
  .max(APPROVAL_EXPIRES_DAYS_MAX, daysMessage);
const linesMessage = `Choose 1 to ${APPROVAL_LINES_MAX} lines`;
const lineTextSchema = z
  .string({ message: 'Text is required' })
  .trim()
  .min(1, 'Text is required')
  .max(SAVED_TEXT_MAX, `Text must be at most ${SAVED_TEXT_MAX} characters`);
const uniqueIds = (ids: readonly unknown[]) => new Set(ids).size === ids.length;

/** Where the shared lines come from. The lines are copied when the link is made (a snapshot). */
export const approvalSourceSchema = z.union(
  [
    /** The caller's own generation: its lines (all, or those at `indexes`, 0-based, in that order). */
    z.strictObject({
      generationId: uuidSchema,
      indexes: z
        .array(
          z
            .int()
            .min(0)
            .max(GENERATION_LINES_MAX - 1),
        )
        .min(1, linesMessage)
        .max(APPROVAL_LINES_MAX, linesMessage)
        .refine(uniqueIds, 'Choose each line once')
        .optional(),
    }),
    /** A campaign of the caller or of their team: its written lines (all, or those with `lineIds`), by day then platform. */
    z.strictObject({
      campaignId: uuidSchema,
      lineIds: z
        .array(uuidSchema)
        .min(1, linesMessage)
        .max(APPROVAL_LINES_MAX, linesMessage)
        .refine(uniqueIds, 'Choose each line once')
        .optional(),
    }),
    /** Lines of the caller's library or of their team's library (ids from GET /lines/saved or GET /teams/:id/lines), in that order. */
    z.strictObject({
      savedLineIds: z
        .array(uuidSchema)
        .min(1, linesMessage)
        .max(APPROVAL_LINES_MAX, linesMessage)
        .refine(uniqueIds, 'Choose each line once'),
    }),
  ],
  { message: 'source must be {generationId}, {campaignId} or {savedLineIds}' },
);
export type ApprovalSource = z.infer<typeof approvalSourceSchema>;

/**
 * POST /approvals (Business). `teamId`: the caller's team, so its members see the link and its
 * decisions live; omitted: only the creator does. `language`: the client page's language (the
 * link is `/sw/approve/<token>` for sw); omitted: the creator's account language.
 */
export const createApprovalBody = z.strictObject({
  title: z
    .string({ message: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(APPROVAL_TITLE_MAX, `Title must be at most ${APPROVAL_TITLE_MAX} characters`),
  note: z.string().trim().max(APPROVAL_NOTE_MAX, `Note must be at most ${APPROVAL_NOTE_MAX} characters`).optional(),
  pin: z.string({ message: 'PIN must be 4 to 6 digits' }).regex(APPROVAL_PIN_PATTERN, 'PIN must be 4 to 6 digits').optional(),
  expiresInDays: daysSchema.default(APPROVAL_EXPIRES_DAYS_DEFAULT),
  language: languageSchema.optional(),
  source: approvalSourceSchema,
  teamId: uuidSchema.optional(),
});
export type CreateApprovalBody = z.infer<typeof createApprovalBody>;

export const approvalIdParams = z.object({ id: uuidSchema });

/** GET /approvals: the caller's links and their team's, newest first. */
export const listApprovalsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  status: z.enum(APPROVAL_STATUSES, { message: 'status must be open, locked, expired or revoked' }).optional(),
});
export type ListApprovalsQuery = z.infer<typeof listApprovalsQuery>;

/** POST /approvals/:id/extend: adds `days` (default 14) to the expiry (or to now, when expired); at most 90 days from now. */
export const extendApprovalBody = z.strictObject({ days: daysSchema.default(APPROVAL_EXPIRES_DAYS_DEFAULT) });
export type ExtendApprovalBody = z.infer<typeof extendApprovalBody>;

/**
 * POST /approvals/:id/lines: new lines on the same link. A line with `replaces` (the id of a line of
 * this link) is that line's next version: same line id, version + 1, state back to pending, earlier
 * versions and their decisions kept; without it, a new line (version 1) at the end. `platform`
 * omitted on a new version: the replaced line's.
 */
export const addApprovalLinesBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        text: lineTextSchema,
        platform: platformSchema.optional(),
        replaces: uuidSchema.optional(),
        /**
         * The generation line this text is (a refined line: the generation and index from
         * POST /approvals/:id/lines/:lineId/refine). Kept when it is the caller's generation and its
         * line reads the same, so the next refinement of this version goes through that generation.
         */
        from: z
          .strictObject({
            generationId: uuidSchema,
            index: z
              .int('index must be a whole number')
              .min(0, 'index must be 0 or more')
              .max(GENERATION_LINES_MAX - 1, `index must be at most ${GENERATION_LINES_MAX - 1}`),
          })
          .optional(),
      }),
      { message: linesMessage },
    )
    .min(1, linesMessage)
    .max(APPROVAL_LINES_MAX, linesMessage)
    .refine((lines) => uniqueIds(lines.flatMap((l) => (l.replaces ? [l.replaces] : []))), 'Replace each line once'),
});
export type AddApprovalLinesBody = z.infer<typeof addApprovalLinesBody>;

/**
 * POST /approvals/:id/token: a new link for the same approval. `pin`: the new link's PIN (a PIN is
 * bound to its token: required when the link has one, may be the same; on a link without one it adds one).
 */
export const renewApprovalTokenBody = z.strictObject({
  pin: z.string({ message: 'PIN must be 4 to 6 digits' }).regex(APPROVAL_PIN_PATTERN, 'PIN must be 4 to 6 digits').optional(),
});
export type RenewApprovalTokenBody = z.infer<typeof renewApprovalTokenBody>;

export const approvalLineParams = z.object({ id: uuidSchema, lineId: uuidSchema });

/**
 * POST /approvals/:id/lines/:lineId/refine: the lines refine actions on a line of the link (the
 * generator's, with its rules and quota). The refined text is a draft for the team: it reaches the
 * client only when re-shared through POST /approvals/:id/lines.
 */
export const refineApprovalLineBody = z
  .strictObject({ action: refineBody.shape.action, language: refineBody.shape.language })
  .refine((b) => b.action !== 'translate' || b.language !== undefined, {
    message: 'language is required to translate',
    path: ['language'],
  });
export type RefineApprovalLineBody = z.infer<typeof refineApprovalLineBody>;

/** POST /approvals/:id/save-approved: the approved lines (current versions) to the team's library (default when the link is a team's) or the caller's own. */
export const saveApprovedBody = z.strictObject({ target: z.enum(['team', 'own'], { message: 'target must be team or own' }).optional() });
export type SaveApprovedBody = z.infer<typeof saveApprovedBody>;

/** GET /approvals/:id/export: the approved lines (current versions) as a file, in the campaign exporters' formats. */
export const approvalExportQuery = z.object({
  format: z.enum(APPROVAL_EXPORT_FORMATS, { message: 'format must be csv, google_ads or meta_ads' }).default('csv'),
});

/** The public routes' path: the token from the link (one that is not a token answers the same 404 as an unknown one). */
export const approvalTokenParams = z.object({ token: z.string().max(200) });

/** The public routes' header: the link's PIN, when it has one (a missing or wrong PIN answers the same 404 as an unknown link). */
export const approvalPinHeaders = z.object({
  [APPROVAL_PIN_HEADER]: z
    .string()
    .max(20)
    .optional()
    .describe('the PIN the creator gave the client (4 to 6 digits), when the link has one'),
});

const commentSchema = z.string().trim().max(APPROVAL_COMMENT_MAX, `Comment must be at most ${APPROVAL_COMMENT_MAX} characters`);

/**
 * POST /public/approvals/:token/decisions (header X-Approval-Pin when the link has a PIN).
 * `request_changes` and `comment` need a comment. `version`: the version the reviewer saw; when the
 * line has a newer one the request is 409 (nothing recorded) so a decision queued offline never
 * approves text the reviewer has not read.
 */
export const approvalDecisionsBody = z.strictObject({
  reviewerName: z
    .string({ message: 'Your name is required' })
    .trim()
    .min(1, 'Your name is required')
    .max(APPROVAL_REVIEWER_NAME_MAX, `Name must be at most ${APPROVAL_REVIEWER_NAME_MAX} characters`),
  decisions: z
    .array(
      z
        .strictObject({
          lineId: uuidSchema,
          decision: z.enum(APPROVAL_DECISIONS, { message: 'decision must be approve, request_changes or comment' }),
          comment: commentSchema.optional(),
          version: z.int().min(1).optional(),
        })
        .refine((d) => d.decision === 'approve' || (d.comment !== undefined && d.comment.length > 0), {
          message: 'A comment is required',
          path: ['comment'],
        }),
      { message: 'decisions must be a list' },
    )
    .min(1, 'Make at least one decision')
    .max(APPROVAL_LINES_MAX, `At most ${APPROVAL_LINES_MAX} decisions at once`),
});
export type ApprovalDecisionsBody = z.infer<typeof approvalDecisionsBody>;

// ---------------------------------------------------------------------------------------------
// Answers

/** A line as the client page shows it: nothing but these. */
export const publicApprovalLineDto = z.object({
  id: z.uuid(),
  text: z.string(),
  platform: z.enum(PLATFORM_IDS).nullable(),
  state: z.enum(APPROVAL_LINE_STATES),
  version: z.int().min(1),
});
export type PublicApprovalLineDto = z.infer<typeof publicApprovalLineDto>;

/**
 * GET /public/approvals/:token: the link as the client sees it. An unknown, expired, revoked or
 * locked link and a missing or wrong PIN all answer the same 404 (the page offers the PIN field on it).
 */
export const publicApprovalDto = z.object({
  title: z.string(),
  note: z.string().nullable(),
  language: languageSchema,
  lines: z.array(publicApprovalLineDto),
});
export type PublicApprovalDto = z.infer<typeof publicApprovalDto>;

/** POST /public/approvals/:token/decisions: every line's state after the decisions. */
export const publicApprovalDecidedDto = z.object({ lines: z.array(publicApprovalLineDto) });
export type PublicApprovalDecidedDto = z.infer<typeof publicApprovalDecidedDto>;

export const approvalDecisionDto = z.object({
  id: z.uuid(),
  lineId: z.uuid(),
  /** The line's version the decision was made on. */
  version: z.int().min(1),
  decision: z.enum(APPROVAL_DECISIONS),
  reviewerName: z.string(),
  comment: z.string().nullable().describe('plain text: show it escaped, never turn links into anchors'),
  createdAt: timestampSchema,
});
export type ApprovalDecisionDto = z.infer<typeof approvalDecisionDto>;

export const approvalLineVersionDto = z.object({
  version: z.int().min(1),
  text: z.string(),
  platform: z.enum(PLATFORM_IDS).nullable(),
  createdAt: timestampSchema,
});
export type ApprovalLineVersionDto = z.infer<typeof approvalLineVersionDto>;

export const approvalLineDto = z.object({
  id: z.uuid(),
  position: countSchema,
  /** The current version's text and platform. */
  text: z.string(),
  platform: z.enum(PLATFORM_IDS).nullable(),
  version: z.int().min(1),
  state: z.enum(APPROVAL_LINE_STATES),
  /** Who set the current state, and when (null while pending). */
  decidedBy: z.string().nullable(),
  decidedAt: timestampSchema.nullable(),
  /** Every version, oldest first (the last is the current one). */
  versions: z.array(approvalLineVersionDto),
  /** Every decision and comment on any version, oldest first. */
  decisions: z.array(approvalDecisionDto),
});
export type ApprovalLineDto = z.infer<typeof approvalLineDto>;

export const approvalSummaryDto = z.object({
  id: z.uuid(),
  title: z.string(),
  note: z.string().nullable(),
  language: languageSchema,
  hasPin: z.boolean(),
  status: z.enum(APPROVAL_STATUSES),
  expiresAt: timestampSchema,
  revokedAt: timestampSchema.nullable(),
  lockedAt: timestampSchema.nullable().describe('set after too many wrong PINs; POST /approvals/:id/unlock clears it'),
  createdAt: timestampSchema,
  /** The creator (null once their account is gone: the link goes with it, so only in a race). */
  createdBy: z.object({ userId: z.uuid(), name: z.string() }).nullable(),
  teamId: z.uuid().nullable(),
  /** Lines by current state. */
  counts: z.object({ total: countSchema, pending: countSchema, approved: countSchema, changesRequested: countSchema }),
  lastDecisionAt: timestampSchema.nullable(),
});
export type ApprovalSummaryDto = z.infer<typeof approvalSummaryDto>;

/** One link with its lines, their versions and their decision history. */
export const approvalDto = approvalSummaryDto.extend({ lines: z.array(approvalLineDto) });
export type ApprovalDto = z.infer<typeof approvalDto>;

/** GET /approvals */
export const approvalsDto = z.object({ approvals: z.array(approvalSummaryDto) });
export type ApprovalsDto = z.infer<typeof approvalsDto>;

/** GET /approvals/:id, revoke, extend, unlock, POST /approvals/:id/lines */
export const approvalResultDto = z.object({ approval: approvalDto });
export type ApprovalResultDto = z.infer<typeof approvalResultDto>;

/** POST /approvals: 201. `token` and `url` are shown only in this answer (the server keeps a hash). */
export const approvalCreatedDto = z.object({
  id: z.uuid(),
  token: z.string(),
  url: z.string().describe('the absolute link to send the client: <PUBLIC_URL>/approve/<token> (/sw/approve/<token> in Kiswahili)'),
  approval: approvalDto,
});
export type ApprovalCreatedDto = z.infer<typeof approvalCreatedDto>;

/**
 * POST /approvals/:id/lines/:lineId/refine: 202. The refinement is a generation's (follow it as
 * POST /lines/generations/:id/refine: generation:line, generation:completed, or GET
 * /lines/generations/:id): the refined line lands at `index` of its lines. Re-share it with
 * `from: {generationId, index}` so the next refinement of that version goes on from it.
 */
export const approvalRefineAcceptedDto = z.object({
  generation: z.object({ id: z.uuid(), status: z.literal('pending') }),
  index: z.int().min(0).describe("where the refined line will be in the generation's lines"),
  usage: usageSummaryDto,
});
export type ApprovalRefineAcceptedDto = z.infer<typeof approvalRefineAcceptedDto>;

/** POST /approvals/:id/token: the link's new token and url, shown only in this answer; the old link answers 404 from now on. */
export const approvalTokenDto = z.object({
  token: z.string(),
  url: z.string().describe('the new absolute link to send the client'),
  approval: approvalDto,
});
export type ApprovalTokenDto = z.infer<typeof approvalTokenDto>;

/** POST /approvals/:id/save-approved */
export const approvedLinesSavedDto = z.object({
  target: z.enum(['team', 'own']),
  saved: countSchema.describe('lines added to the library'),
  alreadySaved: countSchema.describe('approved lines that were in it already (marked approved now)'),
});
export type ApprovedLinesSavedDto = z.infer<typeof approvedLinesSavedDto>;

/** GET /v1/approvals/:id (API key): the same facts as GET /approvals/:id. */
export const v1ApprovalResultDto = z.object({ success: z.literal(true), approval: approvalDto });
export type V1ApprovalResultDto = z.infer<typeof v1ApprovalResultDto>;

/** The `data` of the `approval.decided` webhook event: one decision on one line. */
export const approvalDecidedEventDto = z.object({
  approvalId: z.uuid(),
  title: z.string(),
  lineId: z.uuid(),
  version: z.int().min(1),
  text: z.string(),
  decision: z.enum(APPROVAL_DECISIONS),
  state: z.enum(APPROVAL_LINE_STATES),
  reviewerName: z.string(),
  comment: z.string().nullable(),
  decidedAt: timestampSchema,
});
export type ApprovalDecidedEventDto = z.infer<typeof approvalDecidedEventDto>;
