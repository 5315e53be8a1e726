import type { RequestHandler } from 'express';
import { httpDuration } from '@gl/core/server';

/** A bounded route label: ids and secrets in the path become placeholders; unknown paths collapse. */
export function routeLabel(path: string, status: number): string {
  if (status === 404) return 'unmatched';
  return (
    path
      .split('?')[0]!
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')
      .replace(/\/(callback)\/[^/]+/, '/$1/:secret')
      .replace(/\/(status)\/[^/]+/, '/$1/:ref')
      .replace(/\/\d+(?=\/|$)/g, '/:n')
      .slice(0, 80) || '/'
  );
}

export const httpMetrics: RequestHandler = (req, res, next) => {
  const end = httpDuration.startTimer();
  res.on('finish', () => {
    end({ method: req.method, route: routeLabel(req.originalUrl, res.statusCode), status: String(res.statusCode) });
  });
  next();
};
