import { Router } from 'express';
import type { ApiContext } from '../api-context';
import { mountResource } from '../http/route';
import { RESOURCES } from './resources';

/**
 * Every /api route: the resources of resources.ts, each defined in its own `<name>.routes.ts`,
 * mounted in order under their prefix.
 */
export function apiRoutes(ctx: ApiContext): Router {
  const router = Router();
  for (const resource of RESOURCES) router.use(resource.prefix, mountResource(resource, ctx));
  return router;
}
