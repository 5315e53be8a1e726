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
 * or redirect elsewhere. `n` counts requests from 1.
 */
export type ReceiverBehaviour = (req: ReceivedWebhook, n: number) => number | 'hang' | { redirect: string };

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
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
  const server = createServer((req, res) => {
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
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
