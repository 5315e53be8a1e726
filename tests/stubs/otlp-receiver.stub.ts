import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One span as the receiver understood it, with the service that sent it. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
}

export interface OtlpReceiver {
  /** OTEL_EXPORTER_OTLP_ENDPOINT for the processes (they post to `${url}/v1/traces`). */
  url: string;
  spans: ReceivedSpan[];
  /** Content types of the trace exports received: which protocol each sender spoke. */
  contentTypes: Set<string>;
  close(): Promise<void>;
}

/**
 * An OpenTelemetry collector's OTLP/HTTP trace endpoint on 127.0.0.1: POST /v1/traces with an
 * ExportTraceServiceRequest as protobuf (`application/x-protobuf`) or JSON (`application/json`),
 * gzip or not, answered 200 with an empty ExportTraceServiceResponse. Other signals (metrics,
 * logs) are accepted and ignored.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const contentTypes = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim();
      if (req.method === 'POST' && req.url === '/v1/traces') {
        try {
          if (type === 'application/json') spans.push(...fromJson(JSON.parse(body.toString('utf8'))));
          else if (type === 'application/x-protobuf') spans.push(...fromProtobuf(body));
          else throw new Error(`unsupported content type ${type}`);
          contentTypes.add(type);
        } catch (err) {
          res.writeHead(400, { 'content-type': 'text/plain' }).end((err as Error).message);
          return;
        }
      }
      if (type === 'application/json') res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      else res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    contentTypes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type JsonValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type JsonKeyValue = { key: string; value: JsonValue };

function jsonAttributes(list: JsonKeyValue[] | undefined): ReceivedSpan['attributes'] {
  const out: ReceivedSpan['attributes'] = {};
  for (const { key, value } of list ?? []) {
    const v =
      value.stringValue ?? value.boolValue ?? value.doubleValue ?? (value.intValue !== undefined ? Number(value.intValue) : undefined);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** OTLP/JSON: ids are hex strings (the OTLP JSON mapping), enums numbers. */
function fromJson(request: {
  resourceSpans?: Array<{
    resource?: { attributes?: JsonKeyValue[] };
    scopeSpans?: Array<{
      spans?: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string; kind?: number; attributes?: JsonKeyValue[] }>;
    }>;
  }>;
}): ReceivedSpan[] {
  return (request.resourceSpans ?? []).flatMap((rs) => {
    const service = String(jsonAttributes(rs.resource?.attributes)['service.name'] ?? '');
    return (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((s) => ({
        service,
        traceId: s.traceId.toLowerCase(),
        spanId: s.spanId.toLowerCase(),
        parentSpanId: (s.parentSpanId ?? '').toLowerCase(),
        name: s.name,
        kind: s.kind ?? 0,
        attributes: jsonAttributes(s.attributes),
      })),
    );
  });
}

/** Protocol-buffer wire format: the fields of one message, in order (field number, wire type, value). */
function* fields(buf: Buffer): Generator<[number, number, Buffer | bigint]> {
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = buf[at++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
    }
  };
  while (at < buf.length) {
    const key = Number(varint());
    const field = key >>> 3;
    const wire = key & 7;
    if (wire === 0) yield [field, wire, varint()];
    else if (wire === 1) {
      yield [field, wire, buf.subarray(at, at + 8)];
      at += 8;
    } else if (wire === 2) {
      const length = Number(varint());
      yield [field, wire, buf.subarray(at, at + length)];
      at += length;
    } else if (wire === 5) {
      yield [field, wire, buf.subarray(at, at + 4)];
      at += 4;
    } else throw new Error(`unsupported protobuf wire type ${wire}`);
  }
}

const bytesOf = (v: Buffer | bigint) => v as Buffer;

/** AnyValue: 1 string_value, 2 bool_value, 3 int_value, 4 double_value. */
function protoValue(buf: Buffer): string | number | boolean | undefined {
  for (const [field, wire, v] of fields(buf)) {
    if (field === 1 && wire === 2) return bytesOf(v).toString('utf8');
    if (field === 2 && wire === 0) return (v as bigint) !== 0n;
    if (field === 3 && wire === 0) return Number(v as bigint);
    if (field === 4 && wire === 1) return bytesOf(v).readDoubleLE(0);
  }
  return undefined;
}

/** KeyValue: 1 key, 2 value. */
function protoAttributes(list: Buffer[]): ReceivedSpan['attributes'] {
  const out: ReceivedSpan['attributes'] = {};
  for (const kv of list) {
    let key = '';
    let value: string | number | boolean | undefined;
    for (const [field, , v] of fields(kv)) {
      if (field === 1) key = bytesOf(v).toString('utf8');
      if (field === 2) value = protoValue(bytesOf(v));
    }
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * ExportTraceServiceRequest { 1 resource_spans }; ResourceSpans { 1 resource, 2 scope_spans };
 * Resource { 1 attributes }; ScopeSpans { 2 spans }; Span { 1 trace_id, 2 span_id, 4 parent_span_id,
 * 5 name, 6 kind, 9 attributes } (opentelemetry/proto/trace/v1/trace.proto).
 */
function fromProtobuf(body: Buffer): ReceivedSpan[] {
  const out: ReceivedSpan[] = [];
  for (const [field, , resourceSpans] of fields(body)) {
    if (field !== 1) continue;
    let service = '';
    const scopeSpans: Buffer[] = [];
    for (const [f, , v] of fields(bytesOf(resourceSpans))) {
      if (f === 1) {
        const attrs: Buffer[] = [];
        for (const [rf, , rv] of fields(bytesOf(v))) if (rf === 1) attrs.push(bytesOf(rv));
        service = String(protoAttributes(attrs)['service.name'] ?? '');
      }
      if (f === 2) scopeSpans.push(bytesOf(v));
    }
    for (const ss of scopeSpans) {
      for (const [f, , spanBytes] of fields(ss)) {
        if (f !== 2) continue;
        const span: ReceivedSpan = { service, traceId: '', spanId: '', parentSpanId: '', name: '', kind: 0, attributes: {} };
        const attrs: Buffer[] = [];
        for (const [sf, , sv] of fields(bytesOf(spanBytes))) {
          if (sf === 1) span.traceId = bytesOf(sv).toString('hex');
          else if (sf === 2) span.spanId = bytesOf(sv).toString('hex');
          else if (sf === 4) span.parentSpanId = bytesOf(sv).toString('hex');
          else if (sf === 5) span.name = bytesOf(sv).toString('utf8');
          else if (sf === 6) span.kind = Number(sv as bigint);
          else if (sf === 9) attrs.push(bytesOf(sv));
        }
        span.attributes = protoAttributes(attrs);
        out.push(span);
      }
    }
  }
  return out;
}
