import { Router } from 'express';
import { changePasswordBody, updateProfileBody, type UsageAnalyticsDto } from '@gl/core';
import { currentPlanFor, usageAnalyticsFor } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { ok, parse } from '../http/respond';
import { requireUser, userIdOf } from '../middleware/authenticate';
import { AccountService } from '../services/account.service';
import { requireFeature } from '../services/generation.service';
import { Limiter, minutesText } from '../services/rate-limit.service';

/** /users: profile, password, analytics. (GET /users/usage lives with generation.) */
export function accountRoutes(ctx: ApiContext): Router {
  const router = Router();
  const account = new AccountService(ctx);
  const { config } = ctx;
  // Guessing the current password through a stolen access token is limited like logins are.
  const passwordLimiter = new Limiter(
    ctx.redis,
    `${config.REDIS_PREFIX}-rl-change-password`,
    config.AUTH_RATE_LIMIT_PER_EMAIL,
    config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    (s) => `Too many attempts. Please try again in ${minutesText(s)}.`,
  );

  router.get('/profile', requireUser, async (req, res) => {
    ok(res, { user: await account.profile(userIdOf(req)) });
  });

  router.put('/profile', requireUser, async (req, res) => {
    const body = parse(updateProfileBody, req.body);
    ok(res, { user: await account.updateName(userIdOf(req), body.name) });
  });

  router.post('/change-password', requireUser, async (req, res) => {
    const userId = userIdOf(req);
    const body = parse(changePasswordBody, req.body);
    await passwordLimiter.consume(userId);
    const session = await account.changePassword(userId, body);
    await passwordLimiter.reset(userId);
    ok(res, { ...session, message: 'Password changed. Other sessions have been signed out.' });
  });

  router.get('/analytics', requireUser, async (req, res) => {
    const userId = userIdOf(req);
    const plan = await currentPlanFor(ctx.db, userId);
    requireFeature(plan, 'analytics', 'Usage analytics');
    const data: UsageAnalyticsDto = await usageAnalyticsFor(ctx.db, userId);
    ok(res, data);
  });

  return router;
}
