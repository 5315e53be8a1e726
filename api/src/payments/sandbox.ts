import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The development payment sandbox. With NODE_ENV=development and no PayPal or M-Pesa credentials,
 * `npm start` runs the local PayPal and Daraja simulators (tests/stubs, loopback, ephemeral ports)
 * in-process and points the configuration at them, with PAYMENTS_SIMULATED=true so the launcher
 * and the browser say so. PayPal orders are approved at once (the client's simulated approval
 * then captures); an M-Pesa push confirms itself a few seconds later through the real callback.
 * Never in production or tests; setting PAYMENTS_SIMULATED=false turns it off.
 */

type Env = Record<string, string | undefined>;

interface Closable {
  url: string;
  close(): Promise<void>;
}

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

const stubPath = (name: string) => fileURLToPath(new URL(`../../../tests/stubs/${name}`, import.meta.url));

/** Starts the simulators when wanted; returns the environment to load the configuration from. */
export async function startPaymentSandbox(
  env: Env,
  opts: { log?: (msg: string) => void; mpesaConfirmAfterMs?: number } = {},
): Promise<PaymentSandbox | undefined> {
  if (!sandboxWanted(env)) return undefined;
  const log = opts.log ?? console.warn;
  const paypalFile = stubPath('paypal.stub.ts');
  const darajaFile = stubPath('daraja.stub.ts');
  if (!existsSync(paypalFile) || !existsSync(darajaFile)) {
    log('Payment sandbox unavailable (tests/stubs not found): payments are off until credentials are set.');
    return undefined;
  }
  const { startPaypalStub } = (await import(paypalFile)) as {
    startPaypalStub(o: { clientId: string; clientSecret: string; webhookId: string; autoApprove: boolean }): Promise<Closable>;
  };
  const { startDarajaStub } = (await import(darajaFile)) as {
    startDarajaStub(o: {
      consumerKey: string;
      consumerSecret: string;
      shortcode: string;
      passkey: string;
      autoConfirmAfterMs: number;
      log: (m: string) => void;
    }): Promise<Closable>;
  };

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
