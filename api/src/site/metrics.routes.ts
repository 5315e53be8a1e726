import { Router } from 'express';
import { Errors, isPrivateAddress, metricsRegistry } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { bearerToken } from '../middleware/authenticate';
import { labelRoute } from '../observability/http-metrics';
import { secretMatches } from '../accounts/token.service';

/**
 * GET /metrics in Prometheus text format (any case, with or without a trailing slash: Express
 * matches paths that way, and so does the nginx block): answered to a client whose address is
 * loopback or private (the scraper inside the deployment), or to anyone with the METRICS_TOKEN
 * bearer. The address is the trusted client address (`req.ip` under TRUST_PROXY), never the
 * socket's: behind nginx the socket is nginx's private address, and the client it forwards may be anyone.
 */
export function metricsRoutes(ctx: ApiContext): Router {
  const router = Router({ caseSensitive: false, strict: false });
  router.get('/metrics', async (req, res) => {
    labelRoute(res, '/metrics');
    const allowed = isPrivateAddress(req.ip) || secretMatches(bearerToken(req), ctx.config.METRICS_TOKEN);
    if (!allowed) throw Errors.forbidden('Metrics are only served to the private network or with the metrics token');
    await ctx.jobs.refreshMetrics();
    res.setHeader('Content-Type', metricsRegistry.contentType);
    res.send(await metricsRegistry.metrics());
  });
  return router;
}
