import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { defineResource } from '../http/route';
import { UNMATCHED, apiRouteLabels, routePattern } from './http-metrics';

describe('routePattern', () => {
  it('joins /api, the prefix and the route path (a resource root has no trailing slash)', () => {
    expect(routePattern('/teams', '/:id/members/:userId')).toBe('/api/teams/:id/members/:userId');
    expect(routePattern('/newsletter', '/')).toBe('/api/newsletter');
  });
});

describe('apiRouteLabels', () => {
  it('labels a request by the pattern of the route that matches it, before any handler runs; others stay unlabelled', async () => {
    const resource = defineResource({
      prefix: '/things',
      tag: 'Things',
      deps: () => ({}),
      routes: (route) => [
        route({ method: 'get', path: '/:id', summary: 'one', auth: 'none', errors: [], handler: () => ({}) }),
        route({ method: 'post', path: '/', summary: 'make', auth: 'none', errors: [], handler: () => ({}) }),
      ],
    });
    const app = express();
    const api = express.Router();
    api.use(apiRouteLabels([resource], [{ method: 'post', path: '/admin/session' }]));
    api.use((_req, res) => {
      res.json({ label: res.locals.metricsRoute ?? UNMATCHED });
    });
    app.use('/api', api);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    const label = async (method: string, path: string) =>
      ((await (await fetch(base + path, { method })).json()) as { label: string }).label;
    try {
      expect(await label('GET', '/things/3f2b7c1e-9a7d-4c1b-8e2f-1234567890ab')).toBe('/api/things/:id');
      expect(await label('GET', '/things/another-one')).toBe('/api/things/:id');
      expect(await label('POST', '/things')).toBe('/api/things');
      expect(await label('POST', '/admin/session')).toBe('/api/admin/session');
      // A method no route has, or a path no route has: one shared label.
      expect(await label('DELETE', '/things/1')).toBe(UNMATCHED);
      expect(await label('GET', '/nothing/here/at/all')).toBe(UNMATCHED);
    } finally {
      server.close();
    }
  });
});
