import { and, asc, count, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { getPlan } from '../platform/catalogue';
import { TEAM_ROLES, type TeamMemberDto, type TeamRole } from './teams.contract';
import type { DbOrTx } from '../platform/db/database';
import { teamMembers, teams, usageDaily, users } from '../schema';
import { teamOwnerHasBusiness } from '../billing/plan-lookup.sql';

export type TeamRow = typeof teams.$inferSelect;
/** `share` holds the caller's membership; `team` also locks the team row (see `teamsRepository.access`). */
export type TeamLock = 'share' | 'team';

/** Seats of a team, the owner included (the catalogue's Business plan). */
export const teamSeats = () => getPlan('business').limits.teamSeats;

/** What the caller may do in a team, read together with the membership in one query. */
export interface TeamAccess {
  teamId: string;
  name: string;
  ownerId: string;
  role: TeamRole;
  /** The owner's Business subscription is in force: writes allowed. */
  writable: boolean;
}

const rolesSql = (roles: readonly TeamRole[]): SQL =>
  sql.join(
    roles.map((r) => sql`${r}`),
    sql`, `,
  );

/**
 * SQL: the caller is a member of the team, optionally with one of `roles` (used inside every query
 * that reads a team's data, so a non-member reads nothing).
 */
export const isTeamMemberSql = (teamId: string | SQL | AnyColumn, userId: string, roles?: readonly TeamRole[]) =>
  sql`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${teamId} and ${teamMembers.userId} = ${userId}${
    roles ? sql` and ${teamMembers.role} in (${rolesSql(roles)})` : sql``
  })`;

/** Teams and their members; invitations and the team library have their own repositories. */
export const teamsRepository = {
  /**
   * The caller's membership of `teamId` with the team's state, or undefined for a non-member.
   * `lock`: inside a transaction, `share` holds the caller's membership (a concurrent removal waits),
   * `team` also locks the team row (seat counting, role changes: one at a time per team).
   */
  async access(db: DbOrTx, teamId: string, userId: string, lock?: TeamLock, now = new Date()): Promise<TeamAccess | undefined> {
    return this.authorize(db, teamId, userId, TEAM_ROLES, lock, now);
  },

  /**
   * The same membership read, with `allowed`: the caller's role is one of `roles`, decided in the
   * query that reads (and, with `lock`, holds) the membership. `requireTeamRole` is its one caller.
   */
  async authorize(
    db: DbOrTx,
    teamId: string,
    userId: string,
    roles: readonly TeamRole[],
    lock?: TeamLock,
    now = new Date(),
  ): Promise<(TeamAccess & { allowed: boolean }) | undefined> {
    if (lock === 'team') await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
    const q = db
      .select({
        teamId: teams.id,
        name: teams.name,
        ownerId: teams.ownerId,
        role: teamMembers.role,
        allowed: sql<boolean>`${teamMembers.role} in (${rolesSql(roles)})`,
        writable: sql<boolean>`${teamOwnerHasBusiness(teams.id, now)}`,
      })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    const [row] = lock ? await q.for('share', { of: teamMembers }) : await q;
    return row ? { ...row, role: row.role as TeamRole, allowed: Boolean(row.allowed), writable: Boolean(row.writable) } : undefined;
  },

  /** The owner's Business subscription is in force (the same rule as plan resolution). */
  async isWritable(db: DbOrTx, teamId: string, now = new Date()): Promise<boolean> {
    const [row] = await db
      .select({ ok: sql<boolean>`${teamOwnerHasBusiness(teamId, now)}` })
      .from(teams)
      .where(eq(teams.id, teamId));
    return Boolean(row?.ok);
  },

  async teamById(db: DbOrTx, teamId: string): Promise<TeamRow | undefined> {
    const [row] = await db.select().from(teams).where(eq(teams.id, teamId));
    return row;
  },

  /** The caller's team id, if any (one team per user). */
  async teamIdOf(db: DbOrTx, userId: string): Promise<string | undefined> {
    const [row] = await db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId)).limit(1);
    return row?.teamId;
  },

  async create(tx: DbOrTx, ownerId: string, name: string): Promise<TeamRow> {
    const [team] = await tx.insert(teams).values({ name, ownerId }).returning();
    await tx.insert(teamMembers).values({ teamId: team!.id, userId: ownerId, role: 'owner' });
    return team!;
  },

  async rename(tx: DbOrTx, teamId: string, name: string): Promise<void> {
    await tx.update(teams).set({ name, updatedAt: new Date() }).where(eq(teams.id, teamId));
  },

  async members(db: DbOrTx, teamId: string, callerId: string): Promise<TeamMemberDto[]> {
    const rows = await db
      .select({ userId: teamMembers.userId, name: users.name, email: users.email, role: teamMembers.role, joinedAt: teamMembers.joinedAt })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), isTeamMemberSql(teamId, callerId)))
      .orderBy(asc(teamMembers.joinedAt));
    return rows.map((r) => ({ ...r, role: r.role as TeamRole, joinedAt: r.joinedAt.toISOString() }));
  },

  async member(db: DbOrTx, teamId: string, userId: string): Promise<TeamMemberDto | undefined> {
    const rows = await db
      .select({ userId: teamMembers.userId, name: users.name, email: users.email, role: teamMembers.role, joinedAt: teamMembers.joinedAt })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    return rows.map((r) => ({ ...r, role: r.role as TeamRole, joinedAt: r.joinedAt.toISOString() }))[0];
  },

  async isMemberByEmail(db: DbOrTx, teamId: string, email: string): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), eq(users.email, email)))
      .limit(1);
    return Boolean(row);
  },

  async addMember(tx: DbOrTx, teamId: string, userId: string, role: string): Promise<void> {
    await tx.insert(teamMembers).values({ teamId, userId, role });
  },

  async setRole(tx: DbOrTx, teamId: string, userId: string, role: TeamRole): Promise<boolean> {
    const rows = await tx
      .update(teamMembers)
      .set({ role })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .returning({ userId: teamMembers.userId });
    return rows.length === 1;
  },

  async setOwner(tx: DbOrTx, teamId: string, ownerId: string): Promise<void> {
    await tx.update(teams).set({ ownerId, updatedAt: new Date() }).where(eq(teams.id, teamId));
  },

  /** Removes a member who is not the owner; answers whether a row went. */
  async removeMember(tx: DbOrTx, teamId: string, userId: string): Promise<boolean> {
    const rows = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId), sql`${teamMembers.role} <> 'owner'`))
      .returning({ userId: teamMembers.userId });
    return rows.length === 1;
  },

  async memberRole(db: DbOrTx, teamId: string, userId: string): Promise<TeamRole | undefined> {
    const [row] = await db
      .select({ role: teamMembers.role })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    return row?.role as TeamRole | undefined;
  },

  /**
   * Each member's generations since `since` (the first day of the viewer's local month), from the
   * quota counter, whose rows are each member's own local days; for members only.
   */
  async usage(db: DbOrTx, teamId: string, callerId: string, since: string) {
    const rows = await db
      .select({
        userId: teamMembers.userId,
        name: users.name,
        generations: sql<number>`coalesce((select sum(${usageDaily.count}) from ${usageDaily}
          where ${usageDaily.subject} = 'user-' || ${teamMembers.userId}::text and ${usageDaily.day} >= ${since}::date), 0)::int`,
      })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), isTeamMemberSql(teamId, callerId)))
      .orderBy(asc(teamMembers.joinedAt));
    return rows.map((r) => ({ ...r, generations: Number(r.generations) }));
  },

  /**
   * For account deletion: true while the user owns a team that has other members (they must hand
   * it over first). An owner alone in their team can go: the team goes with them (cascade).
   */
  async ownsTeamWithMembers(db: DbOrTx, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ n: count() })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teams.ownerId, userId), sql`${teamMembers.userId} <> ${userId}`));
    return Number(row?.n ?? 0) > 0;
  },

  /** Memberships for the data export. */
  async membershipsOf(db: DbOrTx, userId: string) {
    return db
      .select({ teamId: teams.id, teamName: teams.name, role: teamMembers.role, joinedAt: teamMembers.joinedAt })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teamMembers.userId, userId));
  },
};
