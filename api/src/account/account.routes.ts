import { z } from 'zod';
import {
  changePasswordBody,
  updateProfileBody,
  type UsageAnalyticsDto,
  publicUserDto,
  sessionTokensDto,
  usageAnalyticsDto,
} from '@gl/core';
import { currentPlanFor, serverMessage, usageAnalyticsFor } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { languageOf } from '../http/request-language';
import { userIdOf } from '../middleware/authenticate';
import { AccountService } from './account.service';
import { deviceOf } from '../shared/device';
import { requireFeature } from '../shared/plan-policy';
import { Limiter } from '../shared/rate-limit.service';

function accountDeps(ctx: ApiContext) {
  const { config } = ctx;
  return {
    db: ctx.db,
    account: new AccountService(ctx),
    // Guessing the current password through a stolen access token is limited like logins are.
    passwordLimiter: Limiter.for(ctx, 'change-password', {
      points: config.AUTH_RATE_LIMIT_PER_EMAIL,
      seconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      what: 'attempts',
    }),
  };
}

/** /users: profile, password, analytics. (GET /users/usage is in usage.routes.ts.) */
export const accountResource = defineResource({
  prefix: '/users',
  tag: 'Account',
  deps: accountDeps,
  routes: (route) => [
    route({
      method: 'get',
      path: '/profile',
      summary: 'Your profile',
      auth: 'session',
      response: z.object({ user: publicUserDto }),
      errors: [401],
      handler: async ({ req, deps }) => ({ user: await deps.account.profile(userIdOf(req)) }),
    }),
    route({
      method: 'put',
      path: '/profile',
      summary: 'Change your name',
      auth: 'session',
      body: updateProfileBody,
      response: z.object({ user: publicUserDto }),
      errors: [400, 401],
      handler: async ({ req, deps, body }) => ({ user: await deps.account.updateName(userIdOf(req), body.name) }),
    }),
    route({
      method: 'post',
      path: '/change-password',
      summary: 'Change your password (other sessions are signed out)',
      auth: 'session',
      body: changePasswordBody,
      response: sessionTokensDto.extend({ message: z.string() }),
      errors: [400, 401, 429],
      handler: async ({ req, deps, body }) => {
        const userId = userIdOf(req);
        await deps.passwordLimiter.consume(userId);
        const session = await deps.account.changePassword(userId, body, deviceOf(req));
        await deps.passwordLimiter.reset(userId);
        return { ...session, message: serverMessage(languageOf(req), 'account.passwordChanged') };
      },
    }),
    route({
      method: 'get',
      path: '/analytics',
      summary: 'Generations over the last 30 days (plans with analytics)',
      auth: 'session',
      response: usageAnalyticsDto,
      errors: [401, 403],
      handler: async ({ req, deps }): Promise<UsageAnalyticsDto> => {
        const userId = userIdOf(req);
        const plan = await currentPlanFor(deps.db, userId);
        requireFeature(plan, 'analytics', 'Usage analytics');
        return usageAnalyticsFor(deps.db, userId);
      },
    }),
  ],
});
