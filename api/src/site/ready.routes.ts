import { readyDto } from '@gl/core';
import { checkDependencies } from '@gl/core/server';
import { SENT, defineResource } from '../http/route';

/**
 * GET /api/ready (the readiness probe): 200 while this process takes traffic (PostgreSQL and Redis
 * answer, warmed up, not draining); 503 UNAVAILABLE naming what failed otherwise, with the same `data`.
 * A new process answers 503 "warming up" until its request path has run once (api/src/warm-up.ts).
 */
export const readyResource = defineResource({
  prefix: '/ready',
  tag: 'Site',
  deps: (ctx) => ctx,
  routes: (route) => [
    route({
      method: 'get',
      path: '/',
      summary: 'Readiness: this process takes traffic',
      description:
        '200 when PostgreSQL and Redis answer, the process has warmed up and is not draining; 503 UNAVAILABLE names the reason (draining, warming up, database, redis), and the error envelope then carries the same `data`.',
      auth: 'none',
      response: readyDto,
      errors: [503],
      handler: async ({ res, deps: ctx }) => {
        const { draining, warming } = ctx.lifecycle;
        const { database, redis } = draining ? { database: true, redis: true } : await checkDependencies(ctx);
        const ready = !draining && !warming && database && redis;
        const data = {
          status: ready ? ('ready' as const) : ('not_ready' as const),
          draining,
          database: database ? ('up' as const) : ('down' as const),
          redis: redis ? ('up' as const) : ('down' as const),
        };
        if (ready) return data;
        const why = draining
          ? 'draining (shutting down)'
          : warming && database && redis
            ? 'warming up (starting)'
            : [!database && 'database', !redis && 'redis'].filter(Boolean).join(' and ') + ' unavailable';
        res.status(503).json({ success: false, error: `Not ready: ${why}`, code: 'UNAVAILABLE', data });
        return SENT;
      },
    }),
  ],
});
