import { z } from 'zod';
import { forgotPasswordBody, resetPasswordBody, verifyEmailBody, authResultDto, publicUserDto, sentDto } from '@gl/core';
import type { ApiContext } from '../api-context';
import { defineResource } from '../http/route';
import { userIdOf } from '../middleware/authenticate';
import { AccountEmailsService } from './account-emails.service';
import { deviceOf } from '../shared/device';
import { Limiter } from '../shared/rate-limit.service';

function recoveryDeps(ctx: ApiContext) {
  const { config } = ctx;
  const window = config.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  return {
    ctx,
    emails: new AccountEmailsService(ctx),
    // Volume only (carrier NAT: many people, one address); the strict limits are per address or account.
    perIp: Limiter.for(ctx, 'recovery-ip', { points: config.AUTH_RATE_LIMIT_PER_IP, seconds: window, what: 'requests' }),
    perAddress: Limiter.for(ctx, 'recovery-email', { points: config.ACCOUNT_EMAIL_LIMIT_PER_ADDRESS, seconds: window, what: 'requests' }),
    perAccount: Limiter.for(ctx, 'verify-resend', { points: config.ACCOUNT_EMAIL_LIMIT_PER_ADDRESS, seconds: window, what: 'requests' }),
  };
}
type Deps = ReturnType<typeof recoveryDeps>;
const limitIp = (req: { ip?: string }, deps: Deps) => deps.perIp.consume(req.ip ?? 'unknown');

/** /api/auth: password reset and e-mail verification. */
export const accountRecoveryResource = defineResource({
  prefix: '/auth',
  tag: 'Auth',
  deps: recoveryDeps,
  routes: (route) => [
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
      before: limitIp,
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
      before: limitIp,
      handler: ({ req, body, deps }) => deps.emails.resetPassword(body.token, body.password, deviceOf(req)),
    }),
    route({
      method: 'post',
      path: '/verify-email',
      summary: 'Confirm an e-mail address from its link',
      description: 'The link sent at sign-up (or to a new address on a change of e-mail); valid EMAIL_VERIFICATION_TTL_HOURS, once.',
      auth: 'none',
      body: verifyEmailBody,
      response: z.object({ user: publicUserDto }),
      errors: [400, 409, 429],
      before: limitIp,
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
  ],
});
