import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { REPO_ROOT } from '../helpers/process';
import { connectSocket, type TestSocket } from '../helpers/socket';
import { registerUser } from '../helpers/users';

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

  it('counts the jobs waiting and active per queue (what the worker autoscaler reads)', async () => {
    // An api-only process: a generation it accepts waits in the queue, no worker takes it.
    const user = await registerUser(server);
    const res = await server.api('/lines/generate', { token: user.token, body: { category: 'taglines', tone: 'bold', topic: 'Kahawa' } });
    expect(res.status).toBe(202);
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toMatch(/gl_queue_jobs\{queue="generation",state="waiting"\} 1\n/);
    expect(text).toMatch(/gl_queue_jobs\{queue="generation",state="active"\} 0\n/);
    expect(text).toMatch(/gl_queue_jobs\{queue="email",state="waiting"\} \d+\n/);
    expect(text).toMatch(/gl_queue_depth\{queue="generation"\} 1\n/);
  });
});

/** The label sets of the request histogram (one line per series). */
async function httpSeries(): Promise<string[]> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return text.split('\n').filter((l) => l.startsWith('gl_http_request_duration_seconds_count{'));
}

describe('metrics memory: routes are labelled by their pattern, never the raw path', () => {
  it('200 requests to distinct unknown paths add a few shared series, never one per path; ids in known routes share their route', async () => {
    const before = await httpSeries();
    for (let i = 0; i < 200; i++) {
      const path = i % 2 ? `/api/nothing-here-${i}/${randomUUID()}` : `/no-such-page-${i}.php`;
      await fetch(`${server.url}${path}`, { method: i % 3 ? 'GET' : 'POST' });
    }
    const after = await httpSeries();
    // A handful of bounded series at most (unmatched 404s; the app shell's pages when the client is built), never one per path.
    const series = (lines: string[]) => lines.map((l) => l.slice(0, l.lastIndexOf(' ')));
    const added = series(after).filter((k) => !series(before).includes(k));
    expect(added.length).toBeLessThanOrEqual(4);
    for (const line of added) expect(line).toMatch(/route="(unmatched|client page|\/metrics)"/);
    expect(after.join('\n')).not.toMatch(/nothing-here|no-such-page/);
    expect(after.join('\n')).toMatch(/method="POST",route="unmatched",status="404"/);

    // A known route with ids in its path: one series under its pattern, refusals included (a bad token is refused before routing).
    for (let i = 0; i < 20; i++)
      await server.api(`/teams/${randomUUID()}/members/${randomUUID()}`, { method: 'DELETE', token: 'not-a-jwt' });
    const withIds = await httpSeries();
    const teamLines = withIds.filter((l) => l.includes('/api/teams'));
    expect(teamLines).toEqual([expect.stringMatching(/method="DELETE",route="\/api\/teams\/:id\/members\/:userId",status="401"\} 20$/)]);
  });
});

describe('who may read /metrics', () => {
  const VARIANTS = ['/metrics', '/METRICS', '/metrics/', '/Metrics/'];

  it('any case or a trailing slash answers the same as /metrics', async () => {
    for (const path of VARIANTS) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toMatch(/gl_http_request_duration_seconds/);
    }
  });

  it('a public client forwarded by a trusted proxy is refused (403) whatever the spelling; the token still works', async () => {
    // The proxy (loopback, trusted by TRUST_PROXY) forwards a public client.
    const forwarded = { 'x-forwarded-for': '203.0.113.50' };
    for (const path of VARIANTS) {
      const res = await fetch(`${server.url}${path}`, { headers: forwarded });
      expect(res.status, path).toBe(403);
      const body = await res.json();
      expect(body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(body.error).toMatch(/private network or with the metrics token/);
    }
    const withToken = await fetch(`${server.url}/METRICS/`, { headers: { ...forwarded, authorization: 'Bearer metrics-token-for-tests' } });
    expect(withToken.status).toBe(200);
    // A wrong token is no better than none.
    expect((await fetch(`${server.url}/metrics`, { headers: { ...forwarded, authorization: 'Bearer nope' } })).status).toBe(403);
    // A client inside the deployment network, forwarded by the proxy: served.
    expect((await fetch(`${server.url}/metrics`, { headers: { 'x-forwarded-for': '10.0.3.7' } })).status).toBe(200);
  });

  it('docker/nginx.conf blocks /metrics in any case and with a trailing slash before it reaches the api', () => {
    const conf = readFileSync(path.join(REPO_ROOT, 'docker/nginx.conf'), 'utf8');
    const block = /location ~\* (\S+) \{\s*deny all;\s*\}/.exec(conf);
    expect(block, 'a case-insensitive regex location that denies all').not.toBeNull();
    const pattern = new RegExp(block![1]!, 'i');
    for (const p of VARIANTS) expect(pattern.test(p), p).toBe(true);
    for (const p of ['/metricsx', '/api/metrics', '/assets/metrics.js']) expect(pattern.test(p), p).toBe(false);
    // The old exact-match block (which let /metrics/ and /METRICS through) is gone.
    expect(conf).not.toMatch(/location = \/metrics/);
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
