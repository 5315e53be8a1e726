import { createHash } from 'node:crypto';
import {
  isUniqueViolation,
  Errors,
  currentPlanFor,
  decodeCursor,
  emailJob,
  teamInvitationsRepository,
  teamLinesRepository,
  teamSeats,
  teamsRepository,
  toInvitationDto,
  usersRepository,
  subjectCalendar,
  usageSubject,
} from '@gl/core/server';
import {
  INVITATION_TTL_DAYS,
  type CategoryId,
  type CurrentTeamDto,
  type TeamInvitationDto,
  type TeamLinesPageDto,
  type TeamMemberDto,
  type TeamRole,
  type TeamUsageDto,
  type Tone,
  type UiLanguage,
  teamRoleMeets,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { requireFeature } from '../common/plan-policy';
import { requireTeamRole, teamReadOnly } from './team-policy';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const ONLY_OWNER_ADMINS = "Only the team's owner can make or remove admins";

/** Every team route: membership and role are read in the query (or locked transaction) that acts (`requireTeamRole`). */
export class TeamsService {
  constructor(private readonly ctx: ApiContext) {}

  async create(userId: string, name: string): Promise<CurrentTeamDto> {
    if (await teamsRepository.teamIdOf(this.ctx.db, userId)) throw Errors.conflict('You are already in a team. Leave it first.');
    const plan = await currentPlanFor(this.ctx.db, userId);
    requireFeature(plan, 'teamCollaboration', 'Teams');
    let teamId: string;
    try {
      teamId = (await this.ctx.db.transaction((tx) => teamsRepository.create(tx, userId, name))).id;
    } catch (err) {
      if (isUniqueViolation(err)) throw Errors.conflict('You are already in a team. Leave it first.');
      throw err;
    }
    await this.ctx.realtime.joinTeam(userId, teamId);
    return (await this.current(userId))!;
  }

  async current(userId: string): Promise<CurrentTeamDto | null> {
    const teamId = await teamsRepository.teamIdOf(this.ctx.db, userId);
    if (!teamId) return null;
    const access = await teamsRepository.access(this.ctx.db, teamId, userId);
    if (!access) return null;
    const [members, invitations, seatsUsed] = await Promise.all([
      teamsRepository.members(this.ctx.db, teamId, userId),
      teamInvitationsRepository.openInvitations(this.ctx.db, teamId, userId),
      teamInvitationsRepository.seatsUsed(this.ctx.db, teamId),
    ]);
    return {
      team: { id: teamId, name: access.name, seats: teamSeats(), seatsUsed, active: access.writable },
      role: access.role,
      members,
      invitations: invitations.map(toInvitationDto),
    };
  }

  async rename(userId: string, teamId: string, name: string): Promise<CurrentTeamDto> {
    await this.ctx.db.transaction(async (tx) => {
      await requireTeamRole(tx, teamId, userId, 'manage', { lock: 'share' });
      await teamsRepository.rename(tx, teamId, name);
    });
    this.ctx.realtime.emit({ teamId }, 'team:updated', { teamId });
    return (await this.current(userId))!;
  }

  /** `language`: the inviter's request language; the invitee has no account yet, so the e-mail goes out in it. */
  async invite(
    userId: string,
    teamId: string,
    input: { email: string; role: 'admin' | 'member' },
    language: UiLanguage = 'en',
  ): Promise<TeamInvitationDto> {
    const user = await usersRepository.findById(this.ctx.db, userId);
    const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);
    const row = await this.ctx.db.transaction(async (tx) => {
      // The team row is locked: two admins inviting at once count seats one after the other.
      if (input.role === 'admin') await requireTeamRole(tx, teamId, userId, 'own', { lock: 'team', forbidden: ONLY_OWNER_ADMINS });
      else await requireTeamRole(tx, teamId, userId, 'manage', { lock: 'team' });
      if (!user?.emailVerifiedAt) throw Errors.emailNotVerified('inviting team members');
      if (await teamsRepository.isMemberByEmail(tx, teamId, input.email))
        throw Errors.conflict('This person is already a member of the team');
      if ((await teamInvitationsRepository.seatsUsed(tx, teamId, new Date(), input.email)) >= teamSeats())
        throw Errors.seatLimit(teamSeats());
      return teamInvitationsRepository.upsertInvitation(tx, {
        teamId,
        email: input.email,
        role: input.role,
        invitedBy: userId,
        linkBase: this.ctx.links.base,
        expiresAt,
        language,
      });
    });
    await this.send(row.id, row.sends, teamId);
    return toInvitationDto(row);
  }

  async resend(userId: string, teamId: string, invitationId: string, language: UiLanguage = 'en'): Promise<TeamInvitationDto> {
    const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);
    const row = await this.ctx.db.transaction(async (tx) => {
      await requireTeamRole(tx, teamId, userId, 'manage', { lock: 'team' });
      const existing = await teamInvitationsRepository.findInvitation(tx, invitationId);
      if (!existing || existing.teamId !== teamId || existing.acceptedAt || existing.revokedAt)
        throw Errors.notFound('Invitation not found');
      if ((await teamInvitationsRepository.seatsUsed(tx, teamId, new Date(), existing.email)) >= teamSeats())
        throw Errors.seatLimit(teamSeats());
      const renewed = await teamInvitationsRepository.renewInvitation(tx, teamId, invitationId, this.ctx.links.base, expiresAt, language);
      if (!renewed) throw Errors.notFound('Invitation not found');
      return renewed;
    });
    await this.send(row.id, row.sends, teamId);
    return toInvitationDto(row);
  }

  /**
   * After the commit: the e-mail job. It carries no token (the worker makes one when it sends), so
   * if the queue is away the invitation stays pending and the reconciler enqueues the same job later.
   */
  private async send(invitationId: string, sends: number, teamId: string): Promise<void> {
    await this.ctx.jobs.tryEnqueue(emailJob, { kind: 'team-invitation', invitationId, sends }, { log: { invitationId } });
    this.ctx.realtime.emit({ teamId }, 'team:updated', { teamId });
  }

  async revoke(userId: string, teamId: string, invitationId: string): Promise<{ revoked: true }> {
    await this.ctx.db.transaction(async (tx) => {
      await requireTeamRole(tx, teamId, userId, 'manage', { lock: 'share' });
      if (!(await teamInvitationsRepository.revokeInvitation(tx, teamId, invitationId))) throw Errors.notFound('Invitation not found');
    });
    this.ctx.realtime.emit({ teamId }, 'team:updated', { teamId });
    return { revoked: true };
  }

  async join(userId: string, token: string): Promise<CurrentTeamDto> {
    const user = await usersRepository.findById(this.ctx.db, userId);
    if (!user) throw Errors.unauthenticated();
    const teamId = await this.ctx.db.transaction(async (tx) => {
      const inv = await teamInvitationsRepository.invitationByTokenHash(tx, hashToken(token));
      if (!inv || inv.acceptedAt || inv.revokedAt || inv.expiresAt.getTime() <= Date.now()) {
        throw Errors.invalidToken('This invitation is invalid, already used, revoked or expired. Ask for a new one.');
      }
      if (inv.email !== user.email)
        throw Errors.forbidden(`This invitation was sent to another e-mail address. Sign in as ${inv.email} to join.`);
      const access = await teamsRepository.access(tx, inv.teamId, userId, 'team');
      if (access || (await teamsRepository.teamIdOf(tx, userId))) throw Errors.conflict('You are already in a team. Leave it first.');
      const writable = await teamsRepository.isWritable(tx, inv.teamId);
      if (!writable) throw teamReadOnly();
      if ((await teamInvitationsRepository.seatsUsed(tx, inv.teamId)) > teamSeats()) throw Errors.seatLimit(teamSeats());
      try {
        await teamsRepository.addMember(tx, inv.teamId, userId, inv.role);
      } catch (err) {
        if (isUniqueViolation(err)) throw Errors.conflict('You are already in a team. Leave it first.');
        throw err;
      }
      await teamInvitationsRepository.markInvitationAccepted(tx, inv.id);
      return inv.teamId;
    });
    await this.ctx.realtime.joinTeam(userId, teamId);
    const member = await teamsRepository.member(this.ctx.db, teamId, userId);
    if (member) this.ctx.realtime.emit({ teamId }, 'team:member-joined', { teamId, member });
    return (await this.current(userId))!;
  }

  async setRole(userId: string, teamId: string, targetId: string, role: TeamRole): Promise<TeamMemberDto> {
    await this.ctx.db.transaction(async (tx) => {
      await requireTeamRole(tx, teamId, userId, 'own', { lock: 'team' });
      if (targetId === userId) throw Errors.validation('You are the owner: to hand the team over, give another member the owner role.');
      const current = await teamsRepository.memberRole(tx, teamId, targetId);
      if (!current) throw Errors.notFound('Member not found');
      if (role === 'owner') {
        // Transfer: the new owner's Business subscription is what keeps the team active from now on.
        await teamsRepository.setRole(tx, teamId, userId, 'admin');
        await teamsRepository.setOwner(tx, teamId, targetId);
      }
      await teamsRepository.setRole(tx, teamId, targetId, role);
    });
    this.ctx.realtime.emit({ teamId }, 'team:updated', { teamId });
    return (await teamsRepository.member(this.ctx.db, teamId, targetId))!;
  }

  async removeMember(userId: string, teamId: string, targetId: string): Promise<{ removed: true }> {
    await this.ctx.db.transaction(async (tx) => {
      const access = await requireTeamRole(tx, teamId, userId, 'manage', { lock: 'team' });
      const role = await teamsRepository.memberRole(tx, teamId, targetId);
      if (!role) throw Errors.notFound('Member not found');
      if (role === 'owner') throw Errors.validation('The owner cannot be removed from the team');
      // Admins manage members; only the owner makes or removes admins.
      if (role === 'admin' && !teamRoleMeets(access.role, 'own') && targetId !== userId) throw Errors.forbidden(ONLY_OWNER_ADMINS);
      await teamsRepository.removeMember(tx, teamId, targetId);
    });
    await this.left(teamId, targetId);
    return { removed: true };
  }

  /** Leaving works even while the team is read-only, so a member can always move on. */
  async leave(userId: string, teamId: string): Promise<{ left: true }> {
    await this.ctx.db.transaction(async (tx) => {
      const access = await requireTeamRole(tx, teamId, userId, 'read', { lock: 'team' });
      if (access.role === 'owner') throw Errors.validation('The owner cannot leave the team: transfer ownership to another member first');
      await teamsRepository.removeMember(tx, teamId, userId);
    });
    await this.left(teamId, userId);
    return { left: true };
  }

  /** After the commit: the user's sockets leave the room at once, then the team and the user are told. */
  private async left(teamId: string, userId: string): Promise<void> {
    await this.ctx.realtime.leaveTeam(userId, teamId);
    this.ctx.realtime.emit({ teamId }, 'team:member-left', { teamId, userId });
    this.ctx.realtime.emit({ userId }, 'team:member-left', { teamId, userId });
  }

  async lines(
    userId: string,
    teamId: string,
    q: { search?: string; category?: string; limit: number; cursor?: string },
  ): Promise<TeamLinesPageDto> {
    const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
    if (q.cursor && !cursor) throw Errors.validation('cursor: Invalid cursor', [{ path: 'cursor', message: 'Invalid cursor' }]);
    const [, page] = await Promise.all([
      requireTeamRole(this.ctx.db, teamId, userId, 'read'),
      teamLinesRepository.listLines(this.ctx.db, {
        teamId,
        callerId: userId,
        search: q.search || undefined,
        category: q.category && q.category !== 'all' ? (q.category as CategoryId) : undefined,
        limit: q.limit,
        cursor,
      }),
    ]);
    return page;
  }

  async saveLine(userId: string, teamId: string, body: { text: string; category: CategoryId; tone: Tone }) {
    const result = await this.ctx.db.transaction(async (tx) => {
      await requireTeamRole(tx, teamId, userId, 'write', { lock: 'share' });
      return teamLinesRepository.saveLine(tx, { teamId, savedBy: userId, ...body });
    });
    if (result.created) this.ctx.realtime.emit({ teamId }, 'team:line-saved', { teamId, line: result.line });
    return result;
  }

  async deleteLine(userId: string, teamId: string, lineId: string): Promise<{ id: string }> {
    await this.ctx.db.transaction(async (tx) => {
      const access = await requireTeamRole(tx, teamId, userId, 'write', { lock: 'share' });
      if (await teamLinesRepository.deleteLine(tx, teamId, lineId, userId, teamRoleMeets(access.role, 'manage'))) return;
      if (await teamLinesRepository.lineExists(tx, teamId, lineId))
        throw Errors.forbidden("Only the line's saver, an admin or the owner can delete it");
      throw Errors.notFound('Line not found');
    });
    this.ctx.realtime.emit({ teamId }, 'team:line-deleted', { teamId, id: lineId });
    return { id: lineId };
  }

  /** This month's generations per member; the month is the viewer's own (users.time_zone, as the quota counts it). */
  async usage(userId: string, teamId: string, now = new Date()): Promise<TeamUsageDto> {
    const [, { monthStart: since }] = await Promise.all([
      requireTeamRole(this.ctx.db, teamId, userId, 'read'),
      subjectCalendar(this.ctx.db, usageSubject({ userId }), now),
    ]);
    const members = await teamsRepository.usage(this.ctx.db, teamId, userId, since);
    return { since, members, total: members.reduce((s, m) => s + m.generations, 0) };
  }
}
