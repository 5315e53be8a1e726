import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import type { ApiContext } from '../api-context';
import { requireUser, routeKey } from '../middleware/authenticate';
import { parse } from './respond';
import { languageOf } from './request-language';

/**
 * One definition per route: method, path, auth, input schemas, answer schema, status and errors
 * sit next to the handler. The same object registers the route on the Express router and
 * describes it in the OpenAPI document, so the two cannot drift apart.
 */

/** Who may call: anyone, a signed-in user, anyone (signed in or a visitor), or an API key (v1). */
export type RouteAuth = 'none' | 'session' | 'optionalSession' | 'apiKey';
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Json = Record<string, unknown>;
type AnyObject = z.ZodObject;

export interface RouteInput<D, P, Q, B, H = undefined> {
  req: Request;
  res: Response;
  deps: D;
  params: P;
  query: Q;
  body: B;
  /** The request headers named in `headers`, parsed (keys as spelled in the schema). */
  headers: H;
}

/** A handler's answer with a status other than the route's default (e.g. 200 for an idempotent repeat). */
export class Reply<T> {
  constructor(
    readonly status: number,
    readonly data: T,
  ) {}
}
export const reply = <T>(status: number, data: T) => new Reply(status, data);

/** Returned by a handler that wrote the response itself (a download, a redirect, an HTML page). */
export const SENT = Symbol('response sent');

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface RouteSpec<
  D,
  PS extends AnyObject | undefined,
  QS extends AnyObject | undefined,
  BS extends z.ZodType | undefined,
  HS extends AnyObject | undefined = undefined,
> {
  method: Method;
  /** Express path relative to the resource prefix, e.g. `/generations/:id`. */
  path: string;
  summary: string;
  description?: string;
  auth: RouteAuth;
  /**
   * `inHandler`: the handler checks the access token's revocation inside its own statement (one round
   * trip instead of two); `authenticate` checks only the signature (accounts/pending-session-check.ts).
   */
  sessionCheck?: 'inHandler';
  params?: PS;
  query?: QS;
  body?: BS;
  /**
   * Request headers the route reads (e.g. `Idempotency-Key`), keyed as they are spelled in the
   * documentation; parsed like the body (400 on a bad value) and documented as header parameters.
   */
  headers?: HS;
  /**
   * A multipart/form-data body (a file upload), read by the handler itself: documented as these
   * text fields (a JSON body's schema, sent as form fields) and the named file parts.
   */
  multipart?: MultipartSpec;
  /** Status of a success (default 200). */
  status?: number;
  /** The answer's `data` (or the whole answer with `topLevel`). */
  response?: z.ZodType;
  /** The answer is the object itself, not `{ success, data }` (the public v1 API). */
  topLevel?: boolean;
  /** A non-JSON (or not enveloped) answer, documented as given (OpenAPI `content`). */
  content?: Json;
  /** Error statuses this route can answer (documented with the error envelope). */
  errors: number[];
  /** Hide from the OpenAPI document (a provider's callback, an internal helper route). */
  internal?: boolean;
  /** Runs before the input is parsed: rate limits that must count malformed requests too. */
  before?: (req: Request, deps: D, res: Response) => Promise<void> | void;
  /** A validation failure says the field's own message ('Please enter a valid email address'), without the `field: ` prefix. */
  bareValidationMessage?: boolean;
  /** Extra Express middleware after auth (e.g. a raw body parser for a webhook). */
  middleware?: RequestHandler[];
  handler: (input: RouteInput<D, Infer<PS>, Infer<QS>, Infer<BS>, Infer<HS>>) => Promise<unknown> | unknown;
}

/** A file upload's form: its fields (a contract body schema) and its file parts. */
export interface MultipartSpec {
  fields: AnyObject;
  files: Record<string, { description: string; types: readonly string[] }>;
}

export type AnyRouteSpec = RouteSpec<any, any, any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Resource<D = unknown> {
  /** Mount point under /api, e.g. `/lines`. */
  prefix: string;
  /** OpenAPI tag. */
  tag: string;
  routes: AnyRouteSpec[];
  /** Builds what the handlers share (services, limiters) once per api process. */
  deps: (ctx: ApiContext) => D;
  /** Middleware for every route of the resource (e.g. the v1 API-key check). */
  middleware?: (deps: D, ctx: ApiContext) => RequestHandler[];
}

/**
 * Declares a resource. `routes` receives a `route` helper typed with the resource's deps, so each
 * handler sees its parsed params, query and body with their contract types.
 */
export function defineResource<D>(def: {
  prefix: string;
  tag: string;
  deps: (ctx: ApiContext) => D;
  middleware?: (deps: D, ctx: ApiContext) => RequestHandler[];
  routes: (
    route: <
      PS extends AnyObject | undefined = undefined,
      QS extends AnyObject | undefined = undefined,
      BS extends z.ZodType | undefined = undefined,
      HS extends AnyObject | undefined = undefined,
    >(
      spec: RouteSpec<D, PS, QS, BS, HS>,
    ) => AnyRouteSpec,
  ) => AnyRouteSpec[];
}): Resource<D> {
  return {
    prefix: def.prefix,
    tag: def.tag,
    deps: def.deps,
    middleware: def.middleware,
    routes: def.routes((spec) => spec as AnyRouteSpec),
  };
}

const AUTH_MIDDLEWARE: Record<RouteAuth, RequestHandler[]> = {
  none: [],
  session: [requireUser],
  optionalSession: [],
  apiKey: [],
};

/** The headers a schema names, read case-insensitively (absent ones left out). */
function namedHeaders(schema: AnyObject, req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = req.get(name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

function handlerFor(spec: AnyRouteSpec, deps: unknown): RequestHandler {
  const status = spec.status ?? 200;
  return async (req, res) => {
    if (spec.before) await spec.before(req, deps, res);
    const opts = { bare: spec.bareValidationMessage, lang: languageOf(req) };
    const params = spec.params ? parse(spec.params, req.params, opts) : undefined;
    const query = spec.query ? parse(spec.query, req.query, opts) : undefined;
    const body = spec.body ? parse(spec.body, req.body, opts) : undefined;
    const headers = spec.headers ? parse(spec.headers, namedHeaders(spec.headers, req), opts) : undefined;
    const result = await spec.handler({ req, res, deps, params, query, body, headers });
    if (result === SENT || res.headersSent) return;
    const [code, data] = result instanceof Reply ? [result.status, result.data] : [status, result];
    res.status(code).json(spec.topLevel ? data : { success: true, data: data ?? {} });
  };
}

/** What the error handler checks an error answer against (`STRICT_DECLARED_ERRORS`), in `res.locals.declaredErrors`. */
export interface DeclaredErrors {
  /** `POST /payments/paypal/capture-order`: the route as the OpenAPI document names it. */
  route: string;
  errors: readonly number[];
}

/**
 * With `STRICT_DECLARED_ERRORS`, marks the request with its route's declared error statuses (first,
 * before auth), so that the error handler fails an answer whose status the route does not declare.
 */
function declaredErrors(prefix: string, spec: AnyRouteSpec): RequestHandler {
  const declared: DeclaredErrors = { route: `${spec.method.toUpperCase()} ${openApiPath(prefix, spec.path)}`, errors: spec.errors };
  return (_req, res, next) => {
    // The first route that matches answers (as Express picks it): `/current` before `/:id`.
    res.locals.declaredErrors ??= declared;
    next();
  };
}

/** An Express router with every route of the resource, in definition order. */
export function mountResource<D>(resource: Resource<D>, ctx: ApiContext): Router {
  const router = Router();
  const deps = resource.deps(ctx);
  const strict = ctx.config.STRICT_DECLARED_ERRORS;
  // Routes are matched before the resource's middleware runs, so its errors (the v1 key check) count too.
  if (strict) {
    for (const spec of resource.routes) router[spec.method](spec.path, declaredErrors(resource.prefix, spec));
  }
  for (const mw of resource.middleware?.(deps, ctx) ?? []) router.use(mw);
  for (const spec of resource.routes) {
    router[spec.method](spec.path, ...AUTH_MIDDLEWARE[spec.auth as RouteAuth], ...(spec.middleware ?? []), handlerFor(spec, deps));
  }
  return router;
}

/** `/generations/:id` under `/lines` → `/lines/generations/{id}` (OpenAPI path form). */
export function openApiPath(prefix: string, path: string): string {
  const full = `${prefix}${path === '/' ? '' : path}` || '/';
  return full.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The routes whose handler makes the session check itself (`sessionCheck: 'inHandler'`), as `routeKey`s relative to /api. */
export function routesCheckingSessionInHandler(resources: ReadonlyArray<{ prefix: string; routes: AnyRouteSpec[] }>): Set<string> {
  const keys = new Set<string>();
  for (const r of resources) {
    for (const spec of r.routes) {
      if (spec.sessionCheck === 'inHandler') keys.add(routeKey(spec.method, `${r.prefix}${spec.path === '/' ? '' : spec.path}`));
    }
  }
  return keys;
}
