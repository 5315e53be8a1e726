import { z } from 'zod';
import * as contract from '@gl/core';
import { openApiPath, type AnyRouteSpec, type MultipartSpec, type Resource } from '../http/route';

/**
 * The OpenAPI 3.1 document of the API, built from the contract's zod schemas: those the routes
 * validate with (request bodies, queries and path parameters) and those of the answers (`*Dto`).
 */

type Json = Record<string, unknown>;
type Auth = 'none' | 'session' | 'optionalSession' | 'apiKey';

interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path under the /api server, e.g. /lines/saved/{id} */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  auth: Auth;
  body?: z.ZodType;
  multipart?: MultipartSpec;
  query?: z.ZodObject;
  params?: z.ZodObject;
  headers?: z.ZodObject;
  status: number;
  /** The answer: a named response schema, wrapped in the envelope unless `topLevel`. */
  data?: z.ZodType;
  topLevel?: boolean;
  /** A non-JSON answer (e.g. a CSV download). */
  content?: Json;
  errors: number[];
}

const capitalised = (name: string) => name[0]!.toUpperCase() + name.slice(1);
const zodExports: Array<[string, z.ZodType]> = Object.entries(contract as Record<string, unknown>).flatMap(([name, value]) =>
  value instanceof z.ZodType ? [[name, value] as [string, z.ZodType]] : [],
);

/** Request bodies are named after their contract export: `v1GenerateBody` → `V1GenerateBody`. */
const CONTRACT_NAMES = new Map<unknown, string>(
  zodExports.filter(([name]) => name.endsWith('Body')).map(([name, value]) => [value, capitalised(name)]),
);
const contractName = (schema: z.ZodType) => CONTRACT_NAMES.get(schema);

/** Answers are the contract's `*Dto` schemas, named without the suffix: `savedLinesPageDto` → `SavedLinesPage`. */
const RESPONSE_SCHEMAS: Array<[string, z.ZodType]> = zodExports
  .filter(([name]) => name.endsWith('Dto'))
  .map(([name, value]) => [capitalised(name.slice(0, -'Dto'.length)), value]);

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid input (VALIDATION_FAILED, with details)',
  401: 'Missing, invalid or expired credentials (UNAUTHENTICATED)',
  402: 'The payment was declined or not approved (PAYMENT_DECLINED)',
  403: 'Not allowed, or the plan does not include this (FORBIDDEN, PLAN_REQUIRED)',
  404: 'Not found, or not yours (NOT_FOUND)',
  409: 'Conflict with the current state (CONFLICT)',
  413: 'The request or its file is too large (PAYLOAD_TOO_LARGE)',
  415: 'The request or its file is of a type this endpoint does not read (UNSUPPORTED_MEDIA_TYPE)',
  422: 'Understood, but it cannot be done with this server (VISION_UNAVAILABLE: no provider can see a photo)',
  429: 'Daily limit reached or too many requests (DAILY_LIMIT_REACHED, RATE_LIMITED); see Retry-After',
  502: 'The provider failed (PROVIDER_ERROR)',
  503: 'Temporarily unavailable (UNAVAILABLE)',
  504: 'Took too long (TIMEOUT)',
};

/** The operations of the resources defined with `defineResource`, in OpenAPI form. */
type Resources = ReadonlyArray<Resource<unknown>>;

function operationsOf(resources: Resources): Operation[] {
  return resources.flatMap((resource) =>
    resource.routes
      .filter((spec: AnyRouteSpec) => !spec.internal)
      .map((spec: AnyRouteSpec) => ({
        method: spec.method,
        path: openApiPath(resource.prefix, spec.path),
        tag: resource.tag,
        summary: spec.summary,
        description: spec.description,
        auth: spec.auth,
        body: spec.body,
        multipart: spec.multipart,
        query: spec.query,
        params: spec.params,
        headers: spec.headers,
        status: spec.status ?? 200,
        data: spec.response,
        topLevel: spec.topLevel,
        content: spec.content,
        errors: spec.errors,
      })),
  );
}

/** JSON Schema 2020-12 from zod for OpenAPI: without $schema/$id (the document sets the dialect). */
function clean(schema: Json): Json {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

function jsonSchema(schema: z.ZodType): Json {
  return clean(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json);
}

function parametersOf(schema: z.ZodObject, where: 'query' | 'path' | 'header'): Json[] {
  const s = jsonSchema(schema) as { properties?: Record<string, Json & { description?: string }>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, prop]) => ({
    name,
    in: where,
    required: where === 'path' || (s.required ?? []).includes(name),
    schema: prop,
    ...(prop.description ? { description: prop.description } : {}),
  }));
}

/**
 * A multipart/form-data request body: the file parts as binary strings (their accepted types in
 * `encoding`) beside the text fields of a contract schema, which are sent as form fields.
 */
function multipartBody(spec: MultipartSpec): Json {
  const fields = jsonSchema(spec.fields) as { properties?: Record<string, Json>; required?: string[] };
  const files = Object.entries(spec.files);
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            ...Object.fromEntries(
              files.map(([name, f]) => [
                name,
                { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream', description: f.description },
              ]),
            ),
            ...fields.properties,
          },
          required: [...files.map(([name]) => name), ...(fields.required ?? [])],
          additionalProperties: false,
        },
        encoding: Object.fromEntries(files.map(([name, f]) => [name, { contentType: f.types.join(', ') }])),
      },
    },
  };
}

const SECURITY: Record<Auth, Json[] | undefined> = {
  none: [],
  session: [{ session: [] }],
  optionalSession: [{}, { session: [] }],
  apiKey: [{ apiKey: [] }],
};

/** The OpenAPI 3.1 document of `resources`: a pure function of the route definitions. */
export function buildOpenApiDocument(resources: Resources, opts: { publicUrl?: string } = {}): Json {
  const operations = operationsOf(resources);
  const registry = z.registry<{ id: string }>();
  const names = new Map<z.ZodType, string>();
  const add = (schema: z.ZodType, name: string) => {
    if (names.has(schema)) return;
    names.set(schema, name);
    registry.add(schema, { id: name });
  };
  for (const op of operations) {
    const name = op.body && contractName(op.body);
    if (name) add(op.body!, name);
  }
  for (const [name, schema] of RESPONSE_SCHEMAS) add(schema, name);

  const generated = z.toJSONSchema(registry, {
    io: 'input',
    unrepresentable: 'any',
    uri: (name) => `#/components/schemas/${name}`,
  }) as { schemas: Record<string, Json> };
  const schemas: Record<string, Json> = {};
  for (const [name, schema] of Object.entries(generated.schemas)) schemas[name] = clean(schema);

  const ref = (schema: z.ZodType): Json => {
    const name = names.get(schema);
    return name ? { $ref: `#/components/schemas/${name}` } : jsonSchema(schema);
  };

  const paths: Record<string, Record<string, Json>> = {};
  for (const op of operations) {
    const parameters = [
      ...(op.params ? parametersOf(op.params, 'path') : []),
      ...(op.query ? parametersOf(op.query, 'query') : []),
      ...(op.headers ? parametersOf(op.headers, 'header') : []),
    ];
    if (op.auth === 'optionalSession') {
      parameters.push({
        name: 'X-Visitor-Id',
        in: 'header',
        required: false,
        description: 'A random UUID identifying a signed-out browser',
        schema: { type: 'string', format: 'uuid' },
      });
    }
    const success: Json = op.content
      ? { description: 'OK', content: op.content }
      : {
          description: 'OK',
          content: {
            'application/json': {
              schema: op.topLevel
                ? ref(op.data!)
                : {
                    type: 'object',
                    required: ['success', 'data'],
                    properties: { success: { const: true }, data: op.data ? ref(op.data) : { type: 'object' } },
                  },
            },
          },
        };
    const responses: Json = { [String(op.status)]: success };
    for (const status of op.errors) {
      responses[String(status)] = {
        description: STATUS_TEXT[status] ?? 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      };
    }
    const operation: Json = {
      operationId: `${op.method}${op.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      security: SECURITY[op.auth],
      ...(parameters.length ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: ref(op.body) } } } } : {}),
      ...(op.multipart ? { requestBody: multipartBody(op.multipart) } : {}),
      responses,
    };
    (paths[op.path] ??= {})[op.method] = operation;
  }

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Genius Lines API',
      version: '1.0.0',
      description:
        'Short creative text (taglines, bios, captions, quotes, slogans, ad lines), generated live. The public API under /v1 takes an API key of a Business-plan account (Authorization: Bearer gl_...). The other routes are those the web app uses, with a session token. Every answer is JSON; /api routes wrap data as { success: true, data }, /v1 routes answer top-level objects; errors are { success: false, error, code, details? }.',
    },
    servers: [...(opts.publicUrl ? [{ url: `${opts.publicUrl.replace(/\/$/, '')}/api` }] : []), { url: '/api' }],
    tags: ['Public API', 'API keys', 'Auth', 'Lines', 'Saved lines', 'Account', 'Billing', 'Site'].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'gl_...',
          description: 'An API key of a Business-plan account, created with POST /api-keys or on the API docs page.',
        },
        session: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token from /auth/login or /auth/register.',
        },
      },
    },
  };
}

/** Every documented operation, for tests: method and path with {params}. */
export const documentedOperations = (resources: Resources) =>
  operationsOf(resources).map((o) => ({ method: o.method, path: o.path, auth: o.auth }));
