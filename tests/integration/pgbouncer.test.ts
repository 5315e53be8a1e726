/**
 * The product through Debian's PgBouncer in transaction mode (DESIGN.md §19): a server connection
 * belongs to a client for one transaction only, so nothing may rely on session state (named
 * statements, session advisory locks, SET, LISTEN). Two servers (api + worker, and a second worker)
 * with DB_POOL_MAX 4 each share 3 server connections: 8 client connections on 3. The main flows run
 * through it; then PgBouncer restarts under load: 503 while it is away (never a 500), recovery by
 * itself, and no write half-made (the quota charge and the generations it paid for, all or none).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcToday } from '@gl/core';
import { startDarajaStub, startPaypalStub, type DarajaStub, type PaypalStub } from '@gl/simulators';
import { payWithMpesa, payWithPaypal } from '../helpers/billing';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { eventually } from '../helpers/eventually';
import { MPESA_PASSKEY, mpesaEnv, WEBHOOK_ID, type PaymentsHarness } from '../helpers/payments';
import { startPgbouncer, type PgBouncer } from '../helpers/pgbouncer';
import { freePort, REPO_ROOT } from '../helpers/process';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, nextEvent, recordEvents, type TestSocket } from '../helpers/socket';
import { inviteAndJoin, ownerWithTeam } from '../helpers/teams';
import { grantPlan, registerUser, type TestUser } from '../helpers/users';
import { startSmtpStub, type SmtpStub } from '../stubs/smtp.stub';

const POOL_SIZE = 3;
const DB_POOL_MAX = 4;

let database: TestDatabase;
let bouncer: PgBouncer;
let server: TestServer;
let secondWorker: TestServer;
let paypal: PaypalStub;
let daraja: DarajaStub;
let smtp: SmtpStub;
let harness: PaymentsHarness;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  bouncer = await startPgbouncer({ poolSize: POOL_SIZE });
  paypal = await startPaypalStub({ clientId: 'pp-client', clientSecret: 'pp-secret', webhookId: WEBHOOK_ID });
  daraja = await startDarajaStub({ consumerKey: 'ck', consumerSecret: 'cs', shortcode: '174379', passkey: MPESA_PASSKEY });
  smtp = await startSmtpStub();
  const port = await freePort();
  const env = {
    DATABASE_URL: bouncer.urlFor(database.url),
    // Migrations take a lock for their whole run: they go straight to PostgreSQL.
    DATABASE_MIGRATION_URL: database.url,
    // PgBouncer 1.18 (Debian 12) keeps no prepared statements across transactions.
    DB_PREPARED_STATEMENTS: 'false',
    DB_POOL_MAX: String(DB_POOL_MAX),
    PAYPAL_BASE_URL: paypal.url,
    PAYPAL_CLIENT_ID: 'pp-client',
    PAYPAL_CLIENT_SECRET: 'pp-secret',
    PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
    ...mpesaEnv(daraja.url, `http://127.0.0.1:${port}`),
    MPESA_STATUS_DELAY_MS: '300',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Genius Lines <hello@geniuslines.test>',
    GENERATE_RATE_LIMIT_PER_USER: '1000',
    GENERATE_RATE_LIMIT_PER_IP: '1000',
    RECONCILE_INTERVAL_MS: '1000',
    RECONCILE_GRACE_MS: '2000',
  };
  server = await startTestServer({ database, env: { ...env, PORT: String(port) } });
  secondWorker = await startTestServer({ database, prefix: server.prefix, roles: ['worker'], env });
  harness = { server, paypal, daraja, stop: async () => undefined };
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await secondWorker?.stop().catch(() => undefined);
  await server?.stop().catch(() => undefined);
  await Promise.all([paypal?.close(), daraja?.close(), smtp?.close(), bouncer?.close()]);
  await database?.drop();
});

async function socketFor(user: TestUser): Promise<TestSocket> {
  const socket = await connectSocket(server.url, { token: user.token });
  sockets.push(socket);
  return socket;
}

async function generate(user: TestUser, socket: TestSocket, topic: string) {
  const events = recordEvents(socket, ['generation:completed']);
  const res = await server.api('/lines/generate', { token: user.token, body: { category: 'taglines', tone: 'bold', topic } });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const id = res.body.data.generation.id as string;
  const found = await eventually(async () => events.find((e) => e.payload.id === id), 30_000, `generation ${id} completed`);
  return found.payload as { id: string; lines: string[] };
}

/** The generate points charged to a user today and the generations recorded for them. */
async function chargedAndRecorded(userId: string) {
  const [row] = await database.query<{ charged: number; recorded: number; open: number; completed: number }>(
    `select coalesce((select sum(count) from usage_daily where subject = $2), 0)::int as charged,
            (select count(*) from generations where user_id = $1)::int as recorded,
            (select count(*) from generations where user_id = $1 and status not in ('completed', 'failed'))::int as open,
            (select count(*) from generations where user_id = $1 and status = 'completed' and jsonb_array_length(lines) > 0)::int as completed`,
    [userId, `user-${userId}`],
  );
  return row!;
}

describe('through PgBouncer in transaction mode (pool of 3 for 2 processes × DB_POOL_MAX 4)', () => {
  it('really goes through PgBouncer: 40 requests at once reach PostgreSQL on at most its 3 server connections', async () => {
    expect(new URL(server.config.DATABASE_URL!).port).toBe(String(bouncer.port));
    const user = await registerUser(server);
    const answers = await Promise.all(Array.from({ length: 40 }, () => server.api('/auth/me', { token: user.token })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // PgBouncer keeps its server connections open after the burst; PostgreSQL never saw more than the pool.
    const [row] = await database.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    expect(row!.n).toBeGreaterThanOrEqual(1);
    expect(row!.n).toBeLessThanOrEqual(POOL_SIZE);
  });

  it('sign-up, sign-in, generate, save: the hot prepared queries work on whichever server connection comes', async () => {
    const user = await registerUser(server);
    const socket = await socketFor(user);
    // Several generations at once: their statements interleave over the 3 server connections.
    const results = await Promise.all(['Kahawa', 'Chai', 'Mandazi'].map((topic) => generate(user, socket, topic)));
    for (const r of results) expect(r.lines.length).toBeGreaterThan(0);
    const signIn = await server.api('/auth/login', { body: { email: user.email, password: user.password } });
    expect(signIn.status).toBe(200);
    const saved = await server.api('/lines/save', {
      token: user.token,
      body: { text: results[0]!.lines[0], category: 'taglines', tone: 'bold' },
      headers: { 'Idempotency-Key': randomBytes(8).toString('hex') },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const library = await server.api('/lines/saved', { token: user.token });
    expect(library.body.data.savedLines.map((l: { text: string }) => l.text)).toEqual([results[0]!.lines[0]]);
    expect(await chargedAndRecorded(user.id)).toEqual({ charged: 3, recorded: 3, open: 0, completed: 3 });
  }, 60_000);

  it('pays with PayPal and with M-Pesa (callback and the status check): one payment, one subscription each', async () => {
    const buyer = await registerUser(server);
    const paid = await payWithPaypal(harness, buyer, 'pro');
    expect(paid.payment.status).toBe('completed');
    const mpesaBuyer = await registerUser(server);
    const mpesa = await payWithMpesa(harness, mpesaBuyer, 'business');
    expect(mpesa.payment.status).toBe('completed');
    for (const u of [buyer, mpesaBuyer]) {
      const [counts] = await database.query<{ payments: number; subscriptions: number }>(
        `select (select count(*) from payments where user_id = $1 and status = 'completed')::int as payments,
                (select count(*) from subscriptions where user_id = $1 and status = 'active')::int as subscriptions`,
        [u.id],
      );
      expect(counts).toEqual({ payments: 1, subscriptions: 1 });
    }
    const billing = await server.api('/billing', { token: mpesaBuyer.token });
    expect(billing.status).toBe(200);
  }, 60_000);

  it('invites a teammate by e-mail, who joins; and runs a campaign to the end', async () => {
    const { owner, teamId } = await ownerWithTeam(server, database);
    const mate = await registerUser(server, { name: 'Mate' });
    await inviteAndJoin(server, smtp, teamId, owner, mate);
    const team = await server.api('/teams/current', { token: mate.token });
    expect(team.status).toBe(200);
    expect(JSON.stringify(team.body.data)).toContain(teamId);
    expect(JSON.stringify(team.body.data)).toContain(mate.email);

    const planner = await registerUser(server);
    await grantPlan(database, planner.id, 'pro');
    const socket = await socketFor(planner);
    const finished = nextEvent(socket, 'campaign:completed', () => true, 60_000);
    const res = await server.api('/campaigns', {
      token: planner.token,
      body: { startsOn: utcToday(), days: 2, platforms: ['sms'], tone: 'bold' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await finished;
    const campaign = (await server.api(`/campaigns/${res.body.data.id}`, { token: planner.token })).body.data;
    expect(campaign.status).toBe('completed');
    expect(campaign.lines.every((l: { status: string }) => l.status === 'completed')).toBe(true);
  }, 90_000);

  it('PgBouncer restarting: 503 UNAVAILABLE while it is away (never a 500), recovery by itself, no half-made writes', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => registerUser(server)));
    const fire = () =>
      Promise.all(
        users.map((u, i) =>
          server.api('/lines/generate', { token: u.token, body: { category: 'taglines', tone: 'bold', topic: `T${i}` } }),
        ),
      );
    // Requests in flight as PgBouncer goes, then requests while it is away.
    const inFlight = fire();
    await bouncer.stop();
    const during = await fire();
    const me = await server.api('/auth/me', { token: users[0]!.token });
    const statuses = [...(await inFlight), ...during, me].map((r) => r.status);
    expect(
      statuses.filter((s) => s !== 202 && s !== 200 && s !== 503),
      JSON.stringify(statuses),
    ).toEqual([]);
    expect(me.status).toBe(503);
    expect(me.body).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    expect(during.every((r) => r.status === 503)).toBe(true);

    await bouncer.start();
    await eventually(
      async () => (await server.api('/auth/me', { token: users[0]!.token })).status === 200,
      30_000,
      'the api answering again',
    );
    const again = await fire();
    expect(again.map((r) => r.status)).toEqual(users.map(() => 202));

    // Every generation recorded was charged and every charge recorded (one statement: all or none),
    // and each recorded generation finishes (the worker's retries and the reconciler), none left half-done.
    for (const u of users) {
      const state = await eventually(
        async () => {
          const s = await chargedAndRecorded(u.id);
          return s.open === 0 ? s : undefined;
        },
        60_000,
        `the generations of ${u.email} finished`,
      );
      expect(state.charged).toBe(state.recorded);
      expect(state.completed).toBe(state.recorded);
      expect(state.recorded).toBeGreaterThanOrEqual(1);
    }
  }, 120_000);
});

describe('the migration command (the Kubernetes Job: node server/dist/migrate.js)', () => {
  const migrate = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, [path.join(REPO_ROOT, 'server/dist/migrate.js')], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );

  it('applies the migrations over DATABASE_MIGRATION_URL while DATABASE_URL points at PgBouncer, and again finds nothing to do', async () => {
    const fresh = await createTestDatabase();
    try {
      const env = { DATABASE_URL: bouncer.urlFor(fresh.url), DATABASE_MIGRATION_URL: fresh.url, DB_PREPARED_STATEMENTS: 'false' };
      const first = await migrate(env);
      expect(first.code, first.out).toBe(0);
      expect(first.out).toMatch(/Migrations applied to 127\.0\.0\.1:5432\//);
      const [applied] = await fresh.query<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied!.n).toBeGreaterThan(10);
      const [users] = await fresh.query<{ t: string | null }>(`select to_regclass('public.users')::text as t`);
      expect(users!.t).toBe('users');
      expect((await migrate(env)).code).toBe(0);
      // Through PgBouncer alone too (the transaction-scoped lock holds there).
      const through = await migrate({ DATABASE_URL: bouncer.urlFor(fresh.url), DB_PREPARED_STATEMENTS: 'false' });
      expect(through.code, through.out).toBe(0);
    } finally {
      await fresh.drop();
    }
  }, 60_000);

  it('a migration URL nobody answers: exits 1 naming DATABASE_MIGRATION_URL', async () => {
    const dead = `postgres://postgres@127.0.0.1:${await freePort()}/nothing`;
    const res = await migrate({ DATABASE_URL: bouncer.urlFor(database.url), DATABASE_MIGRATION_URL: dead });
    expect(res.code).toBe(1);
    expect(res.out).toMatch(/Cannot connect to PostgreSQL at 127\.0\.0\.1:\d+\/nothing: .*Check DATABASE_MIGRATION_URL\./);
  }, 30_000);
});
