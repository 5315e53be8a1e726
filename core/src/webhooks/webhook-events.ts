import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from './webhooks.contract';
import type { ServerContext } from '../platform/context';
import type { DbOrTx } from '../platform/db/database';
import { webhookDeliveryJob } from './webhook-delivery.job';
import { webhooksRepository } from './webhooks.repository';

/**
 * An event for a user's webhook endpoints. `data` is the event's object as the public API shows it
 * (a generation, a saved line, a campaign). `key` names the event for good (e.g. `campaign-<id>`):
 * recording the same key twice for an endpoint records it once, so a job that runs twice sends
 * once. Without a key every call is a new event.
 */
export interface WebhookEvent {
  userId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  key?: string;
}

/**
 * Records one pending delivery per endpoint of the user subscribed to the event (none: nothing is
 * written). Call it inside the transaction that makes the change the event reports, then call
 * `enqueueWebhookDeliveries` with the ids after that transaction commits.
 */
export async function recordWebhookEvent(db: DbOrTx, event: WebhookEvent, now = new Date()): Promise<string[]> {
  return webhooksRepository.recordDeliveries(db, {
    userId: event.userId,
    type: event.type,
    eventKey: event.key ?? randomUUID(),
    payload: { type: event.type, timestamp: now.toISOString(), data: event.data },
  });
}

/**
 * Enqueues recorded deliveries (after the commit). Never throws: when the queue is down the rows
 * stay pending and the reconciler enqueues them with the same job ids.
 */
export async function enqueueWebhookDeliveries(ctx: Pick<ServerContext, 'jobs' | 'logger'>, deliveryIds: string[]): Promise<void> {
  for (const deliveryId of deliveryIds) {
    await ctx.jobs.tryEnqueue(webhookDeliveryJob, { deliveryId }, { log: { deliveryId } });
  }
}

/**
 * Records and enqueues an event when there is no surrounding transaction (the change it reports is
 * already committed): e.g. `generation.completed` from the worker, `campaign.completed`. Answers the
 * delivery ids (empty when no endpoint is subscribed).
 */
export async function enqueueWebhookEvent(ctx: Pick<ServerContext, 'db' | 'jobs' | 'logger'>, event: WebhookEvent): Promise<string[]> {
  const ids = await recordWebhookEvent(ctx.db, event);
  await enqueueWebhookDeliveries(ctx, ids);
  return ids;
}
