import { z } from 'zod';
import { loginBody, logoutBody, refreshBody, registerBody, authResultDto, publicUserDto, sessionTokensDto } from '@gl/core';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { userIdOf } from '../middleware/authenticate';
import { AccountService } from '../services/account.service';
import { AuthService } from '../services/auth.service';
import { deviceOf, linkBaseOf } from '../services/device';
import { Limiter } from '../services/rate-limit.service';

function authDeps(ctx: ApiContext) {
  const { config } = ctx;
  const window = config.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  return {
    ctx,
    auth: new AuthService(ctx),
    account: new AccountService(ctx),
    perIp: Limiter.for(ctx, 'auth-ip', { points: config.AUTH_RATE_LIMIT_PER_IP, seconds: window, what: 'attempts' }),
    perEmail: Limiter.for(ctx, 'auth-email', { points: config.AUTH_RATE_LIMIT_PER_EMAIL, seconds: window, what: 'attempts' }),
  };
}

type AuthDeps = ReturnType<typeof authDeps>;
const limitIp = (req: { ip?: string }, deps: AuthDeps) => deps.perIp.consume(req.ip ?? 'unknown');

/** /api/auth: register, sign in, the current user, token refresh and logout. */
export const authResource = defineResource({
  prefix: '/auth',
  tag: 'Auth',
  deps: authDeps,
  routes: (route) => [
    route({
      method: 'post',
      path: '/register',
      summary: 'Create an account',
      auth: 'none',
      body: registerBody,
      status: 201,
      response: authResultDto,
      errors: [400, 409, 429],
      before: limitIp,
      handler: async ({ req, body, deps }) => {
        await deps.perEmail.consume(body.email);
        return deps.auth.register(body, deviceOf(req), linkBaseOf(deps.ctx, req));
      },
    }),
    route({
      method: 'post',
      path: '/login',
      summary: 'Sign in',
      auth: 'none',
      body: loginBody,
      response: authResultDto,
      errors: [400, 401, 429],
      before: limitIp,
      handler: async ({ req, body, deps }) => {
        // Failed sign-ins are counted per account (a success clears them): the strict, per-person limit.
        await deps.perEmail.consume(body.email);
        const result = await deps.auth.login(body, deviceOf(req));
        await deps.perEmail.reset(body.email);
        return result;
      },
    }),
    route({
      method: 'get',
      path: '/me',
      summary: 'The signed-in user',
      auth: 'session',
      response: z.object({ user: publicUserDto }),
      errors: [401],
      handler: async ({ req, deps }) => ({ user: await deps.account.profile(userIdOf(req)) }),
    }),
    route({
      method: 'post',
      path: '/refresh',
      summary: 'Rotate the refresh token',
      description: 'Answers a new access token and a new refresh token; reusing an old refresh token revokes the whole family.',
      auth: 'none',
      body: refreshBody,
      response: sessionTokensDto,
      errors: [400, 401, 429],
      before: limitIp,
      handler: ({ req, body, deps }) => deps.auth.refresh(body.refreshToken, deviceOf(req)),
    }),
    route({
      method: 'post',
      path: '/logout',
      summary: 'Sign out this device (ends its session)',
      auth: 'none',
      body: logoutBody,
      response: z.object({}),
      errors: [400],
      handler: async ({ body, deps }) => {
        await deps.auth.logout(body.refreshToken);
        return {};
      },
    }),
  ],
});
