import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/database';
import { refreshTokens } from '../schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export const refreshTokensRepository = {
  async insert(db: DbOrTx, input: { userId: string; familyId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await db.insert(refreshTokens).values(input);
  },
  async findByHash(db: DbOrTx, tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
    return row;
  },
  /** Marks a token used, atomically: false when it was already used or revoked (a replay). */
  async markUsed(db: DbOrTx, id: string): Promise<boolean> {
    const rows = await db
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  },
  async revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  },
  async revokeAllForUser(db: DbOrTx, userId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  },
};
