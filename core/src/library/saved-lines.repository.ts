import { createHash } from 'node:crypto';
import { and, count, eq, lt, sql, type SQL } from 'drizzle-orm';
import { CATEGORY_IDS, type CategoryId, type Tone } from '../platform/catalogue';
import { PLATFORM_IDS, type PlatformId, type SavedLineDto, type SavedLinesPageDto, type SavedLinesSummaryDto } from '../lines';
import type { DbOrTx } from '../platform/db/database';
import { generations, saveIdempotencyKeys, savedLines } from '../schema';
import {
  afterPosition,
  containsText,
  cursorTsOf,
  encodeCursor,
  newestFirst as newestFirstOn,
  type CursorPosition,
} from '../platform/db/keyset';

export type SavedLineRow = typeof savedLines.$inferSelect;

type SaveInput = { userId: string; text: string; category: CategoryId; tone: Tone; generationId?: string; platform?: PlatformId };

/** How long an `Idempotency-Key` answers with its first result. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

/** The first answer to a key: its status and saved line; `conflict` when the key came with other content. */
export type IdempotentSave = { savedLine: SavedLineDto; status: 200 | 201; replayed: boolean } | { conflict: true };

/** The content a key stands for: the same key with other content is refused, never answered with the old line. */
function fingerprintOf(input: SaveInput): string {
  const canonical = JSON.stringify([
    input.text,
    input.category,
    input.tone,
    input.generationId ?? null,
    ...(input.platform ? [input.platform] : []),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

export interface SavedLinesFilter {
  userId: string;
  /** Case-insensitive; matches words and parts of words anywhere in the text. */
  search?: string;
  /** A category id; undefined (or 'all' upstream) means every category. */
  category?: CategoryId;
}

/** The row's created_at as UTC text with all six fractional digits (a JS Date would drop three). */
const cursorTs = cursorTsOf(savedLines.createdAt);

const dtoColumns = {
  id: savedLines.id,
  text: savedLines.text,
  category: savedLines.category,
  tone: savedLines.tone,
  createdAt: savedLines.createdAt,
  generationId: savedLines.generationId,
  platform: savedLines.platform,
  approvedByName: savedLines.approvedByName,
  approvedAt: savedLines.approvedAt,
};

type DtoRow = {
  id: string;
  text: string;
  category: string;
  tone: string;
  createdAt: Date;
  generationId: string | null;
  platform: string | null;
  approvedByName?: string | null;
  approvedAt?: Date | null;
};

const isPlatform = (value: string | null): value is PlatformId => value !== null && (PLATFORM_IDS as readonly string[]).includes(value);

export function toSavedLineDto(row: DtoRow): SavedLineDto {
  return {
    id: row.id,
    text: row.text,
    category: row.category as CategoryId,
    tone: row.tone as Tone,
    createdAt: row.createdAt.toISOString(),
    generationId: row.generationId,
    platform: isPlatform(row.platform) ? row.platform : null,
    // Only on lines saved from an approval link (the field is absent on the others).
    ...(row.approvedByName && row.approvedAt ? { approvedBy: { name: row.approvedByName, at: row.approvedAt.toISOString() } } : {}),
  };
}

function filterWhere(f: SavedLinesFilter): SQL {
  const parts: SQL[] = [eq(savedLines.userId, f.userId)];
  if (f.category) parts.push(eq(savedLines.category, f.category));
  if (f.search) parts.push(containsText(savedLines.text, f.search));
  return and(...parts)!;
}

/** Newest first, spelled exactly like saved_lines_user_created_idx (DESC NULLS LAST). */
const newestFirst = newestFirstOn(savedLines.createdAt, savedLines.id);

const after = (pos: CursorPosition): SQL => afterPosition(savedLines.createdAt, savedLines.id, pos);

export const savedLinesRepository = {
  /**
   * Saves a line approved on an approval link, marked "approved by <name> on <date>": a new line,
   * or the same text (any case) already saved, marked now. True when it was new.
   */
  async saveApproved(
    db: DbOrTx,
    input: {
      userId: string;
      text: string;
      category: CategoryId;
      tone: Tone;
      platform: PlatformId | null;
      approvedByName: string;
      approvedAt: Date;
    },
  ): Promise<boolean> {
    const [inserted] = await db.insert(savedLines).values(input).onConflictDoNothing().returning({ id: savedLines.id });
    if (inserted) return true;
    await db
      .update(savedLines)
      .set({ approvedByName: input.approvedByName, approvedAt: input.approvedAt })
      .where(and(eq(savedLines.userId, input.userId), sql`lower(${savedLines.text}) = lower(${input.text})`));
    return false;
  },

  /**
   * Saves a line; the same text again (in any case) for the same user answers the existing line.
   * `generationId` is linked only when that generation is the user's own; otherwise it is dropped.
   * The platform is the one given, else that generation's.
   */
  async save(db: DbOrTx, input: SaveInput, retry = true): Promise<{ savedLine: SavedLineDto; created: boolean }> {
    const ownGeneration = (column: typeof generations.id | typeof generations.platform) =>
      sql`(select ${column} from ${generations} where ${generations.id} = ${input.generationId} and ${generations.userId} = ${input.userId})`;
    const generationId = input.generationId ? ownGeneration(generations.id) : null;
    const platform = input.platform ?? (input.generationId ? ownGeneration(generations.platform) : null);
    const [inserted] = await db
      .insert(savedLines)
      .values({ userId: input.userId, text: input.text, category: input.category, tone: input.tone, generationId, platform })
      .onConflictDoNothing()
      .returning(dtoColumns);
    if (inserted) return { savedLine: toSavedLineDto(inserted), created: true };
    const [existing] = await db
      .select(dtoColumns)
      .from(savedLines)
      .where(and(eq(savedLines.userId, input.userId), sql`lower(${savedLines.text}) = lower(${input.text})`))
      .limit(1);
    if (!existing) {
      // Deleted between the conflict and the read: try once more.
      if (retry) return savedLinesRepository.save(db, input, false);
      throw new Error('saved line vanished during save');
    }
    return { savedLine: toSavedLineDto(existing), created: false };
  },

  /**
   * `save` under an `Idempotency-Key`: the first request with a key is saved and its answer kept;
   * the same key from the same user within 24 hours answers that first status and line again
   * (even if the line was deleted since), without saving anything. One transaction; two requests
   * racing with the same key meet on the primary key and both answer the winner's result.
   */
  async saveIdempotent(db: DbOrTx, input: SaveInput, key: string): Promise<IdempotentSave> {
    const fingerprint = fingerprintOf(input);
    return db.transaction(async (tx) => {
      const expired = sql`now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`;
      await tx
        .delete(saveIdempotencyKeys)
        .where(and(eq(saveIdempotencyKeys.userId, input.userId), lt(saveIdempotencyKeys.createdAt, expired)));
      const earlier = async (): Promise<IdempotentSave | undefined> => {
        const [row] = await tx
          .select()
          .from(saveIdempotencyKeys)
          .where(and(eq(saveIdempotencyKeys.userId, input.userId), eq(saveIdempotencyKeys.key, key)));
        if (!row) return undefined;
        if (row.fingerprint !== fingerprint) return { conflict: true };
        return { savedLine: row.savedLine as unknown as SavedLineDto, status: row.status === 201 ? 201 : 200, replayed: true };
      };
      const first = await earlier();
      if (first) return first;
      const { savedLine, created } = await savedLinesRepository.save(tx, input);
      const status = created ? 201 : 200;
      const [stored] = await tx
        .insert(saveIdempotencyKeys)
        .values({ userId: input.userId, key, fingerprint, status, savedLine: savedLine as unknown as Record<string, unknown> })
        .onConflictDoNothing()
        .returning({ key: saveIdempotencyKeys.key });
      if (stored) return { savedLine, status, replayed: false };
      // Another request with this key committed first: its answer is the answer.
      return (await earlier()) ?? { savedLine, status, replayed: false };
    });
  },

  /** One page, newest first, keyset-paginated on (created_at desc, id desc), plus the total for the filter. */
  async list(db: DbOrTx, filter: SavedLinesFilter & { limit: number; cursor?: CursorPosition }): Promise<SavedLinesPageDto> {
    const where = filterWhere(filter);
    const [rows, [totalRow]] = await Promise.all([
      db
        .select({ ...dtoColumns, cursorTs })
        .from(savedLines)
        .where(filter.cursor ? and(where, after(filter.cursor)) : where)
        .orderBy(...newestFirst)
        .limit(filter.limit + 1),
      db.select({ total: count() }).from(savedLines).where(where),
    ]);
    const page = rows.slice(0, filter.limit);
    const last = page[page.length - 1];
    return {
      savedLines: page.map(toSavedLineDto),
      total: Number(totalRow?.total ?? 0),
      nextCursor: rows.length > filter.limit && last ? encodeCursor({ ts: last.cursorTs, id: last.id }) : null,
    };
  },

  /**
   * Every matching line, newest first, in batches through the keyset order: memory stays bounded
   * however large the library is.
   */
  async *iterate(db: DbOrTx, filter: SavedLinesFilter, batchSize = 500): AsyncGenerator<SavedLineDto[]> {
    let cursor: CursorPosition | undefined;
    for (;;) {
      const rows = await db
        .select({ ...dtoColumns, cursorTs })
        .from(savedLines)
        .where(cursor ? and(filterWhere(filter), after(cursor)) : filterWhere(filter))
        .orderBy(...newestFirst)
        .limit(batchSize);
      if (rows.length === 0) return;
      yield rows.map(toSavedLineDto);
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1]!;
      cursor = { ts: last.cursorTs, id: last.id };
    }
  },

  /** true when the line existed and belonged to the user. */
  async deleteOwned(db: DbOrTx, userId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(savedLines)
      .where(and(eq(savedLines.id, id), eq(savedLines.userId, userId)))
      .returning({ id: savedLines.id });
    return rows.length === 1;
  },

  async deleteAllForUser(db: DbOrTx, userId: string): Promise<number> {
    const rows = await db.delete(savedLines).where(eq(savedLines.userId, userId)).returning({ id: savedLines.id });
    return rows.length;
  },

  /** The library's size and its categories with counts, in catalogue order (only those present). */
  async summary(db: DbOrTx, userId: string): Promise<SavedLinesSummaryDto> {
    const rows = await db
      .select({ category: savedLines.category, n: count() })
      .from(savedLines)
      .where(eq(savedLines.userId, userId))
      .groupBy(savedLines.category);
    const counts = new Map(rows.map((r) => [r.category, Number(r.n)]));
    return {
      total: rows.reduce((sum, r) => sum + Number(r.n), 0),
      categories: CATEGORY_IDS.filter((c) => counts.has(c)).map((category) => ({ category, count: counts.get(category)! })),
    };
  },

  async countForUser(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ total: count() }).from(savedLines).where(eq(savedLines.userId, userId));
    return Number(row?.total ?? 0);
  },
};
