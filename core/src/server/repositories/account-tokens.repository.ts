import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { accountTokens } from '../db/schema';

export type AccountTokenRow = typeof accountTokens.$inferSelect;
export const ACCOUNT_TOKEN_KINDS = ['password_reset', 'email_verification', 'email_change'] as const;
export type AccountTokenKind = (typeof ACCOUNT_TOKEN_KINDS)[number];

export const accountTokensRepository = {
  /** A new request of `kind` for the user: older unused ones of the same kind are voided. */
  async createRequest(
    db: DbOrTx,
    input: { userId: string; kind: AccountTokenKind; email: string; expiresAt: Date },
  ): Promise<AccountTokenRow> {
    await db
      .update(accountTokens)
      .set({ voidedAt: new Date() })
      .where(
        and(
          eq(accountTokens.userId, input.userId),
          eq(accountTokens.kind, input.kind),
          isNull(accountTokens.usedAt),
          isNull(accountTokens.voidedAt),
        ),
      );
    const [row] = await db.insert(accountTokens).values(input).returning();
    return row!;
  },

  async findById(db: DbOrTx, id: string): Promise<AccountTokenRow | undefined> {
    const [row] = await db.select().from(accountTokens).where(eq(accountTokens.id, id)).limit(1);
    return row;
  },

  /** The worker stores the hash of the token it is about to send (a retry replaces it: the earlier mail never went out). */
  async setHash(db: DbOrTx, id: string, tokenHash: string): Promise<boolean> {
    const rows = await db
      .update(accountTokens)
      .set({ tokenHash })
      .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt), isNull(accountTokens.voidedAt)))
      .returning({ id: accountTokens.id });
    return rows.length === 1;
  },

  async findByHash(db: DbOrTx, tokenHash: string): Promise<AccountTokenRow | undefined> {
    const [row] = await db.select().from(accountTokens).where(eq(accountTokens.tokenHash, tokenHash)).limit(1);
    return row;
  },

  /** Uses a token once, atomically: undefined when it is used, voided, expired or of another kind. */
  async consume(db: DbOrTx, tokenHash: string, kinds: readonly AccountTokenKind[], now = new Date()): Promise<AccountTokenRow | undefined> {
    const [row] = await db
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.tokenHash, tokenHash),
          inArray(accountTokens.kind, [...kinds]),
          isNull(accountTokens.usedAt),
          isNull(accountTokens.voidedAt),
          gt(accountTokens.expiresAt, now),
        ),
      )
      .returning();
    return row;
  },
};
