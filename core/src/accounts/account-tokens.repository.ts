import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/database';
import { accountTokens } from '../schema';

export type AccountTokenRow = typeof accountTokens.$inferSelect;
export const ACCOUNT_TOKEN_KINDS = ['password_reset', 'email_verification', 'email_change'] as const;
export type AccountTokenKind = (typeof ACCOUNT_TOKEN_KINDS)[number];
/**
 * The links that act on the account's credentials or address: a change of the password, a reset
 * and "sign out everywhere" void them (someone who knew the old password may have asked for them).
 */
export const CREDENTIAL_LINK_KINDS = ['password_reset', 'email_change'] as const satisfies readonly AccountTokenKind[];

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

  /**
   * Voids every pending link of the given kinds for the user (a change or reset of the password,
   * "sign out everywhere"): a link mailed before, or still waiting in the outbox, stops working.
   * Called inside the transaction that makes the change. Answers how many were voided.
   */
  async voidPending(db: DbOrTx, userId: string, kinds: readonly AccountTokenKind[], now = new Date()): Promise<number> {
    const rows = await db
      .update(accountTokens)
      .set({ voidedAt: now })
      .where(
        and(
          eq(accountTokens.userId, userId),
          inArray(accountTokens.kind, [...kinds]),
          isNull(accountTokens.usedAt),
          isNull(accountTokens.voidedAt),
        ),
      )
      .returning({ id: accountTokens.id });
    return rows.length;
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
