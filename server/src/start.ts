import {
  databaseOptions,
  createLogger,
  startTracing,
  createServerContext,
  openDatabase,
  type Config,
  type Logger,
  type ServerContext,
} from '@gl/core/server';
import type { ApiContext } from '@gl/api/role';
import type { ProcessorRegistration, WorkerRole } from '@gl/worker';
import { resolveJwtSecret } from './jwt-secret';
import { resolveRedis } from './redis-resolve';
import type { RoleLoaders } from './roles';
import { startWorkerMetricsServer } from './worker-metrics-server';

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
 * `worker` (BullMQ processors), each loaded on demand through `roles`. Used by the entry points;
 * the tests and benches call `startGeniusLines` from the package index, which can run both.
 */
export async function startRoles(config: Config, roles: RoleLoaders, opts: StartOptions = {}): Promise<RunningServices> {
  const load = <R extends keyof RoleLoaders>(role: R): NonNullable<RoleLoaders[R]> => {
    const loader = roles[role];
    if (!loader) throw new Error(`This entry point does not run the ${role} role.`);
    return loader;
  };
  const logger = opts.logger ?? createLogger(config.logLevel, { roles: config.ROLES.join(',') });
  // First, so every span of the process is recorded; closed last (closers run in reverse), after the work it traced.
  const tracing = await startTracing(config, logger);
  const redis = await resolveRedis(config, logger);
  const closers: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch((err: Error) => logger.warn({ err: err.message }, 'shutdown step failed'));
  };
  if (tracing) closers.push(() => tracing.shutdown());
  try {
    if (redis.stop) closers.push(redis.stop);
    const database = await openDatabase({ ...databaseOptions(config), logger });
    closers.push(() => database.close());
    const ctx = await createServerContext({ config, logger, database, redisUrl: redis.url, jwtSecret: resolveJwtSecret(config) });
    closers.push(() => ctx.close());

    let worker: WorkerRole | undefined;
    if (config.ROLES.includes('worker')) {
      const { startWorkerRole } = await load('worker')();
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
      const { startApiRole } = await load('api')();
      const role = await startApiRole(ctx);
      ({ url, api } = role);
      closers.push(() => role.close());
    }
    logger.info({ url, roles: config.ROLES, database: database.location }, 'genius lines started');
    return { url, ctx, api, worker, close: closeAll };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
