import { Router } from 'express';
import type { ApiContext } from '../api-context';
import { mountResource } from '../http/route';
import { RESOURCES } from './resources';
import { accountRoutes } from './account.routes';
import { newsletterRoutes } from './newsletter.routes';
import { contactRoutes } from './contact.routes';
import { plansRoutes } from './plans.routes';
import { subscriptionsRoutes } from './subscriptions.routes';
import { paymentsRoutes } from './payments.routes';
import { apiKeysRoutes } from './api-keys.routes';
import { v1Routes } from './v1.routes';
import { openApiRoutes } from './openapi.routes';

/**
 * Every /api router, by resource. Each resource lives in its own `<name>.routes.ts`.
 */
export function apiRoutes(ctx: ApiContext): Router {
  const router = Router();
  for (const resource of RESOURCES) router.use(resource.prefix, mountResource(resource, ctx));
  router.use('/users', accountRoutes(ctx));
  router.use('/newsletter', newsletterRoutes(ctx));
  router.use('/contact', contactRoutes(ctx));
  router.use('/plans', plansRoutes(ctx));
  router.use('/subscriptions', subscriptionsRoutes(ctx));
  router.use('/payments', paymentsRoutes(ctx));
  router.use('/api-keys', apiKeysRoutes(ctx));
  router.use('/v1', v1Routes(ctx));
  router.use('/openapi.json', openApiRoutes(ctx));
  return router;
}
