import type { ApiAnswer, ApiMethod, ApiRouteKey } from '@gl/core/types';
import { i18n } from './i18n/i18n';
import { clearSession, getRefreshToken, getToken, setSession } from './session';
import { getVisitorId } from './visitor';

export const API_BASE = '/api';
/** A request still unanswered after this long is abandoned. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** The messages of a call that got no usable answer, in the interface's language at the time. */
export const networkErrorMessage = () => i18n.t('errors:network');
export const timeoutMessage = () => i18n.t('errors:timeout');
/** A failed answer without a message of its own: 5xx or another status. */
export const httpErrorMessage = (status: number) => (status >= 500 ? i18n.t('errors:server') : i18n.t('errors:requestFailed', { status }));

/** A failed call: HTTP status (0 when the server was not reached), machine code, user-safe message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown[];
  /** Seconds, from Retry-After on a 429. */
  readonly retryAfter?: number;
  /** Extra top-level fields of the error envelope (e.g. customerMessage, requiredPlan, usage). */
  readonly extra: Record<string, unknown>;
  private readonly fromServer: boolean;

  constructor(
    status: number,
    code: string,
    message: string,
    details?: unknown[],
    retryAfter?: number,
    extra: Record<string, unknown> = {},
    fromServer = false,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfter = retryAfter;
    this.extra = extra;
    this.fromServer = fromServer;
  }

  /** The server was never reached (offline, DNS, refused) or did not answer in time. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** True when the message is the server's own text (not one this client made up). */
  get hasServerMessage(): boolean {
    return this.fromServer;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Default true. False for the auth form's own calls: their 401 is an answer, not a lost session. */
  sessionHandling?: boolean;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
  /**
   * A lost session (401 after a failed refresh) is cleared but the page stays where it is: for
   * work done in the background (a queued save), which must not move the person to /auth.
   */
  stayOnSessionEnd?: boolean;
}

type UnauthorizedHandler = () => void;

/** Paths where a 401 does not move the user to /auth (already on /auth, or on /). */
const NO_REDIRECT_PATHS = new Set(['/auth', '/']);

let unauthorizedHandler: UnauthorizedHandler = () => {
  if (!NO_REDIRECT_PATHS.has(window.location.pathname)) window.location.assign('/auth');
};

/** The router registers a navigate-based handler so a 401 does not reload the page. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler =
    handler ??
    (() => {
      if (!NO_REDIRECT_PATHS.has(window.location.pathname)) window.location.assign('/auth');
    });
}

export function isNoRedirectPath(pathname: string): boolean {
  return NO_REDIRECT_PATHS.has(pathname);
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  let url = `${API_BASE}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }
  return url;
}

/** fetch with the 30 s timeout and the caller's signal; network problems become ApiError(0). */
async function send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  if (opts.signal) {
    if (opts.signal.aborted) controller.abort();
    else opts.signal.addEventListener('abort', onAbort, { once: true });
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  else headers['X-Visitor-Id'] = getVisitorId();
  try {
    return await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: controller.signal,
    });
  } catch (err) {
    if (timedOut) throw new ApiError(0, 'TIMEOUT', timeoutMessage());
    if (opts.signal?.aborted) throw err; // the caller cancelled: let it see its AbortError
    throw new ApiError(0, 'NETWORK_ERROR', networkErrorMessage());
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

interface Envelope {
  success?: boolean;
  data?: unknown;
  error?: string;
  code?: string;
  details?: unknown[];
  [extra: string]: unknown;
}

async function readEnvelope(res: Response): Promise<Envelope | null> {
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return null;
  try {
    return (await res.json()) as Envelope;
  } catch {
    return null;
  }
}

function errorFrom(res: Response, env: Envelope | null): ApiError {
  const retry = Number(res.headers.get('retry-after'));
  const message = env?.error || httpErrorMessage(res.status);
  const { success: _s, error: _e, code: _c, details: _d, ...extra } = env ?? {};
  return new ApiError(
    res.status,
    env?.code ?? 'HTTP_ERROR',
    message,
    env?.details,
    Number.isFinite(retry) && retry > 0 ? retry : undefined,
    extra,
    Boolean(env?.error),
  );
}

/**
 * What a refresh came to: a new access token stored; the session over (the server refused the refresh
 * token); or the server could not say now (a 429, a 5xx, no network), in which case the session is
 * kept and `error` says why, so a busy network never signs anyone out.
 */
export type RefreshOutcome = { status: 'refreshed' } | { status: 'ended' } | { status: 'unavailable'; error: ApiError };

let refreshing: Promise<RefreshOutcome> | null = null;

/** A refresh the server could not answer now: rate limited, failing, or not reached. */
const isTransient = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

/** Rotates the refresh token once for all concurrent callers. */
export function refreshSession(): Promise<RefreshOutcome> {
  refreshing ??= (async (): Promise<RefreshOutcome> => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) return { status: 'ended' };
    let res: Response;
    try {
      res = await send('/auth/refresh', { method: 'POST', body: { refreshToken } }, null);
    } catch (err) {
      if (err instanceof ApiError) return { status: 'unavailable', error: err };
      return { status: 'unavailable', error: new ApiError(0, 'NETWORK_ERROR', networkErrorMessage()) };
    }
    const env = await readEnvelope(res);
    const data = env?.data as { token?: string; refreshToken?: string } | undefined;
    if (res.ok && env?.success && data?.token) {
      setSession({ token: data.token, refreshToken: data.refreshToken ?? refreshToken });
      return { status: 'refreshed' };
    }
    if (isTransient(res.status)) return { status: 'unavailable', error: errorFrom(res, env) };
    return { status: 'ended' };
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Session over: clear it and send the user to /auth (unless on /auth or /). */
export function endSession(): void {
  clearSession();
  unauthorizedHandler();
}

/** One way of sending a request (fetch for JSON, XHR for an upload), called with the token to send. */
type Transport = (token: string | null) => Promise<Response>;

/**
 * The session rules, the same for every request: a 401 with a token refreshes the session once
 * (shared by concurrent callers) and sends the request again with the new token; a refresh the
 * server cannot answer now keeps the person signed in and throws why; a refused refresh (or a 401
 * without a token) ends the session, and nothing is sent again.
 */
async function withSession(transport: Transport, opts: Pick<RequestOptions, 'sessionHandling' | 'stayOnSessionEnd'>): Promise<Response> {
  const handling = opts.sessionHandling ?? true;
  const token = handling ? getToken() : null;
  let res = await transport(token);
  if (res.status === 401 && handling) {
    if (token) {
      const refreshed = await refreshSession();
      if (refreshed.status === 'refreshed') res = await transport(getToken());
      // The refresh could not be answered now (e.g. 429 behind a busy shared address): the person
      // stays signed in and sees why this request failed; the next one tries again.
      else if (refreshed.status === 'unavailable') throw refreshed.error;
    }
    if (res.status === 401) {
      const err = errorFrom(res, await readEnvelope(res));
      if (opts.stayOnSessionEnd) clearSession();
      else endSession();
      throw err;
    }
  }
  if (!res.ok) throw errorFrom(res, await readEnvelope(res));
  return res;
}

/** The raw response of a successful call (used for file downloads); errors are thrown as ApiError. */
export function apiResponse(path: string, opts: RequestOptions = {}): Promise<Response> {
  return withSession((token) => send(path, opts, token), opts);
}

/** `{ success, data }` of a successful response, unwrapped; a body that is not the envelope is BAD_RESPONSE. */
async function unwrap<T>(res: Response): Promise<T> {
  const env = await readEnvelope(res);
  if (!env) {
    if (res.status === 204) return undefined as T;
    throw new ApiError(res.status, 'BAD_RESPONSE', i18n.t('errors:badResponse'));
  }
  if (env.success === false) throw errorFrom(res, env);
  return env.data as T;
}
/** A route's path with each `:param` as `${string}` ('/teams/:id/leave' is `/teams/${string}/leave`). */
type FilledRoute<R extends string> = R extends `${infer Head}:${string}/${infer Rest}`
  ? `${Head}${string}/${FilledRoute<Rest>}`
  : R extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : R;
type RoutesOf<M extends ApiMethod> = ApiRouteKey extends infer K ? (K extends `${M} ${infer R}` ? FilledRoute<R> : never) : never;

/**
 * The paths `api()` takes for a method: a route of the contract, with its params filled and an
 * optional query. Any other path is a compile error, a path built into a plain `string` first too
 * (it would lose its answer's type): write the path in the call, `api(\`/teams/${id}/leave\`)`.
 */
export type RoutedPath<M extends ApiMethod> = RoutesOf<M> | `${RoutesOf<M>}?${string}`;

/**
 * Calls /api<path>, unwraps `{ success, data }`, throws ApiError on failure. The answer's type comes
 * from the contract (`ApiResponses` in core): `api('/brands')` is a `BrandListDto`, `api(\`/brands/${id}\`,
 * { method: 'DELETE' })` a `DeletedDto`.
 */
export async function api<P extends RoutedPath<M>, M extends ApiMethod = 'GET'>(
  path: P,
  opts: RequestOptions & { method?: M } = {},
): Promise<ApiAnswer<M, P>> {
  return unwrap<ApiAnswer<M, P>>(await apiResponse(path, opts));
}

export interface UploadOptions {
  /** Called with 0..1 as the body goes up (from 0 again when the form is sent a second time after a refresh). */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
  /** The whole request (upload and answer); default two minutes, for slow mobile data. */
  timeoutMs?: number;
}

/** An upload's own default timeout: a photo over slow mobile data takes longer than a JSON call. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/** Statuses whose response has no body (a Response cannot be made with one). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * An upload with XMLHttpRequest, whose upload events give a progress bar (fetch reports none, and
 * Chromium streams a request body only over HTTP/2). Answers a Response like `send`, with the same
 * headers and the same ApiError for a network failure or a timeout.
 */
function sendUpload(path: string, form: FormData, opts: UploadOptions, token: string | null): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.timeout = opts.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    else xhr.setRequestHeader('X-Visitor-Id', getVisitorId());
    opts.onProgress?.(0);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.min(1, e.loaded / e.total));
    };
    xhr.upload.onload = () => opts.onProgress?.(1);
    xhr.onload = () => {
      const body = NULL_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText;
      resolve(new Response(body, { status: xhr.status, headers: headersOf(xhr.getAllResponseHeaders()) }));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', networkErrorMessage()));
    xhr.ontimeout = () => reject(new ApiError(0, 'TIMEOUT', timeoutMessage()));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (opts.signal) {
      if (opts.signal.aborted) return xhr.abort();
      opts.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/**
 * POSTs a multipart form to /api<path> with upload progress: the same client as `api()` (the same
 * session rules, envelope and ApiError), typed by the contract like `api(path, { method: 'POST' })`.
 */
export async function apiUpload<P extends RoutedPath<'POST'>>(
  path: P,
  form: FormData,
  opts: UploadOptions = {},
): Promise<ApiAnswer<'POST', P>> {
  return unwrap<ApiAnswer<'POST', P>>(await withSession((token) => sendUpload(path, form, opts, token), {}));
}

export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
