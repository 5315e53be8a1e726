import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { BrandBody, BrandDto, BrandSnapshot } from './brands.contract';
import { TEAM_NEED_ROLES, type TeamRole } from '../teams';
import type { DbOrTx } from '../platform/db/database';
import { brands, teamMembers, teams, users } from '../schema';
import { teamOwnerHasBusiness } from '../billing/plan-lookup.sql';
import { isTeamMemberSql } from '../teams/server';

export type BrandRow = typeof brands.$inferSelect;

export function toBrandDto(row: BrandRow): BrandDto {
  return {
    id: row.id,
    teamId: row.teamId,
    name: row.name,
    description: row.description,
    audience: row.audience,
    wordsToUse: row.wordsToUse,
    wordsToAvoid: row.wordsToAvoid,
    exampleLines: row.exampleLines,
    noExclamation: row.noExclamation,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toBrandSnapshot(row: BrandRow): BrandSnapshot {
  const { id, name, description, audience, wordsToUse, wordsToAvoid, exampleLines, noExclamation } = row;
  return { id, name, description, audience, wordsToUse, wordsToAvoid, exampleLines, noExclamation };
}

/** SQL: `userId` is in the kit's team, optionally with one of `roles`. */
const inKitTeam = (userId: string, roles?: readonly TeamRole[]) => isTeamMemberSql(brands.teamId, userId, roles);

/** SQL: the kit is `userId`'s own, or shared with a team `userId` is in (membership read in the same query). */
const visibleTo = (userId: string): SQL =>
  sql`((${brands.teamId} is null and ${brands.userId} = ${userId}) or (${brands.teamId} is not null and ${inKitTeam(userId)}))`;

/** SQL: `userId` may change the kit: their own, or a team kit they manage while the team's Business plan is in force. */
const editableBy = (userId: string, now: Date): SQL =>
  sql`((${brands.teamId} is null and ${brands.userId} = ${userId}) or (${brands.teamId} is not null and ${inKitTeam(userId, TEAM_NEED_ROLES.manage)} and ${teamOwnerHasBusiness(brands.teamId, now)}))`;

/** SQL: the kits counted against `userId`'s limit: their own, plus the kits of the team they own. */
const countedFor = (userId: string): SQL =>
  sql`((${brands.teamId} is null and ${brands.userId} = ${userId}) or ${brands.teamId} in (select ${teams.id} from ${teams} where ${teams.ownerId} = ${userId}))`;

/**
 * Brand kits. Personal kits reach only their owner; team kits reach the team's members, and only
 * its owner and admins change them. Every check is part of the query that reads or writes the kit.
 */
export const brandsRepository = {
  /** The caller's own kits, then those of their team. */
  async listVisible(db: DbOrTx, userId: string): Promise<BrandRow[]> {
    return db
      .select()
      .from(brands)
      .where(visibleTo(userId))
      .orderBy(sql`${brands.teamId} nulls first`, asc(brands.createdAt), asc(brands.id));
  },

  /** A kit the caller may use (own, or their team's). */
  async findVisible(db: DbOrTx, id: string, userId: string): Promise<BrandRow | undefined> {
    const [row] = await db
      .select()
      .from(brands)
      .where(and(eq(brands.id, id), visibleTo(userId)))
      .limit(1);
    return row;
  },

  /**
   * Why a write was refused, for the error answer: the kit is not visible to the caller (undefined),
   * or it is a team kit and this is the caller's role and whether the team is writable.
   */
  async writeRefusal(
    db: DbOrTx,
    id: string,
    userId: string,
    now = new Date(),
  ): Promise<{ teamId: string | null; role: string | null; writable: boolean } | undefined> {
    const [row] = await db
      .select({
        teamId: brands.teamId,
        role: sql<
          string | null
        >`(select ${teamMembers.role} from ${teamMembers} where ${teamMembers.teamId} = ${brands.teamId} and ${teamMembers.userId} = ${userId})`,
        writable: sql<boolean>`${teamOwnerHasBusiness(brands.teamId, now)}`,
      })
      .from(brands)
      .where(and(eq(brands.id, id), visibleTo(userId)))
      .limit(1);
    return row ? { ...row, writable: Boolean(row.writable) } : undefined;
  },

  /**
   * Creates a kit unless `accountable` (the caller, or the owner of the team the kit is for) already
   * has `limit` kits counted against them (their own plus their team's); undefined when at the limit.
   * That user's row is locked for the transaction, so concurrent creates are counted one after the other.
   */
  async createWithin(
    db: DbOrTx,
    input: { userId: string; teamId: string | null; accountable: string },
    limit: number,
    body: BrandBody,
  ): Promise<BrandRow | undefined> {
    await db.select({ id: users.id }).from(users).where(eq(users.id, input.accountable)).for('update');
    const [existing] = await db.select({ n: count() }).from(brands).where(countedFor(input.accountable));
    if (Number(existing?.n ?? 0) >= limit) return undefined;
    const [row] = await db
      .insert(brands)
      .values({ userId: input.userId, teamId: input.teamId, ...body })
      .returning();
    return row;
  },

  async update(db: DbOrTx, id: string, userId: string, body: BrandBody, now = new Date()): Promise<BrandRow | undefined> {
    const [row] = await db
      .update(brands)
      .set({ ...body, updatedAt: new Date() })
      .where(and(eq(brands.id, id), editableBy(userId, now)))
      .returning();
    return row;
  },

  async delete(db: DbOrTx, id: string, userId: string, now = new Date()): Promise<boolean> {
    const rows = await db
      .delete(brands)
      .where(and(eq(brands.id, id), editableBy(userId, now)))
      .returning({ id: brands.id });
    return rows.length > 0;
  },

  /** The user's personal kits, for the data export (team kits belong to the team). */
  async personalOf(db: DbOrTx, userId: string): Promise<BrandDto[]> {
    const rows = await db
      .select()
      .from(brands)
      .where(and(eq(brands.userId, userId), isNull(brands.teamId)))
      .orderBy(asc(brands.createdAt), asc(brands.id));
    return rows.map(toBrandDto);
  },

  /**
   * For account deletion: team kits the user created stay with their team, handed to the team's
   * owner (a kit in a team the user owns goes with that team).
   */
  async handOverTeamKits(db: DbOrTx, userId: string): Promise<number> {
    const rows = await db
      .update(brands)
      .set({ userId: sql`(select ${teams.ownerId} from ${teams} where ${teams.id} = ${brands.teamId})` })
      .where(
        and(
          eq(brands.userId, userId),
          sql`${brands.teamId} is not null`,
          sql`exists (select 1 from ${teams} where ${teams.id} = ${brands.teamId} and ${teams.ownerId} <> ${userId})`,
        ),
      )
      .returning({ id: brands.id });
    return rows.length;
  },
};
