import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { generateBody } from '@gl/core';
import { checkDependencies } from '@gl/core/server';
import type { ApiContext } from './api-context';

/**
 * Runs the pieces of the generate request's path that cost most on their first call, before the
 * process reports ready (GET /ready answers 503 "warming up" until this ends; /live is unchanged):
 * a token signed and verified (jose's first HMAC key import), the generate body's schema, PostgreSQL
 * and Redis answering (each connection opened), BullMQ's generation queue ready, and one request
 * through this server's own HTTP stack (`GET /api/live`: the middleware and the first socket of the
 * http parser). Nothing is stored, enqueued or counted. Returns the time it took.
 */
export async function warmRequestPath(api: ApiContext, url: string): Promise<number> {
  const started = performance.now();
  await api.tokens.verifySignature(await api.tokens.signAccess(randomUUID()));
  generateBody.safeParse({ category: 'taglines', tone: 'bold', topic: 'Kahawa Coffee', count: 4 });
  await Promise.all([checkDependencies(api), api.jobs.queues.generation.waitUntilReady()]);
  await (await fetch(`${url}/api/live`)).text();
  return performance.now() - started;
}
