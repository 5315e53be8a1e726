import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { getPlatform, type PlatformId, getOccasion, type OccasionId, type GenerationStatus, type UsageSummary } from '../lines';
import type { CategoryId, Plan, Tone } from '../platform/catalogue';
import type { BrandSnapshot } from '../brands';
import type { CampaignDto, CampaignLineDto, CampaignStatus, CampaignSummaryDto } from './campaigns.contract';
import { campaignDayBrief } from './campaign-day';
import { lineLength } from './line-length';
import type { Db, DbOrTx } from '../platform/db/database';
import { campaignLines, campaigns, generations, users } from '../schema';
import type { GenerationRow } from '../lines/server';
import { campaignLinesSubject, summarise, usageRepository } from '../lines/server';

/**
 * What `accept` made of a campaign: recorded with its generations, or refused whole (nothing
 * recorded or counted): `running` when the account already has its campaigns being written,
 * `budget` past the plan's daily campaign lines (`remaining` left on the account's local day, until
 * `resetsAt`), `daily` past the daily generations.
 */
export type CampaignAcceptance =
  | { refused?: undefined; campaign: CampaignRow; generations: GenerationRow[]; usage: UsageSummary }
  | { refused: 'running' }
  | { refused: 'budget'; remaining: number; resetsAt: Date }
  | { refused: 'daily' };

/** Rolls back a campaign's transaction when the daily generations do not admit it. */
class DailyLimitRollback extends Error {}

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignLineRow = typeof campaignLines.$inferSelect;

/** What a campaign asks for, as the api accepted it. */
export interface CampaignInput {
  userId: string;
  /** Who the quota is counted against (`user-<id>`). */
  subject: string;
  occasion: OccasionId | null;
  occasionDate: string | null;
  startsOn: string;
  days: number;
  platforms: PlatformId[];
  category: CategoryId | null;
  tone: Tone;
  topic: string | null;
  brandId: string | null;
  brand: BrandSnapshot | null;
  language: string;
}

/** One day × platform of a campaign: its generation's kind of line and length cap. */
export interface CampaignCell {
  day: number;
  platform: PlatformId;
  position: number;
  category: CategoryId;
  maxChars: number;
}

type LineJoin = { line: CampaignLineRow; status: string; lines: string[] };

/** A line has text: edited by hand, or written by its generation. */
const hasText = sql`(${campaignLines.text} is not null or jsonb_array_length(${generations.lines}) > 0)`;
const doneCount = sql<number>`(count(*) filter (where ${generations.status} = 'completed' and ${hasText}))::int`;
const failedCount = sql<number>`(count(*) filter (where ${generations.status} = 'failed' or (${generations.status} = 'completed' and not ${hasText})))::int`;
const totalCount = sql<number>`count(*)::int`;

/** The line as the calendar shows it: the hand-edited text, else the generation's newest line. */
export function toCampaignLineDto({ line, status, lines }: LineJoin): CampaignLineDto {
  const platform = line.platform as PlatformId;
  const text = line.text ?? lines.at(-1) ?? null;
  const lineStatus: GenerationStatus = status === 'completed' && text === null ? 'failed' : (status as GenerationStatus);
  return {
    id: line.id,
    day: line.day,
    date: line.date,
    platform,
    category: line.category as CategoryId,
    generationId: line.generationId,
    status: lineStatus,
    text,
    edited: line.text !== null,
    characters: text === null ? null : lineLength(text, platform),
    maxChars: getPlatform(platform).maxChars,
  };
}

function toSummary(row: CampaignRow, counts: { total: number; done: number; failed: number }): CampaignSummaryDto {
  return {
    id: row.id,
    occasion: (row.occasion as OccasionId | null) ?? null,
    occasionName: row.occasion ? getOccasion(row.occasion as OccasionId).name : null,
    occasionDate: row.occasionDate,
    startsOn: row.startsOn,
    days: row.days,
    platforms: row.platforms as PlatformId[],
    category: (row.category as CategoryId | null) ?? null,
    tone: row.tone as Tone,
    topic: row.topic,
    brandId: row.brandId,
    language: row.language,
    status: row.status as CampaignStatus,
    total: Number(counts.total),
    done: Number(counts.done),
    failed: Number(counts.failed),
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

const lineColumns = { line: campaignLines, status: generations.status, lines: generations.lines };

/** The lines of one campaign of `userId` (none when it is not theirs), by day then platform order. */
function ownedLines(db: DbOrTx, userId: string, where: ReturnType<typeof and>) {
  return db
    .select(lineColumns)
    .from(campaignLines)
    .innerJoin(campaigns, and(eq(campaigns.id, campaignLines.campaignId), eq(campaigns.userId, userId)))
    .innerJoin(generations, eq(generations.id, campaignLines.generationId))
    .where(where)
    .orderBy(asc(campaignLines.day), asc(campaignLines.position));
}

export const campaignsRepository = {
  /**
   * Records a campaign in one transaction: the quota counted for every line (all or none), the
   * campaign, one pending generation per day × platform (each told its day and occasion) and the
   * lines tying them together. Undefined when the daily limit does not admit every line (nothing is
   * written). The caller enqueues the generations after this returns (after commit).
   */
  async accept(
    db: Db,
    input: CampaignInput,
    cells: readonly CampaignCell[],
    plan: Plan,
    runningMax: number,
    now = new Date(),
  ): Promise<CampaignAcceptance> {
    return db
      .transaction(async (tx): Promise<CampaignAcceptance> => {
        // Under the account's row lock, so concurrent requests count each other's campaigns.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
        const [running] = await tx
          .select({ n: count() })
          .from(campaigns)
          .where(and(eq(campaigns.userId, input.userId), eq(campaigns.status, 'running')));
        if (Number(running?.n ?? 0) >= runningMax) return { refused: 'running' };
        const budget = plan.limits.campaignLinesPerDay;
        const budgetSubject = campaignLinesSubject(input.userId);
        if ((await usageRepository.increment(tx, budgetSubject, budget, now, cells.length)) === null) {
          const { daily: used, resetsAt } = await usageRepository.counts(tx, budgetSubject, now);
          return { refused: 'budget', remaining: Math.max(0, budget - used), resetsAt };
        }
        const daily = await usageRepository.increment(tx, input.subject, plan.limits.dailyGenerations, now, cells.length);
        // Nothing of the campaign stays: the budget counted above goes with the transaction.
        if (daily === null) throw new DailyLimitRollback();
        const [campaign] = await tx
          .insert(campaigns)
          .values({
            userId: input.userId,
            occasion: input.occasion,
            occasionDate: input.occasionDate,
            startsOn: input.startsOn,
            days: input.days,
            platforms: input.platforms,
            category: input.category,
            tone: input.tone,
            topic: input.topic,
            brandId: input.brandId,
            language: input.language,
            createdAt: now,
          })
          .returning();
        const brief = { ...campaign!, occasion: campaign!.occasion as OccasionId | null };
        const ids = cells.map(() => randomUUID());
        const rows = await tx
          .insert(generations)
          .values(
            cells.map((cell, i) => ({
              id: ids[i],
              userId: input.userId,
              subject: input.subject,
              planId: plan.id,
              category: cell.category,
              tone: input.tone,
              topic: input.topic,
              prompt: null,
              count: 1,
              language: input.language,
              maxChars: cell.maxChars,
              // The platform's limit (counted its way) and its hashtag and emoji defaults are the line's rules.
              platform: cell.platform,
              hashtags: getPlatform(cell.platform).hashtags,
              emoji: getPlatform(cell.platform).emoji,
              brand: input.brand,
              campaign: campaignDayBrief(brief, cell.day),
              createdAt: now,
            })),
          )
          .returning();
        await tx.insert(campaignLines).values(
          cells.map((cell, i) => ({
            campaignId: campaign!.id,
            day: cell.day,
            date: campaignDayBrief(brief, cell.day).date,
            platform: cell.platform,
            position: cell.position,
            category: cell.category,
            generationId: ids[i]!,
          })),
        );
        const { monthly, resetsAt } = await usageRepository.counts(tx, input.subject, now);
        const byId = new Map(rows.map((r) => [r.id, r]));
        return { campaign: campaign!, generations: ids.map((id) => byId.get(id)!), usage: summarise(plan, daily, monthly, resetsAt) };
      })
      .catch((err: unknown) => {
        if (err instanceof DailyLimitRollback) return { refused: 'daily' as const };
        throw err;
      });
  },

  /** Undoes a campaign that was recorded but could not be queued (nothing ran yet): its generations go with it. */
  async withdraw(db: Db, campaignId: string, generationIds: readonly string[]): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.delete(campaigns).where(eq(campaigns.id, campaignId));
      if (generationIds.length) await tx.delete(generations).where(inArray(generations.id, [...generationIds]));
    });
  },

  /** The campaign with its lines if `userId` owns it; undefined otherwise (the caller answers 404, no hint). */
  async findOwned(db: DbOrTx, id: string, userId: string): Promise<CampaignDto | undefined> {
    const [row] = await db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)))
      .limit(1);
    if (!row) return undefined;
    const lines = (await ownedLines(db, userId, eq(campaignLines.campaignId, id))).map(toCampaignLineDto);
    const done = lines.filter((l) => l.status === 'completed').length;
    const failed = lines.filter((l) => l.status === 'failed').length;
    return { ...toSummary(row, { total: lines.length, done, failed }), lines };
  },

  /** The campaign row if `userId` owns it. */
  async findRowOwned(db: DbOrTx, id: string, userId: string): Promise<CampaignRow | undefined> {
    const [row] = await db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)))
      .limit(1);
    return row;
  },

  /** The user's campaigns with their counts, newest first. */
  async listForUser(db: DbOrTx, userId: string, limit: number): Promise<CampaignSummaryDto[]> {
    const rows = await db
      .select({ campaign: campaigns, total: totalCount, done: doneCount, failed: failedCount })
      .from(campaigns)
      .innerJoin(campaignLines, eq(campaignLines.campaignId, campaigns.id))
      .innerJoin(generations, eq(generations.id, campaignLines.generationId))
      .where(eq(campaigns.userId, userId))
      .groupBy(campaigns.id)
      .orderBy(desc(campaigns.createdAt))
      .limit(limit);
    return rows.map((r) => toSummary(r.campaign, r));
  },

  /** One line of a campaign, if the campaign is `userId`'s. */
  async lineOwned(db: DbOrTx, campaignId: string, lineId: string, userId: string): Promise<CampaignLineDto | undefined> {
    const [row] = await ownedLines(db, userId, and(eq(campaignLines.campaignId, campaignId), eq(campaignLines.id, lineId)));
    return row ? toCampaignLineDto(row) : undefined;
  },

  /** Sets a line's text by hand; false when the line is not in a campaign of `userId`. */
  async editLine(db: DbOrTx, campaignId: string, lineId: string, userId: string, text: string, now = new Date()): Promise<boolean> {
    const rows = await db
      .update(campaignLines)
      .set({ text, editedAt: now })
      .where(
        and(
          eq(campaignLines.id, lineId),
          eq(campaignLines.campaignId, campaignId),
          inArray(campaignLines.campaignId, db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.userId, userId))),
        ),
      )
      .returning({ id: campaignLines.id });
    return rows.length > 0;
  },

  /**
   * Starts writing a line again: its generation's newest line is replaced (or, when it failed, a
   * first one written) by the generation queue, and a hand edit is dropped. 'missing' when the
   * line is not `userId`'s; 'busy' while its generation is still running.
   */
  async startLineRegeneration(tx: DbOrTx, campaignId: string, lineId: string, userId: string): Promise<GenerationRow | 'missing' | 'busy'> {
    const [owned] = await tx
      .select({ generationId: campaignLines.generationId })
      .from(campaignLines)
      .innerJoin(campaigns, and(eq(campaigns.id, campaignLines.campaignId), eq(campaigns.userId, userId)))
      .where(and(eq(campaignLines.id, lineId), eq(campaignLines.campaignId, campaignId)));
    if (!owned) return 'missing';
    const [row] = await tx
      .update(generations)
      .set({
        status: 'pending',
        replaceIndex: sql`greatest(jsonb_array_length(${generations.lines}) - 1, 0)`,
        revision: sql`${generations.revision} + 1`,
        error: null,
      })
      .where(and(eq(generations.id, owned.generationId), inArray(generations.status, ['completed', 'failed'])))
      .returning();
    if (!row) return 'busy';
    await tx.update(campaignLines).set({ text: null, editedAt: null }).where(eq(campaignLines.id, lineId));
    return row;
  },

  /** For the worker, after a generation finished: its campaign line (if it has one), the owner and the campaign's counts. */
  async progressOf(
    db: DbOrTx,
    generationId: string,
  ): Promise<{ campaignId: string; userId: string; line: CampaignLineDto; total: number; done: number; failed: number } | undefined> {
    const [row] = await db
      .select({ ...lineColumns, userId: campaigns.userId })
      .from(campaignLines)
      .innerJoin(campaigns, eq(campaigns.id, campaignLines.campaignId))
      .innerJoin(generations, eq(generations.id, campaignLines.generationId))
      .where(eq(campaignLines.generationId, generationId));
    if (!row) return undefined;
    const counts = await this.counts(db, row.line.campaignId);
    return { campaignId: row.line.campaignId, userId: row.userId, line: toCampaignLineDto(row), ...counts };
  },

  async counts(db: DbOrTx, campaignId: string): Promise<{ total: number; done: number; failed: number }> {
    const [c] = await db
      .select({ total: totalCount, done: doneCount, failed: failedCount })
      .from(campaignLines)
      .innerJoin(generations, eq(generations.id, campaignLines.generationId))
      .where(eq(campaignLines.campaignId, campaignId));
    return { total: Number(c?.total ?? 0), done: Number(c?.done ?? 0), failed: Number(c?.failed ?? 0) };
  },

  /**
   * Marks the campaign completed once every line's generation has finished. Exactly one caller
   * gets the row back, however many workers finish its last lines at once (the status check is
   * re-read under the row lock); undefined for the others and while lines are still being written.
   */
  async completeIfDone(db: DbOrTx, campaignId: string, now = new Date()): Promise<CampaignRow | undefined> {
    const [row] = await db
      .update(campaigns)
      .set({ status: 'completed', completedAt: now })
      .where(
        and(
          eq(campaigns.id, campaignId),
          eq(campaigns.status, 'running'),
          sql`not exists (select 1 from ${campaignLines} cl join ${generations} g on g.id = cl.generation_id
                where cl.campaign_id = ${campaignId} and g.status in ('pending', 'running'))`,
        ),
      )
      .returning();
    return row;
  },

  /**
   * Campaigns still marked running, created before `createdBefore`, whose lines have all finished
   * (a worker stopped between the last line and the campaign's completion): the reconciler's list.
   */
  async listFinishedButRunning(db: DbOrTx, createdBefore: Date, limit: number): Promise<Array<{ id: string }>> {
    return db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.status, 'running'),
          lt(campaigns.createdAt, createdBefore),
          sql`not exists (select 1 from ${campaignLines} cl join ${generations} g on g.id = cl.generation_id
                where cl.campaign_id = ${campaigns.id} and g.status in ('pending', 'running'))`,
        ),
      )
      .orderBy(asc(campaigns.createdAt))
      .limit(limit);
  },
};
