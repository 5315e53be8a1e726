import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/database';
import { contactMessages, users } from '../schema';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export const contactMessagesRepository = {
  async create(
    db: DbOrTx,
    input: { userId?: string | null; name: string; email: string; subject: string; message: string },
  ): Promise<ContactMessageRow> {
    // The sender's account is linked only while it exists (a deleted account leaves the message stored).
    const userId = input.userId ? sql`(select ${users.id} from ${users} where ${users.id} = ${input.userId})` : null;
    const [row] = await db
      .insert(contactMessages)
      .values({ ...input, userId })
      .returning();
    return row!;
  },

  async findById(db: DbOrTx, id: string): Promise<ContactMessageRow | undefined> {
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
    return row;
  },

  async markDelivered(db: DbOrTx, id: string): Promise<void> {
    await db
      .update(contactMessages)
      .set({ status: 'delivered', attempts: sql`${contactMessages.attempts} + 1`, lastError: null, deliveredAt: new Date() })
      .where(eq(contactMessages.id, id));
  },

  /** Records a failed attempt; `final` marks the row failed (no more retries), otherwise it stays pending. */
  /** After the job's last attempt: a still pending row is failed for good (it stays stored with its last error). */
  async markFailed(db: DbOrTx, id: string): Promise<void> {
    await db
      .update(contactMessages)
      .set({ status: 'failed' })
      .where(and(eq(contactMessages.id, id), eq(contactMessages.status, 'pending')));
  },

  async markAttemptFailed(db: DbOrTx, id: string, error: string, final: boolean): Promise<void> {
    await db
      .update(contactMessages)
      .set({ status: final ? 'failed' : 'pending', attempts: sql`${contactMessages.attempts} + 1`, lastError: error.slice(0, 1000) })
      .where(eq(contactMessages.id, id));
  },

  /** Messages created before `createdBefore` and not yet delivered or failed (the reconciler's list). */
  async listPending(db: DbOrTx, createdBefore: Date, limit: number): Promise<Array<{ id: string }>> {
    return db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(and(eq(contactMessages.status, 'pending'), lt(contactMessages.createdAt, createdBefore)))
      .limit(limit);
  },
};
