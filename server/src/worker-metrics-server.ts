import http from 'node:http';
import { checkDependencies, isPrivateAddress, metricsRegistry, type ServerContext } from '@gl/core/server';

/**
 * A worker-only process has no HTTP api; this small server gives it GET /metrics (private
 * addresses only), GET /healthz (readiness: 200 when PostgreSQL and Redis answer) and GET /livez
 * (liveness: 200 while the event loop runs, never checking a dependency) for the orchestrator.
 */
export async function startWorkerMetricsServer(ctx: ServerContext, port: number): Promise<{ close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    try {
      if (req.url === '/livez') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 'live' }));
        return;
      }
      if (req.url === '/healthz') {
        const { database: db, redis } = await checkDependencies(ctx);
        res.writeHead(db && redis ? 200 : 503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ database: db ? 'up' : 'down', redis: redis ? 'up' : 'down' }));
        return;
      }
      if (req.url === '/metrics' && isPrivateAddress(req.socket.remoteAddress)) {
        await ctx.jobs.refreshMetrics();
        res.writeHead(200, { 'content-type': metricsRegistry.contentType });
        res.end(await metricsRegistry.metrics());
        return;
      }
      res.writeHead(404).end();
    } catch {
      res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, ctx.config.HOST, () => resolve());
  });
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
