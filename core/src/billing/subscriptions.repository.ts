import { and, desc, eq, sql } from 'drizzle-orm';
import { getPlan, type Plan, type PlanId, PLAN_IDS } from '../platform/catalogue';
import type { DbOrTx } from '../platform/db/database';
import { prepared } from '../platform/db/prepared';
import { subscriptions, teams, users } from '../schema';
import { inForceSql, inForceSqlText } from './in-force';

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

/** SQL condition: the owner of team `teamId` has a Business subscription in force (the team is writable). */
export const teamOwnerHasBusiness = (teamId: unknown, now = new Date()) =>
  sql`exists (select 1 from ${teams} as owner_team join ${subscriptions} on ${subscriptions.userId} = owner_team.owner_id
    where owner_team.id = ${teamId} and ${subscriptions.planId} = 'business' and ${inForceSql(now)})`;

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

/**
 * The two columns of the plan lookup for user `${user}` at time `${at}` (placeholders of the statement
 * that embeds it): `ownPlan`, the plan of their own subscription in force, and `teamBusiness`, whether
 * a team they belong to has an owner with a Business subscription in force. `planFromLookup` decides.
 */
export function planLookupColumns(user: string, at: string): string {
  return `(select s.plan_id from subscriptions s where s.user_id = ${user}::uuid and ${inForceSqlText('s', at)} limit 1) as "ownPlan",
    exists (select 1 from team_members tm join teams owner_team on owner_team.id = tm.team_id
      join subscriptions os on os.user_id = owner_team.owner_id
      where tm.user_id = ${user}::uuid and os.plan_id = 'business' and ${inForceSqlText('os', at)}) as "teamBusiness"`;
}

export function planFromLookup(row: { ownPlan: string | null; teamBusiness: boolean } | undefined): Plan {
  if (row?.teamBusiness) return getPlan('business');
  const own = row?.ownPlan;
  const planId = own && (PLAN_IDS as readonly string[]).includes(own) ? (own as PlanId) : 'free';
  return getPlan(planId);
}

const currentPlanStatement = prepared<{ ownPlan: string | null; teamBusiness: boolean }>(
  'gl_current_plan',
  `select ${planLookupColumns('$1', '$2')}`,
);
