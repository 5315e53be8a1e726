import { billingSweepJob, runBillingSweep, WEBHOOK_HISTORY_DAYS, webhooksRepository } from '@gl/core/server';
import { registerProcessor, type WorkerContext } from '../processor';

/** Rows deleted per statement, and statements per sweep, by the webhook history retention. */
const PRUNE_BATCH = 5000;
const PRUNE_BATCHES_PER_SWEEP = 20;

/**
 * Webhook attempts and finished deliveries older than WEBHOOK_HISTORY_DAYS go, in batches, so one
 * sweep never holds a long transaction; what is left goes at the next sweep.
 */
export async function pruneWebhookHistory(
  ctx: Pick<WorkerContext, 'db'>,
  now = new Date(),
): Promise<{ attempts: number; deliveries: number }> {
  const before = new Date(now.getTime() - WEBHOOK_HISTORY_DAYS * 24 * 3600_000);
  const total = { attempts: 0, deliveries: 0 };
  for (let i = 0; i < PRUNE_BATCHES_PER_SWEEP; i++) {
    const pruned = await webhooksRepository.pruneHistory(ctx.db, before, PRUNE_BATCH);
    total.attempts += pruned.attempts;
    total.deliveries += pruned.deliveries;
    if (pruned.attempts < PRUNE_BATCH && pruned.deliveries < PRUNE_BATCH) break;
  }
  return total;
}

/**
 * The scheduled billing sweep (reminders and expiry); idempotent, so overlapping runs are harmless.
 * A PayPal subscription whose plan ended is cancelled at PayPal by the `paypal-cancel` job it records.
 * The same schedule prunes the webhook history (30 days).
 */
export const billingSweepProcessor = registerProcessor(billingSweepJob, async (_payload, ctx) => {
  const result = await runBillingSweep(ctx);
  if (result.reminders || result.expired) ctx.logger.info(result, 'billing sweep');
  const webhookHistory = await pruneWebhookHistory(ctx);
  if (webhookHistory.attempts || webhookHistory.deliveries) ctx.logger.info({ webhookHistory }, 'webhook history pruned');
  return { ...result, webhookHistory };
});
