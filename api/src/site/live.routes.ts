import { liveDto } from '@gl/core';
import { defineResource } from '../http/route';

/** GET /api/live (the liveness probe): 200 while the event loop runs; never checks a dependency. */
export const liveResource = defineResource({
  prefix: '/live',
  tag: 'Site',
  deps: () => undefined,
  routes: (route) => [
    route({
      method: 'get',
      path: '/',
      summary: 'Liveness: the process runs',
      description: 'Never checks PostgreSQL or Redis, so a dependency outage does not get the process restarted.',
      auth: 'none',
      response: liveDto,
      errors: [],
      handler: () => ({ status: 'live' as const, uptimeSeconds: Math.round(process.uptime()) }),
    }),
  ],
});
