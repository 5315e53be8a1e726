import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { TEAM_NEED_ROLES, type TeamInvitationDto } from './teams.contract';
import type { DbOrTx } from '../platform/db/database';
import { teamInvitations, teamMembers } from '../schema';
import { isTeamMemberSql } from './teams.repository';

export type TeamInvitationRow = typeof teamInvitations.$inferSelect;

/** Open = not accepted, not revoked, not expired: it holds a seat. */
const openInvitation = (now: Date) =>
  and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now));

export function toInvitationDto(row: TeamInvitationRow): TeamInvitationDto {
  return { id: row.id, email: row.email, role: row.role as TeamInvitationDto['role'], expiresAt: row.expiresAt.toISOString() };
}

/** A team's invitations (the e-mail itself is the worker's) and the seats they hold. */
export const teamInvitationsRepository = {
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

  /** Open invitations, for those who manage the team only (the role check is in the query). */
  async openInvitations(db: DbOrTx, teamId: string, callerId: string, now = new Date()): Promise<TeamInvitationRow[]> {
    return db
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.teamId, teamId), openInvitation(now), isTeamMemberSql(teamId, callerId, TEAM_NEED_ROLES.manage)))
      .orderBy(asc(teamInvitations.createdAt));
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
  /** `language`: the inviter's request language now (the e-mail goes out in it). */
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
};
