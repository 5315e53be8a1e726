import type { RequestHandler } from 'express';
import { startSpanAround } from '@gl/core/server';
import { UNMATCHED } from './http-metrics';

/**
 * One server span per request (mounted only when tracing is on), current for everything the
 * request does: a generation's enqueue carries it to the worker. Named by the route's pattern,
 * never the raw path (a path may hold a secret: the M-Pesa callback's).
 */
export const traceRequests: RequestHandler = (req, res, next) => {
  startSpanAround(`${req.method}`, { kind: 'server', attributes: { 'http.request.method': req.method } }, (span) => {
    res.on('finish', () => {
      const route = typeof res.locals.metricsRoute === 'string' ? res.locals.metricsRoute : UNMATCHED;
      span.setName(`${req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
      span.end(res.statusCode >= 500);
    });
    next();
  });
};
