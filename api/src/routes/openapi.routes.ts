import { Router } from 'express';
import type { ApiContext } from '../api-context';
import { buildOpenApiDocument } from '../openapi/document';

/** GET /api/openapi.json: the OpenAPI 3.1 document, built once from the contract's zod schemas. */
export function openApiRoutes(ctx: ApiContext): Router {
  const router = Router();
  let body: string | undefined;
  router.get('/', (_req, res) => {
    body ??= JSON.stringify(buildOpenApiDocument({ publicUrl: ctx.config.PUBLIC_URL }));
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(body);
  });
  return router;
}
