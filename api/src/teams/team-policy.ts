import { AppError, Errors, teamsRepository, type DbOrTx, type TeamAccess, type TeamLock } from '@gl/core/server';
import { TEAM_NEED_ROLES, teamRoleMeets, type TeamNeed, type TeamRole } from '@gl/core';

/**
 * The one team policy: what a team action needs (`read`, `write`, `manage`, `own`, mapped to roles
 * by `TEAM_NEED_ROLES` in core's contract) against the caller's membership. Someone not in the team
 * gets 404 (a stranger cannot tell a team exists), a member without the role 403, and every need but
 * `read` is refused with 403 PLAN_REQUIRED while the owner's Business plan is not in force.
 */

export const teamNotFound = () => Errors.notFound('Team not found');

/** A write to a team whose owner's Business plan lapsed (its data stays readable). */
export const teamReadOnly = () =>
  new AppError('PLAN_REQUIRED', "This team is read-only: its owner's Business plan is not active. Renew it to make changes.", {
    data: { requiredPlan: 'business' },
  });

const FORBIDDEN: Record<TeamNeed, string> = {
  read: 'Only members of the team can do this',
  write: 'Only members of the team can do this',
  manage: "Only the team's owner or an admin can do this",
  own: "Only the team's owner can do this",
};

export interface TeamRoleOptions {
  /** Inside a transaction: hold the membership (`share`), or also the team row (`team`), until it ends. */
  lock?: TeamLock;
  /** The 403 message for a member without the role, when the action has a more precise one. */
  forbidden?: string;
}

/**
 * Why a caller in this state may not do what `need` asks, or undefined when they may. `allowed`
 * defaults to the role table; `requireTeamRole` passes the answer its query computed.
 */
export function teamRefusal(
  state: { role: TeamRole | string | null; writable: boolean; allowed?: boolean } | undefined,
  need: TeamNeed,
  forbidden?: string,
): AppError | undefined {
  if (!state?.role) return teamNotFound();
  const allowed = state.allowed ?? teamRoleMeets(state.role as TeamRole, need);
  if (!allowed) return Errors.forbidden(forbidden ?? FORBIDDEN[need]);
  if (need !== 'read' && !state.writable) return teamReadOnly();
  return undefined;
}

/**
 * The caller's access to `teamId` when they have what `need` asks for; throws the refusal otherwise.
 * The role is checked in the query that reads (and with `lock`, holds) the membership.
 */
export async function requireTeamRole(
  tx: DbOrTx,
  teamId: string,
  userId: string,
  need: TeamNeed,
  opts: TeamRoleOptions = {},
): Promise<TeamAccess> {
  const access = await teamsRepository.authorize(tx, teamId, userId, TEAM_NEED_ROLES[need], opts.lock);
  const refusal = teamRefusal(access, need, opts.forbidden);
  if (refusal) throw refusal;
  return access!;
}
