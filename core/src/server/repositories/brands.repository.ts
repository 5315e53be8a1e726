import { and, asc, count, eq } from 'drizzle-orm';
import type { BrandBody, BrandDto, BrandSnapshot } from '../../contract/brands';
import type { DbOrTx } from '../db/database';
import { brands, users } from '../db/schema';

export type BrandRow = typeof brands.$inferSelect;

export function toBrandDto(row: BrandRow): BrandDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    audience: row.audience,
    wordsToUse: row.wordsToUse,
    wordsToAvoid: row.wordsToAvoid,
    exampleLines: row.exampleLines,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toBrandSnapshot(row: BrandRow): BrandSnapshot {
  const { id, name, description, audience, wordsToUse, wordsToAvoid, exampleLines } = row;
  return { id, name, description, audience, wordsToUse, wordsToAvoid, exampleLines };
}

/** Brand kits. Every read and write names the owner, so a user only ever reaches their own kits. */
export const brandsRepository = {
  async listForUser(db: DbOrTx, userId: string): Promise<BrandRow[]> {
    return db.select().from(brands).where(eq(brands.userId, userId)).orderBy(asc(brands.createdAt), asc(brands.id));
  },

  async findOwned(db: DbOrTx, id: string, userId: string): Promise<BrandRow | undefined> {
    const [row] = await db
      .select()
      .from(brands)
      .where(and(eq(brands.id, id), eq(brands.userId, userId)))
      .limit(1);
    return row;
  },

  /**
   * Creates a kit unless the user already has `limit`; undefined when at the limit. The user's row
   * is locked for the transaction, so concurrent creates are counted one after the other.
   */
  async createWithin(db: DbOrTx, userId: string, limit: number, body: BrandBody): Promise<BrandRow | undefined> {
    return db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [existing] = await tx.select({ n: count() }).from(brands).where(eq(brands.userId, userId));
      if (Number(existing?.n ?? 0) >= limit) return undefined;
      const [row] = await tx
        .insert(brands)
        .values({ userId, ...body })
        .returning();
      return row;
    });
  },

  async updateOwned(db: DbOrTx, id: string, userId: string, body: BrandBody): Promise<BrandRow | undefined> {
    const [row] = await db
      .update(brands)
      .set({ ...body, updatedAt: new Date() })
      .where(and(eq(brands.id, id), eq(brands.userId, userId)))
      .returning();
    return row;
  },

  async deleteOwned(db: DbOrTx, id: string, userId: string): Promise<boolean> {
    const rows = await db
      .delete(brands)
      .where(and(eq(brands.id, id), eq(brands.userId, userId)))
      .returning({ id: brands.id });
    return rows.length > 0;
  },
};
