import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerContext } from '@gl/core/server';
import { createApiContext, type ApiContext } from './api-context';
import { createApp } from './app';
import { allowedOrigins } from './http/cors';
import { configuredOrigin } from './common/email-links';
import { attachSocketServer } from './socket/socket-server';

export type { ApiContext } from './api-context';

export interface ApiRole {
  /** Base URL the HTTP server listens on. */
  url: string;
  api: ApiContext;
  /** Stops accepting first; in-flight requests finish; then sockets close. */
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
  const { port } = server.address() as AddressInfo;
  api.links.listeningOn(port);
  return {
    url: configuredOrigin(config, port),
    api,
    async close() {
      await sockets.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 5000).unref();
      });
    },
  };
}
