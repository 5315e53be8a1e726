import { readFileSync } from 'node:fs';
import path from 'node:path';
import { THEME_INIT_CSP_SOURCE } from '@gl/core/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/process';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

describe('GET /api/health', () => {
  it('is 200 with database and Redis up', async () => {
    const res = await server.api('/health');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'ok', database: { status: 'up', kind: 'postgres' }, redis: { status: 'up' } });
    expect(res.body.data.queues).toMatchObject({ generation: 0 });
  });

  it('ready and live answer 200 while the process takes traffic', async () => {
    const ready = await server.api('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ status: 'ready', draining: false, database: 'up', redis: 'up' });
    const live = await server.api('/live');
    expect(live.status).toBe(200);
    expect(live.body.data).toMatchObject({ status: 'live' });
  });

  it('is 503 "warming up" until the request path has run once (the start waits for it), while live answers 200', async () => {
    const lifecycle = server.services.api!.lifecycle;
    expect(lifecycle.warming).toBe(false);
    lifecycle.warming = true;
    try {
      const ready = await server.api('/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ code: 'UNAVAILABLE', error: 'Not ready: warming up (starting)' });
      expect(ready.body.data).toEqual({ status: 'not_ready', draining: false, database: 'up', redis: 'up' });
      expect((await server.api('/live')).status).toBe(200);
    } finally {
      lifecycle.warming = false;
    }
    expect((await server.api('/ready')).status).toBe(200);
  });

  it('is 503 naming the database when PostgreSQL stops answering', async () => {
    const other = await startTestServer({ roles: ['api'] });
    try {
      await other.services.ctx.database.close();
      const res = await other.api('/health');
      expect(res.status).toBe(503);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toMatch(/database/);
      expect(res.body.data.database.status).toBe('down');
      expect(res.body.data.redis.status).toBe('up');
      // Not ready (naming the database), yet alive: liveness never checks a dependency.
      const ready = await other.api('/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ code: 'UNAVAILABLE', error: 'Not ready: database unavailable' });
      expect(ready.body.data).toEqual({ status: 'not_ready', draining: false, database: 'down', redis: 'up' });
      expect((await other.api('/live')).status).toBe(200);
    } finally {
      await other.stop().catch(() => undefined);
      await other.database.drop().catch(() => undefined);
    }
  });

  it('is 503 naming Redis when Redis is unreachable', async () => {
    const other = await startTestServer({ roles: ['api'] });
    try {
      other.services.ctx.redis.disconnect();
      const res = await other.api('/health');
      expect(res.status).toBe(503);
      expect(res.body.error).toMatch(/redis/);
      expect(res.body.data.redis.status).toBe('down');
      const ready = await other.api('/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ code: 'UNAVAILABLE', error: 'Not ready: redis unavailable' });
      expect(ready.body.data).toMatchObject({ status: 'not_ready', redis: 'down' });
      expect((await other.api('/live')).status).toBe(200);
    } finally {
      await other.stop().catch(() => undefined);
    }
  });

  it('docker/nginx.conf sends the pages it serves itself with the same Content-Security-Policy as the api', async () => {
    const res = await fetch(`${server.url}/api/health`);
    const csp = res.headers.get('content-security-policy');
    // The pages' inline pre-paint theme script is allowed by its hash, in both.
    expect(csp).toContain(THEME_INIT_CSP_SOURCE);
    const conf = readFileSync(path.join(REPO_ROOT, 'docker/nginx.conf'), 'utf8');
    expect(conf).toContain(`add_header Content-Security-Policy "${csp}" always;`);
  });

  it('sends security headers and a request id', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});
