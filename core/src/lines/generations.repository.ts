import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { CategoryId, GenerationSource, LanguageId, Tone } from '../platform/catalogue';
import type { GenerationDto, GenerationStatus, RefinementDto } from './lines.contract';
import { countEmoji, switchesFor } from './platform-count';
import { getPlatform, PLATFORM_IDS, type EmojiMode, type HashtagMode, type PlatformId, type RefineAction } from './platforms';
import type { DbOrTx } from '../platform/db/database';
import { prepared, selectList } from '../platform/db/prepared';
import { TOPIC_MAX } from '../platform/contract/limits';
import { generations } from '../schema';
import { planFromLookup, planLookupColumns } from '../billing/plan-lookup.sql';
import { authStateSelect, type AuthStateColumns } from '../accounts/auth-state.sql';
import { PLAN_IDS, type PlanId } from '../platform/catalogue';
import { subjectClockSql, summarise } from './usage.repository';
import type { Plan } from '../platform/catalogue';
import type { UsageSummary } from './lines.contract';

export type GenerationRow = typeof generations.$inferSelect;
export type GenerationInsert = typeof generations.$inferInsert;
export type ProviderTiming = GenerationRow['timings'][number];

/** Who may read a generation: its user, or (for a visitor's generation) the same visitor id. */
export interface GenerationOwner {
  userId?: string | null;
  visitorId?: string | null;
}

function ownedBy(owner: GenerationOwner) {
  if (owner.userId) return eq(generations.userId, owner.userId);
  if (owner.visitorId) return and(isNull(generations.userId), eq(generations.visitorId, owner.visitorId));
  return sql`false`;
}

/** What is asked for, the same for every tone of one request. */
export type GenerationBrief = Pick<
  GenerationInsert,
  | 'userId'
  | 'visitorId'
  | 'apiKeyId'
  | 'subject'
  | 'planId'
  | 'category'
  | 'topic'
  | 'prompt'
  | 'count'
  | 'language'
  | 'maxChars'
  | 'brand'
  | 'platform'
  | 'hashtags'
  | 'emoji'
  | 'fromPhoto'
>;

/** A pending refinement: line `index` refined by `action` into `language`. */
export type RefineRequest = { index: number; action: RefineAction; language: LanguageId };

const COLUMNS = selectList(generations);

/**
 * Counts `units` generations against the daily quota and records one generation per tone, in one
 * statement (so all or nothing, with no transaction round trips): the day's usage row is inserted or
 * incremented only while it stays within the limit (-1: none), and the generations are inserted only
 * from the row that update returned. The ON CONFLICT row lock queues concurrent requests of one
 * subject, so N concurrent requests at limit - 1 let exactly one through. Also returns the month's
 * total after counting (days before today are read from the statement's snapshot, today is the new count).
 */
const acceptStatement = prepared<GenerationRow & { daily: number; monthly: number; resetsAt: Date }>(
  'gl_generations_accept',
  `with z as (${subjectClockSql('$1::text', '$2::timestamptz')}), u as (
     insert into usage_daily as ud (subject, day, count) select $1, z.day, $3::int from z
     on conflict (subject, day) do update set count = ud.count + $3::int
       where $4::int < 0 or ud.count + $3::int <= $4::int
     returning ud.count
   ), g as (
     insert into generations (user_id, visitor_id, api_key_id, subject, plan_id, category, tone, topic, prompt, count, language, max_chars, brand,
       platform, hashtags, emoji, from_photo)
     select $5::uuid, $6::text, $7::uuid, $1, $8::text, $9::text, t.tone, $11::text, $12::text, $13::int, coalesce($14::text, 'en'), $15::int, $16::jsonb,
       $17::text, $18::text, $19::text, $20::boolean
       from u, jsonb_array_elements_text($10::jsonb) with ordinality as t(tone, ord)
       order by t.ord
     returning ${COLUMNS}
   )
   select g.*, u.count as "daily", z."resetsAt",
     u.count + (select coalesce(sum(o.count), 0)::int from usage_daily o where o.subject = $1 and o.day >= z.month and o.day <> z.day) as "monthly"
   from z, u, g`,
);

/**
 * The generate request's accept with its sign-in check in the same statement (one round trip instead
 * of two: docs/lean-runtime.md §5). The user's token is checked (`authStateSelect`: the account
 * exists, the token is not older than its "valid from", its session is live), their plan resolved as
 * `planFromLookup` does (a Business team first, then their own subscription in force, else free), and
 * only when the token stands and that plan is one of `$4` (the plans whose rules admit this brief,
 * each with its daily limit) are the quota counted and the rows inserted, exactly as acceptStatement
 * does. Always one row per inserted generation, or one row with the check's columns and no
 * generation (`id` null) when nothing was inserted; no row when the account is gone.
 */
const acceptSignedInStatement = prepared<
  AuthStateColumns & Partial<GenerationRow> & { planId: string | null; daily: number | null; monthly: number | null; resetsAt: Date | null }
>(
  'gl_generations_accept_signed_in',
  `with p as (
     select a.*, case when a."teamBusiness" then 'business' when $8::jsonb ? a."ownPlan" then a."ownPlan" else 'free' end as "resolvedPlan"
     from (${authStateSelect('$5', '$21', '$22', '$2')}) a
   ), ok as (
     select p."resolvedPlan" as plan_id, ($4::jsonb ->> p."resolvedPlan")::int as lim from p
     where p."issuedOk" and p."sessionLive" and $4::jsonb ? p."resolvedPlan"
       and (($4::jsonb ->> p."resolvedPlan")::int < 0 or ($4::jsonb ->> p."resolvedPlan")::int >= $3::int)
   ), z as (${subjectClockSql('$1::text', '$2::timestamptz')}), u as (
     insert into usage_daily as ud (subject, day, count) select $1, z.day, $3::int from z, ok
     on conflict (subject, day) do update set count = ud.count + $3::int
       where (select lim from ok) < 0 or ud.count + $3::int <= (select lim from ok)
     returning ud.count
   ), g as (
     insert into generations (user_id, visitor_id, api_key_id, subject, plan_id, category, tone, topic, prompt, count, language, max_chars, brand,
       platform, hashtags, emoji, from_photo)
     select $5::uuid, $6::text, $7::uuid, $1, ok.plan_id, $9::text, t.tone, $11::text, $12::text, $13::int, coalesce($14::text, 'en'), $15::int, $16::jsonb,
       $17::text, $18::text, $19::text, $20::boolean
       from u, ok, jsonb_array_elements_text($10::jsonb) with ordinality as t(tone, ord)
       order by t.ord
     returning ${COLUMNS}
   )
   select p."accountLanguage", p."issuedOk", p."sessionLive", p."ownPlan", p."teamBusiness", r.*
   from p left join (
     select g.*, u.count as "daily", z."resetsAt",
       u.count + (select coalesce(sum(o.count), 0)::int from usage_daily o where o.subject = $1 and o.day >= z.month and o.day <> z.day) as "monthly"
     from z, u, g
   ) r on true`,
);

/** What the signed-in accept says: the sign-in check's columns (undefined: the account is gone), the plan, and the rows if any were accepted. */
export interface SignedInAccept {
  state?: AuthStateColumns;
  plan?: Plan;
  accepted?: { rows: GenerationRow[]; usage: UsageSummary };
}

const findByIdStatement = prepared<GenerationRow>('gl_generations_find', `select ${COLUMNS} from generations where id = $1::uuid`);

/**
 * Claims the generation and says, in the same statement, whether its user has saved any line at all:
 * when not, the worker does not ask about each new line (savedTextsAmong), one round trip per line.
 */
const claimStatement = prepared<GenerationRow & { hasSavedLines: boolean }>(
  'gl_generations_claim',
  `with c as (
     update generations set status = 'running', attempts = attempts + 1, started_at = $2::timestamptz
     where id = $1::uuid and status in ('pending', 'running')
     returning ${COLUMNS}
   )
   select c.*, exists (select 1 from saved_lines s where s.user_id = c."userId") as "hasSavedLines" from c`,
);

/**
 * Completes a generation if the attempt still holds it, and in the same statement reads what the
 * owner's usage meter shows afterwards: their plan (see currentPlanFor) and today's and the month's
 * counts; and whether any of the owner's webhook endpoints listens for generation.completed (when
 * none does, the worker records no event: no further statement).
 */
const completeStatement = prepared<
  GenerationRow & { ownPlan: string | null; teamBusiness: boolean; daily: number; monthly: number; resetsAt: Date; hasWebhooks: boolean }
>(
  'gl_generations_complete',
  `with c as (
     update generations set status = 'completed', lines = $3::jsonb, source = $4::text, error = null,
       timings = timings || $5::jsonb, replace_index = null, completed_at = $6::timestamptz,
       refinements = refinements || $7::jsonb, refine = null
     where id = $1::uuid and status = 'running' and attempts = $2::int
     returning ${COLUMNS}
   )
   select c.*, ${planLookupColumns('c."userId"', '$6')}, z."resetsAt",
     (select coalesce(sum(o.count) filter (where o.day = z.day), 0)::int from usage_daily o where o.subject = c.subject and o.day >= z.month) as "daily",
     (select coalesce(sum(o.count), 0)::int from usage_daily o where o.subject = c.subject and o.day >= z.month) as "monthly",
     exists (select 1 from webhook_endpoints e where e.user_id = c."userId" and e.disabled_at is null
       and e.events @> '["generation.completed"]'::jsonb) as "hasWebhooks"
   from c cross join lateral (${subjectClockSql('c.subject', '$6::timestamptz')}) z`,
);

const savedAmongStatement = prepared<{ text: string }>(
  'gl_saved_texts_among',
  `select lower(text) as text from saved_lines
   where user_id = $1::uuid and lower(text) = any(array(select jsonb_array_elements_text($2::jsonb)))`,
);

function withoutExtras<T extends GenerationRow>(row: T, extras: readonly string[]): GenerationRow {
  const copy: Record<string, unknown> = { ...row };
  for (const k of extras) delete copy[k];
  return copy as GenerationRow;
}

/** The stored platform, if it is one we know (a row is never trusted blindly). */
export function platformOf(row: Pick<GenerationRow, 'platform'>): PlatformId | null {
  return row.platform && (PLATFORM_IDS as readonly string[]).includes(row.platform) ? (row.platform as PlatformId) : null;
}

/**
 * The hashtag and emoji rules the generation's lines keep: as asked, else the defaults; never emoji
 * on an SMS (GSM-7 has none) or for a brand kit whose example lines have none (its voice).
 */
export function switchesOf(row: Pick<GenerationRow, 'category' | 'platform' | 'hashtags' | 'emoji' | 'brand'>): {
  hashtags: HashtagMode;
  emoji: EmojiMode;
} {
  const platform = platformOf(row);
  const switches = switchesFor(row.category as CategoryId, platform, {
    hashtags: row.hashtags === 'none' || row.hashtags === 'few' ? row.hashtags : null,
    emoji: row.emoji === 'none' || row.emoji === 'some' ? row.emoji : null,
  });
  const examples = row.brand?.exampleLines ?? [];
  const voiceWithoutEmoji = examples.length > 0 && examples.every((l) => countEmoji(l) === 0);
  if ((platform && getPlatform(platform).counting === 'gsm7') || voiceWithoutEmoji) switches.emoji = 'none';
  return switches;
}

/** The language line `index` is written in: a refined line's own, else the generation's. */
export function languageOfLine(row: Pick<GenerationRow, 'language' | 'refinements'>, index: number): LanguageId {
  return row.refinements.find((r) => r.index === index)?.language ?? (row.language as LanguageId);
}

export function toGenerationDto(row: GenerationRow): GenerationDto {
  return {
    id: row.id,
    status: row.status as GenerationStatus,
    category: row.category as CategoryId,
    tone: row.tone as Tone,
    topic: row.topic,
    count: row.count,
    language: row.language,
    lines: row.lines,
    platform: platformOf(row),
    ...switchesOf(row),
    refinements: row.refinements,
    source: (row.source as GenerationSource | null) ?? null,
    error: row.error,
    fromPhoto: row.fromPhoto,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** $9–$20 of both accept statements: the brief's own columns, in the statements' order. */
function briefColumns(brief: Omit<GenerationBrief, 'planId'>, tones: readonly string[]): unknown[] {
  return [
    brief.category,
    JSON.stringify(tones),
    brief.topic ?? null,
    brief.prompt ?? null,
    brief.count,
    brief.language ?? null,
    brief.maxChars ?? null,
    brief.brand == null ? null : JSON.stringify(brief.brand),
    brief.platform ?? null,
    brief.hashtags ?? null,
    brief.emoji ?? null,
    brief.fromPhoto ?? false,
  ];
}

export const generationsRepository = {
  /**
   * Counts the quota and records one pending generation per tone, all or none (one statement).
   * Undefined when the daily limit does not admit `tones.length` more generations; otherwise the rows
   * in the order of `tones` and the subject's usage after counting.
   */
  async accept(
    db: DbOrTx,
    brief: GenerationBrief,
    tones: readonly string[],
    plan: Plan,
    now = new Date(),
  ): Promise<{ rows: GenerationRow[]; usage: UsageSummary } | undefined> {
    const units = tones.length;
    const limit = plan.limits.dailyGenerations;
    if (limit >= 0 && limit < units) return undefined;
    const result = await acceptStatement.run(db, [
      brief.subject,
      now.toISOString(),
      units,
      limit,
      brief.userId ?? null,
      brief.visitorId ?? null,
      brief.apiKeyId ?? null,
      brief.planId,
      ...briefColumns(brief, tones),
    ]);
    if (result.length === 0) return undefined;
    const { daily, monthly, resetsAt } = result[0]!;
    const rows = result.map((r) => withoutExtras(r, ['daily', 'monthly', 'resetsAt']));
    rows.sort((a, b) => tones.indexOf(a.tone) - tones.indexOf(b.tone));
    return { rows, usage: summarise(plan, Number(daily), Number(monthly), resetsAt) };
  },

  /**
   * The accept of a signed-in user's request whose token has not been checked yet: the check and the
   * accept in one statement (acceptSignedInStatement). `limits` holds the plans whose rules admit the
   * brief, each with its daily limit; nothing is recorded unless the token stands and the user's plan
   * is one of them with room for `tones.length` more today.
   */
  async acceptSignedIn(
    db: DbOrTx,
    brief: Omit<GenerationBrief, 'planId'> & { userId: string },
    tones: readonly string[],
    limits: Partial<Record<PlanId, number>>,
    token: { sessionId?: string; issuedAtMs: number },
    now = new Date(),
  ): Promise<SignedInAccept> {
    const result = await acceptSignedInStatement.run(db, [
      brief.subject,
      now.toISOString(),
      tones.length,
      JSON.stringify(limits),
      brief.userId,
      brief.visitorId ?? null,
      brief.apiKeyId ?? null,
      // $8: where acceptStatement takes the plan, the plans there are (the statement resolves the user's).
      JSON.stringify(PLAN_IDS),
      ...briefColumns(brief, tones),
      token.sessionId ?? null,
      String(Math.floor(token.issuedAtMs)),
    ]);
    if (result.length === 0) return {};
    const first = result[0]!;
    const state: AuthStateColumns = {
      accountLanguage: first.accountLanguage,
      issuedOk: first.issuedOk,
      sessionLive: first.sessionLive,
      ownPlan: first.ownPlan,
      teamBusiness: first.teamBusiness,
    };
    const plan = planFromLookup(state);
    if (first.id == null) return { state, plan };
    const { daily, monthly, resetsAt } = first;
    const extras = ['accountLanguage', 'issuedOk', 'sessionLive', 'ownPlan', 'teamBusiness', 'daily', 'monthly', 'resetsAt'];
    const rows = result.map((r) => withoutExtras(r as GenerationRow, extras));
    rows.sort((a, b) => tones.indexOf(a.tone) - tones.indexOf(b.tone));
    return { state, plan, accepted: { rows, usage: summarise(plan, Number(daily), Number(monthly), resetsAt!) } };
  },

  async insert(db: DbOrTx, values: GenerationInsert): Promise<GenerationRow> {
    const [row] = await db.insert(generations).values(values).returning();
    return row!;
  },

  async findById(db: DbOrTx, id: string): Promise<GenerationRow | undefined> {
    const [row] = await findByIdStatement.run(db, [id]);
    return row;
  },

  /** The generation if `owner` owns it; undefined otherwise (the caller answers 404, no hint). */
  async findOwned(db: DbOrTx, id: string, owner: GenerationOwner): Promise<GenerationRow | undefined> {
    const [row] = await db
      .select()
      .from(generations)
      .where(and(eq(generations.id, id), ownedBy(owner)))
      .limit(1);
    return row;
  },

  async listForUser(db: DbOrTx, userId: string, limit: number): Promise<GenerationRow[]> {
    return db.select().from(generations).where(eq(generations.userId, userId)).orderBy(desc(generations.createdAt)).limit(limit);
  },

  /**
   * Takes a pending (or stalled running) generation for one attempt. The returned attempt number
   * is the fencing token: only the attempt that still holds it may complete the generation.
   */
  async claim(db: DbOrTx, id: string, now = new Date()): Promise<(GenerationRow & { hasSavedLines: boolean }) | undefined> {
    const [row] = await claimStatement.run(db, [id, now.toISOString()]);
    if (!row) return undefined;
    return { ...withoutExtras(row, ['hasSavedLines']), hasSavedLines: row.hasSavedLines };
  },

  /** Generations created before `createdBefore` and still pending or running, oldest first (the reconciler's list). */
  async listUnfinished(
    db: DbOrTx,
    createdBefore: Date,
    limit: number,
  ): Promise<
    Array<Pick<GenerationRow, 'id' | 'replaceIndex' | 'refine' | 'revision' | 'attempts' | 'userId' | 'visitorId' | 'fromPhoto' | 'lines'>>
  > {
    return db
      .select({
        id: generations.id,
        replaceIndex: generations.replaceIndex,
        refine: generations.refine,
        revision: generations.revision,
        attempts: generations.attempts,
        userId: generations.userId,
        visitorId: generations.visitorId,
        fromPhoto: generations.fromPhoto,
        lines: generations.lines,
      })
      .from(generations)
      .where(and(inArray(generations.status, ['pending', 'running']), lt(generations.createdAt, createdBefore)))
      .orderBy(generations.createdAt)
      .limit(limit);
  },

  /**
   * Completes the generation if `attempt` still holds it (undefined when another attempt took over),
   * and reads the owner's usage meter afterwards in the same statement.
   */
  async complete(
    db: DbOrTx,
    id: string,
    attempt: number,
    result: { lines: string[]; source: GenerationSource; timings: ProviderTiming[]; refinement?: RefinementDto },
    now = new Date(),
  ): Promise<(GenerationRow & { usage: UsageSummary; hasWebhooks: boolean }) | undefined> {
    const [row] = await completeStatement.run(db, [
      id,
      attempt,
      JSON.stringify(result.lines),
      result.source,
      JSON.stringify(result.timings),
      now.toISOString(),
      JSON.stringify(result.refinement ? [result.refinement] : []),
    ]);
    if (!row) return undefined;
    const usage = summarise(planFromLookup(row), Number(row.daily), Number(row.monthly), row.resetsAt);
    return {
      ...withoutExtras(row, ['ownPlan', 'teamBusiness', 'daily', 'monthly', 'resetsAt', 'hasWebhooks']),
      usage,
      hasWebhooks: row.hasWebhooks,
    };
  },

  /**
   * Gives up on a generation that attempt after attempt never finished (its worker died each time):
   * failed for good, whatever attempt holds it. A regeneration keeps its lines. Undefined when it
   * has finished meanwhile.
   */
  async abandon(db: DbOrTx, id: string, error: string): Promise<GenerationRow | undefined> {
    const [row] = await db
      .update(generations)
      .set({
        status: sql`case when ${generations.replaceIndex} is null and ${generations.refine} is null then 'failed' else 'completed' end`,
        error,
        replaceIndex: null,
        refine: null,
        completedAt: new Date(),
      })
      .where(and(eq(generations.id, id), inArray(generations.status, ['pending', 'running'])))
      .returning();
    return row;
  },

  /** Fails the generation for good if `attempt` still holds it. A failed regeneration keeps its lines. */
  async fail(db: DbOrTx, id: string, attempt: number, error: string, timings: ProviderTiming[]): Promise<GenerationRow | undefined> {
    const [row] = await db
      .update(generations)
      .set({
        status: sql`case when ${generations.replaceIndex} is null and ${generations.refine} is null then 'failed' else 'completed' end`,
        error,
        timings: sql`${generations.timings} || ${JSON.stringify(timings)}::jsonb`,
        replaceIndex: null,
        refine: null,
        completedAt: new Date(),
      })
      .where(and(eq(generations.id, id), eq(generations.status, 'running'), eq(generations.attempts, attempt)))
      .returning();
    return row;
  },

  /** Starts replacing line `index` of a completed generation; undefined unless the owner's and completed. */
  async startRegeneration(db: DbOrTx, id: string, owner: GenerationOwner, index: number): Promise<GenerationRow | undefined> {
    const [row] = await db
      .update(generations)
      .set({ status: 'pending', replaceIndex: index, revision: sql`${generations.revision} + 1`, error: null })
      .where(and(eq(generations.id, id), ownedBy(owner), eq(generations.status, 'completed')))
      .returning();
    return row;
  },

  /**
   * Records a completed generation holding one given line (`text`), so that line can be refined as
   * any generated line is (a line shared for approval that no generation of the user holds). The
   * line is its own brief (its topic, up to TOPIC_MAX): a refinement keeps to what it is about.
   */
  async seed(
    db: DbOrTx,
    input: {
      userId: string;
      subject: string;
      planId: string;
      text: string;
      platform: PlatformId | null;
      category: string;
      tone: string;
      language: LanguageId;
    },
    now = new Date(),
  ): Promise<GenerationRow> {
    const [row] = await db
      .insert(generations)
      .values({
        userId: input.userId,
        subject: input.subject,
        planId: input.planId,
        category: input.category,
        tone: input.tone,
        topic: Array.from(input.text).slice(0, TOPIC_MAX).join(''),
        count: 1,
        language: input.language,
        platform: input.platform,
        status: 'completed',
        lines: [input.text],
        createdAt: now,
        completedAt: now,
      })
      .returning();
    return row!;
  },

  /**
   * Starts refining line `refine.index` of a completed generation (the result is appended; the lines
   * stay); undefined unless the owner's, completed, and still with room for another refined line.
   */
  async startRefinement(
    db: DbOrTx,
    id: string,
    owner: GenerationOwner,
    refine: RefineRequest,
    maxRefinements: number,
  ): Promise<GenerationRow | undefined> {
    const [row] = await db
      .update(generations)
      .set({ status: 'pending', refine, revision: sql`${generations.revision} + 1`, error: null })
      .where(
        and(
          eq(generations.id, id),
          ownedBy(owner),
          eq(generations.status, 'completed'),
          sql`jsonb_array_length(${generations.refinements}) < ${maxRefinements}`,
          sql`${refine.index} < jsonb_array_length(${generations.lines})`,
        ),
      )
      .returning();
    return row;
  },

  /**
   * Undoes a generation that was recorded but could not be queued (nothing ran yet). False when it
   * is no longer pending (a worker has taken it: it runs and counts, so its quota is not given back).
   */
  async withdraw(db: DbOrTx, row: GenerationRow): Promise<boolean> {
    const pending = and(eq(generations.id, row.id), eq(generations.status, 'pending'));
    const undone =
      row.replaceIndex === null && row.refine === null
        ? await db.delete(generations).where(pending).returning({ id: generations.id })
        : await db
            .update(generations)
            .set({ status: 'completed', replaceIndex: null, refine: null })
            .where(pending)
            .returning({ id: generations.id });
    return undone.length > 0;
  },

  /** Which of `texts` the user has already saved, compared case-insensitively (uses the unique lower(text) index). */
  async savedTextsAmong(db: DbOrTx, userId: string, texts: string[]): Promise<Set<string>> {
    if (texts.length === 0) return new Set();
    const rows = await savedAmongStatement.run(db, [userId, JSON.stringify(texts.map((t) => t.toLowerCase()))]);
    return new Set(rows.map((r) => r.text));
  },
};
