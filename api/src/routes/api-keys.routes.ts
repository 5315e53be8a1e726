import { Router } from 'express';
import { apiKeyIdParams, createApiKeyBody } from '@gl/core';
import type { ApiContext } from '../api-context';
import { ok, parse } from '../http/respond';
import { requireUser, userIdOf } from '../middleware/authenticate';
import { ApiKeysService } from '../services/api-keys.service';

/**
 * GET/POST/DELETE /api-keys. Creating a key needs a plan with API access (business); listing and
 * revoking stay open to the owner, so a user who downgraded can still see and revoke old keys.
 */
export function apiKeysRoutes(ctx: ApiContext): Router {
  const router = Router();
  const service = new ApiKeysService(ctx);
  router.use(requireUser);

  router.get('/', async (req, res) => {
    ok(res, { apiKeys: await service.list(userIdOf(req)) });
  });

  router.post('/', async (req, res) => {
    const { name } = parse(createApiKeyBody, req.body);
    const { apiKey, key } = await service.create(userIdOf(req), name);
    ok(res, { apiKey, key }, 201);
  });

  router.delete('/:id', async (req, res) => {
    const { id } = parse(apiKeyIdParams, req.params);
    ok(res, { apiKey: await service.revoke(userIdOf(req), id) });
  });

  return router;
}
