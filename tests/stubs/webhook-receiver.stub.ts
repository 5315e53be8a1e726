import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as received (what the signature covers). */
  raw: string;
  at: Date;
}

/**
 * What the receiver does with a request: answer a status, hang (never answer, as a stuck server),
 * answer a status after a while (a slow server), or redirect elsewhere. `n` counts requests from 1.
 */
export type ReceiverBehaviour = (
  req: ReceivedWebhook,
  n: number,
) => number | 'hang' | { redirect: string } | { status: number; afterMs: number };

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The most requests matching each key (`keyOf(path)`) that were open at the same moment. */
  peakOpen(keyOf: (path: string) => string | undefined): Map<string, number>;
  behave(fn: ReceiverBehaviour): void;
  /** Resolves once `count` requests matching the predicate have arrived. */
  waitFor(count: number, predicate?: (r: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 that keeps every request (headers and raw body) and answers as told. */
export async function startWebhookReceiver(initial: ReceiverBehaviour = () => 200): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let behaviour = initial;
  const hanging = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  // Every request's path with when it arrived and when its answer ended (or the caller gave up).
  const spans: Array<{ path: string; from: number; to: number }> = [];
  const server = createServer((req, res) => {
    const span = { path: req.url ?? '/', from: Date.now(), to: Number.POSITIVE_INFINITY };
    spans.push(span);
    res.on('close', () => (span.to = Date.now()));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hook: ReceivedWebhook = {
        path: req.url ?? '/',
        headers: req.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
        at: new Date(),
      };
      received.push(hook);
      const answer = behaviour(hook, received.length);
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      if (typeof answer === 'object' && 'afterMs' in answer) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.status < 300 ? 'ok' : 'nope');
        }, answer.afterMs);
        timers.add(timer);
        return;
      }
      if (typeof answer === 'object') {
        res.writeHead(302, { location: answer.redirect }).end();
        return;
      }
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'nope');
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    peakOpen(keyOf) {
      const peaks = new Map<string, number>();
      for (const span of spans) {
        const key = keyOf(span.path);
        if (key === undefined) continue;
        const open = spans.filter((o) => keyOf(o.path) === key && o.from <= span.from && o.to > span.from).length;
        peaks.set(key, Math.max(peaks.get(key) ?? 0, open));
      }
      return peaks;
    },
    behave(fn) {
      behaviour = fn;
    },
    async waitFor(count, predicate = () => true, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const matching = received.filter(predicate);
        if (matching.length >= count) return matching;
        if (Date.now() > deadline) throw new Error(`expected ${count} webhook requests, got ${matching.length} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
