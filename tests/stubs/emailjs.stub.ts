import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EmailJsRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: {
    service_id?: string;
    template_id?: string;
    user_id?: string;
    accessToken?: string;
    template_params?: Record<string, unknown>;
  };
}

export interface EmailJsStub {
  url: string;
  requests: EmailJsRequest[];
  /** The next `times` sends answer this status and plain-text body instead of 200 OK. */
  failNext(status: number, text: string, times?: number): void;
  waitForRequests(n: number, timeoutMs?: number): Promise<EmailJsRequest[]>;
  close(): Promise<void>;
}

/**
 * EmailJS's REST protocol on 127.0.0.1: POST /api/v1.0/email/send with a JSON body; the answer is
 * plain text, 200 "OK". Like the real service it refuses unknown keys and templates with 400.
 */
export async function startEmailJsStub(expect: {
  serviceId: string;
  publicKey: string;
  privateKey?: string;
  templateIds: string[];
}): Promise<EmailJsStub> {
  const requests: EmailJsRequest[] = [];
  const failures: Array<{ status: number; text: string }> = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const reply = (status: number, text: string) => {
        res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(text);
      };
      if (req.method !== 'POST' || req.url !== '/api/v1.0/email/send') return reply(404, 'Not Found');
      if (!/^application\/json/i.test(req.headers['content-type'] ?? '')) return reply(400, 'The content type is not supported');
      let body: EmailJsRequest['body'];
      try {
        body = JSON.parse(raw);
      } catch {
        return reply(400, 'The JSON body is malformed');
      }
      requests.push({ path: req.url, headers: req.headers, body });
      const failure = failures.shift();
      if (failure) return reply(failure.status, failure.text);
      if (body.user_id !== expect.publicKey) return reply(400, 'The Public Key is invalid');
      if (body.service_id !== expect.serviceId) return reply(400, 'The service ID is invalid');
      if (!body.template_id || !expect.templateIds.includes(body.template_id)) return reply(400, 'The template ID is invalid');
      if (expect.privateKey && body.accessToken !== expect.privateKey) return reply(403, 'The Private Key is invalid');
      reply(200, 'OK');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(status, text, times = 1) {
      for (let i = 0; i < times; i++) failures.push({ status, text });
    },
    async waitForRequests(n, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} EmailJS requests, got ${requests.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return requests;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}
