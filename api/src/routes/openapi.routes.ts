import { defineResource, SENT } from '../http/route';
import { buildOpenApiDocument } from '../openapi/document';

/** GET /api/openapi.json: the OpenAPI 3.1 document, built once (on first request) from the route definitions. */
export const openApiResource = defineResource({
  prefix: '/openapi.json',
  tag: 'Site',
  deps: (ctx) => {
    let body: string | undefined;
    return { document: () => (body ??= JSON.stringify(buildOpenApiDocument({ publicUrl: ctx.config.PUBLIC_URL }))) };
  },
  routes: (route) => [
    route({
      method: 'get',
      path: '/',
      summary: 'This document',
      auth: 'none',
      content: { 'application/json': { schema: { type: 'object' } } },
      errors: [],
      handler: ({ res, deps }) => {
        res.setHeader('Cache-Control', 'public, max-age=300');
        res.type('application/json').send(deps.document());
        return SENT;
      },
    }),
  ],
});
