import client from 'prom-client';

/**
 * One Prometheus registry per process. The api exposes it at GET /metrics; a worker-only process
 * exposes its own on METRICS_PORT.
 */
export const metricsRegistry = new client.Registry();
client.collectDefaultMetrics({ register: metricsRegistry, prefix: 'gl_' });

export const httpDuration = new client.Histogram({
  name: 'gl_http_request_duration_seconds',
  help: 'HTTP request latency by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const jobDuration = new client.Histogram({
  name: 'gl_job_duration_seconds',
  help: 'Job processing time by queue and outcome',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [metricsRegistry],
});

export const queueDepth = new client.Gauge({
  name: 'gl_queue_depth',
  help: 'Jobs waiting, delayed or active, by queue',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

/** Per queue and state (waiting, active, delayed): what an autoscaler reads (docs/operations.md). */
export const queueJobs = new client.Gauge({
  name: 'gl_queue_jobs',
  help: 'Jobs by queue and state (waiting includes prioritized)',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
});

export const providerDuration = new client.Histogram({
  name: 'gl_generation_provider_duration_seconds',
  help: 'AI provider latency by provider and outcome',
  labelNames: ['provider', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30],
  registers: [metricsRegistry],
});

export const generationFallbacks = new client.Counter({
  name: 'gl_generation_fallback_total',
  help: 'Generations that fell through a provider to the next, by the provider that failed',
  labelNames: ['from'] as const,
  registers: [metricsRegistry],
});

export const generationsBySource = new client.Counter({
  name: 'gl_generations_total',
  help: 'Completed generations by source',
  labelNames: ['source'] as const,
  registers: [metricsRegistry],
});

export const socketConnections = new client.Gauge({
  name: 'gl_socket_connections',
  help: 'Open Socket.IO connections on this process',
  registers: [metricsRegistry],
});

export const unhandledRejections = new client.Counter({
  name: 'gl_unhandled_rejections_total',
  help: 'Promise rejections nothing handled (logged; the process keeps serving): each one is a bug to fix',
  registers: [metricsRegistry],
});

/** Is this address loopback or private (RFC 1918, unique local, link local)? */
export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (a === '::1' || a.startsWith('127.')) return true;
  if (/^10\./.test(a) || /^192\.168\./.test(a) || /^172\.(1[6-9]|2\d|3[01])\./.test(a)) return true;
  if (/^f[cd][0-9a-f]{2}:/i.test(a) || /^fe80:/i.test(a)) return true;
  return false;
}
