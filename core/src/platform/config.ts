import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const optionalUrl = (protocols?: RegExp) =>
  optionalString.refine((v) => v === undefined || (URL.canParse(v) && (!protocols || protocols.test(v))), {
    message: protocols ? `must be a URL matching ${protocols}` : 'must be a valid URL',
  });
const int = (def: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? def : Number(v)),
    z.number({ message: 'must be a number' }).int('must be a whole number').min(min).max(max),
  );
const bool = (def: boolean) =>
  z.preprocess((v) => (v === undefined || v === '' ? def : v === 'true' || v === '1' || v === true), z.boolean());

export const ROLE_NAMES = ['api', 'worker'] as const;
export type Role = (typeof ROLE_NAMES)[number];

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('127.0.0.1'),
    PORT: int(3000, 0, 65535),
    PUBLIC_URL: optionalUrl(/^https?:\/\//),
    CLIENT_ORIGIN: optionalString,
    ROLES: z
      .string()
      .default('api,worker')
      .transform((v) =>
        v
          .split(',')
          .map((r) => r.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(ROLE_NAMES, { message: 'roles are api and worker' })).min(1, 'name at least one role')),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    TRUST_PROXY: z.string().default('loopback'),
    /** Tests: an error answer whose status its route does not declare (`errors`) becomes a 500 that names both. */
    STRICT_DECLARED_ERRORS: bool(false),

    DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//),
    PGLITE_DIR: z.string().default('./data/pglite'),
    DB_POOL_MAX: int(10, 1, 200),
    /**
     * Migrations connect here when set (a direct PostgreSQL URL when DATABASE_URL points at PgBouncer);
     * else through DATABASE_URL.
     */
    DATABASE_MIGRATION_URL: optionalUrl(/^postgres(ql)?:\/\//),
    /**
     * Hot queries go to PostgreSQL as named prepared statements (parsed once per connection). `false`
     * sends them unnamed: needed behind PgBouncer in transaction mode before 1.21, or with its
     * max_prepared_statements at 0, where a name prepared on one server connection is unknown on the next.
     */
    DB_PREPARED_STATEMENTS: bool(true),

    REDIS_URL: optionalUrl(/^rediss?:\/\//),
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only')
      .default('gl'),
    /** The data password (for REDIS_URL's server or, with sentinels, the master); a password in REDIS_URL also works. */
    REDIS_PASSWORD: optionalString,
    /** `host:port,host:port,…`: Redis Sentinel instead of REDIS_URL (every client asks the sentinels for the master). */
    REDIS_SENTINELS: optionalString.transform((v, ctx) => {
      if (v === undefined) return undefined;
      const out: Array<{ host: string; port: number }> = [];
      for (const part of v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const m = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9_.-]+):(\d{1,5})$/.exec(part);
        const port = m ? Number(m[2]) : 0;
        if (!m || port < 1 || port > 65535) {
          ctx.addIssue({ code: 'custom', message: `"${part}" is not host:port (e.g. sentinel-1:26379,sentinel-2:26379)` });
          return z.NEVER;
        }
        out.push({ host: m[1]!.replace(/^\[|\]$/g, ''), port });
      }
      if (out.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'name at least one sentinel as host:port' });
        return z.NEVER;
      }
      return out;
    }),
    REDIS_SENTINEL_NAME: z
      .string()
      .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, ., - and _ only')
      .default('mymaster'),
    REDIS_SENTINEL_PASSWORD: optionalString,

    JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, { message: 'must be at least 32 characters' }),
    ACCESS_TOKEN_TTL_SECONDS: int(900, 30, 86400),
    REFRESH_TOKEN_TTL_DAYS: int(30, 1, 365),
    /** Volume ceiling per client IP (carrier NAT puts many people behind one address). */
    AUTH_RATE_LIMIT_PER_IP: int(300, 1),
    /** Failed sign-ins per account and client address (and sign-ups per address) per window: the strict limit. */
    AUTH_RATE_LIMIT_PER_EMAIL: int(10, 1),
    /** Token refreshes per client IP per window: a budget of its own (not the sign-in one); every active person refreshes. */
    AUTH_REFRESH_RATE_LIMIT_PER_IP: int(6000, 1),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: int(900, 1),
    /** Reset / verification e-mails per address per AUTH_RATE_LIMIT_WINDOW_SECONDS (at least 3). */
    ACCOUNT_EMAIL_LIMIT_PER_ADDRESS: int(5, 3),
    PASSWORD_RESET_TTL_MINUTES: int(30, 1, 1440),
    EMAIL_VERIFICATION_TTL_HOURS: int(48, 1, 720),
    GENERATE_RATE_LIMIT_PER_USER: int(60, 1),
    GENERATE_RATE_LIMIT_PER_IP: int(300, 1),
    /** Open Socket.IO connections allowed from one IP, per api process. */
    SOCKET_CONNECTIONS_PER_IP: int(50, 1),

    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: optionalUrl(/^https?:\/\//),
    OPENAI_MODEL: z.string().default('gpt-4o-mini'),
    OPENAI_TIMEOUT_MS: int(15000, 100),
    HF_TOKEN: optionalString,
    HF_ENDPOINT_URL: optionalUrl(/^https?:\/\//),
    HF_MODEL: z.string().default('meta-llama/Llama-3.1-8B-Instruct'),
    HF_TIMEOUT_MS: int(15000, 100),
    /**
     * Captions from a photo (DESIGN.md §15). The OpenAI-compatible API sees the photo with this model
     * (unset: OPENAI_MODEL; `off`: photos never go to it); Hugging Face describes it with an
     * image-to-text model (`off`: not used), on the HF router or a dedicated endpoint.
     */
    OPENAI_VISION_MODEL: optionalString,
    HF_VISION_MODEL: z.string().trim().min(1).default('Salesforce/blip-image-captioning-large'),
    HF_VISION_ENDPOINT_URL: optionalUrl(/^https?:\/\//),
    /** One vision call (a model reading an image is slower than a text completion). */
    VISION_TIMEOUT_MS: int(30000, 100),
    /** A photo waits in Redis for its job at most this long (the job deletes it as soon as it ends). */
    PHOTO_TTL_SECONDS: int(600, 10, 3600),
    GENERATION_CONCURRENCY: int(8, 1, 256),
    /** How long a worker holds a job lock, and how often stalled jobs (dead workers) are looked for. */
    WORKER_LOCK_DURATION_MS: int(30000, 500),
    WORKER_STALLED_INTERVAL_MS: int(30000, 500),
    /** POST /api/v1/generate waits this long for the job before answering 504. */
    V1_WAIT_TIMEOUT_MS: int(30000, 1000, 120000),
    /** The reconciler re-enqueues work PostgreSQL still shows pending after this grace period. */
    RECONCILE_INTERVAL_MS: int(60000, 1000),
    RECONCILE_GRACE_MS: int(60000, 0),
    /** The billing sweep (reminders, expiry) runs at worker start and then this often. */
    BILLING_SWEEP_INTERVAL_MS: int(3600000, 200),
    /** Outgoing webhooks: the first retry comes this long after a failed attempt, then twice as long each time. */
    WEBHOOK_RETRY_BASE_MS: int(30000, 10),
    /** Outgoing webhooks: an attempt that has no complete answer after this long has failed (timed out). */
    WEBHOOK_TIMEOUT_MS: int(10000, 50, 60000),
    /** A delivery's first attempt gives up sooner (a slow receiver holds a delivery slot less); retries wait WEBHOOK_TIMEOUT_MS. */
    WEBHOOK_FIRST_TIMEOUT_MS: int(3000, 50, 60000),
    /** Attempts one worker process makes at once (all accounts together). */
    WEBHOOK_CONCURRENCY: int(16, 1, 256),
    /** Attempts in flight at once, over every worker, per endpoint and per account: one account's slow endpoints wait behind themselves. */
    WEBHOOK_IN_FLIGHT_PER_ENDPOINT: int(1, 1, 2),
    WEBHOOK_IN_FLIGHT_PER_ACCOUNT: int(2, 1, 64),
    /**
     * Outgoing webhooks may reach private, loopback and link-local addresses (any NODE_ENV). Off by
     * default: the tests and local development (`npm start`) set it, for receivers on this machine.
     */
    WEBHOOKS_ALLOW_PRIVATE: bool(false),

    PAYPAL_CLIENT_ID: optionalString,
    PAYPAL_CLIENT_SECRET: optionalString,
    PAYPAL_BASE_URL: z.string().url().default('https://api-m.sandbox.paypal.com'),
    PAYPAL_WEBHOOK_ID: optionalString,
    MPESA_CONSUMER_KEY: optionalString,
    MPESA_CONSUMER_SECRET: optionalString,
    MPESA_SHORTCODE: z
      .string()
      .regex(/^\d{5,7}$/, 'must be 5 to 7 digits')
      .default('174379'),
    MPESA_PASSKEY: optionalString,
    /** Lipa na M-Pesa Paybill number customers pay to (C2B); the STK shortcode when unset. */
    MPESA_PAYBILL_NUMBER: z
      .string()
      .regex(/^\d{5,7}$/, 'must be 5 to 7 digits')
      .optional(),
    MPESA_BASE_URL: z.string().url().default('https://sandbox.safaricom.co.ke'),
    MPESA_CALLBACK_BASE_URL: optionalUrl(/^https?:\/\//),
    MPESA_CALLBACK_SECRET: optionalString.refine((v) => v === undefined || /^[A-Za-z0-9_-]{16,}$/.test(v), {
      message: 'must be at least 16 URL-safe characters',
    }),
    MPESA_KES_PER_USD: z.preprocess((v) => (v === undefined || v === '' ? 129 : Number(v)), z.number().positive()),
    MPESA_STATUS_DELAY_MS: int(30000, 0),
    /**
     * Daraja Transaction Status (a Paybill payment whose confirmation never came): the API initiator's
     * name and password, and Safaricom's public certificate (the PEM itself, or a path to the .cer file)
     * the password is encrypted with. All three, or none (then such a payment waits for its confirmation).
     */
    MPESA_INITIATOR_NAME: optionalString,
    MPESA_INITIATOR_PASSWORD: optionalString,
    MPESA_CERTIFICATE: optionalString,
    PAYMENTS_SIMULATED: bool(false),

    MAIL_TRANSPORT: z.enum(['smtp', 'emailjs']).optional(),
    SMTP_URL: optionalUrl(/^smtps?:\/\//),
    MAIL_FROM: z.string().default('Genius Lines <hello@geniuslines.app>'),
    CONTACT_INBOX: z.string().default('team@geniuslines.app'),
    EMAILJS_SERVICE_ID: optionalString,
    EMAILJS_TEMPLATE_ID: optionalString,
    EMAILJS_SUBSCRIPTION_TEMPLATE_ID: optionalString,
    EMAILJS_PUBLIC_KEY: optionalString,
    EMAILJS_PRIVATE_KEY: optionalString,
    EMAILJS_BASE_URL: z.string().url().default('https://api.emailjs.com'),

    /**
     * OpenTelemetry traces (one per generation, across api and worker) go to this OTLP/HTTP endpoint;
     * off when unset. The SDK reads the other standard OTEL_* variables (OTEL_SERVICE_NAME, headers, sampler) itself.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(/^https?:\/\//),

    METRICS_TOKEN: optionalString,
    /** A worker-only process serves its own /metrics on this port when set. */
    METRICS_PORT: z.preprocess((v) => (v === undefined || v === '' ? undefined : Number(v)), z.number().int().min(1).max(65535).optional()),
    CLIENT_DIST_DIR: optionalString,
    /** SIGTERM: how long in-flight requests (api) and held jobs (worker) get before the process exits anyway. */
    SHUTDOWN_GRACE_MS: int(25000, 1000, 600000),
    /**
     * SIGTERM: how long the api keeps serving, answering GET /api/ready 503, before it stops accepting
     * connections, so a balancer that polls readiness stops sending first (Kubernetes: a few seconds).
     */
    SHUTDOWN_DELAY_MS: int(0, 0, 60000),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      if (!env.JWT_SECRET) ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required in production' });
      // Links in e-mails start with it; without it they would need a request header, which a caller controls.
      if (!env.PUBLIC_URL)
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_URL'],
          message: 'is required in production (links in e-mails start with it, e.g. https://lines.example.com)',
        });
      if (env.PAYMENTS_SIMULATED)
        ctx.addIssue({ code: 'custom', path: ['PAYMENTS_SIMULATED'], message: 'simulated payments are refused in production' });
    }
    if (env.DATABASE_MIGRATION_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_MIGRATION_URL'],
        message: 'needs DATABASE_URL (it is where migrations run instead)',
      });
    }
    const initiator = [env.MPESA_INITIATOR_NAME, env.MPESA_INITIATOR_PASSWORD, env.MPESA_CERTIFICATE];
    if (initiator.some(Boolean) && !initiator.every(Boolean))
      for (const key of ['MPESA_INITIATOR_NAME', 'MPESA_INITIATOR_PASSWORD', 'MPESA_CERTIFICATE'] as const)
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required with the other M-Pesa initiator settings (all three, or none)',
          });
    if (env.ROLES.includes('worker') && !env.ROLES.includes('api') && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'is required for a worker-only process: the embedded PGlite database lives inside one process',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  isProduction: boolean;
  isTest: boolean;
  logLevel: NonNullable<Env['LOG_LEVEL']>;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the whole environment at once; every bad variable is listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  return {
    ...e,
    isProduction: e.NODE_ENV === 'production',
    isTest: e.NODE_ENV === 'test',
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
  };
}
