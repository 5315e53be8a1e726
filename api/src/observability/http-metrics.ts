import { Router, type RequestHandler, type Response } from 'express';
import { httpDuration } from '@gl/core/server';
import type { Method, Resource } from '../http/route';

/** The label of every request no route claimed (unknown paths, wrong methods): one series for all. */
export const UNMATCHED = 'unmatched';

/**
 * Names the route a response belongs to, by its pattern (`/api/teams/:id/members/:userId`), never
 * its raw path: the histogram's series stay bounded however many distinct paths are requested.
 * The first label set wins (as the first matching route handles the request).
 */
export function labelRoute(res: Response, pattern: string): void {
  res.locals.metricsRoute ??= pattern;
}

/** `/auth` + `/login` → `/api/auth/login`; a resource's own root (`/`) has no trailing slash. */
export function routePattern(prefix: string, path: string): string {
  return `/api${prefix}${path === '/' ? '' : path}`;
}

/**
 * Labels every /api request with its route's pattern before anything else runs (authentication,
 * body parsing), so refusals and errors are counted under their route too. It matches the same
 * definitions the api mounts (resources.ts), through Express's own router, and only labels.
 */
export function apiRouteLabels(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  resources: ReadonlyArray<Resource<any>>,
  others: ReadonlyArray<{ method: Method; path: string }> = [],
): Router {
  const router = Router();
  const routes = [
    ...resources.flatMap((r) => r.routes.map((spec) => ({ method: spec.method, pattern: routePattern(r.prefix, spec.path) }))),
    ...others.map((o) => ({ method: o.method, pattern: routePattern('', o.path) })),
  ];
  for (const { method, pattern } of routes) {
    // The pattern without /api (this router is mounted under it): the path the route itself answers.
    router[method](pattern.slice('/api'.length), (_req, res, next) => {
      labelRoute(res, pattern);
      next();
    });
  }
  return router;
}

/** Times every request; the route label comes from `labelRoute`, else `unmatched`. */
export const httpMetrics: RequestHandler = (req, res, next) => {
  const end = httpDuration.startTimer();
  res.on('finish', () => {
    const route = typeof res.locals.metricsRoute === 'string' ? res.locals.metricsRoute : UNMATCHED;
    end({ method: req.method, route, status: String(res.statusCode) });
  });
  next();
};
