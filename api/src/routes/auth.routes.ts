import { Router } from 'express';
import { loginBody, logoutBody, refreshBody, registerBody } from '@gl/core';
import type { ApiContext } from '../api-context';
import { ok, parse } from '../http/respond';
import { requireUser, userIdOf } from '../middleware/authenticate';
import { AccountService } from '../services/account.service';
import { AuthService } from '../services/auth.service';
import { Limiter, minutesText } from '../services/rate-limit.service';

export function authRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = new AuthService(ctx);
  const account = new AccountService(ctx);
  const { config } = ctx;
  const prefix = config.REDIS_PREFIX;
  const window = config.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const message = (s: number) => `Too many attempts. Please try again in ${minutesText(s)}.`;
  const perIp = new Limiter(ctx.redis, `${prefix}-rl-auth-ip`, config.AUTH_RATE_LIMIT_PER_IP, window, message);
  const perEmail = new Limiter(ctx.redis, `${prefix}-rl-auth-email`, config.AUTH_RATE_LIMIT_PER_EMAIL, window, message);

  router.post('/register', async (req, res) => {
    await perIp.consume(req.ip ?? 'unknown');
    const body = parse(registerBody, req.body);
    await perEmail.consume(body.email);
    ok(res, await auth.register(body), 201);
  });

  router.post('/login', async (req, res) => {
    await perIp.consume(req.ip ?? 'unknown');
    const body = parse(loginBody, req.body);
    await perEmail.consume(body.email);
    const result = await auth.login(body);
    await perEmail.reset(body.email);
    ok(res, result);
  });

  router.get('/me', requireUser, async (req, res) => {
    ok(res, { user: await account.profile(userIdOf(req)) });
  });

  router.post('/refresh', async (req, res) => {
    await perIp.consume(req.ip ?? 'unknown');
    const body = parse(refreshBody, req.body);
    ok(res, await auth.refresh(body.refreshToken));
  });

  router.post('/logout', async (req, res) => {
    const body = parse(logoutBody, req.body);
    await auth.logout(body.refreshToken);
    ok(res, {});
  });

  return router;
}
