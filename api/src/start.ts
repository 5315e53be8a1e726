import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, createServerContext, openDatabase, type Config, type Logger, type ServerContext } from '@gl/core/server';
import { startWorkerRole, type ProcessorRegistration, type WorkerRole } from '@gl/worker';
import { createApiContext, type ApiContext } from './api-context';
import { allowedOrigins, createApp } from './app';
import { resolveJwtSecret } from './jwt-secret';
import { resolveRedis } from './redis-resolve';
import { attachSocketServer } from './socket/socket-server';
import { startWorkerMetricsServer } from './observability/worker-metrics-server';

export interface RunningServices {
  /** Base URL of the api role (undefined for a worker-only process). */
  url?: string;
  ctx: ServerContext;
  api?: ApiContext;
  worker?: WorkerRole;
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** Overrides the processors a worker role runs (tests). */
  processors?: ProcessorRegistration[];
}

/**
 * Starts the roles named in config.ROLES in this process: `api` (HTTP + Socket.IO) and/or
 * `worker` (BullMQ processors). Used by the launcher, the role entry points and the tests.
 */
export async function startGeniusLines(config: Config, opts: StartOptions = {}): Promise<RunningServices> {
  const logger = opts.logger ?? createLogger(config.logLevel, { roles: config.ROLES.join(',') });
  const redis = await resolveRedis(config, logger);
  const closers: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch((err: Error) => logger.warn({ err: err.message }, 'shutdown step failed'));
  };
  try {
    if (redis.stop) closers.push(redis.stop);
    const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR, poolMax: config.DB_POOL_MAX, logger });
    closers.push(() => database.close());
    const ctx = await createServerContext({ config, logger, database, redisUrl: redis.url, jwtSecret: resolveJwtSecret(config) });
    closers.push(() => ctx.close());

    let worker: WorkerRole | undefined;
    if (config.ROLES.includes('worker')) {
      worker = await startWorkerRole(ctx, { processors: opts.processors });
      closers.push(() => worker!.close());
      if (!config.ROLES.includes('api') && config.METRICS_PORT) {
        const metrics = await startWorkerMetricsServer(ctx, config.METRICS_PORT);
        closers.push(() => metrics.close());
      }
    }

    let url: string | undefined;
    let api: ApiContext | undefined;
    if (config.ROLES.includes('api')) {
      api = createApiContext(ctx);
      const app = createApp(api);
      const server = http.createServer(app);
      server.keepAliveTimeout = 65_000;
      server.requestTimeout = 35_000;
      const sockets = await attachSocketServer(server, api, allowedOrigins(api));
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.PORT, config.HOST, () => resolve());
      });
      const { port } = server.address() as AddressInfo;
      const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
      url = `http://${host}:${port}`;
      // Stop accepting first; in-flight requests finish; then sockets close.
      closers.push(async () => {
        await sockets.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 5000).unref();
        });
      });
    }
    logger.info({ url, roles: config.ROLES, database: database.location }, 'genius lines started');
    return { url, ctx, api, worker, close: closeAll };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
