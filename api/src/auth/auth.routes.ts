import { z } from 'zod';
import { loginBody, logoutBody, refreshBody, registerBody, authResultDto, publicUserDto, sessionTokensDto } from '@gl/core';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { languageOf } from '../http/request-language';
import { userIdOf } from '../middleware/authenticate';
import { AccountService } from '../account/account.service';
import { AuthService } from './auth.service';
import { deviceOf } from '../shared/device';
import { Limiter } from '../shared/rate-limit.service';

function authDeps(ctx: ApiContext) {
  const { config } = ctx;
  const window = config.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  return {
    ctx,
    auth: new AuthService(ctx),
    account: new AccountService(ctx),
    perIp: Limiter.for(ctx, 'auth-ip', { points: config.AUTH_RATE_LIMIT_PER_IP, seconds: window, what: 'attempts' }),
    /** Sign-ups per address. */
    perEmail: Limiter.for(ctx, 'auth-email', { points: config.AUTH_RATE_LIMIT_PER_EMAIL, seconds: window, what: 'attempts' }),
    /**
     * Failed sign-ins per account AND client address (a success clears them): a stranger guessing
     * from one network never locks the owner out on another.
     */
    perAccountAndIp: Limiter.for(ctx, 'login-account-ip', {
      points: config.AUTH_RATE_LIMIT_PER_EMAIL,
      seconds: window,
      what: 'attempts',
    }),
    /**
     * Token refreshes have their own per-IP budget (every active person refreshes every few minutes;
     * carrier NAT puts hundreds behind one address) and never spend the sign-in one.
     */
    refreshPerIp: Limiter.for(ctx, 'refresh-ip', {
      points: config.AUTH_REFRESH_RATE_LIMIT_PER_IP,
      seconds: window,
      what: 'session refreshes from your network',
    }),
  };
}

type AuthDeps = ReturnType<typeof authDeps>;
const clientIp = (req: { ip?: string }) => req.ip ?? 'unknown';
const limitIp = (req: { ip?: string }, deps: AuthDeps) => deps.perIp.consume(clientIp(req));
/** One counter per (account, client address); the e-mail is already lower-cased by the contract. */
const loginKey = (email: string, req: { ip?: string }) => `${email}|${clientIp(req)}`;

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
        // The language the browser shows now (else the request's), kept on the account.
        return deps.auth.register({ ...body, language: body.language ?? languageOf(req) }, deviceOf(req), deps.ctx.links.base);
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
        // Failed sign-ins are counted per account and client address (a success clears them): the
        // strict limit for a guesser, which the owner signing in from another network never meets.
        const key = loginKey(body.email, req);
        await deps.perAccountAndIp.consume(key);
        const result = await deps.auth.login(body, deviceOf(req));
        await deps.perAccountAndIp.reset(key);
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
      description:
        'Answers a new access token and a new refresh token. Reusing an old refresh token ends its whole session: ' +
        'its access tokens are refused and its sockets close. Limited per client IP by AUTH_REFRESH_RATE_LIMIT_PER_IP, ' +
        'a budget of its own (signing in does not spend it, and it does not spend the sign-in one).',
      auth: 'none',
      body: refreshBody,
      response: sessionTokensDto,
      errors: [400, 401, 429],
      before: (req, deps) => deps.refreshPerIp.consume(clientIp(req)),
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
