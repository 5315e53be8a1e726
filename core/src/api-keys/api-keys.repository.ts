import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/database';
import { apiKeys } from '../schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export const apiKeysRepository = {
  async insert(db: DbOrTx, input: { userId: string; name: string; prefix: string; keyHash: string }): Promise<ApiKeyRow> {
    const [row] = await db.insert(apiKeys).values(input).returning();
    return row!;
  },

  async listForUser(db: DbOrTx, userId: string): Promise<ApiKeyRow[]> {
    return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
  },

  async countActive(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    return Number(row?.n ?? 0);
  },

  /** An active (not revoked) key by the sha256 of its secret. */
  async findActiveByHash(db: DbOrTx, keyHash: string): Promise<ApiKeyRow | undefined> {
    const [row] = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
      .limit(1);
    return row;
  },

  /** Revokes the caller's own key; false when it is not theirs (or does not exist). Revoking twice is fine. */
  async revoke(db: DbOrTx, userId: string, id: string): Promise<ApiKeyRow | undefined> {
    const [row] = await db
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
      .returning();
    return row;
  },

  /** Revokes every active key of the user (a password reset); answers how many. */
  async revokeAllForUser(db: DbOrTx, userId: string): Promise<number> {
    const rows = await db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return rows.length;
  },

  async touch(db: DbOrTx, id: string): Promise<void> {
    await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, id));
  },
};
