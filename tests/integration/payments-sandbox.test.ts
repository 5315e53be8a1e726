import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@gl/core/server';
import { sandboxWanted, startPaymentSandbox, syncSandboxPaypal, type PaymentSandbox } from '@gl/server';
import { freePort } from '../helpers/process';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, nextEvent, type TestSocket } from '../helpers/socket';
import { registerUser } from '../helpers/users';

let sandbox: PaymentSandbox | undefined;
let server: TestServer | undefined;
let socket: TestSocket | undefined;
afterAll(async () => {
  socket?.disconnect();
  await server?.stop();
  await sandbox?.close();
});

describe('development payment sandbox', () => {
  it('starts only in development, for a process running both roles, without payment credentials', () => {
    expect(sandboxWanted({})).toBe(true);
    expect(sandboxWanted({ NODE_ENV: 'development' })).toBe(true);
    expect(sandboxWanted({ NODE_ENV: 'production' })).toBe(false);
    expect(sandboxWanted({ NODE_ENV: 'production', PAYMENTS_SIMULATED: 'true' })).toBe(false);
    expect(sandboxWanted({ NODE_ENV: 'test' })).toBe(false);
    expect(sandboxWanted({ PAYPAL_CLIENT_ID: 'live-id' })).toBe(false);
    expect(sandboxWanted({ MPESA_CONSUMER_KEY: 'key' })).toBe(false);
    expect(sandboxWanted({ PAYMENTS_SIMULATED: 'false' })).toBe(false);
    expect(sandboxWanted({ ROLES: 'api' })).toBe(false);
    // And production refuses simulated payments outright.
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PAYMENTS_SIMULATED: 'true' })).toThrow(
      /PAYMENTS_SIMULATED/,
    );
  });

  it('lets a newcomer buy with simulated PayPal and M-Pesa, results arriving live', async () => {
    const port = await freePort();
    sandbox = await startPaymentSandbox(
      { NODE_ENV: 'development', PORT: String(port) },
      { mpesaConfirmAfterMs: 200, log: () => undefined },
    );
    expect(sandbox).toBeDefined();
    const env = sandbox!.env;
    expect(env.PAYMENTS_SIMULATED).toBe('true');
    expect(env.PAYPAL_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(env.MPESA_CALLBACK_BASE_URL).toBe(`http://127.0.0.1:${port}`);
    const pick = Object.fromEntries(Object.entries(env).filter(([k]) => /^(PAYPAL_|MPESA_|PAYMENTS_)/.test(k))) as Record<string, string>;
    server = await startTestServer({ env: { ...pick, PORT: String(port) } });

    const config = await server.api('/payments/config');
    expect(config.body.data).toMatchObject({ simulated: true, paypal: true, mpesa: true, currency: 'USD' });
    expect(JSON.stringify(config.body)).not.toContain(env.PAYPAL_CLIENT_SECRET!);

    const user = await registerUser(server);
    socket = await connectSocket(server.url, { token: user.token });

    // PayPal: the simulator approves at once, so the client's simulated approval can capture.
    const order = await server.api('/payments/paypal/create-order', { token: user.token, body: { planId: 'pro' } });
    const captured = await server.api('/payments/paypal/capture-order', { token: user.token, body: { orderID: order.body.data.orderID } });
    expect(captured.body.data).toMatchObject({ status: 'completed', currentPlan: { id: 'pro' } });

    // M-Pesa: the simulator confirms by itself through the real callback.
    const completed = nextEvent(socket, 'payment:updated', (p: any) => p.provider === 'mpesa' && p.status === 'completed');
    const pushed = await server.api('/payments/mpesa/stk-push', {
      token: user.token,
      body: { planId: 'business', phoneNumber: '0712345678' },
    });
    expect(pushed.status).toBe(200);
    expect(await completed).toMatchObject({ paymentId: pushed.body.data.paymentId, planId: 'business' });
    expect((await server.api('/auth/me', { token: user.token })).body.data.user.planId).toBe('business');

    // Lipa na M-Pesa Paybill: the worker registered the C2B URLs, and the sandbox pays the Paybill by
    // itself (Daraja's sandbox C2B simulate) through the real validation and confirmation.
    const other = await registerUser(server);
    const otherSocket = await connectSocket(server.url, { token: other.token });
    try {
      const paid = nextEvent(otherSocket, 'payment:updated', (p: any) => p.status === 'completed');
      const paybill = await server.api('/payments/mpesa/paybill', { token: other.token, body: { planId: 'pro', interval: 'month' } });
      expect(paybill.status).toBe(201);
      expect(await paid).toMatchObject({ paymentId: paybill.body.data.paymentId, planId: 'pro' });
    } finally {
      otherSocket.disconnect();
    }
  });

  it('"Renews automatically" works there too: plans synced at start, the subscription approved at once, then confirmed', async () => {
    const user = await registerUser(server!);
    const body = { planId: 'pro', interval: 'month' };
    // Before the sync the server says what to do instead.
    const early = await server!.api('/payments/paypal/create-subscription', { token: user.token, body });
    expect(early.status).toBe(503);
    expect(early.body.error).toMatch(/one-time payment/);

    await syncSandboxPaypal(server!.services.ctx.config, server!.services.ctx.db, () => undefined);
    const created = await server!.api('/payments/paypal/create-subscription', { token: user.token, body });
    expect(created.status).toBe(201);
    const confirmed = await server!.api('/payments/paypal/confirm-subscription', {
      token: user.token,
      body: { subscriptionID: created.body.data.subscriptionID },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ currentPlan: { id: 'pro' }, subscription: { provider: 'paypal', autoRenew: true } });
  });
});
