import { and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/database';
import { paypalCancellations } from '../schema';

export type PaypalCancellationRow = typeof paypalCancellations.$inferSelect;
/** Why an auto-renewing PayPal subscription is cancelled at PayPal. */
export type PaypalCancellationReason = 'upgrade' | 'downgrade' | 'free' | 'replaced' | 'refunded' | 'ended';

/** Cancellations of PayPal subscriptions the customer left: recorded in the plan change's transaction, done by the `paypal-cancel` job. */
export const paypalCancellationsRepository = {
  /** Records the cancellation once per PayPal subscription; the new row's id, or undefined when one was already recorded. */
  async record(
    tx: DbOrTx,
    input: {
      userId: string;
      providerSubscriptionId: string;
      subscriptionId: string | null;
      planId: string;
      reason: PaypalCancellationReason;
    },
  ): Promise<string | undefined> {
    const [row] = await tx
      .insert(paypalCancellations)
      .values(input)
      .onConflictDoNothing({ target: paypalCancellations.providerSubscriptionId })
      .returning({ id: paypalCancellations.id });
    return row?.id;
  },

  async find(db: DbOrTx, id: string): Promise<PaypalCancellationRow | undefined> {
    const [row] = await db.select().from(paypalCancellations).where(eq(paypalCancellations.id, id)).limit(1);
    return row;
  },

  async findBySubscription(db: DbOrTx, providerSubscriptionId: string): Promise<PaypalCancellationRow | undefined> {
    const [row] = await db
      .select()
      .from(paypalCancellations)
      .where(eq(paypalCancellations.providerSubscriptionId, providerSubscriptionId))
      .limit(1);
    return row;
  },

  /** pending -> cancelled; the row when this call changed it. */
  async markCancelled(db: DbOrTx, id: string): Promise<PaypalCancellationRow | undefined> {
    const now = new Date();
    const [row] = await db
      .update(paypalCancellations)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(and(eq(paypalCancellations.id, id), eq(paypalCancellations.status, 'pending')))
      .returning();
    return row;
  },

  async recordAttemptFailure(db: DbOrTx, id: string, error: string): Promise<void> {
    await db
      .update(paypalCancellations)
      .set({ attempts: sql`${paypalCancellations.attempts} + 1`, lastError: error.slice(0, 500), updatedAt: new Date() })
      .where(eq(paypalCancellations.id, id));
  },

  /** pending -> failed after the job's last attempt; the row when this call changed it. */
  async markFailed(db: DbOrTx, id: string, error: string): Promise<PaypalCancellationRow | undefined> {
    const [row] = await db
      .update(paypalCancellations)
      .set({ status: 'failed', lastError: error.slice(0, 500), updatedAt: new Date() })
      .where(and(eq(paypalCancellations.id, id), eq(paypalCancellations.status, 'pending')))
      .returning();
    return row;
  },

  /** The owner asks again after a failure: failed -> pending (undefined when it is not theirs or not failed). */
  async retry(db: DbOrTx, userId: string, id: string): Promise<PaypalCancellationRow | undefined> {
    const [row] = await db
      .update(paypalCancellations)
      .set({ status: 'pending', attempts: 0, updatedAt: new Date() })
      .where(and(eq(paypalCancellations.id, id), eq(paypalCancellations.userId, userId), eq(paypalCancellations.status, 'failed')))
      .returning();
    return row;
  },

  /** Still pending, recorded before `olderThan` (the reconciler's list). */
  async listPending(db: DbOrTx, olderThan: Date, limit: number): Promise<Array<{ id: string }>> {
    return db
      .select({ id: paypalCancellations.id })
      .from(paypalCancellations)
      .where(and(eq(paypalCancellations.status, 'pending'), lt(paypalCancellations.createdAt, olderThan)))
      .limit(limit);
  },

  /** The caller's cancellations to show: every pending or failed one, and those done since `since`. */
  async listForUser(db: DbOrTx, userId: string, since: Date): Promise<PaypalCancellationRow[]> {
    return db
      .select()
      .from(paypalCancellations)
      .where(
        and(
          eq(paypalCancellations.userId, userId),
          or(
            eq(paypalCancellations.status, 'pending'),
            eq(paypalCancellations.status, 'failed'),
            gte(paypalCancellations.updatedAt, since),
          ),
        ),
      )
      .orderBy(desc(paypalCancellations.createdAt))
      .limit(10);
  },
};
