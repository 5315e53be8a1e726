import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { ApiContext } from '../api-context';
import { errorHandler } from '../http/error-handler';
import { ok } from '../http/respond';
import { requireUser, userIdOf } from '../middleware/authenticate';
import { Errors } from '@gl/core/server';
import { allowedOrigins } from '../http/cors';
import { labelRoute } from '../observability/http-metrics';
import { ADMIN_COOKIE, issueAdminCookie, sameOriginWrite, verifyAdminCookie } from './admin-session';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/** POST /api/admin/session: an admin's bearer token buys the dashboard cookie. */
export function adminSessionRoute(ctx: ApiContext) {
  const router = express.Router();
  router.post('/admin/session', requireUser, async (req, res) => {
    const cookie = await issueAdminCookie(ctx, userIdOf(req), req.auth?.sessionId);
    res.cookie(ADMIN_COOKIE, cookie.value, {
      httpOnly: true,
      sameSite: 'strict',
      secure: ctx.config.isProduction,
      path: '/admin',
      maxAge: cookie.maxAgeMs,
    });
    ok(res, { dashboard: QUEUE_DASHBOARD_PATH });
  });
  return router;
}

/** bull-board at /admin/queues, for users with the admin flag only. */
export function mountQueueDashboard(app: Express, ctx: ApiContext): void {
  const guard = express.Router();
  guard.use((_req, res, next) => {
    labelRoute(res, QUEUE_DASHBOARD_PATH);
    next();
  });
  guard.use(cookieParser());
  const allowed = [ctx.config.PUBLIC_URL, ...(allowedOrigins(ctx) || [])].filter((o): o is string => Boolean(o));
  guard.use(async (req, _res, next) => {
    await verifyAdminCookie(ctx, req.cookies?.[ADMIN_COOKIE]);
    if (!sameOriginWrite(req, allowed)) throw Errors.forbidden('Cross-site request refused');
    next();
  });
  // The dashboard's own UI needs inline styles and its bundled scripts; scope that relaxation here.
  guard.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", "'unsafe-inline'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
        },
      },
    }),
  );
  // bull-board (its UI, its Express adapter) is loaded on the first admin visit, not at start.
  let board: Promise<express.Router> | undefined;
  guard.use((req, res, next) => {
    (board ??= loadBoard(ctx)).then((router) => router(req, res, next), next);
  });
  guard.use(errorHandler);
  app.use(QUEUE_DASHBOARD_PATH, guard);
}

async function loadBoard(ctx: ApiContext): Promise<express.Router> {
  const [{ createBullBoard }, { BullMQAdapter }, { ExpressAdapter }] = await Promise.all([
    import('@bull-board/api'),
    import('@bull-board/api/bullMQAdapter'),
    import('@bull-board/express'),
  ]);
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: Object.values(ctx.jobs.queues).map((q) => new BullMQAdapter(q)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Genius Lines queues' } },
  });
  return serverAdapter.getRouter() as express.Router;
}
