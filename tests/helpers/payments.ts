import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { paymentStatusJob } from '@gl/core/server';
import { startDarajaStub, startPaypalStub, type DarajaStub, type PaypalStub } from '@gl/simulators';
import { eventually } from './eventually';
import { freePort } from './process';
import { startTestServer, type TestServer } from './server';
import { connectSocket, type TestSocket } from './socket';
import { registerUser, type TestUser } from './users';

export const MPESA_SECRET = `cb_${randomBytes(12).toString('hex')}`;
export const MPESA_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
export const SHORTCODE = '174379';
export const WEBHOOK_ID = 'WH1TESTWEBHOOK';

export interface PaymentsHarness {
  server: TestServer;
  paypal: PaypalStub;
  daraja: DarajaStub;
  stop(): Promise<void>;
}

/** A Daraja stub with this suite's credentials. */
export const startTestDaraja = () =>
  startDarajaStub({ consumerKey: 'ck', consumerSecret: 'cs', shortcode: SHORTCODE, passkey: MPESA_PASSKEY });

/** The M-Pesa configuration that points a server at a Daraja stub; Daraja calls back to `callbackBase`. */
export function mpesaEnv(darajaUrl: string, callbackBase: string): Record<string, string> {
  return {
    MPESA_BASE_URL: darajaUrl,
    MPESA_CONSUMER_KEY: 'ck',
    MPESA_CONSUMER_SECRET: 'cs',
    MPESA_SHORTCODE: SHORTCODE,
    MPESA_PASSKEY,
    MPESA_CALLBACK_SECRET: MPESA_SECRET,
    MPESA_CALLBACK_BASE_URL: callbackBase,
  };
}

/** A real server (api + worker) whose PayPal and Daraja are local stubs speaking the real protocols. */
export async function startPaymentsHarness(env: Record<string, string> = {}): Promise<PaymentsHarness> {
  const paypal = await startPaypalStub({ clientId: 'pp-client', clientSecret: 'pp-secret', webhookId: WEBHOOK_ID });
  const daraja = await startTestDaraja();
  const port = await freePort();
  const server = await startTestServer({
    env: {
      PORT: String(port),
      PAYPAL_BASE_URL: paypal.url,
      PAYPAL_CLIENT_ID: 'pp-client',
      PAYPAL_CLIENT_SECRET: 'pp-secret',
      PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
      ...mpesaEnv(daraja.url, `http://127.0.0.1:${port}`),
      MPESA_KES_PER_USD: '129',
      MPESA_STATUS_DELAY_MS: '300',
      ...env,
    },
  });
  return {
    server,
    paypal,
    daraja,
    async stop() {
      await server.stop();
      await Promise.all([paypal.close(), daraja.close()]);
    },
  };
}

/** A payments harness for a test file, with the sockets its tests open closed afterwards. */
export interface PaymentsSuite {
  readonly server: TestServer;
  readonly paypal: PaypalStub;
  readonly daraja: DarajaStub;
  /** A socket signed in as `user`, closed after the file's tests. */
  socketFor(user: TestUser): Promise<TestSocket>;
  /** A newly registered user with a signed-in socket. */
  userWithSocket(): Promise<{ user: TestUser; socket: TestSocket }>;
}

/** Starts a payments harness before a file's tests and stops it (and its sockets) after them. */
export function usePaymentsHarness(env: Record<string, string> = {}): PaymentsSuite {
  let harness: PaymentsHarness | undefined;
  const sockets: TestSocket[] = [];
  const started = () => {
    if (!harness) throw new Error('the payments harness is not started yet');
    return harness;
  };
  beforeAll(async () => {
    harness = await startPaymentsHarness(env);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await harness?.stop();
  });
  const suite: PaymentsSuite = {
    get server() {
      return started().server;
    },
    get paypal() {
      return started().paypal;
    },
    get daraja() {
      return started().daraja;
    },
    async socketFor(user) {
      const socket = await connectSocket(started().server.url, { token: user.token });
      sockets.push(socket);
      return socket;
    },
    async userWithSocket() {
      const user = await registerUser(started().server);
      return { user, socket: await suite.socketFor(user) };
    },
  };
  return suite;
}

export async function rows<T = any>(server: TestServer, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await server.services.ctx.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function paymentRow(server: TestServer, id: string) {
  const [row] = await rows(server, sql`select * from payments where id = ${id}`);
  return row;
}

/** Completed payments and active subscriptions of a user: the invariants every race test checks. */
export async function billingCounts(server: TestServer, userId: string) {
  const [p] = await rows<{ n: number }>(
    server,
    sql`select count(*)::int as n from payments where user_id = ${userId} and status = 'completed'`,
  );
  const [s] = await rows<{ n: number }>(
    server,
    sql`select count(*)::int as n from subscriptions where user_id = ${userId} and status = 'active'`,
  );
  const [all] = await rows<{ n: number }>(server, sql`select count(*)::int as n from subscriptions where user_id = ${userId}`);
  return { completedPayments: p!.n, activeSubscriptions: s!.n, subscriptions: all!.n };
}

/** Waits for the delayed status job of a push to finish and returns what it decided. */
export async function statusJobResult(server: TestServer, paymentId: string, checkoutRequestID: string, timeoutMs = 20_000) {
  const queue = server.services.ctx.jobs.queues['payment-status'];
  const jobId = paymentStatusJob.jobId({ paymentId, checkoutRequestID });
  return eventually(
    async () => {
      const job = await queue.getJob(jobId);
      if (!job) return undefined;
      if ((await job.getState()) !== 'completed') return undefined;
      // Read it again: the copy fetched before the state check may predate the completion.
      const done = await queue.getJob(jobId);
      return (done?.returnvalue ?? undefined) as { outcome: string } | undefined;
    },
    timeoutMs,
    `status job ${jobId} completed`,
  );
}
