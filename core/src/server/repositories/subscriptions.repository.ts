import { and, desc, eq, sql } from 'drizzle-orm';
import { getPlan, type Plan, type PlanId, PLAN_IDS } from '../../catalogue';
import type { DbOrTx } from '../db/database';
import { subscriptions, users } from '../db/schema';

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

/** The plan that matches the active, unexpired subscription; the free plan when none is. */
export async function currentPlanFor(db: DbOrTx, userId: string | null | undefined, now = new Date()): Promise<Plan> {
  if (!userId) return getPlan('free');
  const active = await subscriptionsRepository.findActive(db, userId);
  if (!active) return getPlan('free');
  if (active.currentPeriodEnd && active.currentPeriodEnd.getTime() <= now.getTime()) return getPlan('free');
  const planId = (PLAN_IDS as readonly string[]).includes(active.planId) ? (active.planId as PlanId) : 'free';
  return getPlan(planId);
}
