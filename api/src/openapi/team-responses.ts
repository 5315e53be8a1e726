import { z } from 'zod';
import { CATEGORY_IDS, INVITE_ROLES, TEAM_ROLES, TONES } from '@gl/core';

/** What the team routes answer (core/src/contract/teams.ts), for the OpenAPI document. */
const id = z.uuid();
const timestamp = z.iso.datetime({ offset: true });
const role = z.enum(TEAM_ROLES);

export const Team = z.object({
  id,
  name: z.string(),
  seats: z.int(),
  seatsUsed: z.int().describe('members plus open invitations'),
  active: z.boolean().describe("false while the owner's Business subscription is not active: the team is read-only"),
});
export const TeamMember = z.object({ userId: id, name: z.string(), email: z.email(), role, joinedAt: timestamp });
export const TeamInvitation = z.object({ id, email: z.email(), role: z.enum(INVITE_ROLES), expiresAt: timestamp });
export const CurrentTeam = z.object({
  team: Team,
  role,
  members: z.array(TeamMember),
  invitations: z.array(TeamInvitation).describe('open invitations (owner and admins only; empty for members)'),
});
export const TeamLine = z.object({
  id,
  teamId: id,
  text: z.string(),
  category: z.enum(CATEGORY_IDS),
  tone: z.enum(TONES),
  createdAt: timestamp,
  savedBy: z.object({ userId: id, name: z.string() }).nullable(),
});
export const TeamLinesPage = z.object({ savedLines: z.array(TeamLine), total: z.int(), nextCursor: z.string().nullable() });
export const TeamUsage = z.object({
  since: z.iso.date(),
  members: z.array(z.object({ userId: id, name: z.string(), generations: z.int() })),
  total: z.int(),
});
