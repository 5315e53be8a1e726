import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, type TestSocket } from '../helpers/socket';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ roles: ['api'], env: { SOCKET_CONNECTIONS_PER_IP: '3', METRICS_TOKEN: 'metrics-token-for-tests' } });
});
afterAll(async () => server?.stop());

describe('GET /metrics', () => {
  it('serves Prometheus text to loopback with HTTP latency by route and queue depth', async () => {
    await server.api('/health');
    await server.api('/auth/me');
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/gl_http_request_duration_seconds_count\{method="GET",route="\/api\/auth\/me",status="401"\} 1/);
    expect(text).toMatch(/gl_queue_depth\{queue="generation"\} 0/);
    expect(text).toMatch(/gl_socket_connections /);
  });
});

describe('Socket.IO connections per IP', () => {
  it('refuses connections beyond the cap and admits again after one closes', async () => {
    const open: TestSocket[] = [];
    try {
      for (let i = 0; i < 3; i++) open.push(await connectSocket(server.url, { visitorId: randomUUID() }));
      await expect(connectSocket(server.url, { visitorId: randomUUID() })).rejects.toThrow(/Too many connections/);
      open.pop()!.disconnect();
      await new Promise((r) => setTimeout(r, 100));
      open.push(await connectSocket(server.url, { visitorId: randomUUID() }));
      // Refused handshakes (bad credentials) don't use up the allowance.
      open.pop()!.disconnect();
      await new Promise((r) => setTimeout(r, 100));
      for (let i = 0; i < 5; i++) await expect(connectSocket(server.url, { token: 'bad' })).rejects.toThrow(/Invalid/);
      open.push(await connectSocket(server.url, { visitorId: randomUUID() }));
    } finally {
      for (const s of open) s.disconnect();
    }
  });
});
