import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerContext } from '@gl/core/server';
import { createApiContext, type ApiContext } from './api-context';
import { createApp } from './app';
import { allowedOrigins } from './http/cors';
import { configuredOrigin, httpOrigin } from './common/email-links';
import { attachSocketServer } from './socket/socket-server';
import { warmRequestPath } from './warm-up';

export type { ApiContext } from './api-context';

export interface ApiRole {
  /** Base URL the HTTP server listens on. */
  url: string;
  api: ApiContext;
  /** Drains: not ready, stops accepting, sockets told to reconnect, in-flight requests finish (bounded by SHUTDOWN_GRACE_MS). */
  close(): Promise<void>;
}

/**
 * The api role: Express + Socket.IO on config.HOST:PORT over a server context the process made.
 * The composition package (`@gl/server`) loads this module only when a process runs the api role.
 */
export async function startApiRole(ctx: ServerContext): Promise<ApiRole> {
  const { config } = ctx;
  const api = createApiContext(ctx);
  const app = createApp(api);
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  server.requestTimeout = 35_000;
  const sockets = await attachSocketServer(server, api, allowedOrigins(api));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  api.links.listeningOn(port);
  // Listening, not yet ready: GET /ready answers 503 "warming up" until the request path has run once.
  // The process's own address, to reach itself: a wildcard is answered on the loopback of its family.
  const self = httpOrigin(address, port, address === '::' ? '::1' : '127.0.0.1');
  // Bounded: a dependency that is down at start (Redis, PostgreSQL) must not hold the process
  // unready for good; /ready then names that dependency instead, as before the warm-up existed.
  let timer: NodeJS.Timeout | undefined;
  const timeLimit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('took over 5 s')), 5_000)));
  await Promise.race([warmRequestPath(api, self), timeLimit])
    .then(
      (ms) => ctx.logger.info({ ms: Math.round(ms) }, 'request path warmed'),
      (err: Error) => ctx.logger.warn({ err: err.message }, 'warming the request path failed; ready anyway'),
    )
    .finally(() => clearTimeout(timer));
  api.lifecycle.warming = false;
  return {
    url: configuredOrigin(config, port),
    api,
    /**
     * The drain (SIGTERM): GET /ready answers 503 at once; after SHUTDOWN_DELAY_MS (0 by default) the
     * server stops accepting connections,
     * every socket is closed so its client reconnects (to another api behind the balancer), and the
     * requests in flight finish; connections still open after SHUTDOWN_GRACE_MS are cut.
     */
    async close() {
      api.lifecycle.draining = true;
      if (config.SHUTDOWN_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS));
      const grace = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_GRACE_MS);
      grace.unref();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A keep-alive connection turns idle once its request is answered: close each as it does.
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      server.closeIdleConnections();
      await sockets.close();
      await closed;
      clearInterval(idle);
      clearTimeout(grace);
    },
  };
}
