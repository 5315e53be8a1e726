import {
  currentTeamOrNoneDto,
  inviteBody,
  joinTeamBody,
  listTeamLinesQuery,
  memberRoleBody,
  saveTeamLineBody,
  teamIdParams,
  teamInvitationParams,
  teamLineParams,
  teamMemberParams,
  teamNameBody,
  currentTeamDto,
  teamLinesPageDto,
  teamUsageDto,
  teamInvitationResultDto,
  revokedDto,
  teamMemberResultDto,
  teamMemberRemovedDto,
  teamLeftDto,
  teamLineSavedDto,
  idDto,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { languageOf } from '../http/request-language';
import { defineResource, reply, SENT } from '../http/route';
import { userIdOf } from '../middleware/authenticate';
import { Limiter } from '../common/rate-limit.service';
import { TeamsService } from './teams.service';

const INVITES_PER_HOUR = 30;

/**
 * /api/teams: the Business plan's teams. Anyone not in a team gets 404 on its
 * routes; membership and role are checked in the query or locked transaction that acts.
 */
export const teamsResource = defineResource({
  prefix: '/teams',
  tag: 'Teams',
  deps: (ctx: ApiContext) => ({
    teams: new TeamsService(ctx),
    // Each invitation or re-send is an e-mail to someone else's inbox: bounded per sender.
    invites: Limiter.for(ctx, 'team-invite', { points: INVITES_PER_HOUR, seconds: 3600, what: 'invitations' }),
  }),
  routes: (route) => [
    route({
      method: 'post',
      path: '/',
      summary: 'Create a team',
      description: 'The caller becomes its owner. Needs the Business plan (403 PLAN_REQUIRED); already in a team: 409.',
      auth: 'session',
      body: teamNameBody,
      status: 201,
      response: currentTeamDto,
      errors: [400, 401, 403, 409],
      handler: ({ req, body, deps }) => deps.teams.create(userIdOf(req), body.name),
    }),
    route({
      method: 'get',
      path: '/current',
      summary: "The caller's team",
      description: 'The team, the caller’s role, members and (for owner and admins) open invitations; null when in no team.',
      auth: 'session',
      response: currentTeamOrNoneDto,
      errors: [401],
      handler: async ({ req, res, deps }) => {
        // `data: null` (no team) is an answer in itself, so the envelope is written here.
        res.status(200).json({ success: true, data: await deps.teams.current(userIdOf(req)) });
        return SENT;
      },
    }),
    route({
      method: 'post',
      path: '/join',
      summary: 'Join a team with an invitation token',
      description:
        'The signed-in user’s e-mail must be the invited one (403). One team per user (409). A used, revoked or expired token: 400 INVALID_TOKEN.',
      auth: 'session',
      body: joinTeamBody,
      response: currentTeamDto,
      errors: [400, 401, 403, 409],
      handler: ({ req, body, deps }) => deps.teams.join(userIdOf(req), body.token),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Rename the team',
      auth: 'session',
      params: teamIdParams,
      body: teamNameBody,
      response: currentTeamDto,
      errors: [400, 401, 403, 404],
      handler: ({ req, params, body, deps }) => deps.teams.rename(userIdOf(req), params.id, body.name),
    }),
    route({
      method: 'post',
      path: '/:id/invitations',
      summary: 'Invite someone by e-mail',
      description:
        'Sends a /join?token= link valid 7 days (owner, admin; verified e-mail). 403 SEAT_LIMIT when members plus open invitations reach the seats; 409 when already a member. Inviting the same address again re-sends (new link).',
      auth: 'session',
      params: teamIdParams,
      body: inviteBody,
      status: 201,
      response: teamInvitationResultDto,
      errors: [400, 401, 403, 404, 409, 429, 503],
      handler: async ({ req, params, body, deps }) => {
        await deps.invites.consume(userIdOf(req));
        return { invitation: await deps.teams.invite(userIdOf(req), params.id, body, languageOf(req)) };
      },
    }),
    route({
      method: 'post',
      path: '/:id/invitations/:invitationId/resend',
      summary: 'Re-send an invitation',
      description: 'A new link (the old one stops working), valid 7 days from now.',
      auth: 'session',
      params: teamInvitationParams,
      response: teamInvitationResultDto,
      errors: [400, 401, 403, 404, 429, 503],
      handler: async ({ req, params, deps }) => {
        await deps.invites.consume(userIdOf(req));
        return { invitation: await deps.teams.resend(userIdOf(req), params.id, params.invitationId, languageOf(req)) };
      },
    }),
    route({
      method: 'delete',
      path: '/:id/invitations/:invitationId',
      summary: 'Revoke an invitation',
      auth: 'session',
      params: teamInvitationParams,
      response: revokedDto,
      errors: [400, 401, 403, 404],
      handler: ({ req, params, deps }) => deps.teams.revoke(userIdOf(req), params.id, params.invitationId),
    }),
    route({
      method: 'put',
      path: '/:id/members/:userId',
      summary: "Change a member's role",
      description: 'Owner only. Role `owner` hands the team over: the caller becomes an admin.',
      auth: 'session',
      params: teamMemberParams,
      body: memberRoleBody,
      response: teamMemberResultDto,
      errors: [400, 401, 403, 404],
      handler: async ({ req, params, body, deps }) => ({
        member: await deps.teams.setRole(userIdOf(req), params.id, params.userId, body.role),
      }),
    }),
    route({
      method: 'delete',
      path: '/:id/members/:userId',
      summary: 'Remove a member',
      description: 'Owner or admin; removing the owner: 400. The member’s open sockets stop getting team events at once.',
      auth: 'session',
      params: teamMemberParams,
      response: teamMemberRemovedDto,
      errors: [400, 401, 403, 404],
      handler: ({ req, params, deps }) => deps.teams.removeMember(userIdOf(req), params.id, params.userId),
    }),
    route({
      method: 'post',
      path: '/:id/leave',
      summary: 'Leave the team',
      description: 'Members and admins; the owner must transfer ownership first (400).',
      auth: 'session',
      params: teamIdParams,
      response: teamLeftDto,
      errors: [400, 401, 404],
      handler: ({ req, params, deps }) => deps.teams.leave(userIdOf(req), params.id),
    }),
    route({
      method: 'get',
      path: '/:id/lines',
      summary: "The team's shared library",
      description: 'Newest first; search (any case, parts of words), category ("all" = none), keyset cursor pages.',
      auth: 'session',
      params: teamIdParams,
      query: listTeamLinesQuery,
      response: teamLinesPageDto,
      errors: [400, 401, 404],
      handler: ({ req, params, query, deps }) => deps.teams.lines(userIdOf(req), params.id, query),
    }),
    route({
      method: 'post',
      path: '/:id/lines',
      summary: 'Save a line to the team',
      description: '201 when new; 200 with alreadySaved when the same text is already in the team’s library.',
      auth: 'session',
      params: teamIdParams,
      body: saveTeamLineBody,
      status: 201,
      response: teamLineSavedDto,
      errors: [400, 401, 403, 404],
      handler: async ({ req, params, body, deps }) => {
        const { line, created } = await deps.teams.saveLine(userIdOf(req), params.id, body);
        return reply(created ? 201 : 200, { savedLine: line, alreadySaved: !created });
      },
    }),
    route({
      method: 'delete',
      path: '/:id/lines/:lineId',
      summary: 'Delete a line from the team',
      description: 'Its saver, an admin or the owner.',
      auth: 'session',
      params: teamLineParams,
      response: idDto,
      errors: [400, 401, 403, 404],
      handler: ({ req, params, deps }) => deps.teams.deleteLine(userIdOf(req), params.id, params.lineId),
    }),
    route({
      method: 'get',
      path: '/:id/usage',
      summary: "Members' generations this month",
      auth: 'session',
      params: teamIdParams,
      response: teamUsageDto,
      errors: [400, 401, 404],
      handler: ({ req, params, deps }) => deps.teams.usage(userIdOf(req), params.id),
    }),
  ],
});
