import { defineResource, SENT, type Resource } from '../http/route';
import { buildOpenApiDocument } from '../openapi/document';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document, built once (on first request) from the route
 * definitions that `resources()` returns (read lazily, as the list includes this resource).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const openApiResource = (resources: () => ReadonlyArray<Resource<any>>) =>
  defineResource({
    prefix: '/openapi.json',
    tag: 'Site',
    deps: (ctx) => {
      let body: string | undefined;
      return { document: () => (body ??= JSON.stringify(buildOpenApiDocument(resources(), { publicUrl: ctx.config.PUBLIC_URL }))) };
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
