import { z } from 'zod';
import { changeEmailBody, deleteAccountBody, publicUserDto } from '@gl/core';
import type { ApiContext } from '../api-context';
import { defineResource, SENT } from '../http/route';
import { userIdOf } from '../middleware/authenticate';
import { AccountEmailsService } from '../auth/account-emails.service';
import { streamExport } from './account-export';
import { AccountService } from './account.service';
import { Limiter } from '../shared/rate-limit.service';

function accountDataDeps(ctx: ApiContext) {
  const { config } = ctx;
  return {
    ctx,
    account: new AccountService(ctx),
    emails: new AccountEmailsService(ctx),
    // Guessing the password through a stolen access token is limited like sign-ins are (per account).
    passwordLimiter: Limiter.for(ctx, 'account-password', {
      points: config.AUTH_RATE_LIMIT_PER_EMAIL,
      seconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      what: 'attempts',
    }),
  };
}

/** /api/users: change of e-mail, data export, account deletion. */
export const accountDataResource = defineResource({
  prefix: '/users',
  tag: 'Account',
  deps: accountDataDeps,
  routes: (route) => [
    route({
      method: 'put',
      path: '/email',
      summary: 'Change the e-mail address',
      description:
        'Checks the password; the address changes only when the link sent to the new address is opened (POST /auth/verify-email). The old address is told.',
      auth: 'session',
      body: changeEmailBody,
      response: z.object({ user: publicUserDto, pendingEmail: z.email() }),
      errors: [400, 401, 409, 429],
      handler: async ({ req, body, deps }) => {
        const userId = userIdOf(req);
        await deps.passwordLimiter.consume(userId);
        const user = await deps.emails.requestEmailChange(userId, body, deps.ctx.links.base);
        await deps.passwordLimiter.reset(userId);
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
      response: z.object({ deleted: z.literal(true) }),
      errors: [400, 401, 409, 429],
      handler: async ({ req, body, deps }) => {
        const userId = userIdOf(req);
        await deps.passwordLimiter.consume(userId);
        return deps.account.deleteAccount(userId, body.password, deps.ctx.links.base);
      },
    }),
  ],
});
