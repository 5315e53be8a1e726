import type { AddressInfo } from 'node:net';
import express from 'express';
import { Errors } from '@gl/core/server';
import { describe, expect, it } from 'vitest';
import type { ApiContext } from '../api-context';
import { errorHandler } from './error-handler';
import { defineResource, mountResource } from './route';

const things = defineResource({
  prefix: '/things',
  tag: 'Things',
  deps: () => ({}),
  routes: (route) => [
    route({
      method: 'get',
      path: '/current',
      summary: 'current',
      auth: 'none',
      errors: [409],
      handler: () => Promise.reject(Errors.conflict('Busy')),
    }),
    route({
      method: 'get',
      path: '/:id',
      summary: 'one',
      auth: 'none',
      errors: [404],
      handler: () => Promise.reject(Errors.conflict('Busy')),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'make',
      auth: 'none',
      errors: [400],
      handler: () => Promise.reject(Errors.paymentDeclined('Declined')),
    }),
  ],
});

/** The resource behind a real HTTP server, with or without STRICT_DECLARED_ERRORS. */
async function call(strict: boolean, method: string, path: string): Promise<{ status: number; body: { code: string; error: string } }> {
  const app = express();
  const ctx = { config: { STRICT_DECLARED_ERRORS: strict } } as unknown as ApiContext;
  app.use('/api/things', mountResource(things, ctx));
  app.use(errorHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api${path}`, { method });
    return { status: res.status, body: (await res.json()) as { code: string; error: string } };
  } finally {
    server.close();
  }
}

describe('declared error statuses (STRICT_DECLARED_ERRORS)', () => {
  it('lets through an error status the route declares', async () => {
    expect(await call(true, 'GET', '/things/current')).toMatchObject({ status: 409, body: { code: 'CONFLICT', error: 'Busy' } });
  });

  it('turns an undeclared status into a 500 that names the route, the status and what it declares', async () => {
    const res = await call(true, 'POST', '/things');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('INTERNAL');
    expect(res.body.error).toContain('POST /things answered 402 PAYMENT_DECLINED');
    expect(res.body.error).toContain('declares errors [400]');
  });

  it('checks against the route that answers (the first that matches), not a later pattern', async () => {
    expect((await call(true, 'GET', '/things/current')).status).toBe(409);
    const other = await call(true, 'GET', '/things/42');
    expect(other.status).toBe(500);
    expect(other.body.error).toContain('GET /things/{id} answered 409');
  });

  it('without the flag the answer is the error itself', async () => {
    expect(await call(false, 'POST', '/things')).toMatchObject({ status: 402, body: { code: 'PAYMENT_DECLINED' } });
  });
});
