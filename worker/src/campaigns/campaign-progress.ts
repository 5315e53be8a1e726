import { campaignsRepository, enqueueWebhookDeliveries, recordWebhookEvent, type ServerContext } from '@gl/core/server';

type ProgressContext = Pick<ServerContext, 'db' | 'jobs' | 'realtime' | 'logger'>;

/**
 * Completes the campaign if all its lines have been tried. In the same transaction as the
 * completion (which only one caller wins), the `campaign.completed` webhook event is recorded for
 * the owner's endpoints (keyed by the campaign, so it is never sent twice); its deliveries are
 * enqueued after the commit and the owner hears campaign:completed.
 */
export async function finishCampaignIfDone(ctx: ProgressContext, campaignId: string): Promise<boolean> {
  const finished = await ctx.db.transaction(async (tx) => {
    const completed = await campaignsRepository.completeIfDone(tx, campaignId);
    if (!completed) return undefined;
    const campaign = (await campaignsRepository.findOwned(tx, campaignId, completed.userId))!;
    const deliveryIds = await recordWebhookEvent(tx, {
      userId: completed.userId,
      type: 'campaign.completed',
      data: campaign,
      key: `campaign-${campaignId}`,
    });
    return { userId: completed.userId, campaign, deliveryIds };
  });
  if (!finished) return false;
  const { campaign } = finished;
  ctx.realtime.emit({ userId: finished.userId }, 'campaign:completed', {
    campaignId,
    done: campaign.done,
    failed: campaign.failed,
    total: campaign.total,
  });
  await enqueueWebhookDeliveries(ctx, finished.deliveryIds);
  return true;
}

/**
 * After a generation has finished (written, failed, or given up on): if it is a campaign's line,
 * the owner hears campaign:progress with the line as it now stands, and the campaign completes
 * when it was its last line. A failure here never fails the generation: the reconciler completes
 * a campaign whose lines have all finished, and the page reads the campaign again on reconnect.
 */
export async function reportCampaignLine(ctx: ProgressContext, generationId: string): Promise<void> {
  try {
    const progress = await campaignsRepository.progressOf(ctx.db, generationId);
    if (!progress) return;
    const { campaignId, userId, line, done, failed, total } = progress;
    ctx.realtime.emit({ userId }, 'campaign:progress', { campaignId, line, done, failed, total });
    await finishCampaignIfDone(ctx, campaignId);
  } catch (err) {
    ctx.logger.warn({ generationId, err: (err as Error).message }, 'campaign progress not reported');
  }
}
