import {
  changePasswordBody,
  changeEmailBody,
  deleteAccountBody,
  updateProfileBody,
  usageSummaryDto,
  type UsageAnalyticsDto,
  usageAnalyticsDto,
  userResultDto,
  passwordChangedDto,
  emailChangeDto,
  deletedDto,
} from '@gl/core';
import { currentPlanFor, serverMessage, usageAnalyticsFor } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { defineResource, SENT } from '../http/route';
import { languageOf } from '../http/request-language';
import { userIdOf } from '../middleware/authenticate';
import { AccountEmailsService } from './account-emails.service';
import { streamExport } from './account-export';
import { AccountService } from './account.service';
import { deviceOf } from '../common/device';
import { requireFeature } from '../common/plan-policy';
import { QuotaService } from '../common/quota.service';
import { Limiter } from '../common/rate-limit.service';

function accountDeps(ctx: ApiContext) {
  const { config } = ctx;
  return {
    ctx,
    db: ctx.db,
    account: new AccountService(ctx),
    emails: new AccountEmailsService(ctx),
    quota: new QuotaService(ctx),
    // Guessing the current password through a stolen access token is limited like logins are.
    passwordLimiter: Limiter.for(ctx, 'change-password', {
      points: config.AUTH_RATE_LIMIT_PER_EMAIL,
      seconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      what: 'attempts',
    }),
    // Guessing the password (change of e-mail, deletion) through a stolen access token is limited
    // like sign-ins are (per account).
    accountPasswordLimiter: Limiter.for(ctx, 'account-password', {
      points: config.AUTH_RATE_LIMIT_PER_EMAIL,
      seconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      what: 'attempts',
    }),
  };
}

/**
 * /api/users: the usage meter, profile, password, analytics; change of e-mail, data export,
 * account deletion.
 */
export const accountResource = defineResource({
  prefix: '/users',
  tag: 'Account',
  deps: accountDeps,
  routes: (route) => [
    route({
      method: 'get',
      path: '/usage',
      summary: 'Usage today and this month',
      auth: 'optionalSession',
      response: usageSummaryDto,
      errors: [],
      handler: ({ req, deps }) => deps.quota.summary({ userId: req.auth?.userId, ip: req.ip }),
    }),
    route({
      method: 'get',
      path: '/profile',
      summary: 'Your profile',
      auth: 'session',
      response: userResultDto,
      errors: [401],
      handler: async ({ req, deps }) => ({ user: await deps.account.profile(userIdOf(req)) }),
    }),
    route({
      method: 'put',
      path: '/profile',
      summary: 'Change your name',
      auth: 'session',
      body: updateProfileBody,
      response: userResultDto,
      errors: [400, 401],
      handler: async ({ req, deps, body }) => ({ user: await deps.account.updateName(userIdOf(req), body.name) }),
    }),
    route({
      method: 'post',
      path: '/change-password',
      summary: 'Change your password (other sessions are signed out)',
      auth: 'session',
      body: changePasswordBody,
      response: passwordChangedDto,
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
    route({
      method: 'put',
      path: '/email',
      summary: 'Change the e-mail address',
      description:
        'Checks the password; the address changes only when the link sent to the new address is opened (POST /auth/verify-email). The old address is told.',
      auth: 'session',
      body: changeEmailBody,
      response: emailChangeDto,
      errors: [400, 401, 409, 429],
      handler: async ({ req, body, deps }) => {
        const userId = userIdOf(req);
        await deps.accountPasswordLimiter.consume(userId);
        const user = await deps.emails.requestEmailChange(userId, body, deps.ctx.links.base);
        await deps.accountPasswordLimiter.reset(userId);
        return { user, pendingEmail: body.newEmail };
      },
    }),
    route({
      method: 'get',
      path: '/export',
      summary: 'Download my data',
      description:
        'One JSON attachment with everything stored about the caller: profile, saved lines, generations, payments, subscriptions, newsletter status, API keys (no secrets), team memberships and personal brand kits.',
      auth: 'session',
      content: { 'application/json': { schema: { type: 'object' } } },
      errors: [401],
      handler: async ({ req, res, deps }) => {
        await streamExport(deps.ctx, userIdOf(req), res);
        return SENT;
      },
    }),
    route({
      method: 'delete',
      path: '/account',
      summary: 'Delete my account',
      description:
        'Needs the password and `confirm: "DELETE"`. Saved lines, generations, keys and sessions go; payments stay for accounting without name or e-mail. ' +
        'A pending M-Pesa payment: 409 and nothing changes. A confirmation e-mail goes to the address, which can register again.',
      auth: 'session',
      body: deleteAccountBody,
      response: deletedDto,
      errors: [400, 401, 409, 429, 502, 503],
      handler: async ({ req, body, deps }) => {
        const userId = userIdOf(req);
        await deps.accountPasswordLimiter.consume(userId);
        return deps.account.deleteAccount(userId, body.password, deps.ctx.links.base);
      },
    }),
  ],
});
