import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { THEME_INIT_CSP_SOURCE, tracingOn } from '@gl/core/server';
import { pinoHttp } from 'pino-http';
import type { ApiContext } from './api-context';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { authenticate } from './middleware/authenticate';
import { settleSessionCheckBeforeError } from './accounts';
import { routesCheckingSessionInHandler } from './http/route';
import { requestLanguage } from './http/request-language';
import { apiRoutes } from './routes';
import { adminSessionRoute, mountQueueDashboard } from './admin/queue-dashboard';
import { trustProxy } from './http/trust-proxy';
import { allowedOrigins } from './http/cors';
import { metricsRoutes } from './site/metrics.routes';
import { apiRouteLabels, httpMetrics } from './observability/http-metrics';
import { traceRequests } from './observability/tracing';
import { RESOURCES } from './routes/resources';
import { compressResponses, serveClientBuild } from './http/static-client';
import { approvalPageDocument } from './approvals';

export const BODY_LIMIT = '16kb';
/** The path as logged: no query string, and the secret segments (the M-Pesa callback's, an approval link's token) masked. */
export function logSafeUrl(url: string | undefined): string | undefined {
  return url
    ?.split('?')[0]
    ?.replace(/(\/payments\/mpesa\/callback\/)[^/]+/, '$1[redacted]')
    .replace(/(\/public\/approvals\/|\/approve\/)[^/]+/, '$1[redacted]');
}

/** Headers of the client approval page (`/approve/<token>`, `/sw/approve/<token>`) and its public API. */
const approvalLinkHeaders: express.RequestHandler = (_req, res, next) => {
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.setHeader('Referrer-Policy', 'no-referrer');
  next();
};

export const DEFAULT_CLIENT_DIST = fileURLToPath(new URL('../../client/dist', import.meta.url));

export function createApp(ctx: ApiContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy(ctx.config));
  app.set('query parser', 'simple');
  // OpenTelemetry on (OTEL_EXPORTER_OTLP_ENDPOINT): a span per request; off, not even mounted.
  if (tracingOn()) app.use(traceRequests);

  app.use(
    pinoHttp({
      logger: ctx.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: logSafeUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === '/api/health' || req.url === '/api/ready' || req.url === '/api/live' },
    }),
  );
  // docker/nginx.conf repeats these headers for the pages nginx sends itself: keep the two in step.
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The pre-paint theme script is inline in every page, allowed by its hash and nothing else inline.
          scriptSrc: ["'self'", THEME_INIT_CSP_SOURCE, 'https://www.paypal.com', 'https://*.paypal.com'],
          frameSrc: ["'self'", 'https://*.paypal.com'],
          connectSrc: ["'self'", 'ws:', 'wss:', 'https://*.paypal.com'],
          imgSrc: ["'self'", 'data:', 'https:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  app.use(httpMetrics);
  app.use(metricsRoutes(ctx));
  mountQueueDashboard(app, ctx);

  // An approval link's page and answers (the token is in the path): never indexed, never cached by a shared cache.
  app.use(['/approve', '/sw/approve', '/api/public/approvals'], approvalLinkHeaders);

  const api = express.Router();
  // Route-pattern labels for the request histogram, before anything can refuse the request.
  api.use(apiRouteLabels(RESOURCES, [{ method: 'post', path: '/admin/session' }]));
  api.use(compressResponses());
  api.use(cors({ origin: allowedOrigins(ctx), credentials: false, exposedHeaders: ['Retry-After', 'X-Request-Id', 'X-Omitted-Lines'] }));
  api.use(express.json({ limit: BODY_LIMIT, strict: true, type: ['application/json', 'application/*+json'] }));
  api.use(requestLanguage);
  api.use(authenticate(ctx, routesCheckingSessionInHandler(RESOURCES)));
  api.use(adminSessionRoute(ctx));
  api.use(apiRoutes(ctx));
  api.use(notFoundHandler);
  api.use(settleSessionCheckBeforeError);
  api.use(errorHandler);
  app.use('/api', api);

  serveClient(app, ctx);
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}

/** The built React client (api/src/http/static-client.ts), when it has been built. */
function serveClient(app: Express, ctx: ApiContext): void {
  const dist = ctx.config.CLIENT_DIST_DIR ?? DEFAULT_CLIENT_DIST;
  if (!serveClientBuild(app, dist, [approvalPageDocument(ctx)]))
    ctx.logger.warn({ dist }, 'client not built: only the API is served (run npm run build)');
}
