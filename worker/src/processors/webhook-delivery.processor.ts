import { DelayedError, type Job } from 'bullmq';
import {
  currentPlanFor,
  DeliverySlots,
  emailJob,
  outboundEmailsRepository,
  usersRepository,
  webhookDeliveryJob,
  webhookMessageId,
  webhooksRepository,
  webhookUrlPolicy,
  WEBHOOK_BACKOFF,
  WEBHOOK_DISABLED_FAILING,
  type Config,
} from '@gl/core/server';
import { registerProcessor, type WorkerContext } from '../processor';
import { sendWebhook } from '../webhooks/webhook-sender';

/** An endpoint whose failures began longer ago than this is disabled (and its owner told). */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 3600_000;
const DISABLED_REASON = WEBHOOK_DISABLED_FAILING;

/** BullMQ's backoff for deliveries: WEBHOOK_RETRY_BASE_MS, then twice as long after each failed attempt. */
export function webhookBackoff(config: Pick<Config, 'WEBHOOK_RETRY_BASE_MS'>) {
  return (attemptsMade: number, type?: string): number => {
    if (type !== WEBHOOK_BACKOFF) return -1;
    return config.WEBHOOK_RETRY_BASE_MS * 2 ** Math.max(0, attemptsMade - 1);
  };
}

/** A delivery whose endpoint or account has no free slot looks again after this long (plus up to as much again, spread). */
export const WEBHOOK_SLOT_WAIT_MS = 1000;
/** A slot lapses this long after its attempt's timeout, should the worker holding it die. */
const SLOT_MARGIN_MS = 15_000;

/** The attempt's timeout: shorter for a delivery's first attempt (a slow receiver holds its slot less). */
export function attemptTimeoutMs(config: Pick<Config, 'WEBHOOK_FIRST_TIMEOUT_MS' | 'WEBHOOK_TIMEOUT_MS'>, attemptsBefore: number): number {
  return attemptsBefore === 0 ? Math.min(config.WEBHOOK_FIRST_TIMEOUT_MS, config.WEBHOOK_TIMEOUT_MS) : config.WEBHOOK_TIMEOUT_MS;
}

function slotsFor(ctx: WorkerContext): DeliverySlots {
  return new DeliverySlots(ctx.redis, ctx.config.REDIS_PREFIX, {
    perEndpoint: ctx.config.WEBHOOK_IN_FLIGHT_PER_ENDPOINT,
    perAccount: ctx.config.WEBHOOK_IN_FLIGHT_PER_ACCOUNT,
  });
}

export class WebhookAttemptFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookAttemptFailed';
  }
}

/**
 * One attempt at one delivery. The delivery row is the truth: an ended delivery (or a deleted or
 * disabled endpoint) sends nothing. Each attempt is recorded with its outcome; a failure throws so
 * BullMQ retries with backoff (same delivery, same `webhook-id`), unless the endpoint's failures
 * began more than 24 hours ago: then the endpoint is disabled, its owner e-mailed, and the delivery
 * ends failed.
 *
 * The attempt first takes a slot of its endpoint and of its account (DeliverySlots); when either is
 * full the job goes back to delayed for about a second without counting an attempt, and the worker
 * moves on to other accounts' deliveries.
 */
export async function deliverWebhook(deliveryId: string, ctx: WorkerContext, job?: Pick<Job, 'moveToDelayed' | 'token'>) {
  const { db } = ctx;
  const delivery = await webhooksRepository.findDelivery(db, deliveryId);
  if (!delivery) return { skipped: 'unknown delivery' };
  if (delivery.status !== 'pending') return { skipped: `already ${delivery.status}` };
  const endpoint = await webhooksRepository.findEndpoint(db, delivery.endpointId);
  if (!endpoint || endpoint.disabledAt) {
    await webhooksRepository.finishDelivery(db, delivery.id, 'failed');
    return { skipped: 'endpoint disabled' };
  }
  const plan = await currentPlanFor(db, endpoint.userId);
  if (!plan.limits.apiAccess) {
    // The owner left the Business plan: nothing is sent, and the attempts list says why.
    await webhooksRepository.recordAttempt(db, {
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      attempt: delivery.attempts + 1,
      outcome: 'failed',
      responseStatus: null,
      error: 'not sent: webhooks need the Business plan',
      durationMs: 0,
      at: new Date(),
    });
    await webhooksRepository.finishDelivery(db, delivery.id, 'failed');
    return { skipped: 'plan' };
  }

  const timeoutMs = attemptTimeoutMs(ctx.config, delivery.attempts);
  const slot = { endpointId: endpoint.id, userId: endpoint.userId, holder: delivery.id };
  const slots = slotsFor(ctx);
  if (!(await slots.acquire(slot, timeoutMs + SLOT_MARGIN_MS))) {
    if (!job) return { waiting: true };
    await job.moveToDelayed(Date.now() + WEBHOOK_SLOT_WAIT_MS + Math.floor(Math.random() * WEBHOOK_SLOT_WAIT_MS), job.token);
    throw new DelayedError();
  }
  const at = new Date();
  let result: Awaited<ReturnType<typeof sendWebhook>>;
  try {
    result = await sendWebhook({
      url: endpoint.url,
      secret: endpoint.secret,
      messageId: webhookMessageId(delivery.id),
      body: JSON.stringify(delivery.payload),
      at,
      timeoutMs,
      policy: webhookUrlPolicy(ctx.config),
    });
  } finally {
    await slots.release(slot).catch((err: Error) => ctx.logger.warn({ deliveryId, err: err.message }, 'could not free a webhook slot'));
  }
  await webhooksRepository.recordAttempt(db, {
    deliveryId: delivery.id,
    endpointId: endpoint.id,
    attempt: delivery.attempts + 1,
    outcome: result.ok ? 'succeeded' : 'failed',
    responseStatus: result.status,
    error: result.error,
    durationMs: result.durationMs,
    at,
  });
  if (result.ok) {
    await webhooksRepository.finishDelivery(db, delivery.id, 'delivered');
    await webhooksRepository.markEndpointHealthy(db, endpoint.id);
    return { delivered: true, status: result.status };
  }

  const failingSince = (await webhooksRepository.markEndpointFailing(db, endpoint.id, at)) ?? at;
  if (at.getTime() - failingSince.getTime() > WEBHOOK_DISABLE_AFTER_MS) {
    await disableEndpoint(ctx, endpoint.id, new Date(at.getTime() - WEBHOOK_DISABLE_AFTER_MS));
    await webhooksRepository.finishDelivery(db, delivery.id, 'failed');
    return { disabled: true };
  }
  ctx.logger.info({ deliveryId, endpointId: endpoint.id, attempt: delivery.attempts + 1, error: result.error }, 'webhook attempt failed');
  throw new WebhookAttemptFailed(result.error ?? 'webhook attempt failed');
}

/** Disables the endpoint (once, whoever gets there first) and e-mails its owner, in one transaction; the e-mail is enqueued after it. */
async function disableEndpoint(ctx: WorkerContext, endpointId: string, streakStartedBefore: Date): Promise<void> {
  const email = await ctx.db.transaction(async (tx) => {
    const endpoint = await webhooksRepository.disableFailingEndpoint(tx, endpointId, streakStartedBefore, DISABLED_REASON);
    if (!endpoint) return undefined;
    const owner = await usersRepository.findById(tx, endpoint.userId);
    if (!owner) return undefined;
    const linkBase = (endpoint.linkBase ?? ctx.config.PUBLIC_URL ?? '').replace(/\/+$/, '');
    return outboundEmailsRepository.create(tx, {
      kind: 'webhook-disabled',
      to: owner.email,
      data: { linkBase, name: owner.name, webhookUrl: endpoint.url },
    });
  });
  if (!email) return;
  ctx.logger.warn({ endpointId }, 'webhook endpoint disabled after failing for 24 hours; owner e-mailed');
  await ctx.jobs.tryEnqueue(emailJob, { kind: 'outbound', emailId: email.id }, { log: { emailId: email.id } });
}

export const webhookDeliveryProcessor = registerProcessor(
  webhookDeliveryJob,
  (payload, ctx, job) => deliverWebhook(payload.deliveryId, ctx, job),
  {
    // The last attempt failed (about 34 hours of retries at the default base): the delivery ends failed.
    onFinalFailure: async (payload, ctx) => {
      await webhooksRepository.finishDelivery(ctx.db, payload.deliveryId, 'failed');
    },
  },
);
