/**
 * One trace per generation (DESIGN.md §19): an api process and a worker process of the compiled
 * build, each sending OpenTelemetry spans over OTLP/HTTP to a receiver this test runs on loopback
 * (the api speaks protobuf, the worker JSON: both encodings of the real protocol). One generation
 * through HTTP -> queue -> worker -> provider -> PostgreSQL -> socket; its spans from both processes
 * share one trace id, linked parent to child across the queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterEnv, startRole, stopAll, type RoleProcess } from '../helpers/cluster';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { eventually } from '../helpers/eventually';
import { freePort } from '../helpers/process';
import { clearRedisPrefix, testPrefix, TEST_REDIS_URL } from '../helpers/redis';
import { apiRequest } from '../helpers/server';
import { connectSocket, recordEvents, type TestSocket } from '../helpers/socket';
import { registerUser } from '../helpers/users';
import { startOpenAiStub, type ChatStub } from '../stubs/openai.stub';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../stubs/otlp-receiver.stub';

const OPENAI_KEY = 'sk-test-stub-key';

let database: TestDatabase;
let prefix: string;
let receiver: OtlpReceiver;
let openai: ChatStub;
let api: RoleProcess;
let worker: RoleProcess;
let metricsPort: number;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  [database, receiver, openai] = await Promise.all([createTestDatabase(), startOtlpReceiver(), startOpenAiStub({ apiKey: OPENAI_KEY })]);
  openai.setBehaviour({ kind: 'ok' });
  prefix = testPrefix();
  metricsPort = await freePort();
  const env = {
    ...clusterEnv({ databaseUrl: database.url, redisUrl: TEST_REDIS_URL, prefix }),
    OPENAI_API_KEY: OPENAI_KEY,
    OPENAI_BASE_URL: `${openai.url}/v1`,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    // Export each batch a tenth of a second after its first span (the SDK's default is 5 s).
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
  api = await startRole('api', { ...env, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' });
  worker = await startRole('worker', { ...env, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', METRICS_PORT: String(metricsPort) });
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await stopAll([api, worker].filter(Boolean));
  await Promise.all([receiver?.close(), openai?.close()]);
  await clearRedisPrefix(prefix);
  await database?.drop();
});

const byName = (spans: ReceivedSpan[], name: string) => spans.filter((s) => s.name === name);

describe('OpenTelemetry across the api and the worker', () => {
  it('a generation is one trace: the request, the enqueue, the worker, its provider call, its statements and its socket emits', async () => {
    const user = await registerUser({ api: (path, init) => apiRequest(api.url, path, init) });
    const socket = await connectSocket(api.url, { token: user.token });
    sockets.push(socket);
    const events = recordEvents(socket, ['generation:completed']);
    const res = await apiRequest(api.url, '/lines/generate', {
      token: user.token,
      body: { category: 'taglines', tone: 'bold', topic: 'Kahawa' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const id = res.body.data.generation.id as string;
    await eventually(async () => events.some((e) => e.payload.id === id), 30_000, 'generation:completed');

    // The request's server span, in the api's service, named by its route.
    const request = await eventually(
      async () => receiver.spans.find((s) => s.name === 'POST /api/lines/generate' && s.attributes['http.response.status_code'] === 202),
      15_000,
      'the api exported the request span',
    );
    expect(request.service).toBe('genius-lines-api');
    expect(request.kind).toBe(2);
    const trace = () => receiver.spans.filter((s) => s.traceId === request.traceId);
    // The worker's part arrives in its own exports: wait for its last span.
    await eventually(
      async () => byName(trace(), 'socket.emit generation:completed').length > 0,
      15_000,
      "the worker's spans in the same trace",
    );
    const spans = trace();
    const services = new Set(spans.map((s) => s.service));
    expect([...services].sort()).toEqual(['genius-lines-api', 'genius-lines-worker']);

    // api: the enqueue (producer) under the request, and the statement that recorded the generation.
    const [enqueue] = byName(spans, 'generation enqueue');
    expect(enqueue).toMatchObject({ service: 'genius-lines-api', kind: 4, attributes: { 'messaging.message.id': id } });
    expect(spans.some((s) => s.service === 'genius-lines-api' && s.name.startsWith('db ') && s.kind === 3)).toBe(true);

    // worker: the job (consumer) is the enqueue's child across the queue; the rest are the job's.
    const jobs = byName(spans, 'generation process');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ service: 'genius-lines-worker', kind: 5, parentSpanId: enqueue!.spanId });
    const inWorker = spans.filter((s) => s.service === 'genius-lines-worker');
    const provider = byName(inWorker, 'provider openai');
    expect(provider).toHaveLength(1);
    expect(provider[0]!.parentSpanId).toBe(jobs[0]!.spanId);
    expect(inWorker.filter((s) => s.name.startsWith('db ')).length).toBeGreaterThanOrEqual(2);
    for (const event of ['generation:started', 'generation:completed']) expect(byName(inWorker, `socket.emit ${event}`)).toHaveLength(1);
    // Every span's parent is in the trace (one tree), the request span its root.
    const ids = new Set(spans.map((s) => s.spanId));
    for (const s of spans) if (s !== request) expect(ids.has(s.parentSpanId), `${s.name}'s parent`).toBe(true);

    // Both encodings of OTLP/HTTP were spoken (the api's protobuf, the worker's JSON).
    expect([...receiver.contentTypes].sort()).toEqual(['application/json', 'application/x-protobuf']);
    // The M-Pesa callback's secret and the like never reach a span: names carry route patterns only.
    expect(receiver.spans.every((s) => !s.name.includes(user.token))).toBe(true);
  }, 60_000);

  it("the worker's liveness route answers without asking any dependency, and its metrics count the queue's jobs", async () => {
    const live = await fetch(`http://127.0.0.1:${metricsPort}/livez`);
    expect(live.status).toBe(200);
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/gl_queue_jobs\{queue="generation",state="waiting"\} 0\n/);
    expect(metrics).toMatch(/gl_queue_jobs\{queue="generation",state="active"\} \d+\n/);
  });
});
