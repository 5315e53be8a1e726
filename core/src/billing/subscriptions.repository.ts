import { and, desc, eq, sql } from 'drizzle-orm';
import { getPlan, type Plan } from '../platform/catalogue';
import type { DbOrTx } from '../platform/db/database';
import { prepared } from '../platform/db/prepared';
import { subscriptions, users } from '../schema';
import { planFromLookup, planLookupColumns } from './plan-lookup.sql';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const subscriptionsRepository = {
  async findActive(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
      .limit(1);
    return row;
  },
  async listForUser(db: DbOrTx, userId: string): Promise<SubscriptionRow[]> {
    return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt));
  },
  async findForUser(db: DbOrTx, userId: string, id: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
      .limit(1);
    return row;
  },
  async findByPayment(db: DbOrTx, paymentId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.paymentId, paymentId)).limit(1);
    return row;
  },
  /** Serialises plan changes of one user inside a transaction (row lock on the user). */
  async lockUser(tx: DbOrTx, userId: string): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  },
  /** Ends the active subscription (status `expired` when replaced, `cancelled` on a downgrade). */
  async endActive(tx: DbOrTx, userId: string, status: 'expired' | 'cancelled'): Promise<SubscriptionRow | undefined> {
    const [row] = await tx
      .update(subscriptions)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
      .returning();
    return row;
  },
  async insertActive(
    tx: DbOrTx,
    input: { userId: string; planId: string; interval: string; currentPeriodEnd: Date; paymentId: string | null },
  ): Promise<SubscriptionRow> {
    const [row] = await tx
      .insert(subscriptions)
      .values({ ...input, status: 'active', cancelAtPeriodEnd: false })
      .returning();
    return row!;
  },
  async setCancelAtPeriodEnd(db: DbOrTx, userId: string, id: string, cancelAtPeriodEnd: boolean): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd, updatedAt: sql`now()` })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
      .returning();
    return row;
  },
};

/**
 * A user's effective plan, the one place plans are resolved (HTTP routes, v1 API keys, sockets,
 * the quota): their own subscription in force, or Business while they belong to a team whose
 * owner's Business subscription is in force. Free when neither.
 */
export async function currentPlanFor(db: DbOrTx, userId: string | null | undefined, now = new Date()): Promise<Plan> {
  if (!userId) return getPlan('free');
  const [row] = await currentPlanStatement.run(db, [userId, now.toISOString()]);
  return planFromLookup(row);
}

const currentPlanStatement = prepared<{ ownPlan: string | null; teamBusiness: boolean }>(
  'gl_current_plan',
  `select ${planLookupColumns('$1', '$2')}`,
);
