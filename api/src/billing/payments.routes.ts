import type { Request } from 'express';
import { z } from 'zod';
import {
  checkoutRequestIdParams,
  mpesaStkPushBody,
  mpesaPaybillBody,
  mpesaPaybillDto,
  paymentIdParams,
  paypalCaptureOrderBody,
  paypalCreateOrderBody,
  uuidSchema,
  PHONE_INVALID_MESSAGE,
  type PaymentsConfigDto,
  paymentsConfigDto,
  mpesaStatusDto,
  mpesaStkPushDto,
  paypalCaptureDto,
  paypalOrderDto,
  paypalConfirmSubscriptionBody,
  paypalCreateSubscriptionBody,
  receiptQuery,
  receiptDto,
  receivedDto,
  paymentListDto,
  paymentCancelDto,
  paypalSubscriptionCreatedDto,
  paypalSubscriptionConfirmedDto,
} from '@gl/core';
import { C2B_CONFIRMATION_ANSWER, Errors, mpesaConfigured } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { SENT, defineResource } from '../http/route';
import { languageOf } from '../http/request-language';
import { userIdOf } from '../middleware/authenticate';
import { BillingService } from './billing.service';
import { MpesaService } from './mpesa.service';
import { MpesaTransactionStatusService } from './mpesa-transaction-status.service';
import { PaymentsService } from './payments.service';
import { receiptPage } from './receipt-page';
import { PaypalService, paypalConfigured } from './paypal.service';
import { Limiter } from '../common/rate-limit.service';

const historyParams = z.object({ userId: uuidSchema });

function paymentsDeps(ctx: ApiContext) {
  return {
    ctx,
    paypal: new PaypalService(ctx),
    mpesa: new MpesaService(ctx),
    mpesaTransactionStatus: new MpesaTransactionStatusService(ctx),
    payments: new PaymentsService(ctx),
    billing: new BillingService(ctx),
    // Each start of a payment reaches a provider (an STK push rings the customer's phone): bounded per user.
    starts: Limiter.for(ctx, 'pay-start', { points: 20, seconds: 600, what: 'payment attempts' }),
  };
}

/** An empty or short number answers the product's own text, not a field-prefixed one. */
function phoneFirst(req: Request): void {
  const raw = (req.body ?? {}) as { phoneNumber?: unknown };
  if (typeof raw.phoneNumber !== 'string' || raw.phoneNumber.trim().length < 10) {
    throw Errors.validation(PHONE_INVALID_MESSAGE, [{ path: 'phoneNumber', message: PHONE_INVALID_MESSAGE }]);
  }
}

/**
 * Payments: PayPal Orders v2 and M-Pesa STK push, their webhooks, history and cancel; the receipt
 * of a completed payment; PayPal Subscriptions v1 (start an auto-renewing plan and confirm it after
 * the buyer approved it at PayPal).
 */
export const paymentsResource = defineResource({
  prefix: '/payments',
  tag: 'Billing',
  deps: paymentsDeps,
  routes: (route) => [
    route({
      method: 'get',
      path: '/config',
      summary: 'Which payment methods are on (real PayPal buttons, or the sandbox simulation)',
      auth: 'none',
      response: paymentsConfigDto,
      errors: [],
      handler: ({ deps: { ctx } }): PaymentsConfigDto => ({
        simulated: ctx.config.PAYMENTS_SIMULATED,
        paypalClientId: ctx.config.PAYPAL_CLIENT_ID ?? null,
        currency: 'USD',
        paypal: paypalConfigured(ctx),
        mpesa: mpesaConfigured(ctx.config),
        kesPerUsd: ctx.config.MPESA_KES_PER_USD,
      }),
    }),
    route({
      method: 'post',
      path: '/paypal/create-order',
      summary: 'Create a PayPal order for a plan (the amount comes from the catalogue)',
      description:
        'An upgrade is priced with the credit of the current plan, reserved by this order: while another order that uses it is open, this answers 409 with pendingPaymentId.',
      auth: 'session',
      body: paypalCreateOrderBody,
      status: 201,
      response: paypalOrderDto,
      errors: [400, 401, 409, 429, 502, 503],
      handler: async ({ req, deps, body }) => {
        const userId = userIdOf(req);
        await deps.starts.consume(userId);
        return deps.paypal.createOrder(userId, body.planId, body.interval);
      },
    }),
    route({
      method: 'post',
      path: '/paypal/capture-order',
      summary: 'Capture an approved PayPal order',
      auth: 'session',
      body: paypalCaptureOrderBody,
      response: paypalCaptureDto,
      errors: [400, 401, 402, 404, 409, 502, 503],
      handler: ({ req, deps, body }) => deps.paypal.captureOrder(userIdOf(req), body.orderID, languageOf(req), body.planId),
    }),
    route({
      method: 'post',
      path: '/paypal/webhook',
      summary: "PayPal's webhook (signature verified with PayPal before anything is stored)",
      description:
        'Called by PayPal with its PAYPAL-TRANSMISSION-* headers. Once the event is verified and handled the answer is 200; PAYMENT.CAPTURE.COMPLETED completes the payment, DENIED fails it, REFUNDED and REVERSED end what it bought. An event whose handling failed answers an error and is handled again when PayPal delivers it again; a handled one is acknowledged and ignored.',
      auth: 'none',
      response: receivedDto,
      errors: [400, 502, 503],
      handler: ({ req, deps }) => deps.paypal.handleWebhook(req.headers, req.body),
    }),
    route({
      method: 'post',
      path: '/mpesa/stk-push',
      summary: 'Start an M-Pesa payment (STK push to the phone)',
      description:
        'An upgrade is priced with the credit of the current plan, reserved by this payment: while another payment that uses it is open, this answers 409 with pendingPaymentId.',
      auth: 'session',
      body: mpesaStkPushBody,
      response: mpesaStkPushDto,
      errors: [400, 401, 409, 429, 502, 503],
      before: phoneFirst,
      handler: async ({ req, deps, body }) => {
        const userId = userIdOf(req);
        await deps.starts.consume(userId);
        return deps.mpesa.stkPush(userId, body);
      },
    }),
    route({
      method: 'post',
      path: '/mpesa/callback/:secret',
      summary: "Daraja's callback: stored first, answered at once, applied after",
      // The URL carries a secret: not part of the public document.
      internal: true,
      auth: 'none',
      errors: [404],
      handler: async ({ req, res, deps: { ctx, mpesa } }) => {
        // A wrong secret is a plain 404.
        if (!mpesa.callbackSecretMatches(String(req.params.secret ?? ''))) throw Errors.notFound();
        const eventId = await mpesa.storeCallback(req.body);
        res.status(200).json({ ResultCode: 0, ResultDesc: 'Accepted' });
        mpesa.processCallback(eventId, req.body).catch((err: Error) => {
          ctx.logger.error({ eventId, err: err.message }, 'mpesa callback could not be applied; the status check will settle it');
        });
        return SENT;
      },
    }),
    route({
      method: 'post',
      path: '/mpesa/paybill',
      summary: 'Pay by Lipa na M-Pesa Paybill (when the STK push does not arrive)',
      description:
        'Records a payment with its own account number; the customer pays the business number from the M-Pesa menu with that account number and exactly the amount, before expiresAt. The result comes as payment:updated over the socket. Priced like the STK push (an upgrade with credit answers 409 while another open payment uses it).',
      auth: 'session',
      body: mpesaPaybillBody,
      status: 201,
      response: mpesaPaybillDto,
      errors: [400, 401, 409, 429, 503],
      handler: async ({ req, deps, body }) => {
        const userId = userIdOf(req);
        await deps.starts.consume(userId);
        return deps.mpesa.paybill(userId, body);
      },
    }),
    route({
      method: 'post',
      path: '/mpesa/c2b/validation/:secret',
      summary: "Daraja's C2B validation of a Paybill payment (ResultCode a string)",
      internal: true,
      auth: 'none',
      errors: [404],
      handler: async ({ req, res, deps: { ctx, mpesa } }) => {
        if (!mpesa.callbackSecretMatches(String(req.params.secret ?? ''))) {
          ctx.logger.warn({ ip: req.ip }, 'mpesa C2B validation with a wrong secret');
          throw Errors.notFound();
        }
        res.status(200).json(await mpesa.c2bValidation(req.body));
        return SENT;
      },
    }),
    route({
      method: 'post',
      path: '/mpesa/c2b/confirmation/:secret',
      summary: "Daraja's C2B confirmation of a Paybill payment: stored, applied once by TransID (ResultCode a number)",
      internal: true,
      auth: 'none',
      errors: [404],
      handler: async ({ req, res, deps: { ctx, mpesa } }) => {
        if (!mpesa.callbackSecretMatches(String(req.params.secret ?? ''))) {
          ctx.logger.warn({ ip: req.ip }, 'mpesa C2B confirmation with a wrong secret');
          throw Errors.notFound();
        }
        await mpesa.c2bConfirmation(req.body);
        res.status(200).json(C2B_CONFIRMATION_ANSWER);
        return SENT;
      },
    }),
    ...(['result', 'timeout'] as const).map((kind) =>
      route({
        method: 'post',
        path: `/mpesa/transaction-status/${kind}/:secret`,
        summary:
          kind === 'result'
            ? "Daraja's Transaction Status result for a Paybill payment we asked about: stored, settles it once by TransID"
            : "Daraja's Transaction Status queue timeout: stored; the worker asks again",
        internal: true,
        auth: 'none',
        errors: [404],
        handler: async ({ req, res, deps: { ctx, mpesa, mpesaTransactionStatus } }) => {
          if (!mpesa.callbackSecretMatches(String(req.params.secret ?? ''))) {
            ctx.logger.warn({ ip: req.ip }, `mpesa Transaction Status ${kind} with a wrong secret`);
            throw Errors.notFound();
          }
          await mpesaTransactionStatus.receive(kind, req.body);
          res.status(200).json(C2B_CONFIRMATION_ANSWER);
          return SENT;
        },
      }),
    ),
    route({
      method: 'get',
      path: '/mpesa/status/:checkoutRequestID',
      summary: 'Status of an M-Pesa payment',
      auth: 'session',
      params: checkoutRequestIdParams,
      response: mpesaStatusDto,
      errors: [400, 401, 404],
      handler: ({ req, deps, params }) => deps.mpesa.status(userIdOf(req), params.checkoutRequestID, languageOf(req)),
    }),
    route({
      method: 'get',
      path: '/history',
      summary: 'Your payments',
      auth: 'session',
      response: paymentListDto,
      errors: [401],
      handler: ({ req, deps }) => deps.payments.history(userIdOf(req), languageOf(req)),
    }),
    route({
      method: 'get',
      path: '/history/:userId',
      summary: 'Your payments, by your user id',
      description: 'The same as GET /payments/history; any id other than your own is 403.',
      auth: 'session',
      params: historyParams,
      response: paymentListDto,
      errors: [400, 401, 403],
      handler: ({ req, deps, params }) => {
        if (params.userId.toLowerCase() !== userIdOf(req).toLowerCase()) throw Errors.forbidden();
        return deps.payments.history(userIdOf(req), languageOf(req));
      },
    }),
    route({
      method: 'post',
      path: '/:id/cancel',
      summary: 'Cancel a pending payment',
      description: 'cancelled is true when the payment was pending, false otherwise.',
      auth: 'session',
      params: paymentIdParams,
      response: paymentCancelDto,
      errors: [400, 401, 404],
      handler: ({ req, deps, params }) => deps.payments.cancel(userIdOf(req), params.id),
    }),
    route({
      method: 'get',
      path: '/:id/receipt',
      summary: 'A receipt (JSON, or a printable HTML page with format=html)',
      auth: 'session',
      params: paymentIdParams,
      query: receiptQuery,
      response: receiptDto,
      errors: [400, 401, 404],
      handler: async ({ req, res, deps, params, query }) => {
        const receipt = await deps.billing.receipt(userIdOf(req), params.id);
        if (query.format === 'json') return receipt;
        const { timeZone } = await deps.billing.readerOf(userIdOf(req));
        res
          .status(200)
          .type('html')
          .setHeader('Cache-Control', 'private, no-store')
          .send(receiptPage(receipt, languageOf(req), timeZone));
        return SENT;
      },
    }),
    route({
      method: 'post',
      path: '/paypal/create-subscription',
      summary: 'Start an auto-renewing PayPal subscription for a plan (approve it at approveUrl)',
      auth: 'session',
      body: paypalCreateSubscriptionBody,
      status: 201,
      response: paypalSubscriptionCreatedDto,
      errors: [400, 401, 409, 429, 502, 503],
      handler: async ({ req, deps, body }) => {
        await deps.starts.consume(userIdOf(req));
        return deps.paypal.subscriptions.create(userIdOf(req), body.planId, body.interval);
      },
    }),
    route({
      method: 'post',
      path: '/paypal/confirm-subscription',
      summary: 'Activate the plan of an approved PayPal subscription (read back from PayPal and checked)',
      auth: 'session',
      body: paypalConfirmSubscriptionBody,
      response: paypalSubscriptionConfirmedDto,
      errors: [400, 401, 404, 409, 502, 503],
      handler: ({ req, deps, body }) => deps.paypal.subscriptions.confirm(userIdOf(req), body.subscriptionID),
    }),
  ],
});
