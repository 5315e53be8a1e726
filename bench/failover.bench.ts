/**
 * npm run bench:failover
 *
 * The Redis failover at the load: a primary, a replica and three sentinels of Debian's
 * redis-server (down-after-milliseconds 5000), 2 api + 2 worker processes over Sentinel,
 * FAILOVER_RATE generations a second (default 30) with FAILOVER_SOCKETS sockets open (default 100,
 * over FAILOVER_USERS business users, default 20), an M-Pesa payment waiting for its status check
 * and one whose callback arrives mid-failover; the primary is SIGKILLed.
 *
 * Prints: the answers by status, when the sentinels promoted the replica, the 503 window (first
 * 503 to the end of the last), the slowest answer, duplicates, sockets that heard their later
 * event, the payments, and processes that exited. Exits 1 if anything was lost, duplicated,
 * answered other than 202/503, or the window exceeded 15 s (the target).
 */
import { describeFailover, runFailover } from '@gl/tests/helpers/failover';

const RATE = Number(process.env.FAILOVER_RATE ?? 30);
const SOCKETS = Number(process.env.FAILOVER_SOCKETS ?? 100);
const USERS = Number(process.env.FAILOVER_USERS ?? 20);

const run = await runFailover({ ratePerSecond: RATE, sockets: SOCKETS, users: USERS, afterMs: 10_000, log: (l) => console.log(l) });
const r = run.report;
try {
  console.log(`\nRedis failover at ${RATE} generations/s, ${SOCKETS} sockets\n${describeFailover(r)}`);
  const bad =
    r.answers.some((a) => a.status !== 202 && a.status !== 503) ||
    r.duplicates > 0 ||
    r.socketsHearingAfter < r.socketsTotal ||
    r.payment.queries !== 1 ||
    r.payment.subscriptions !== 1 ||
    r.callbackPayment.subscriptions !== 1 ||
    r.exitedProcesses > 0 ||
    (r.window?.lengthMs ?? 0) > 15_000;
  process.exitCode = bad ? 1 : 0;
} finally {
  await run.stop();
}
