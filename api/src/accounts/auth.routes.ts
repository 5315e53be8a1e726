import {
  loginBody,
  logoutBody,
  refreshBody,
  registerBody,
  authResultDto,
  sessionTokensDto,
  forgotPasswordBody,
  resetPasswordBody,
  verifyEmailBody,
  sentDto,
  sessionParams,
  userResultDto,
  emptyDto,
  sessionListDto,
  revokedDto,
  loggedOutEverywhereDto,
} from '@gl/core';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { languageOf } from '../http/request-language';
import { userIdOf } from '../middleware/authenticate';
import { AccountService } from './account.service';
import { AccountEmailsService } from './account-emails.service';
import { AuthService } from './auth.service';
import { SessionsService } from './sessions.service';
import { deviceOf } from '../common/device';
import { Limiter } from '../common/rate-limit.service';

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
    emails: new AccountEmailsService(ctx),
    // Password reset and e-mail verification: volume only per IP (carrier NAT: many people, one
    // address); the strict limits are per address or account.
    recoveryPerIp: Limiter.for(ctx, 'recovery-ip', { points: config.AUTH_RATE_LIMIT_PER_IP, seconds: window, what: 'requests' }),
    perAddress: Limiter.for(ctx, 'recovery-email', { points: config.ACCOUNT_EMAIL_LIMIT_PER_ADDRESS, seconds: window, what: 'requests' }),
    perAccount: Limiter.for(ctx, 'verify-resend', { points: config.ACCOUNT_EMAIL_LIMIT_PER_ADDRESS, seconds: window, what: 'requests' }),
    sessions: new SessionsService(ctx),
  };
}

type AuthDeps = ReturnType<typeof authDeps>;
const clientIp = (req: { ip?: string }) => req.ip ?? 'unknown';
const limitIp = (req: { ip?: string }, deps: AuthDeps) => deps.perIp.consume(clientIp(req));
const limitRecoveryIp = (req: { ip?: string }, deps: AuthDeps) => deps.recoveryPerIp.consume(clientIp(req));
/** One counter per (account, client address); the e-mail is already lower-cased by the contract. */
const loginKey = (email: string, req: { ip?: string }) => `${email}|${clientIp(req)}`;

/**
 * /api/auth: register, sign in, the current user, token refresh and logout; password reset and
 * e-mail verification; the signed-in devices of the caller (/sessions, /logout-all).
 */
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
      response: userResultDto,
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
      response: emptyDto,
      errors: [400],
      handler: async ({ body, deps }) => {
        await deps.auth.logout(body.refreshToken);
        return {};
      },
    }),
    route({
      method: 'post',
      path: '/forgot-password',
      summary: 'Send a password reset link',
      description:
        'Answers 202 `{sent: true}` for every well-formed address, known or not (no account enumeration), after the same work either way. ' +
        'A known address gets an e-mail with a `/reset-password?token=` link valid PASSWORD_RESET_TTL_MINUTES; a newer request voids older links.',
      auth: 'none',
      body: forgotPasswordBody,
      status: 202,
      response: sentDto,
      errors: [400, 429],
      before: limitRecoveryIp,
      handler: async ({ body, deps }) => {
        await deps.perAddress.consume(body.email);
        return deps.emails.forgotPassword(body.email, deps.ctx.links.base);
      },
    }),
    route({
      method: 'post',
      path: '/reset-password',
      summary: 'Set a new password from a reset link',
      description: 'Ends every earlier session (refresh and access tokens, open sockets) and signs this browser in.',
      auth: 'none',
      body: resetPasswordBody,
      response: authResultDto,
      errors: [400, 429],
      before: limitRecoveryIp,
      handler: ({ req, body, deps }) => deps.emails.resetPassword(body.token, body.password, deviceOf(req)),
    }),
    route({
      method: 'post',
      path: '/verify-email',
      summary: 'Confirm an e-mail address from its link',
      description: 'The link sent at sign-up (or to a new address on a change of e-mail); valid EMAIL_VERIFICATION_TTL_HOURS, once.',
      auth: 'none',
      body: verifyEmailBody,
      response: userResultDto,
      errors: [400, 409, 429],
      before: limitRecoveryIp,
      handler: async ({ body, deps }) => ({ user: await deps.emails.verifyEmail(body.token) }),
    }),
    route({
      method: 'post',
      path: '/resend-verification',
      summary: 'Send the verification link again',
      auth: 'session',
      response: sentDto,
      errors: [401, 409, 429],
      handler: async ({ req, deps }) => {
        const userId = userIdOf(req);
        await deps.perAccount.consume(userId);
        return deps.emails.resendVerification(userId, deps.ctx.links.base);
      },
    }),
    route({
      method: 'get',
      path: '/sessions',
      summary: 'Signed-in devices',
      description: 'One entry per session (refresh-token family); `current` marks the one making the request.',
      auth: 'session',
      response: sessionListDto,
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
      response: revokedDto,
      errors: [400, 401, 404],
      handler: ({ req, params, deps }) => deps.sessions.revoke(userIdOf(req), params.id),
    }),
    route({
      method: 'post',
      path: '/logout-all',
      summary: 'Sign out everywhere',
      description: 'Ends every session of the caller; the caller gets a fresh token pair. `revoked` counts the other devices signed out.',
      auth: 'session',
      response: loggedOutEverywhereDto,
      errors: [401],
      handler: ({ req, deps }) => deps.sessions.logoutAll(userIdOf(req), req.auth?.sessionId, deviceOf(req)),
    }),
  ],
});
