import { performance } from 'node:perf_hooks';
import type { DarajaStub } from '@gl/simulators';
import { startCluster, type Cluster } from './cluster';
import { eventually } from './eventually';
import { mpesaEnv, startTestDaraja } from './payments';
import { apiClient, type ApiClient } from './server';
import { startSentinelSet, type SentinelSet } from './sentinel';
import { connectSocket, type TestSocket } from './socket';
import { grantPlan, registerUser, type TestUser } from './users';

/**
 * The Redis failover scenario, shared by tests/integration/redis-failover.test.ts (modest load) and
 * bench/failover.bench.ts (the issue's load): a primary, a replica and three sentinels
 * (down-after-milliseconds 5000); 2 api + 2 worker processes over Sentinel; a steady stream of
 * generations on both apis with sockets open; an M-Pesa payment whose status check is due during
 * the failover (its callback lost), and a second payment whose callback arrives during it. Then
 * SIGKILL the primary and record every answer.
 */
export interface FailoverOptions {
  ratePerSecond: number;
  sockets: number;
  users: number;
  /** How long the stream runs before the kill, and after the api answers 202 again. */
  beforeMs?: number;
  afterMs?: number;
  log?: (line: string) => void;
}

export interface Answer {
  at: number;
  api: number;
  status: number | 'hang' | 'error';
  code?: string;
  id?: string;
  ms: number;
}

export interface FailoverReport {
  answers: Answer[];
  /** The ids answered 202. */
  accepted: string[];
  /** Ids answered 503 (their rows withdrawn). */
  refused: number;
  /** ms from the kill to the first and after the last 503 (null when none). */
  window: { firstMs: number; lastMs: number; lengthMs: number } | null;
  /** ms from the kill until the sentinels named the replica. */
  promotedMs: number;
  /** Completion events each socket heard per generation id (more than 1 is a duplicate). */
  duplicates: number;
  /** Sockets that heard the completion of the generation made for their user after the failover. */
  socketsHearingAfter: number;
  socketsTotal: number;
  /** Every socket disconnect seen (reason), and whether each came back. */
  disconnects: string[];
  socketsConnectedAtEnd: number;
  payment: { queries: number; status: string; subscriptions: number };
  callbackPayment: { callbackStatuses: number[]; status: string; subscriptions: number };
  cluster: Cluster;
  exitedProcesses: number;
}

export interface FailoverRun {
  report: FailoverReport;
  stop(): Promise<void>;
}

const GEN_BODY = (i: number) => ({ category: 'taglines', tone: 'bold', topic: `Kahawa ${i}`, count: 4 });

export async function runFailover(opts: FailoverOptions): Promise<FailoverRun> {
  const log = opts.log ?? (() => undefined);
  let set: SentinelSet | undefined;
  let daraja: DarajaStub | undefined;
  let cluster: Cluster | undefined;
  const sockets: TestSocket[] = [];
  const stop = async () => {
    for (const s of sockets) s.disconnect();
    await cluster?.stop();
    await set?.stop();
    await daraja?.close();
  };
  try {
    set = await startSentinelSet({ replicas: 1, sentinels: 3, downAfterMs: 5000, failoverTimeoutMs: 5000 });
    daraja = await startTestDaraja();
    const sentinels = set.sentinels;
    const d = daraja;
    cluster = await startCluster({
      apis: 2,
      workers: 2,
      env: ({ apiUrls }) => ({
        REDIS_SENTINELS: sentinels,
        REDIS_SENTINEL_NAME: set!.name,
        ...mpesaEnv(d.url, apiUrls[1]!),
        // The status check of the first payment falls due during the failover.
        MPESA_STATUS_DELAY_MS: '12000',
        RECONCILE_INTERVAL_MS: '2000',
        RECONCILE_GRACE_MS: '8000',
        GENERATE_RATE_LIMIT_PER_USER: '1000000',
        GENERATE_RATE_LIMIT_PER_IP: '1000000',
        SOCKET_CONNECTIONS_PER_IP: '100000',
      }),
    });
    const c = cluster;
    const apis: ApiClient[] = c.apis.map((p) => apiClient(p.url));
    log(`cluster up: 2 api + 2 worker over sentinels ${sentinels} (primary ${set.primaryPort}, replica ${set.replicaPorts[0]})`);

    const users: TestUser[] = [];
    for (let i = 0; i < opts.users; i++) {
      const u = await registerUser(apis[i % 2]!);
      await grantPlan(c.database, u.id, 'business');
      users.push(u);
    }
    // Sockets spread over the users and both apis; they reconnect by themselves.
    const heard: Array<Map<string, number>> = [];
    const disconnects: string[] = [];
    for (let i = 0; i < opts.sockets; i++) {
      const user = users[i % users.length]!;
      const s = await connectSocket(c.apis[i % 2]!.url, { token: user.token });
      s.io.reconnection(true);
      const counts = new Map<string, number>();
      s.on('generation:completed', (p: { id: string }) => counts.set(p.id, (counts.get(p.id) ?? 0) + 1));
      s.on('disconnect', (reason) => disconnects.push(reason));
      sockets.push(s);
      heard.push(counts);
    }
    log(`${opts.sockets} sockets open for ${opts.users} users`);

    // Payment 1: waits for its status check (the callback is lost; the query says paid).
    const payer = users[0]!;
    d.loseCallbacks(true);
    const push1 = await apis[0]!.api('/payments/mpesa/stk-push', {
      token: payer.token,
      body: { planId: 'pro', interval: 'month', phoneNumber: '0712345678' },
    });
    if (push1.status !== 200) throw new Error(`stk push: ${push1.status} ${JSON.stringify(push1.body)}`);
    d.setOutcome(push1.body.data.checkoutRequestID, { resultCode: '0' });
    // Payment 2: its callback will arrive during the failover.
    const buyer = users[1 % users.length]!;
    const push2 = await apis[1]!.api('/payments/mpesa/stk-push', {
      token: buyer.token,
      body: { planId: 'pro', interval: 'month', phoneNumber: '0712345679' },
    });
    if (push2.status !== 200) throw new Error(`stk push 2: ${push2.status} ${JSON.stringify(push2.body)}`);

    // The stream: one generation every 1000/rate ms, alternating apis, open loop.
    const answers: Answer[] = [];
    const inFlight = new Set<Promise<void>>();
    let n = 0;
    let killAt = Number.POSITIVE_INFINITY;
    let streaming = true;
    const send = (i: number) => {
      const apiIndex = i % 2;
      const user = users[i % users.length]!;
      const started = performance.now();
      const p = fetch(`${c.apis[apiIndex]!.url}/api/lines/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify(GEN_BODY(i)),
        // A request still unanswered after 30 s counts as a hang.
        signal: AbortSignal.timeout(30_000),
      })
        .then(async (res) => {
          const body = (await res.json().catch(() => undefined)) as any;
          answers.push({
            at: started,
            api: apiIndex,
            status: res.status,
            code: body?.code,
            id: body?.data?.generation?.id,
            ms: performance.now() - started,
          });
        })
        .catch((err: Error) => {
          answers.push({
            at: started,
            api: apiIndex,
            status: err.name === 'TimeoutError' ? 'hang' : 'error',
            ms: performance.now() - started,
          });
        })
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    };
    const interval = 1000 / opts.ratePerSecond;
    const t0 = performance.now();
    const pump = (async () => {
      while (streaming) {
        send(n++);
        const next = t0 + n * interval;
        await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
      }
    })();

    await new Promise((r) => setTimeout(r, opts.beforeMs ?? 4000));
    killAt = performance.now();
    await set.killPrimary();
    log(`primary ${set.primaryPort} SIGKILLed`);

    // Payment 2's callback arrives now, during the failover; retried like Daraja while answered 5xx.
    const callbackStatuses: number[] = [];
    const callbackDone = (async () => {
      await new Promise((r) => setTimeout(r, 2000));
      for (let i = 0; i < 30; i++) {
        const res = await d.fireCallback(push2.body.data.checkoutRequestID, 0).catch(() => ({ status: 0 }));
        callbackStatuses.push(res.status);
        if (res.status === 200) return;
        await new Promise((r) => setTimeout(r, 1000));
      }
    })();

    // The sentinels promote the replica.
    const promoted = await eventually(
      async () => ((await set!.masterPort()) === set!.replicaPorts[0] ? performance.now() : undefined),
      60_000,
      'replica promoted',
    );
    const promotedMs = promoted - killAt;
    log(`sentinels promoted the replica after ${Math.round(promotedMs)} ms`);
    // Back: the apis accept again; then run on for a while.
    await eventually(
      async () =>
        answers.some((a) => a.at > promoted && a.status === 202 && a.api === 0) &&
        answers.some((a) => a.at > promoted && a.status === 202 && a.api === 1),
      60_000,
      'both apis accept again',
    ).catch((err: Error) => {
      // Say what each api answered since the promotion, and what it printed, so a failure explains itself.
      const since = answers.filter((a) => a.at > promoted);
      const tally = [0, 1].map((api) => {
        const counts = new Map<string, number>();
        for (const a of since.filter((x) => x.api === api))
          counts.set(`${a.status}${a.code ? ` ${a.code}` : ''}`, (counts.get(`${a.status}${a.code ? ` ${a.code}` : ''}`) ?? 0) + 1);
        return `api ${api}: ${[...counts].map(([k, v]) => `${k} ×${v}`).join(', ') || 'no answer'}\n${c.apis[api]!.handle.output().slice(-3000)}`;
      });
      throw new Error(`${err.message}\n${tally.join('\n')}`);
    });
    await new Promise((r) => setTimeout(r, opts.afterMs ?? 5000));
    streaming = false;
    await pump;
    await Promise.all([...inFlight]);
    await callbackDone;
    log(`stream stopped: ${answers.length} requests`);

    const accepted = answers.filter((a) => a.status === 202).map((a) => a.id!);
    const refused = answers.filter((a) => a.status === 503);
    const window =
      refused.length === 0
        ? null
        : (() => {
            const first = Math.min(...refused.map((a) => a.at)) - killAt;
            const last = Math.max(...refused.map((a) => a.at + a.ms)) - killAt;
            return { firstMs: Math.round(first), lastMs: Math.round(last), lengthMs: Math.round(last - first) };
          })();

    // PostgreSQL is the judge: every accepted generation completes (the reconciler re-enqueues what Redis lost).
    const ids = accepted;
    await eventually(
      async () => {
        const rows = await c.database.query<{ n: number }>(
          `select count(*)::int as n from generations where id = any($1) and status = 'completed'`,
          [ids],
        );
        return rows[0]!.n === ids.length;
      },
      120_000,
      'every accepted generation completed',
    );

    // Later events: one generation per user after the failover; every socket of the user hears it.
    const after: string[] = [];
    for (const [i, user] of users.entries()) {
      const res = await apis[i % 2]!.api('/lines/generate', { token: user.token, body: GEN_BODY(100000 + i) });
      if (res.status !== 202) throw new Error(`generate after the failover: ${res.status} ${JSON.stringify(res.body)}`);
      after.push(res.body.data.generation.id);
    }
    const hearsAfter = (i: number) => heard[i]!.has(after[i % users.length]!);
    await eventually(async () => sockets.every((_, i) => hearsAfter(i)), 60_000, 'every socket hears its later event').catch(
      () => undefined,
    );
    await new Promise((r) => setTimeout(r, 1000)); // a duplicate would arrive here

    // The payment waiting for its check: settled once, one query.
    const payment1 = push1.body.data.paymentId as string;
    await eventually(
      async () =>
        (await c.database.query<{ status: string }>(`select status from payments where id = $1`, [payment1]))[0]?.status === 'completed',
      90_000,
      'payment 1 completed by its status check',
    );
    const payment2 = push2.body.data.paymentId as string;
    await eventually(
      async () =>
        (await c.database.query<{ status: string }>(`select status from payments where id = $1`, [payment2]))[0]?.status === 'completed',
      90_000,
      'payment 2 completed by its callback',
    );
    await new Promise((r) => setTimeout(r, 1000));
    const statusOf = async (id: string) =>
      (await c.database.query<{ status: string }>(`select status from payments where id = $1`, [id]))[0]!.status;
    const subsOf = async (userId: string) =>
      (
        await c.database.query<{ n: number }>(`select count(*)::int as n from subscriptions where user_id = $1 and plan_id = 'pro'`, [
          userId,
        ])
      )[0]!.n;

    let duplicates = 0;
    for (const counts of heard) for (const v of counts.values()) if (v > 1) duplicates++;
    const report: FailoverReport = {
      answers,
      accepted,
      refused: refused.length,
      window,
      promotedMs: Math.round(promotedMs),
      duplicates,
      socketsHearingAfter: sockets.filter((_, i) => hearsAfter(i)).length,
      socketsTotal: sockets.length,
      disconnects,
      socketsConnectedAtEnd: sockets.filter((s) => s.connected).length,
      payment: {
        queries: d.queriesFor(push1.body.data.checkoutRequestID),
        status: await statusOf(payment1),
        subscriptions: await subsOf(payer.id),
      },
      callbackPayment: { callbackStatuses, status: await statusOf(payment2), subscriptions: await subsOf(buyer.id) },
      cluster: c,
      exitedProcesses: c.processes.filter((p) => p.handle.child.exitCode !== null || p.handle.child.signalCode !== null).length,
    };
    return { report, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The figures a run prints. */
export function describeFailover(r: FailoverReport): string {
  const by = (s: Answer['status']) => r.answers.filter((a) => a.status === s).length;
  const w = r.window
    ? `${r.window.lengthMs} ms (from the first request answered 503, sent at ${r.window.firstMs} ms, to the last, answered at ${r.window.lastMs} ms; the kill at 0)`
    : 'none';
  return [
    `requests: ${r.answers.length} (202: ${by(202)}, 503: ${by(503)}, 500: ${by(500)}, hang: ${by('hang')}, error: ${by('error')})`,
    `sentinels promoted the replica ${r.promotedMs} ms after the kill`,
    `503 window: ${w}`,
    `slowest answer: ${Math.round(Math.max(...r.answers.map((a) => a.ms)))} ms`,
    `accepted generations: ${r.accepted.length}, all completed; duplicate deliveries: ${r.duplicates}`,
    `sockets hearing their later event: ${r.socketsHearingAfter}/${r.socketsTotal}; disconnects: ${r.disconnects.length}; connected at the end: ${r.socketsConnectedAtEnd}`,
    `payment waiting for its check: ${r.payment.status}, ${r.payment.queries} status query, ${r.payment.subscriptions} subscription`,
    `payment with a callback mid-failover: callback answers [${r.callbackPayment.callbackStatuses.join(', ')}], ${r.callbackPayment.status}, ${r.callbackPayment.subscriptions} subscription`,
    `processes exited: ${r.exitedProcesses}`,
  ].join('\n');
}
