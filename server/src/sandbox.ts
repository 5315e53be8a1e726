import { randomBytes } from 'node:crypto';
import { PaypalClient, syncPaypalCatalog, type Config, type DbOrTx } from '@gl/core/server';

/**
 * The development payment sandbox. With NODE_ENV=development and no PayPal or M-Pesa credentials,
 * `npm start` runs the local PayPal and Daraja simulators (the dev-only @gl/simulators package, loopback, ephemeral ports)
 * in-process and points the configuration at them, with PAYMENTS_SIMULATED=true so the launcher
 * and the browser say so. PayPal orders are approved at once (the client's simulated approval
 * then captures; subscriptions likewise, on plans synced at start); an M-Pesa push confirms itself a few seconds later through the real callback.
 * Never in production or tests; setting PAYMENTS_SIMULATED=false turns it off. The package is loaded
 * only when the sandbox is wanted, so production images leave it out.
 */

type Env = Record<string, string | undefined>;

export interface PaymentSandbox {
  env: Env;
  paypalUrl: string;
  darajaUrl: string;
  close(): Promise<void>;
}

const CREDENTIALS = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'MPESA_CONSUMER_KEY', 'MPESA_CONSUMER_SECRET', 'MPESA_PASSKEY'];
export const SANDBOX_MPESA_CONFIRM_MS = 5000;

export function sandboxWanted(env: Env): boolean {
  const nodeEnv = env.NODE_ENV?.trim() || 'development';
  if (nodeEnv !== 'development') return false;
  // Only a process that runs both roles: the worker's status checks must reach the same simulator.
  const roles = (env.ROLES?.trim() || 'api,worker').split(',').map((r) => r.trim());
  if (!roles.includes('api') || !roles.includes('worker')) return false;
  const flag = env.PAYMENTS_SIMULATED?.trim().toLowerCase();
  if (flag === 'false' || flag === '0') return false;
  if (flag === 'true' || flag === '1') return true;
  return CREDENTIALS.every((k) => !env[k]?.trim());
}

/** The simulators package, or undefined where it is not installed (a production image). */
async function loadSimulators(): Promise<typeof import('@gl/simulators') | undefined> {
  try {
    return await import('@gl/simulators');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw err;
  }
}

/** Starts the simulators when wanted; returns the environment to load the configuration from. */
export async function startPaymentSandbox(
  env: Env,
  opts: { log?: (msg: string) => void; mpesaConfirmAfterMs?: number } = {},
): Promise<PaymentSandbox | undefined> {
  if (!sandboxWanted(env)) return undefined;
  const log = opts.log ?? console.warn;
  const simulators = await loadSimulators();
  if (!simulators) {
    log('Payment sandbox unavailable (@gl/simulators is not installed): payments are off until credentials are set.');
    return undefined;
  }
  const { startPaypalStub, startDarajaStub, DARAJA_TEST_CERTIFICATE, DARAJA_TEST_INITIATOR } = simulators;

  const secret = () => randomBytes(18).toString('base64url');
  const paypal = { clientId: 'sandbox-paypal-client', clientSecret: secret(), webhookId: 'SANDBOXWEBHOOK', autoApprove: true };
  const shortcode = env.MPESA_SHORTCODE?.trim() || '174379';
  const daraja = {
    consumerKey: 'sandbox-consumer-key',
    consumerSecret: secret(),
    shortcode,
    passkey: secret(),
    autoConfirmAfterMs: opts.mpesaConfirmAfterMs ?? SANDBOX_MPESA_CONFIRM_MS,
    log,
  };
  const paypalStub = await startPaypalStub(paypal);
  const darajaStub = await startDarajaStub(daraja);

  const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const port = env.PORT?.trim() || '3000';
  return {
    env: {
      ...env,
      PAYMENTS_SIMULATED: 'true',
      PAYPAL_BASE_URL: paypalStub.url,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      MPESA_BASE_URL: darajaStub.url,
      MPESA_CONSUMER_KEY: daraja.consumerKey,
      MPESA_CONSUMER_SECRET: daraja.consumerSecret,
      MPESA_PASSKEY: daraja.passkey,
      MPESA_SHORTCODE: shortcode,
      MPESA_CALLBACK_SECRET: secret(),
      // Transaction Status (a Paybill confirmation that never came) with the simulator's test initiator.
      MPESA_INITIATOR_NAME: DARAJA_TEST_INITIATOR.name,
      MPESA_INITIATOR_PASSWORD: DARAJA_TEST_INITIATOR.password,
      MPESA_CERTIFICATE: DARAJA_TEST_CERTIFICATE,
      // The simulator calls back to this very server on loopback.
      MPESA_CALLBACK_BASE_URL: `http://${host}:${port}`,
    },
    paypalUrl: paypalStub.url,
    darajaUrl: darajaStub.url,
    async close() {
      await Promise.allSettled([paypalStub.close(), darajaStub.close()]);
    },
  };
}

/**
 * The sandbox's PayPal simulator starts empty: its product and plans are created (and their ids
 * stored) at start, as `npm run paypal:sync` does against PayPal, so "Renews automatically" works.
 */
export async function syncSandboxPaypal(config: Config, db: DbOrTx, log: (msg: string) => void = console.warn): Promise<void> {
  if (!config.PAYPAL_CLIENT_ID || !config.PAYPAL_CLIENT_SECRET) return;
  try {
    const client = new PaypalClient({
      baseUrl: config.PAYPAL_BASE_URL,
      clientId: config.PAYPAL_CLIENT_ID,
      clientSecret: config.PAYPAL_CLIENT_SECRET,
    });
    await syncPaypalCatalog(client, db);
  } catch (err) {
    log(`Payment sandbox: PayPal plans could not be set up (${(err as Error).message}); auto-renewing plans are off.`);
  }
}
