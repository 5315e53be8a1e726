import { Router } from 'express';
import type { ApiContext } from '../api-context';
import { mountResource } from '../http/route';
import { RESOURCES } from './resources';
import { v1Routes } from './v1.routes';
import { openApiRoutes } from './openapi.routes';

/**
 * Every /api router, by resource. Each resource lives in its own `<name>.routes.ts`.
 */
export function apiRoutes(ctx: ApiContext): Router {
  const router = Router();
  for (const resource of RESOURCES) router.use(resource.prefix, mountResource(resource, ctx));
  router.use('/v1', v1Routes(ctx));
  router.use('/openapi.json', openApiRoutes(ctx));
  return router;
}
