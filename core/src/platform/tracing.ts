/**
 * OpenTelemetry traces (DESIGN.md §19): one trace per generation, from the HTTP request in the api
 * through the queue to the worker's provider calls, statements and socket emits. Off unless
 * OTEL_EXPORTER_OTLP_ENDPOINT is set; then `startTracing` loads the SDK (its exporter, the protocol
 * and the rest follow the standard OTEL_* variables) and the helpers below make spans.
 *
 * Off, nothing of OpenTelemetry is loaded: `@opentelemetry/api` and the SDK are imported by
 * `startTracing` only, and every helper here is a plain call of its function.
 */
import type * as OtelApi from '@opentelemetry/api';
import type { Config } from './config';
import type { Logger } from './logger';

type Api = typeof OtelApi;

let otel: Api | undefined;
let tracer: OtelApi.Tracer | undefined;

/** The W3C trace context of the current span, as carried in a job's data (`traceparent`, `tracestate`). */
export type TraceCarrier = Record<string, string>;

/** The key in a job's data that carries the producer's trace context (only when tracing is on). */
export const TRACE_CARRIER_KEY = '_trace';

export interface Tracing {
  /** Sends what is still buffered and stops. */
  shutdown(): Promise<void>;
}

/**
 * Starts the OpenTelemetry SDK for this process when OTEL_EXPORTER_OTLP_ENDPOINT is set (undefined
 * otherwise). Call it before the process does any work: spans made before it are not recorded.
 */
export async function startTracing(
  config: Pick<Config, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'ROLES'>,
  logger: Logger,
): Promise<Tracing | undefined> {
  if (!config.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  if (otel) return { shutdown: async () => undefined };
  const [api, { NodeSDK }] = await Promise.all([import('@opentelemetry/api'), import('@opentelemetry/sdk-node')]);
  // No automatic instrumentations: our spans are made where the work is (below), so they are the
  // same in the bundled server as in tests, and nothing patches modules at load time.
  const sdk = new NodeSDK({ serviceName: `genius-lines-${config.ROLES.join('-')}`, instrumentations: [] });
  sdk.start();
  otel = api;
  tracer = api.trace.getTracer('genius-lines');
  logger.info({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT }, 'OpenTelemetry traces on');
  return {
    async shutdown() {
      await sdk.shutdown().catch((err: Error) => logger.warn({ err: err.message }, 'OpenTelemetry shutdown failed'));
      otel = undefined;
      tracer = undefined;
    },
  };
}

export function tracingOn(): boolean {
  return tracer !== undefined;
}

export type SpanKind = 'server' | 'client' | 'producer' | 'consumer' | 'internal';
type Attributes = Record<string, string | number | boolean | undefined>;

function clean(attributes: Attributes | undefined): OtelApi.Attributes | undefined {
  if (!attributes) return undefined;
  const out: OtelApi.Attributes = {};
  for (const [k, v] of Object.entries(attributes)) if (v !== undefined) out[k] = v;
  return out;
}

function kindOf(api: Api, kind: SpanKind | undefined): OtelApi.SpanKind {
  switch (kind) {
    case 'server':
      return api.SpanKind.SERVER;
    case 'client':
      return api.SpanKind.CLIENT;
    case 'producer':
      return api.SpanKind.PRODUCER;
    case 'consumer':
      return api.SpanKind.CONSUMER;
    default:
      return api.SpanKind.INTERNAL;
  }
}

function failed(api: Api, span: OtelApi.Span, err: unknown): void {
  span.recordException(err as Error);
  span.setStatus({ code: api.SpanStatusCode.ERROR, message: (err as Error)?.message });
}

/**
 * Runs `fn` inside a span (a child of the current one, or of `parent`: a carrier from a job's data).
 * With tracing off it is `fn()`.
 */
export function withSpan<T>(
  name: string,
  opts: { kind?: SpanKind; attributes?: Attributes; parent?: TraceCarrier },
  fn: () => Promise<T>,
): Promise<T> {
  const api = otel;
  if (!api || !tracer) return fn();
  const parentContext = opts.parent ? api.propagation.extract(api.context.active(), opts.parent) : api.context.active();
  return tracer.startActiveSpan(name, { kind: kindOf(api, opts.kind), attributes: clean(opts.attributes) }, parentContext, async (span) => {
    try {
      return await fn();
    } catch (err) {
      failed(api, span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

/** A span for something synchronous and short (a socket emit). With tracing off it is `fn()`. */
export function withSpanSync<T>(name: string, opts: { kind?: SpanKind; attributes?: Attributes }, fn: () => T): T {
  const api = otel;
  if (!api || !tracer) return fn();
  return tracer.startActiveSpan(name, { kind: kindOf(api, opts.kind), attributes: clean(opts.attributes) }, (span) => {
    try {
      return fn();
    } catch (err) {
      failed(api, span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

/** The current trace context to carry in a job's data; undefined when tracing is off or no span is current. */
export function currentTraceCarrier(): TraceCarrier | undefined {
  const api = otel;
  if (!api) return undefined;
  const carrier: TraceCarrier = {};
  api.propagation.inject(api.context.active(), carrier);
  return carrier.traceparent ? carrier : undefined;
}

/**
 * A span that the caller ends (an HTTP request, which ends when its response is sent), made the
 * current one for everything `run` starts. With tracing off, `run` is called with a no-op handle.
 */
export function startSpanAround(
  name: string,
  opts: { kind?: SpanKind; attributes?: Attributes },
  run: (span: { setName(name: string): void; setAttributes(a: Attributes): void; end(error?: boolean): void }) => void,
): void {
  const api = otel;
  if (!api || !tracer) {
    run({ setName: () => undefined, setAttributes: () => undefined, end: () => undefined });
    return;
  }
  const span = tracer.startSpan(name, { kind: kindOf(api, opts.kind), attributes: clean(opts.attributes) });
  const handle = {
    setName: (n: string) => void span.updateName(n),
    setAttributes: (a: Attributes) => void span.setAttributes(clean(a)!),
    end: (error?: boolean) => {
      if (error) span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end();
    },
  };
  api.context.with(api.trace.setSpan(api.context.active(), span), () => run(handle));
}
