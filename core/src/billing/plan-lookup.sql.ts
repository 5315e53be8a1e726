import { sql } from 'drizzle-orm';
import { getPlan, type Plan, type PlanId, PLAN_IDS } from '../platform/catalogue';
import { subscriptions, teams } from '../schema';
import { inForceSql, inForceSqlText } from './in-force';

/**
 * Billing's plan lookup as SQL that other features' queries embed (the session check, the quota,
 * a team's or brand kit's writability): it reads only tables and the in-force rule, never a
 * repository, so any feature reaches it without a cycle (CONTRIBUTING, "The layers").
 */

/** SQL condition: the owner of team `teamId` has a Business subscription in force (the team is writable). */
export const teamOwnerHasBusiness = (teamId: unknown, now = new Date()) =>
  sql`exists (select 1 from ${teams} as owner_team join ${subscriptions} on ${subscriptions.userId} = owner_team.owner_id
    where owner_team.id = ${teamId} and ${subscriptions.planId} = 'business' and ${inForceSql(now)})`;

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
