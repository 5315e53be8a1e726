import { z } from 'zod';
import type { CategoryId, Tone } from '../catalogue';
import { categorySchema, emailSchema, toneSchema, uuidSchema } from './common';
import { listSavedQuery, saveLineBody } from './lines';
import { TEAM_NAME_MAX } from './limits';

export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** Roles an invitation or a role change can give; `owner` in a role change transfers ownership. */
export const INVITE_ROLES = ['admin', 'member'] as const;
export { TEAM_NAME_MAX };
/** Days an invitation link stays valid after it is sent (or re-sent). */
export const INVITATION_TTL_DAYS = 7;

const teamName = z
  .string({ message: 'Team name is required' })
  .trim()
  .min(1, 'Team name is required')
  .max(TEAM_NAME_MAX, `Team name must be at most ${TEAM_NAME_MAX} characters`);

export const teamNameBody = z.strictObject({ name: teamName });
export const teamIdParams = z.object({ id: uuidSchema });
export const teamMemberParams = z.object({ id: uuidSchema, userId: uuidSchema });
export const teamInvitationParams = z.object({ id: uuidSchema, invitationId: uuidSchema });
export const teamLineParams = z.object({ id: uuidSchema, lineId: uuidSchema });

export const inviteBody = z.strictObject({
  email: emailSchema,
  role: z.enum(INVITE_ROLES, { message: 'role must be admin or member' }).default('member'),
});
export const joinTeamBody = z.strictObject({
  token: z.string({ message: 'Token is required' }).trim().min(1, 'Token is required').max(200, 'Token is too long'),
});
/** `owner` hands the team over: the caller becomes an admin. */
export const memberRoleBody = z.strictObject({
  role: z.enum(TEAM_ROLES, { message: 'role must be owner, admin or member' }),
});
export const saveTeamLineBody = z.strictObject({
  text: saveLineBody.shape.text,
  category: categorySchema,
  tone: toneSchema,
});
export const listTeamLinesQuery = listSavedQuery;

export interface TeamDto {
  id: string;
  name: string;
  seats: number;
  seatsUsed: number;
  /** false while the owner's Business subscription is not in force: reads work, writes are refused. */
  active: boolean;
}
export interface TeamMemberDto {
  userId: string;
  name: string;
  email: string;
  role: TeamRole;
  joinedAt: string;
}
export interface TeamInvitationDto {
  id: string;
  email: string;
  role: Exclude<TeamRole, 'owner'>;
  expiresAt: string;
}
/** GET /teams/current (null when the caller is in no team). Invitations only for owner and admins. */
export interface CurrentTeamDto {
  team: TeamDto;
  role: TeamRole;
  members: TeamMemberDto[];
  invitations: TeamInvitationDto[];
}
export interface TeamLineDto {
  id: string;
  teamId: string;
  text: string;
  category: CategoryId;
  tone: Tone;
  createdAt: string;
  savedBy: { userId: string; name: string } | null;
}
export interface TeamLinesPageDto {
  savedLines: TeamLineDto[];
  total: number;
  nextCursor: string | null;
}
export interface TeamUsageDto {
  /** First day of the month (UTC), ISO date. */
  since: string;
  members: Array<{ userId: string; name: string; generations: number }>;
  total: number;
}

export const teamRoom = (teamId: string) => `team:${teamId}`;
