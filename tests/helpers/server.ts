import { loadConfig, type Config } from '@gl/core/server';
import type { ProcessorRegistration } from '@gl/worker';
import { startGeniusLines, type RunningServices } from '@gl/server';
import { createTestDatabase, type TestDatabase } from './database';
import { clearRedisPrefix, testPrefix, TEST_REDIS_URL } from './redis';
import { waitForQueuesDrained } from './queues';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer {
  url: string;
  config: Config;
  services: RunningServices;
  database: TestDatabase;
  prefix: string;
  /** JSON request against /api. */
  api<T = any>(path: string, init?: ApiRequestInit): Promise<ApiResponse<T>>;
  drain(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface ApiRequestInit {
  method?: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  raw?: string;
}

/** A JSON request against `${baseUrl}/api${path}`; the body is parsed when it is JSON. */
export async function apiRequest<T = any>(baseUrl: string, path: string, init: ApiRequestInit = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.body !== undefined || init.raw !== undefined) headers['content-type'] ??= 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? (init.body !== undefined || init.raw !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.raw ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body, headers: res.headers };
}

/** Anything that can make API requests: a TestServer, or an api process of a cluster test. */
export interface ApiClient {
  api: TestServer['api'];
}

export const apiClient = (baseUrl: string): ApiClient => ({ api: (path, init) => apiRequest(baseUrl, path, init) });

export interface TestServerOptions {
  env?: Record<string, string>;
  roles?: Array<'api' | 'worker'>;
  processors?: ProcessorRegistration[];
  /** Share a database between several servers (multi-process tests). */
  database?: TestDatabase;
  prefix?: string;
}

/**
 * A real server for a test: its own PostgreSQL database, its own Redis key prefix, an
 * ephemeral port. Roles default to api + worker in one process.
 */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const database = opts.database ?? (await createTestDatabase());
  const prefix = opts.prefix ?? testPrefix();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    ROLES: (opts.roles ?? ['api', 'worker']).join(','),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    MPESA_STATUS_DELAY_MS: '500',
    STRICT_DECLARED_ERRORS: 'true',
    // The webhook receivers of the tests are stubs on 127.0.0.1 (tests/stubs/webhook-receiver.stub.ts).
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    ...opts.env,
  });
  const services = await startGeniusLines(config, { processors: opts.processors });
  const url = services.url ?? '';
  return {
    url,
    config,
    services,
    database,
    prefix,
    api: (path, init) => apiRequest(url, path, init),
    drain: (timeoutMs) => waitForQueuesDrained(services.ctx.jobs, timeoutMs),
    async stop() {
      await services.close();
      if (!opts.prefix) await clearRedisPrefix(prefix);
      if (!opts.database) await database.drop();
    },
  };
}
