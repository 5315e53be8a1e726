import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The chat-completions wire protocol shared by OpenAI and Hugging Face's Text Generation
 * Inference (the "messages API" an Inference Endpoint serves): POST .../chat/completions with
 * `{ model, messages, stream, max_tokens, ... }`, answered as one JSON `chat.completion`, or with
 * `stream: true` as server-sent events `data: {chat.completion.chunk}\n\n` ... `data: [DONE]\n\n`.
 * Only the error bodies differ between the two; see openai.stub.ts and huggingface.stub.ts.
 */

export interface ChatStubRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The JSON body (null when it is not JSON, e.g. an image). */
  body: any;
  /** The body's bytes as received. */
  raw: Buffer;
  at: number;
}

export interface OkBehaviour {
  kind: 'ok';
  /** The lines to answer (raw, as a model would write them); default: numbered fresh lines, as many as asked. */
  lines?: string[] | ((req: ChatStubRequest) => string[]);
  /** Wait this long before answering (headers included): for timeouts. */
  delayMs?: number;
  /** Pause between streamed chunks. */
  chunkDelayMs?: number;
  /** Stream this many lines, then hang for `stallMs` before the rest (a job in flight). */
  stallAfterLines?: number;
  stallMs?: number;
}

export interface ErrorBehaviour {
  kind: 'error';
  status: number;
  delayMs?: number;
  message?: string;
}

export type ChatBehaviour = OkBehaviour | ErrorBehaviour;

export interface ChatStub {
  url: string;
  requests: ChatStubRequest[];
  /** The behaviour of every request that has no queued one-shot behaviour. */
  setBehaviour(b: ChatBehaviour): void;
  /** One-shot behaviours, used in order by the next requests. */
  queue(...b: ChatBehaviour[]): void;
  /** Resolves when `n` requests have arrived. */
  waitForRequests(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface ChatStubOptions {
  /** Accepted bearer token; a different one gets 401. Unset: any token. */
  apiKey?: string;
  /** How errors are worded on the wire. */
  errorBody: (status: number, message: string | undefined) => unknown;
  /** Label used in generated lines and ids ("OpenAI", "HF"). */
  label: string;
  idPrefix: string;
  /**
   * Also serve image-to-text: a POST whose body is an image (Content-Type image/*) is answered as a
   * transformers `image-to-text` pipeline answers, `[{ "generated_text": "..." }]`, with this caption.
   */
  imageToText?: (req: ChatStubRequest) => string;
}

/** The text of a chat message: a string, or the text parts of a content array (a message with an image). */
export function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => (p?.type === 'text' ? String(p.text ?? '') : '')).join('\n');
  return '';
}

/** How many lines the prompt asks for ("Write exactly N ..."), default 4. */
export function requestedCount(req: ChatStubRequest): number {
  const messages: Array<{ role: string; content: unknown }> = req.body?.messages ?? [];
  const user = [...messages].reverse().find((m) => m.role === 'user');
  const match = /Write exactly (\d+)/.exec(messageText(user?.content));
  return match ? Number(match[1]) : 4;
}

/**
 * Lines from a model that follows the prompt's hashtag rule: as many as asked, each ending with a
 * hashtag when the rules ask for some (captions do by default), none otherwise.
 */
export function hashtagAwareLines(label: string, tag = '#SokoFresh'): (req: ChatStubRequest) => string[] {
  let reply = 0;
  return (req) => {
    const text = ((req.body?.messages ?? []) as Array<{ content: unknown }>).map((m) => messageText(m.content)).join('\n');
    const suffix = /each line ends with 1 to \d hashtags/.test(text) ? ` ${tag}` : '';
    reply++;
    return Array.from({ length: requestedCount(req) }, (_, i) => `${label} line ${reply}.${i + 1}, fresh and bright${suffix}`);
  };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (!ms) return resolve();
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });

export async function startChatStub(opts: ChatStubOptions): Promise<ChatStub> {
  const requests: ChatStubRequest[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const oneShots: ChatBehaviour[] = [];
  let behaviour: ChatBehaviour = { kind: 'ok' };
  let replies = 0;

  const defaultLines = (req: ChatStubRequest, reply: number) =>
    Array.from({ length: requestedCount(req) }, (_, i) => `${opts.label} line ${reply}.${i + 1}, fresh and bright`);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void handle(Buffer.concat(chunks)));
    const aborted = new AbortController();
    res.on('close', () => aborted.abort());

    const handle = async (raw: Buffer) => {
      const isImage = /^image\//i.test(req.headers['content-type'] ?? '');
      let body: any = null;
      try {
        body = raw.length && !isImage ? JSON.parse(raw.toString('utf8')) : null;
      } catch {
        /* recorded as null: answered 400 below */
      }
      const record: ChatStubRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, raw, at: Date.now() };
      requests.push(record);
      for (const w of waiters.filter((w) => requests.length >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      const sendError = (status: number, message?: string) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(opts.errorBody(status, message)));
      };
      const auth = req.headers.authorization ?? '';
      if (opts.imageToText && req.method === 'POST' && isImage) {
        if (opts.apiKey && auth !== `Bearer ${opts.apiKey}`) return sendError(401, 'Incorrect API key provided');
        if (raw.length === 0) return sendError(400, 'No image data');
        const b = oneShots.shift() ?? behaviour;
        await sleep(b.delayMs ?? 0, aborted.signal);
        if (aborted.signal.aborted) return;
        if (b.kind === 'error') return sendError(b.status, b.message);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify([{ generated_text: opts.imageToText(record) }]));
        return;
      }
      if (req.method !== 'POST' || !(req.url ?? '').split('?')[0]!.endsWith('/chat/completions')) return sendError(404, 'Not found');
      if (opts.apiKey && auth !== `Bearer ${opts.apiKey}`) return sendError(401, 'Incorrect API key provided');
      if (!body || !Array.isArray(body.messages)) return sendError(400, 'messages is required');

      const b = oneShots.shift() ?? behaviour;
      await sleep(b.delayMs ?? 0, aborted.signal);
      if (aborted.signal.aborted) return;
      if (b.kind === 'error') return sendError(b.status, b.message);

      const reply = ++replies;
      const lines = typeof b.lines === 'function' ? b.lines(record) : (b.lines ?? defaultLines(record, reply));
      const text = lines.join('\n');
      const id = `${opts.idPrefix}${randomBytes(6).toString('hex')}`;
      const created = Math.floor(Date.now() / 1000);
      const model = String(body.model ?? 'stub-model');

      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
            model,
            choices: [{ index: 0, message: { role: 'assistant', content: text }, logprobs: null, finish_reason: 'stop' }],
            usage: { prompt_tokens: 50, completion_tokens: Math.ceil(text.length / 4), total_tokens: 50 + Math.ceil(text.length / 4) },
          }),
        );
        return;
      }

      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      const send = (delta: Record<string, unknown>, finish: string | null) =>
        res.write(
          `data: ${JSON.stringify({
            id,
            object: 'chat.completion.chunk',
            created,
            model,
            system_fingerprint: 'fp_stub',
            choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
          })}\n\n`,
        );
      send({ role: 'assistant', content: '' }, null);
      let linesSent = 0;
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i]! + (i < lines.length - 1 ? '\n' : '');
        // Token-sized pieces, so lines arrive split across chunks as they do from a real model.
        for (let at = 0; at < line.length; at += 7) {
          if (aborted.signal.aborted) return;
          send({ content: line.slice(at, at + 7) }, null);
          await sleep(b.chunkDelayMs ?? 0, aborted.signal);
        }
        linesSent++;
        if (b.stallAfterLines !== undefined && linesSent === b.stallAfterLines) await sleep(b.stallMs ?? 60_000, aborted.signal);
      }
      if (aborted.signal.aborted) return;
      send({}, 'stop');
      res.write('data: [DONE]\n\n');
      res.end();
    };
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setBehaviour(b) {
      behaviour = b;
    },
    queue(...b) {
      oneShots.push(...b);
    },
    waitForRequests(n, timeoutMs = 15_000) {
      if (requests.length >= n) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`stub got ${requests.length} of ${n} requests`)), timeoutMs);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
