import { mpesaC2bRegisterJob, mpesaC2bUrls, mpesaClientFor, mpesaConfigured, mpesaPaybillNumber } from '@gl/core/server';
import { registerProcessor, type WorkerContext } from '../processor';

/** Registers the Paybill (C2B v2) URLs; a failure throws so BullMQ tries again with backoff. */
export const mpesaC2bRegisterProcessor = registerProcessor(
  mpesaC2bRegisterJob,
  async (payload, ctx) => {
    const mpesa = mpesaClientFor(ctx);
    if (!mpesa) return { outcome: 'mpesa-not-configured' };
    await mpesa.registerC2bUrls({
      ShortCode: payload.shortCode,
      ResponseType: 'Completed',
      ValidationURL: payload.validationUrl,
      ConfirmationURL: payload.confirmationUrl,
    });
    ctx.logger.info({ shortCode: payload.shortCode }, 'mpesa C2B URLs registered');
    return { outcome: 'registered' };
  },
  {
    onFinalFailure: async (payload, ctx, _job, err) => {
      ctx.logger.error(
        { shortCode: payload.shortCode, err: err.message },
        'mpesa C2B URLs could not be registered; Paybill payments are not confirmed until the next start',
      );
    },
  },
);

/** At worker start, when M-Pesa is configured: registration is a job, so a Daraja outage never holds the start up. */
export async function enqueueC2bRegistration(ctx: WorkerContext): Promise<void> {
  const urls = mpesaC2bUrls(ctx.config);
  if (!mpesaConfigured(ctx.config) || !urls) return;
  await ctx.jobs.tryEnqueue(
    mpesaC2bRegisterJob,
    { shortCode: mpesaPaybillNumber(ctx.config), validationUrl: urls.validationUrl, confirmationUrl: urls.confirmationUrl },
    { log: { job: 'mpesa-c2b-register' } },
  );
}
