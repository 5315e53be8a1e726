import {
  currentPlanFor,
  emailJob,
  outboundEmailsRepository,
  usersRepository,
  webhookDeliveryJob,
  webhookMessageId,
  webhooksRepository,
  webhookUrlPolicy,
  WEBHOOK_BACKOFF,
  type Config,
} from '@gl/core/server';
import { registerProcessor, type WorkerContext } from '../processor';
import { sendWebhook } from './webhook-sender';

/** An endpoint whose failures began longer ago than this is disabled (and its owner told). */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 3600_000;
const DISABLED_REASON = 'Every attempt failed for more than 24 hours';

/** BullMQ's backoff for deliveries: WEBHOOK_RETRY_BASE_MS, then twice as long after each failed attempt. */
export function webhookBackoff(config: Pick<Config, 'WEBHOOK_RETRY_BASE_MS'>) {
  return (attemptsMade: number, type?: string): number => {
    if (type !== WEBHOOK_BACKOFF) return -1;
    return config.WEBHOOK_RETRY_BASE_MS * 2 ** Math.max(0, attemptsMade - 1);
  };
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
 */
export async function deliverWebhook(deliveryId: string, ctx: WorkerContext) {
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

  const at = new Date();
  const result = await sendWebhook({
    url: endpoint.url,
    secret: endpoint.secret,
    messageId: webhookMessageId(delivery.id),
    body: JSON.stringify(delivery.payload),
    at,
    timeoutMs: ctx.config.WEBHOOK_TIMEOUT_MS,
    policy: webhookUrlPolicy(ctx.config),
  });
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

export const webhookDeliveryProcessor = registerProcessor(webhookDeliveryJob, (payload, ctx) => deliverWebhook(payload.deliveryId, ctx), {
  // The last attempt failed (about 34 hours of retries at the default base): the delivery ends failed.
  onFinalFailure: async (payload, ctx) => {
    await webhooksRepository.finishDelivery(ctx.db, payload.deliveryId, 'failed');
  },
});
