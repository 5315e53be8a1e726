import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactBody, generateBody, listSavedQuery, v1GenerateBody, v1SaveLineBody } from '@gl/core';
import { createApp } from '@gl/api/app';
import { openApiPath } from '@gl/api/http/route';
import { documentedOperations } from '@gl/api/openapi';
import { RESOURCES } from '@gl/api/resources';
import { startTestServer, type TestServer } from '../helpers/server';
import { grantPlan, markVerified, registerUser } from '../helpers/users';

let server: TestServer;
let doc: any;
beforeAll(async () => {
  server = await startTestServer({ roles: ['api'], env: { PUBLIC_URL: 'https://lines.example.com' } });
  const res = await server.api('/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  doc = res.body;
});
afterAll(async () => {
  await server?.stop();
});

interface Layer {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every route an Express router serves, as `method /path` with `{params}`, by walking its stack. */
function servedRoutes(stack: Layer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).filter((m) => m !== '_all');
      return methods.map((m) => `${m} ${openApiPath(prefix, layer.route!.path)}`);
    }
    if (!layer.handle?.stack) return [];
    const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
    return servedRoutes(layer.handle.stack, prefix + mount);
  });
}

/** What z.toJSONSchema makes of a request schema, without the dialect keys the document sets once. */
function fromZod(schema: z.ZodType) {
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return rest;
}

function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with both bearer schemes and the public server URL', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Genius Lines API');
    expect(doc.servers).toEqual([{ url: 'https://lines.example.com/api' }, { url: '/api' }]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'gl_...' });
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents the public API with API-key auth, and the main /api routes', () => {
    for (const [path, method] of [
      ['/v1/generate', 'post'],
      ['/v1/usage', 'get'],
      ['/v1/plans', 'get'],
      ['/v1/save-line', 'post'],
      ['/mcp', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.security, path).toEqual([{ apiKey: [] }]);
    }
    for (const path of [
      '/auth/login',
      '/account/language',
      '/lines/generate',
      '/lines/saved',
      '/users/usage',
      '/plans',
      '/newsletter',
      '/contact',
      '/api-keys',
      '/webhooks',
      '/webhooks/{id}/rotate-secret',
      '/webhooks/{id}/attempts',
      '/webhooks/{id}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/lines/saved'].get.security).toEqual([{ session: [] }]);
  });

  it('request bodies are the zod schemas the server validates with', () => {
    expect(doc.components.schemas.V1GenerateBody).toEqual(fromZod(v1GenerateBody));
    expect(doc.components.schemas.V1SaveLineBody).toEqual(fromZod(v1SaveLineBody));
    expect(doc.components.schemas.GenerateBody).toEqual(fromZod(generateBody));
    expect(doc.components.schemas.ContactBody).toEqual(fromZod(contactBody));
    const v1 = doc.components.schemas.V1GenerateBody;
    expect(v1.required).toEqual(['category']);
    expect(v1.properties.count).toMatchObject({ type: 'integer', minimum: 1, maximum: 10, default: 4 });
    expect(v1.properties.category.enum).toEqual(['taglines', 'bios', 'captions', 'quotes', 'slogans', 'adlines']);
    expect(v1.additionalProperties).toBe(false);
    expect(doc.paths['/v1/generate'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/V1GenerateBody',
    });
    const search = doc.paths['/lines/saved'].get.parameters.find((p: any) => p.name === 'search');
    expect(search).toEqual({ name: 'search', in: 'query', required: false, schema: (fromZod(listSavedQuery) as any).properties.search });
  });

  it('photo uploads are documented as multipart/form-data: the image as binary and the generate fields beside it', () => {
    for (const [path, schema, security] of [
      ['/lines/photo', generateBody, [{ session: [] }]],
      ['/v1/photo', v1GenerateBody, [{ apiKey: [] }]],
    ] as const) {
      const op = doc.paths[path].post;
      expect(op.security, path).toEqual(security);
      expect(Object.keys(op.requestBody.content), path).toEqual(['multipart/form-data']);
      const form = op.requestBody.content['multipart/form-data'];
      const fields = fromZod(schema) as { properties: Record<string, unknown>; required?: string[] };
      expect(form.schema.properties.image, path).toMatchObject({ type: 'string', format: 'binary' });
      // Every field the server validates is documented as such, and nothing else is.
      const { image: _image, ...rest } = form.schema.properties;
      expect(rest, path).toEqual(fields.properties);
      expect(form.schema.required, path).toEqual(['image', ...(fields.required ?? [])]);
      expect(form.schema.additionalProperties).toBe(false);
      expect(form.encoding.image.contentType).toBe('image/jpeg, image/png, image/webp');
      for (const status of ['413', '415', '422']) {
        expect(op.responses[status].content['application/json'].schema, `${path} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorEnvelope',
        });
      }
    }
    expect(doc.paths['/lines/photo'].post.responses['202'].content['application/json'].schema.properties.data).toEqual({
      $ref: '#/components/schemas/GenerationAccepted',
    });
    expect(doc.paths['/v1/photo'].post.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/V1GenerateResult',
    });
    expect(doc.components.schemas.ErrorEnvelope.properties.code.enum).toEqual(
      expect.arrayContaining(['UNSUPPORTED_MEDIA_TYPE', 'VISION_UNAVAILABLE']),
    );
  });

  it('describes answers: the v1 top-level objects and the { success, data } envelope elsewhere', () => {
    const v1 = doc.paths['/v1/generate'].post.responses;
    expect(v1['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/V1GenerateResult' });
    expect(doc.components.schemas.V1GenerateResult.required).toEqual(['success', 'id', 'lines', 'source', 'usage']);
    expect(doc.components.schemas.V1Usage.properties).toHaveProperty('remaining');
    expect(doc.components.schemas.V1Usage.properties).toHaveProperty('total');
    expect(v1['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    const saved = doc.paths['/lines/saved'].get.responses['200'].content['application/json'].schema;
    expect(saved.properties.data).toEqual({ $ref: '#/components/schemas/SavedLinesPage' });
  });

  it('every $ref resolves, and operation ids are unique', () => {
    const refs = new Set(refsIn(doc));
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref.split('/').pop()!], ref).toBeDefined();
    }
    const ids = Object.values(doc.paths).flatMap((ops: any) => Object.values(ops).map((o: any) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('every documented operation is served by the api (no "No route for")', async () => {
    expect(documentedOperations(RESOURCES).length).toBeGreaterThan(30);
    for (const op of documentedOperations(RESOURCES)) {
      const path = op.path.replace('{checkoutRequestID}', 'ws_CO_000000').replace(/\{[^}]+\}/g, randomUUID());
      const res = await server.api(path, { method: op.method.toUpperCase(), ...(op.method === 'get' ? {} : { body: {} }) });
      expect(String(res.body?.error ?? ''), `${op.method} ${op.path}`).not.toMatch(/^No route for/);
      expect(res.status, `${op.method} ${op.path}`).toBeLessThan(500);
      if (op.auth === 'apiKey' || op.auth === 'session') expect(res.status, `${op.method} ${op.path} without credentials`).toBe(401);
    }
  });

  it('every route the api serves under /api is documented, except provider callbacks and the admin cookie', () => {
    const app = createApp(server.services.api!) as unknown as { router: { stack: Layer[] } };
    const all = servedRoutes(app.router.stack);
    const api = all.filter((r) => r.split(' ')[1]!.startsWith('/api/')).map((r) => r.replace(' /api/', ' /'));
    expect(api.length).toBeGreaterThan(30);
    const internal = RESOURCES.flatMap((r) =>
      r.routes.filter((s) => s.internal).map((s) => `${s.method} ${openApiPath(r.prefix, s.path)}`),
    );
    // GET and DELETE /mcp only answer 405 to MCP clients probing for a stream or a session (POST /mcp is documented).
    expect(internal).toEqual([
      'post /payments/mpesa/callback/{secret}',
      'post /payments/mpesa/c2b/validation/{secret}',
      'post /payments/mpesa/c2b/confirmation/{secret}',
      'post /payments/mpesa/transaction-status/result/{secret}',
      'post /payments/mpesa/transaction-status/timeout/{secret}',
      'get /mcp',
      'delete /mcp',
    ]);
    // POST /api/admin/session trades an admin's token for the queue dashboard's cookie (outside the API proper).
    const undocumented = new Set([...internal, 'post /admin/session']);
    const documented = new Set(documentedOperations(RESOURCES).map((o) => `${o.method} ${o.path}`));
    expect(api.filter((r) => !documented.has(r) && !undocumented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !api.includes(r))).toEqual([]);
  });

  it('answers match their contract schema (every GET without parameters, as a Business user with data)', async () => {
    const user = await registerUser(server);
    await grantPlan(server.database, user.id, 'business');
    await markVerified(server.database, user.id);
    const saved = await server.api('/lines/save', {
      token: user.token,
      body: { text: 'Shapes that match', category: 'taglines', tone: 'bold' },
    });
    expect(saved.status).toBe(201);
    const created = await server.api('/api-keys', { token: user.token, body: { name: 'docs' } });
    expect(created.status).toBe(201);
    const checked: string[] = [];
    for (const resource of RESOURCES) {
      for (const spec of resource.routes) {
        if (spec.method !== 'get' || spec.params || spec.content || spec.internal || !spec.response) continue;
        const path = openApiPath(resource.prefix, spec.path);
        const token = spec.auth === 'apiKey' ? created.body.data.key : user.token;
        const res = await server.api(path, { token });
        if (res.status === 400) continue; // a required query (e.g. /billing/quote's planId)
        expect(res.status, path).toBe(200);
        const parsed = spec.response.safeParse(spec.topLevel ? res.body : res.body.data);
        expect(parsed.success ? [] : parsed.error.issues, path).toEqual([]);
        checked.push(path);
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        '/lines/saved',
        '/lines/saved/summary',
        '/users/usage',
        '/plans',
        '/api-keys',
        '/v1/usage',
        '/campaigns',
        '/campaigns/occasions',
      ]),
    );
  });
});
