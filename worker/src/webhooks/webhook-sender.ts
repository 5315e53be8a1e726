import { Webhook } from 'standardwebhooks';
import { Agent, request } from 'undici';
import {
  addressLiteralOf,
  checkWebhookUrl,
  guardedLookup,
  isPublicAddress,
  PRIVATE_ADDRESS_MESSAGE,
  resolverFor,
  WebhookUrlError,
  type ResolveAll,
  type WebhookUrlPolicy,
} from '@gl/core/server';

export interface WebhookRequest {
  url: string;
  /** The endpoint's `whsec_…` secret. */
  secret: string;
  /** `webhook-id`: the same on every attempt of one delivery. */
  messageId: string;
  /** The JSON body, exactly as signed. */
  body: string;
  /** When this attempt is sent (`webhook-timestamp`). */
  at: Date;
  timeoutMs: number;
  policy: WebhookUrlPolicy;
  resolve?: ResolveAll;
}

export interface WebhookResult {
  ok: boolean;
  /** The receiver's HTTP status, when it answered. */
  status: number | null;
  /** A short reason for a failure, fit for the owner to read. */
  error: string | null;
  durationMs: number;
}

/** The Standard Webhooks headers of one attempt, signed with the endpoint's secret by the `standardwebhooks` library. */
export function signedHeaders(secret: string, messageId: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}

function describeFailure(err: unknown, timeoutMs: number): string {
  const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const code = e.code ?? e.cause?.code;
  if (err instanceof WebhookUrlError || e.cause instanceof WebhookUrlError || code === 'EADDRNOTALLOWED') {
    return `refused: ${(e.cause instanceof WebhookUrlError ? e.cause : e).message}`;
  }
  if (
    e.name === 'TimeoutError' ||
    e.name === 'AbortError' ||
    code === 'UND_ERR_ABORTED' ||
    (code !== undefined && code.endsWith('_TIMEOUT'))
  ) {
    return `timed out after ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 100) / 10} s` : `${timeoutMs} ms`}`;
  }
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection closed by the receiver';
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) return 'TLS certificate problem';
  return `request failed${code ? ` (${code})` : ''}`;
}

/**
 * One attempt: checks the URL against the policy (the address literal, or through the connection's
 * own DNS lookup, so the address connected to is the one checked), POSTs the signed body, and never
 * follows a redirect. Success is any 2xx within `timeoutMs` (answer and body); nothing is thrown.
 */
export async function sendWebhook(req: WebhookRequest): Promise<WebhookResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const resolve = req.resolve ?? resolverFor(req.policy);
  try {
    // The scheme (and credentials) here; the addresses below, where the connection is made.
    const url = await checkWebhookUrl(req.url, { ...req.policy, publicAddressesOnly: false }, resolve);
    // An address literal skips DNS (and so the lookup hook): it is checked here.
    const literal = addressLiteralOf(url);
    if (req.policy.publicAddressesOnly && literal && !isPublicAddress(literal)) throw new WebhookUrlError(PRIVATE_ADDRESS_MESSAGE);
  } catch (err) {
    return { ok: false, status: null, error: `refused: ${(err as Error).message}`, durationMs: elapsed() };
  }
  // A fresh connection per attempt: every attempt resolves and checks its address again.
  const agent = new Agent({ connect: { lookup: guardedLookup(req.policy, resolve), timeout: req.timeoutMs }, pipelining: 0 });
  const signal = AbortSignal.timeout(req.timeoutMs);
  try {
    const res = await request(req.url, {
      method: 'POST',
      dispatcher: agent,
      signal,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'GeniusLines-Webhooks/1',
        ...signedHeaders(req.secret, req.messageId, req.at, req.body),
      },
      body: req.body,
      headersTimeout: req.timeoutMs,
      bodyTimeout: req.timeoutMs,
    });
    // The answer's body is read (up to the deadline) and dropped, so the attempt ends cleanly.
    await res.body.dump({ limit: 64 * 1024, signal });
    const status = res.statusCode;
    if (status >= 200 && status < 300) return { ok: true, status, error: null, durationMs: elapsed() };
    const error = status >= 300 && status < 400 ? `HTTP ${status}: redirects are not followed` : `HTTP ${status}`;
    return { ok: false, status, error, durationMs: elapsed() };
  } catch (err) {
    return { ok: false, status: null, error: describeFailure(err, req.timeoutMs), durationMs: elapsed() };
  } finally {
    agent.destroy().catch(() => undefined);
  }
}
