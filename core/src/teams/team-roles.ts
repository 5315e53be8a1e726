/** The team roles and what each team action needs: zod-free, so the client (through `@gl/core/types`) and the server's team policy read the one table. */
export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/**
 * What a team action needs of the caller, and the roles that have it: `read` (the team's data, also
 * while it is read-only), `write` (add to it), `manage` (its name, invitations, members, anyone's
 * lines), `own` (roles, admins, handing it over). Every need but `read` also needs the team writable
 * (its owner's Business plan in force). `requireTeamRole` in api/src/teams/team-policy.ts (the client's checks through `@gl/core/types`) applies it.
 */
export const TEAM_NEEDS = ['read', 'write', 'manage', 'own'] as const;
export type TeamNeed = (typeof TEAM_NEEDS)[number];
export const TEAM_NEED_ROLES: Readonly<Record<TeamNeed, readonly TeamRole[]>> = {
  read: TEAM_ROLES,
  write: TEAM_ROLES,
  manage: ['owner', 'admin'],
  own: ['owner'],
};
/** Whether `role` has what `need` asks for (the same table the membership queries use). */
export const teamRoleMeets = (role: TeamRole | null | undefined, need: TeamNeed): boolean =>
  Boolean(role && TEAM_NEED_ROLES[need].includes(role));
