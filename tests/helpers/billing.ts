import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { startSmtpStub, type SmtpStub } from '../stubs/smtp.stub';
import { eventually } from './eventually';
import { paymentRow, rows, startPaymentsHarness, type PaymentsHarness } from './payments';
import type { TestServer } from './server';
import type { TestUser } from './users';

export const DAY_MS = 86_400_000;

/** A payments harness whose worker delivers e-mail to an SMTP stub. */
export function useBillingHarness(env: Record<string, string> = {}) {
  let harness: PaymentsHarness | undefined;
  let smtp: SmtpStub | undefined;
  beforeAll(async () => {
    smtp = await startSmtpStub();
    harness = await startPaymentsHarness({ SMTP_URL: smtp.url, MAIL_FROM: 'Genius Lines <billing@geniuslines.test>', ...env });
  });
  afterAll(async () => {
    await harness?.stop();
    await smtp?.close();
  });
  return {
    get h() {
      return harness!;
    },
    get smtp() {
      return smtp!;
    },
  };
}

/** Pushes an STK request for the user, fires Daraja's success callback, and waits until the payment completes. */
export async function payWithMpesa(h: PaymentsHarness, user: TestUser, planId: 'pro' | 'business', interval: 'month' | 'year' = 'month') {
  const res = await h.server.api('/payments/mpesa/stk-push', { token: user.token, body: { planId, interval, phoneNumber: '0712345678' } });
  if (res.status !== 200) throw new Error(`stk push failed: ${res.status} ${JSON.stringify(res.body)}`);
  const { paymentId, checkoutRequestID, amount } = res.body.data as { paymentId: string; checkoutRequestID: string; amount: number };
  await h.daraja.fireCallback(checkoutRequestID, 0);
  const payment = await eventually(async () => {
    const row = await paymentRow(h.server, paymentId);
    return row?.status === 'completed' ? row : undefined;
  });
  return { paymentId, amount, payment };
}

/** Moves a user's billing back in time by `days`: the active subscription and the periods its payments paid for. */
export async function shiftBilling(server: TestServer, userId: string, days: number) {
  const ms = `${days} days`;
  await rows(
    server,
    sql`update subscriptions set current_period_start = current_period_start - ${ms}::interval, current_period_end = current_period_end - ${ms}::interval where user_id = ${userId}`,
  );
  await rows(
    server,
    sql`update payments set period_start = period_start - ${ms}::interval, period_end = period_end - ${ms}::interval where user_id = ${userId}`,
  );
}

export async function activeSubscription(server: TestServer, userId: string) {
  const found = await rows(server, sql`select * from subscriptions where user_id = ${userId} and status = 'active'`);
  return found;
}
