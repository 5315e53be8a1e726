import { Router } from 'express';
import { Errors, isPrivateAddress, metricsRegistry, queueDepth } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { bearerToken } from '../middleware/authenticate';
import { secretMatches } from '../services/token.service';

/**
 * GET /metrics in Prometheus text format: answered to loopback and private addresses
 * (the scraper inside the deployment), or to anyone with the METRICS_TOKEN bearer.
 */
export function metricsRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.get('/metrics', async (req, res) => {
    const allowed = isPrivateAddress(req.socket.remoteAddress) || secretMatches(bearerToken(req), ctx.config.METRICS_TOKEN);
    if (!allowed) throw Errors.forbidden('Metrics are only served to the private network or with the metrics token');
    const depths = await ctx.jobs.depths().catch(() => null);
    if (depths) for (const [queue, depth] of Object.entries(depths)) queueDepth.set({ queue }, depth);
    res.setHeader('Content-Type', metricsRegistry.contentType);
    res.send(await metricsRegistry.metrics());
  });
  return router;
}
