import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBody, randomHeaders, randomQuery, rng } from '../helpers/fuzz';
import { startTestServer, type TestServer } from '../helpers/server';
import { registerUser } from '../helpers/users';

/** Every route of the HTTP contract (DESIGN.md §4); `:id` and friends get random values. */
const ROUTES: Array<[string, string]> = [
  ['POST', '/auth/register'],
  ['POST', '/auth/login'],
  ['GET', '/auth/me'],
  ['POST', '/auth/refresh'],
  ['POST', '/auth/logout'],
  ['POST', '/lines/generate'],
  ['GET', '/lines/generations/:id'],
  ['GET', '/lines/generations'],
  ['POST', '/lines/generations/:id/regenerate'],
  ['POST', '/lines/save'],
  ['GET', '/lines/saved'],
  ['DELETE', '/lines/saved/:id'],
  ['DELETE', '/lines/saved'],
  ['GET', '/lines/saved/export'],
  ['GET', '/users/profile'],
  ['PUT', '/users/profile'],
  ['POST', '/users/change-password'],
  ['GET', '/users/usage'],
  ['GET', '/users/analytics'],
  ['GET', '/plans'],
  ['GET', '/subscriptions'],
  ['POST', '/subscriptions'],
  ['PUT', '/subscriptions/:id'],
  ['POST', '/payments/paypal/create-order'],
  ['POST', '/payments/paypal/capture-order'],
  ['POST', '/payments/paypal/webhook'],
  ['POST', '/payments/mpesa/stk-push'],
  ['POST', '/payments/mpesa/callback/:secret'],
  ['GET', '/payments/mpesa/status/:ref'],
  ['GET', '/payments/history'],
  ['POST', '/payments/:id/cancel'],
  ['POST', '/newsletter'],
  ['POST', '/contact'],
  ['GET', '/health'],
  ['POST', '/v1/generate'],
  ['GET', '/v1/usage'],
  ['GET', '/v1/plans'],
  ['POST', '/v1/save-line'],
  ['GET', '/api-keys'],
  ['POST', '/api-keys'],
  ['DELETE', '/api-keys/:id'],
  ['POST', '/admin/session'],
  ['POST', '/auth/forgot-password'],
  ['POST', '/auth/reset-password'],
  ['POST', '/auth/verify-email'],
  ['POST', '/auth/resend-verification'],
  ['GET', '/auth/sessions'],
  ['DELETE', '/auth/sessions/:id'],
  ['PUT', '/users/email'],
  ['GET', '/users/export'],
  ['DELETE', '/users/account'],
  ['POST', '/newsletter/unsubscribe'],
  // Not POST /auth/logout-all: it would end the fuzzer's own session.
];
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES ?? 200);
const STACK_TRACE = /\n\s+at |node_modules|\/work\/|\.ts:\d+|TypeError|ReferenceError/;

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_EMAIL: '100000',
      GENERATE_RATE_LIMIT_PER_IP: '100000',
      GENERATE_RATE_LIMIT_PER_USER: '100000',
      SOCKET_CONNECTIONS_PER_IP: '1000',
    },
  });
  token = (await registerUser(server)).token;
}, 60_000);
afterAll(async () => server?.stop());

function fill(path: string, r: ReturnType<typeof rng>): string {
  return path.replace(/:(\w+)/g, () =>
    encodeURIComponent(r.pick([randomUUID(), 'not-a-uuid', '0', '💥', 'x'.repeat(300), '..%2F..%2Fetc', 'ws_CO_123'])),
  );
}

describe('fuzz: hostile input on every route', () => {
  it(`${CASES_PER_ROUTE} malformed requests per route: never a 500, never a stack trace, still healthy`, async () => {
    const r = rng(0xc0ffee);
    const failures: string[] = [];
    for (const [method, template] of ROUTES) {
      const requests = Array.from({ length: CASES_PER_ROUTE }, () => {
        const path = fill(template, r) + randomQuery(r);
        const body = method === 'GET' ? { contentType: 'application/json' } : randomBody(r);
        const headers = { ...randomHeaders(r, token), ...(body.raw !== undefined ? { 'content-type': body.contentType } : {}) };
        return { path, body, headers };
      });
      // 8 at a time: enough concurrency to shake out races without drowning two cores.
      for (let i = 0; i < requests.length; i += 8) {
        await Promise.all(
          requests.slice(i, i + 8).map(async ({ path, body, headers }) => {
            const res = await fetch(`${server.url}/api${path}`, { method, headers, body: body.raw });
            const text = await res.text();
            if (res.status >= 500 || STACK_TRACE.test(text)) {
              failures.push(`${method} ${path} -> ${res.status} ${text.slice(0, 200)}`);
            }
          }),
        );
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const health = await server.api('/health');
    expect(health.status).toBe(200);
  }, 300_000);
});
