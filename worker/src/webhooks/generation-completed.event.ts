import { enqueueWebhookEvent, toGenerationDto, type GenerationRow } from '@gl/core/server';
import type { WorkerContext } from '../processor';

/**
 * `generation.completed` for the owner's subscribed webhook endpoints (none: one indexed query,
 * nothing written). The generation is already committed; a failure here is logged and never fails
 * the generation. The key makes a repeated call for the same completion record nothing.
 */
export async function announceGenerationCompleted(ctx: WorkerContext, row: GenerationRow): Promise<void> {
  if (!row.userId) return;
  try {
    await enqueueWebhookEvent(ctx, {
      userId: row.userId,
      type: 'generation.completed',
      data: toGenerationDto(row),
      key: `generation-${row.id}-${row.completedAt?.getTime() ?? 0}`,
    });
  } catch (err) {
    ctx.logger.warn({ generationId: row.id, err: (err as Error).message }, 'generation.completed webhook event not recorded');
  }
}
