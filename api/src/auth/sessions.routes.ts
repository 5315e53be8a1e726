import { z } from 'zod';
import { sessionParams, sessionDto } from '@gl/core';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { userIdOf } from '../middleware/authenticate';
import { deviceOf } from '../shared/device';
import { SessionsService } from './sessions.service';

/** /api/auth/sessions and /api/auth/logout-all: the signed-in devices of the caller. */
export const sessionsResource = defineResource({
  prefix: '/auth',
  tag: 'Auth',
  deps: (ctx: ApiContext) => ({ sessions: new SessionsService(ctx) }),
  routes: (route) => [
    route({
      method: 'get',
      path: '/sessions',
      summary: 'Signed-in devices',
      description: 'One entry per session (refresh-token family); `current` marks the one making the request.',
      auth: 'session',
      response: z.object({ sessions: z.array(sessionDto) }),
      errors: [401],
      handler: async ({ req, deps }) => ({ sessions: await deps.sessions.list(userIdOf(req), req.auth?.sessionId) }),
    }),
    route({
      method: 'delete',
      path: '/sessions/:id',
      summary: 'Sign out one device',
      description: "That device's refresh and access tokens stop working at once and its open sockets close. Another user's session: 404.",
      auth: 'session',
      params: sessionParams,
      response: z.object({ revoked: z.literal(true) }),
      errors: [400, 401, 404],
      handler: ({ req, params, deps }) => deps.sessions.revoke(userIdOf(req), params.id),
    }),
    route({
      method: 'post',
      path: '/logout-all',
      summary: 'Sign out everywhere',
      description: 'Ends every session of the caller; the caller gets a fresh token pair. `revoked` counts the other devices signed out.',
      auth: 'session',
      response: z.object({ revoked: z.number().int(), token: z.string(), refreshToken: z.string() }),
      errors: [401],
      handler: ({ req, deps }) => deps.sessions.logoutAll(userIdOf(req), req.auth?.sessionId, deviceOf(req)),
    }),
  ],
});
