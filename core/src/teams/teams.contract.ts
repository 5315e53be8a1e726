import { z } from 'zod';
import { CATEGORY_IDS, TONES } from '../platform/catalogue';
import { categorySchema, countSchema, emailSchema, timestampSchema, toneSchema, uuidSchema } from '../platform/contract/common';
import { approvedByDto, listSavedQuery, saveLineBody } from '../lines';
import { TEAM_NAME_MAX } from '../platform/contract/limits';

export { TEAM_NEED_ROLES, TEAM_NEEDS, TEAM_ROLES, teamRoleMeets, type TeamNeed, type TeamRole } from './team-roles';
import { TEAM_ROLES } from './team-roles';
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

export const teamDto = z.object({
  id: z.uuid(),
  name: z.string(),
  seats: countSchema,
  seatsUsed: countSchema.describe('members plus open invitations'),
  active: z.boolean().describe("false while the owner's Business subscription is not in force: reads work, writes are refused"),
});
export type TeamDto = z.infer<typeof teamDto>;

export const teamMemberDto = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.email(),
  role: z.enum(TEAM_ROLES),
  joinedAt: timestampSchema,
});
export type TeamMemberDto = z.infer<typeof teamMemberDto>;

export const teamInvitationDto = z.object({ id: z.uuid(), email: z.email(), role: z.enum(INVITE_ROLES), expiresAt: timestampSchema });
export type TeamInvitationDto = z.infer<typeof teamInvitationDto>;

/** GET /teams/current (null when the caller is in no team). */
export const currentTeamDto = z.object({
  team: teamDto,
  role: z.enum(TEAM_ROLES),
  members: z.array(teamMemberDto),
  invitations: z.array(teamInvitationDto).describe('open invitations (owner and admins only; empty for members)'),
});
export type CurrentTeamDto = z.infer<typeof currentTeamDto>;
/** GET /teams/current: the person's team, or null when they have none. */
export const currentTeamOrNoneDto = currentTeamDto.nullable();
export type CurrentTeamOrNoneDto = z.infer<typeof currentTeamOrNoneDto>;

export const teamLineDto = z.object({
  id: z.uuid(),
  teamId: z.uuid(),
  text: z.string(),
  category: z.enum(CATEGORY_IDS),
  tone: z.enum(TONES),
  createdAt: timestampSchema,
  savedBy: z.object({ userId: z.uuid(), name: z.string() }).nullable(),
  approvedBy: approvedByDto.optional(),
});
export type TeamLineDto = z.infer<typeof teamLineDto>;

export const teamLinesPageDto = z.object({ savedLines: z.array(teamLineDto), total: countSchema, nextCursor: z.string().nullable() });
export type TeamLinesPageDto = z.infer<typeof teamLinesPageDto>;

export const teamUsageDto = z.object({
  since: z.iso.date().describe('first day of the month in the viewer’s time zone (users.time_zone)'),
  members: z.array(z.object({ userId: z.uuid(), name: z.string(), generations: countSchema })),
  total: countSchema,
});
export type TeamUsageDto = z.infer<typeof teamUsageDto>;

export const teamRoom = (teamId: string) => `team:${teamId}`;

/** One invitation (sent or sent again). */
export const teamInvitationResultDto = z.object({ invitation: teamInvitationDto });
export type TeamInvitationResultDto = z.infer<typeof teamInvitationResultDto>;

/** One member, as they are after a change of role. */
export const teamMemberResultDto = z.object({ member: teamMemberDto });
export type TeamMemberResultDto = z.infer<typeof teamMemberResultDto>;

/** A member was removed from the team. */
export const teamMemberRemovedDto = z.object({ removed: z.literal(true) });
export type TeamMemberRemovedDto = z.infer<typeof teamMemberRemovedDto>;

/** The person left the team. */
export const teamLeftDto = z.object({ left: z.literal(true) });
export type TeamLeftDto = z.infer<typeof teamLeftDto>;

/** A line saved to the team's library (or the one already there). */
export const teamLineSavedDto = z.object({ savedLine: teamLineDto, alreadySaved: z.boolean() });
export type TeamLineSavedDto = z.infer<typeof teamLineSavedDto>;
