import { Router } from 'express';
import type { ApiContext } from '../api-context';
import { ok } from '../http/respond';
import { QuotaService } from '../services/quota.service';

/**
 * GET /users/usage: the usage meter (dailyGenerations, monthlyGenerations, limit, remaining,
 * resetsAt, planId). Signed-in users get their plan's; visitors get the free plan's for their IP.
 */
export function usageRoutes(ctx: ApiContext): Router {
  const router = Router();
  const quota = new QuotaService(ctx);
  router.get('/usage', async (req, res) => {
    ok(res, await quota.summary({ userId: req.auth?.userId, ip: req.ip }));
  });
  return router;
}
