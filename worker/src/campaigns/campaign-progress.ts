import { campaignsRepository, type CampaignRow, type ServerContext } from '@gl/core/server';

type ProgressContext = Pick<ServerContext, 'db' | 'realtime' | 'logger'>;

/**
 * What happens once a campaign has been completed (exactly once per campaign): the
 * `campaign.completed` webhook event for the owner's endpoints goes here.
 */
export async function onCampaignCompleted(
  ctx: ProgressContext,
  campaign: CampaignRow,
  counts: { done: number; failed: number; total: number },
): Promise<void> {
  ctx.realtime.emit({ userId: campaign.userId }, 'campaign:completed', { campaignId: campaign.id, ...counts });
}

/** Completes the campaign if all its lines have been tried; the one caller that completes it announces it. */
export async function finishCampaignIfDone(ctx: ProgressContext, campaignId: string): Promise<boolean> {
  const completed = await campaignsRepository.completeIfDone(ctx.db, campaignId);
  if (!completed) return false;
  await onCampaignCompleted(ctx, completed, await campaignsRepository.counts(ctx.db, campaignId));
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
