import { Router } from 'express';
import { z } from 'zod';
import {
  checkoutRequestIdParams,
  mpesaStkPushBody,
  paymentIdParams,
  paypalCaptureOrderBody,
  paypalCreateOrderBody,
  uuidSchema,
  PHONE_INVALID_MESSAGE,
  type PaymentsConfigDto,
} from '@gl/core';
import { Errors, USER_CANCELLED_CODE, mpesaConfigured, paymentsRepository, settlePayment, toPaymentDto } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { ok, parse } from '../http/respond';
import { requireUser, userIdOf } from '../middleware/authenticate';
import { MpesaService } from '../payments/mpesa.service';
import { PaypalService, paypalConfigured } from '../payments/paypal.service';
import { Limiter, minutesText } from '../services/rate-limit.service';

const historyParams = z.object({ userId: uuidSchema });

/** Payments: PayPal Orders v2 and M-Pesa STK push, their webhooks, history and cancel. */
export function paymentsRoutes(ctx: ApiContext): Router {
  const router = Router();
  const paypal = new PaypalService(ctx);
  const mpesa = new MpesaService(ctx);
  // Each start of a payment reaches a provider (an STK push rings the customer's phone): bounded per user.
  const starts = new Limiter(
    ctx.redis,
    `${ctx.config.REDIS_PREFIX}-rl-pay-start`,
    20,
    600,
    (s) => `Too many payment attempts. Please try again in ${minutesText(s)}.`,
  );

  router.get('/config', (_req, res) => {
    const data: PaymentsConfigDto = {
      simulated: ctx.config.PAYMENTS_SIMULATED,
      paypalClientId: ctx.config.PAYPAL_CLIENT_ID ?? null,
      currency: 'USD',
      paypal: paypalConfigured(ctx),
      mpesa: mpesaConfigured(ctx.config),
      kesPerUsd: ctx.config.MPESA_KES_PER_USD,
    };
    ok(res, data);
  });

  router.post('/paypal/create-order', requireUser, async (req, res) => {
    const body = parse(paypalCreateOrderBody, req.body);
    const userId = userIdOf(req);
    await starts.consume(userId);
    ok(res, await paypal.createOrder(userId, body.planId, body.interval), 201);
  });

  router.post('/paypal/capture-order', requireUser, async (req, res) => {
    const body = parse(paypalCaptureOrderBody, req.body);
    ok(res, await paypal.captureOrder(userIdOf(req), body.orderID, body.planId));
  });

  router.post('/paypal/webhook', async (req, res) => {
    ok(res, await paypal.handleWebhook(req.headers, req.body));
  });

  router.post('/mpesa/stk-push', requireUser, async (req, res) => {
    const raw = (req.body ?? {}) as { phoneNumber?: unknown };
    // The spec's exact text for an empty or short number, not a field-prefixed one.
    if (typeof raw.phoneNumber !== 'string' || raw.phoneNumber.trim().length < 10) {
      throw Errors.validation(PHONE_INVALID_MESSAGE, [{ path: 'phoneNumber', message: PHONE_INVALID_MESSAGE }]);
    }
    const body = parse(mpesaStkPushBody, req.body);
    const userId = userIdOf(req);
    await starts.consume(userId);
    ok(res, await mpesa.stkPush(userId, body));
  });

  /** Daraja's callback: stored first, answered at once, applied after. A wrong secret is a plain 404. */
  router.post('/mpesa/callback/:secret', async (req, res) => {
    if (!mpesa.callbackSecretMatches(String(req.params.secret ?? ''))) throw Errors.notFound();
    const eventId = await mpesa.storeCallback(req.body);
    res.status(200).json({ ResultCode: 0, ResultDesc: 'Accepted' });
    mpesa.processCallback(eventId, req.body).catch((err: Error) => {
      ctx.logger.error({ eventId, err: err.message }, 'mpesa callback could not be applied; the status check will settle it');
    });
  });

  router.get('/mpesa/status/:checkoutRequestID', requireUser, async (req, res) => {
    const { checkoutRequestID } = parse(checkoutRequestIdParams, req.params);
    ok(res, await mpesa.status(userIdOf(req), checkoutRequestID));
  });

  router.get('/history', requireUser, async (req, res) => {
    const rows = await paymentsRepository.listForUser(ctx.db, userIdOf(req));
    ok(res, { payments: rows.map(toPaymentDto) });
  });

  /** The spec's legacy path; only the caller's own id is allowed. */
  router.get('/history/:userId', requireUser, async (req, res) => {
    const { userId } = parse(historyParams, req.params);
    if (userId.toLowerCase() !== userIdOf(req).toLowerCase()) throw Errors.forbidden();
    const rows = await paymentsRepository.listForUser(ctx.db, userIdOf(req));
    ok(res, { payments: rows.map(toPaymentDto) });
  });

  /** Cancels the caller's own pending payment: true when it was pending, false otherwise. */
  router.post('/:id/cancel', requireUser, async (req, res) => {
    const { id } = parse(paymentIdParams, req.params);
    const payment = await paymentsRepository.findForUser(ctx.db, userIdOf(req), id);
    if (!payment) throw Errors.notFound('Payment not found');
    if (payment.status !== 'pending') return ok(res, { cancelled: false });
    const result = await settlePayment(ctx, payment.id, {
      status: 'cancelled',
      resultCode: USER_CANCELLED_CODE,
      resultDesc: 'Cancelled in the app',
    });
    ok(res, { cancelled: result.changed });
  });

  return router;
}
