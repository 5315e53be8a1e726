import { API_RESPONSES } from '@gl/core';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from './resources';

/** `'GET /brands/:id'` → the schema that route declares as its enveloped answer. */
function declaredAnswers(): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const resource of RESOURCES) {
    for (const spec of resource.routes) {
      if (!spec.response || spec.topLevel) continue;
      out.set(`${spec.method.toUpperCase()} ${resource.prefix}${spec.path === '/' ? '' : spec.path}`, spec.response);
    }
  }
  return out;
}

describe("the contract's path → answer map (API_RESPONSES)", () => {
  it('names, for every enveloped route, the very schema the route answers with, and no route that does not exist', () => {
    const routes = declaredAnswers();
    const map = new Map<string, unknown>(Object.entries(API_RESPONSES));
    expect(
      [...routes.keys()].filter((k) => !map.has(k)),
      'routes missing from API_RESPONSES',
    ).toEqual([]);
    expect(
      [...map.keys()].filter((k) => !routes.has(k)),
      'API_RESPONSES keys with no route',
    ).toEqual([]);
    expect(
      [...routes].filter(([k, schema]) => map.get(k) !== schema).map(([k]) => k),
      'another schema than the route',
    ).toEqual([]);
  });
});
