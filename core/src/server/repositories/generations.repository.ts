import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { CategoryId, GenerationSource, Tone } from '../../catalogue';
import type { GenerationDto, GenerationStatus } from '../../contract/lines';
import type { DbOrTx } from '../db/database';
import { generations, savedLines } from '../db/schema';

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
    source: (row.source as GenerationSource | null) ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export const generationsRepository = {
  async insert(db: DbOrTx, values: GenerationInsert): Promise<GenerationRow> {
    const [row] = await db.insert(generations).values(values).returning();
    return row!;
  },

  async findById(db: DbOrTx, id: string): Promise<GenerationRow | undefined> {
    const [row] = await db.select().from(generations).where(eq(generations.id, id)).limit(1);
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
  async claim(db: DbOrTx, id: string): Promise<GenerationRow | undefined> {
    const [row] = await db
      .update(generations)
      .set({ status: 'running', attempts: sql`${generations.attempts} + 1`, startedAt: new Date() })
      .where(and(eq(generations.id, id), inArray(generations.status, ['pending', 'running'])))
      .returning();
    return row;
  },

  /** Generations created before `createdBefore` and still pending or running, oldest first (the reconciler's list). */
  async listUnfinished(
    db: DbOrTx,
    createdBefore: Date,
    limit: number,
  ): Promise<Array<Pick<GenerationRow, 'id' | 'replaceIndex' | 'revision' | 'attempts' | 'userId' | 'visitorId'>>> {
    return db
      .select({
        id: generations.id,
        replaceIndex: generations.replaceIndex,
        revision: generations.revision,
        attempts: generations.attempts,
        userId: generations.userId,
        visitorId: generations.visitorId,
      })
      .from(generations)
      .where(and(inArray(generations.status, ['pending', 'running']), lt(generations.createdAt, createdBefore)))
      .orderBy(generations.createdAt)
      .limit(limit);
  },

  /** Completes the generation if `attempt` still holds it; false when another attempt took over. */
  async complete(
    db: DbOrTx,
    id: string,
    attempt: number,
    result: { lines: string[]; source: GenerationSource; timings: ProviderTiming[] },
  ): Promise<GenerationRow | undefined> {
    const [row] = await db
      .update(generations)
      .set({
        status: 'completed',
        lines: result.lines,
        source: result.source,
        error: null,
        timings: sql`${generations.timings} || ${JSON.stringify(result.timings)}::jsonb`,
        replaceIndex: null,
        completedAt: new Date(),
      })
      .where(and(eq(generations.id, id), eq(generations.status, 'running'), eq(generations.attempts, attempt)))
      .returning();
    return row;
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
        status: sql`case when ${generations.replaceIndex} is null then 'failed' else 'completed' end`,
        error,
        replaceIndex: null,
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
        status: sql`case when ${generations.replaceIndex} is null then 'failed' else 'completed' end`,
        error,
        timings: sql`${generations.timings} || ${JSON.stringify(timings)}::jsonb`,
        replaceIndex: null,
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

  /** Undoes a generation that was recorded but could not be queued (nothing ran yet). */
  async withdraw(db: DbOrTx, row: GenerationRow): Promise<void> {
    if (row.replaceIndex === null) {
      await db.delete(generations).where(and(eq(generations.id, row.id), eq(generations.status, 'pending')));
    } else {
      await db
        .update(generations)
        .set({ status: 'completed', replaceIndex: null })
        .where(and(eq(generations.id, row.id), eq(generations.status, 'pending')));
    }
  },

  /** Which of `texts` the user has already saved, compared case-insensitively (uses the unique lower(text) index). */
  async savedTextsAmong(db: DbOrTx, userId: string, texts: string[]): Promise<Set<string>> {
    if (texts.length === 0) return new Set();
    const lowered = texts.map((t) => t.toLowerCase());
    const rows = await db
      .select({ text: sql<string>`lower(${savedLines.text})` })
      .from(savedLines)
      .where(and(eq(savedLines.userId, userId), inArray(sql`lower(${savedLines.text})`, lowered)));
    return new Set(rows.map((r) => r.text));
  },
};
