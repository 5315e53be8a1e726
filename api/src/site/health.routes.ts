import { z } from 'zod';
import { checkDependencies, withTimeout } from '@gl/core/server';
import { SENT, defineResource } from '../http/route';

/** GET /api/health: 200 when PostgreSQL and Redis both answer, 503 naming what is down (with the same data). */
export const healthResource = defineResource({
  prefix: '/health',
  tag: 'Site',
  deps: (ctx) => ctx,
  routes: (route) => [
    route({
      method: 'get',
      path: '/',
      summary: 'Backend health (database, Redis, queues, providers)',
      description: '503 UNAVAILABLE names what is down; the error envelope then carries the same `data`.',
      auth: 'none',
      response: z.object({ status: z.string() }).loose(),
      errors: [503],
      handler: async ({ res, deps: ctx }) => {
        const { database, redis } = await checkDependencies(ctx);
        const queues = redis ? await withTimeout(ctx.jobs.depths(), 1000, null) : null;
        const { config } = ctx;
        const data = {
          status: database && redis ? 'ok' : 'degraded',
          database: { status: database ? 'up' : 'down', kind: ctx.database.kind },
          redis: { status: redis ? 'up' : 'down' },
          queues,
          providers: {
            openai: Boolean(config.OPENAI_API_KEY),
            huggingface: Boolean(config.HF_TOKEN),
            offline: true,
            paypal: config.PAYMENTS_SIMULATED ? 'simulated' : config.PAYPAL_CLIENT_ID ? 'live' : 'off',
            mpesa: config.PAYMENTS_SIMULATED ? 'simulated' : config.MPESA_CONSUMER_KEY ? 'live' : 'off',
          },
          uptimeSeconds: Math.round(process.uptime()),
        };
        if (data.status === 'ok') return data;
        const down = [!database && 'database', !redis && 'redis'].filter(Boolean).join(' and ');
        // Answered here rather than thrown: a degraded backend is the answer, not a failed request to log.
        res.status(503).json({ success: false, error: `Backend health check failed: ${down} unavailable`, code: 'UNAVAILABLE', data });
        return SENT;
      },
    }),
  ],
});
