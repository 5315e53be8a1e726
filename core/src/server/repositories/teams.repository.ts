import { and, asc, count, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { getPlan, type CategoryId, type Tone } from '../../catalogue';
import type { TeamInvitationDto, TeamLineDto, TeamLinesPageDto, TeamMemberDto, TeamRole } from '../../contract/teams';
import type { DbOrTx } from '../db/database';
import { teamInvitations, teamLines, teamMembers, teams, usageDaily, users } from '../db/schema';
import { teamOwnerHasBusiness } from './subscriptions.repository';
import { decodeCursor, encodeCursor, escapeLike } from './saved-lines.repository';

export type TeamRow = typeof teams.$inferSelect;
export type TeamInvitationRow = typeof teamInvitations.$inferSelect;
type Cursor = NonNullable<ReturnType<typeof decodeCursor>>;

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

/** SQL: the caller is a member of the team (used inside every query that reads a team's data). */
const isMember = (teamId: string, userId: string) =>
  sql`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${teamId} and ${teamMembers.userId} = ${userId})`;

/** Open = not accepted, not revoked, not expired: it holds a seat. */
const openInvitation = (now: Date) =>
  and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now));

const lineCursorTs = sql<string>`to_char(${teamLines.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const lineColumns = {
  id: teamLines.id,
  teamId: teamLines.teamId,
  text: teamLines.text,
  category: teamLines.category,
  tone: teamLines.tone,
  createdAt: teamLines.createdAt,
  savedById: teamLines.savedBy,
  savedByName: users.name,
};
type LineRow = {
  id: string;
  teamId: string;
  text: string;
  category: string;
  tone: string;
  createdAt: Date;
  savedById: string | null;
  savedByName: string | null;
};

export function toTeamLineDto(row: LineRow): TeamLineDto {
  return {
    id: row.id,
    teamId: row.teamId,
    text: row.text,
    category: row.category as CategoryId,
    tone: row.tone as Tone,
    createdAt: row.createdAt.toISOString(),
    savedBy: row.savedById ? { userId: row.savedById, name: row.savedByName ?? '' } : null,
  };
}

export function toInvitationDto(row: TeamInvitationRow): TeamInvitationDto {
  return { id: row.id, email: row.email, role: row.role as TeamInvitationDto['role'], expiresAt: row.expiresAt.toISOString() };
}

export const teamsRepository = {
  /**
   * The caller's membership of `teamId` with the team's state, or undefined for a non-member.
   * `lock`: inside a transaction, `share` holds the caller's membership (a concurrent removal waits),
   * `team` also locks the team row (seat counting, role changes: one at a time per team).
   */
  async access(db: DbOrTx, teamId: string, userId: string, lock?: 'share' | 'team', now = new Date()): Promise<TeamAccess | undefined> {
    if (lock === 'team') await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
    const q = db
      .select({
        teamId: teams.id,
        name: teams.name,
        ownerId: teams.ownerId,
        role: teamMembers.role,
        writable: sql<boolean>`${teamOwnerHasBusiness(teams.id, now)}`,
      })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    const [row] = lock ? await q.for('share', { of: teamMembers }) : await q;
    return row ? { ...row, role: row.role as TeamRole, writable: Boolean(row.writable) } : undefined;
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
      .where(and(eq(teamMembers.teamId, teamId), isMember(teamId, callerId)))
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

  /** Open invitations, for owners and admins only (the role check is in the query). */
  async openInvitations(db: DbOrTx, teamId: string, callerId: string, now = new Date()): Promise<TeamInvitationRow[]> {
    return db
      .select()
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.teamId, teamId),
          openInvitation(now),
          sql`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${teamId} and ${teamMembers.userId} = ${callerId} and ${teamMembers.role} in ('owner', 'admin'))`,
        ),
      )
      .orderBy(asc(teamInvitations.createdAt));
  },

  /** Members plus open invitations (optionally not counting one address's invitation, which a re-invite replaces). */
  async seatsUsed(db: DbOrTx, teamId: string, now = new Date(), exceptEmail?: string): Promise<number> {
    const [m] = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
    const invWhere = [eq(teamInvitations.teamId, teamId), openInvitation(now)];
    if (exceptEmail) invWhere.push(sql`${teamInvitations.email} <> ${exceptEmail}`);
    const [i] = await db
      .select({ n: count() })
      .from(teamInvitations)
      .where(and(...invWhere));
    return Number(m?.n ?? 0) + Number(i?.n ?? 0);
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

  /**
   * Creates the invitation, or renews this address's earlier one (accepted ones excepted): new
   * token, role and expiry, one more send. Answers the row.
   */
  async upsertInvitation(
    tx: DbOrTx,
    input: { teamId: string; email: string; role: string; invitedBy: string; linkBase: string; expiresAt: Date; language?: string },
  ): Promise<TeamInvitationRow> {
    const [existing] = await tx
      .select({ id: teamInvitations.id })
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.teamId, input.teamId),
          eq(teamInvitations.email, input.email),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
        ),
      )
      .for('update');
    if (existing) {
      const [row] = await tx
        .update(teamInvitations)
        .set({
          ...input,
          tokenHash: null,
          emailStatus: 'pending',
          emailError: null,
          sends: sql`${teamInvitations.sends} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(teamInvitations.id, existing.id))
        .returning();
      return row!;
    }
    const [row] = await tx.insert(teamInvitations).values(input).returning();
    return row!;
  },

  /**
   * Re-send: an open (or expired, never used or revoked) invitation gets a new expiry and a new send;
   * the earlier link stops working at once (the worker makes the new one).
   */
  async renewInvitation(tx: DbOrTx, teamId: string, invitationId: string, linkBase: string, expiresAt: Date, language?: string) {
    const [row] = await tx
      .update(teamInvitations)
      .set({
        tokenHash: null,
        linkBase,
        ...(language ? { language } : {}),
        expiresAt,
        emailStatus: 'pending',
        emailError: null,
        sends: sql`${teamInvitations.sends} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(teamInvitations.id, invitationId),
          eq(teamInvitations.teamId, teamId),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
        ),
      )
      .returning();
    return row;
  },

  /** Open invitations whose e-mail is still pending since before `cutoff` (the reconciler's query). */
  async pendingInvitationEmails(db: DbOrTx, cutoff: Date, limit: number, now = new Date()) {
    return db
      .select({ id: teamInvitations.id, sends: teamInvitations.sends })
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.emailStatus, 'pending'),
          openInvitation(now),
          sql`${teamInvitations.updatedAt} < ${cutoff.toISOString()}::timestamptz`,
        ),
      )
      .limit(limit);
  },

  /**
   * The worker stores the hash of the token it is about to send for this send of the invitation
   * (a retry replaces it: the earlier mail never went out). False when the invitation was accepted,
   * revoked, re-sent (another send) or has expired meanwhile: that e-mail is not sent.
   */
  async setInvitationToken(db: DbOrTx, id: string, sends: number, tokenHash: string, now = new Date()): Promise<boolean> {
    const rows = await db
      .update(teamInvitations)
      .set({ tokenHash })
      .where(and(eq(teamInvitations.id, id), eq(teamInvitations.sends, sends), openInvitation(now)))
      .returning({ id: teamInvitations.id });
    return rows.length === 1;
  },

  async revokeInvitation(tx: DbOrTx, teamId: string, invitationId: string): Promise<boolean> {
    const rows = await tx
      .update(teamInvitations)
      .set({ revokedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(teamInvitations.id, invitationId),
          eq(teamInvitations.teamId, teamId),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
        ),
      )
      .returning({ id: teamInvitations.id });
    return rows.length === 1;
  },

  /** The invitation for a token hash, locked: two accepts of one token run one after the other. */
  async invitationByTokenHash(tx: DbOrTx, tokenHash: string): Promise<TeamInvitationRow | undefined> {
    const [row] = await tx.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, tokenHash)).for('update');
    return row;
  },

  async findInvitation(db: DbOrTx, id: string): Promise<TeamInvitationRow | undefined> {
    const [row] = await db.select().from(teamInvitations).where(eq(teamInvitations.id, id));
    return row;
  },

  async markInvitationAccepted(tx: DbOrTx, id: string): Promise<void> {
    await tx.update(teamInvitations).set({ acceptedAt: new Date(), updatedAt: new Date() }).where(eq(teamInvitations.id, id));
  },

  async markInvitationEmail(db: DbOrTx, id: string, sends: number, status: 'delivered' | 'failed' | 'pending', error: string | null) {
    await db
      .update(teamInvitations)
      .set({ emailStatus: status, emailError: error, updatedAt: new Date() })
      .where(and(eq(teamInvitations.id, id), eq(teamInvitations.sends, sends)));
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

  /** Saves a line to the team; the same text (any case) again answers the existing line. */
  async saveLine(
    tx: DbOrTx,
    input: { teamId: string; savedBy: string; text: string; category: CategoryId; tone: Tone },
  ): Promise<{ line: TeamLineDto; created: boolean }> {
    const [inserted] = await tx.insert(teamLines).values(input).onConflictDoNothing().returning({ id: teamLines.id });
    const where = inserted
      ? eq(teamLines.id, inserted.id)
      : and(eq(teamLines.teamId, input.teamId), sql`lower(${teamLines.text}) = lower(${input.text})`);
    const [row] = await tx.select(lineColumns).from(teamLines).leftJoin(users, eq(users.id, teamLines.savedBy)).where(where).limit(1);
    return { line: toTeamLineDto(row!), created: Boolean(inserted) };
  },

  /**
   * One page of the team's library for a member (membership checked in the same query: a
   * non-member reads nothing), newest first on (created_at desc, id desc), plus the total.
   */
  async listLines(
    db: DbOrTx,
    f: { teamId: string; callerId: string; search?: string; category?: CategoryId; limit: number; cursor?: Cursor },
  ): Promise<TeamLinesPageDto> {
    const parts: SQL[] = [eq(teamLines.teamId, f.teamId), isMember(f.teamId, f.callerId)];
    if (f.category) parts.push(eq(teamLines.category, f.category));
    if (f.search) {
      const pattern = `%${escapeLike(f.search)}%`;
      parts.push(
        f.search.toLowerCase() === f.search.toUpperCase()
          ? sql`${teamLines.text} like ${pattern}`
          : sql`${teamLines.text} ilike ${pattern}`,
      );
    }
    const where = and(...parts)!;
    const after = f.cursor
      ? sql`(${teamLines.createdAt}, ${teamLines.id}) < (${f.cursor.ts}::timestamptz, ${f.cursor.id}::uuid)`
      : undefined;
    const [rows, [totalRow]] = await Promise.all([
      db
        .select({ ...lineColumns, cursorTs: lineCursorTs })
        .from(teamLines)
        .leftJoin(users, eq(users.id, teamLines.savedBy))
        .where(after ? and(where, after) : where)
        .orderBy(sql`${teamLines.createdAt} desc nulls last`, sql`${teamLines.id} desc nulls last`)
        .limit(f.limit + 1),
      db.select({ total: count() }).from(teamLines).where(where),
    ]);
    const page = rows.slice(0, f.limit);
    const last = page[page.length - 1];
    return {
      savedLines: page.map(toTeamLineDto),
      total: Number(totalRow?.total ?? 0),
      nextCursor: rows.length > f.limit && last ? encodeCursor({ ts: last.cursorTs, id: last.id }) : null,
    };
  },

  /** Deletes a line when the caller saved it or is the team's owner or an admin (checked in the DELETE). */
  async deleteLine(tx: DbOrTx, teamId: string, lineId: string, callerId: string, callerIsManager: boolean): Promise<boolean> {
    const rows = await tx
      .delete(teamLines)
      .where(and(eq(teamLines.id, lineId), eq(teamLines.teamId, teamId), callerIsManager ? sql`true` : eq(teamLines.savedBy, callerId)))
      .returning({ id: teamLines.id });
    return rows.length === 1;
  },

  async lineExists(db: DbOrTx, teamId: string, lineId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: teamLines.id })
      .from(teamLines)
      .where(and(eq(teamLines.id, lineId), eq(teamLines.teamId, teamId)));
    return Boolean(row);
  },

  /** Each member's generations this month (UTC), from the quota counter; for members only. */
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
      .where(and(eq(teamMembers.teamId, teamId), isMember(teamId, callerId)))
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
