import type { SavedLineDto } from '@gl/core';
import { enqueueWebhookDeliveries, recordWebhookEvent, savedLinesRepository, type IdempotentSave } from '@gl/core/server';
import type { ApiContext } from '../api-context';

type SaveInput = Parameters<typeof savedLinesRepository.save>[1];

/**
 * Saving a line, wherever it comes from (the app, /api/v1/save-line, the MCP save_line tool): a
 * new line records `line.saved` for the owner's webhook endpoints in the same transaction, and the
 * deliveries are enqueued after it commits. A line that was already saved sends nothing.
 */
export async function saveLine(ctx: ApiContext, input: SaveInput): Promise<{ savedLine: SavedLineDto; created: boolean }> {
  let deliveries: string[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const saved = await savedLinesRepository.save(tx, input);
    if (saved.created) deliveries = await recordLineSaved(tx, input.userId, saved.savedLine);
    return saved;
  });
  await enqueueWebhookDeliveries(ctx, deliveries);
  return result;
}

/** `saveLine` under an Idempotency-Key: only the first request (the one that saved) records the event. */
export async function saveLineIdempotent(ctx: ApiContext, input: SaveInput, key: string): Promise<IdempotentSave> {
  let deliveries: string[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const saved = await savedLinesRepository.saveIdempotent(tx, input, key);
    if (!('conflict' in saved) && saved.status === 201 && !saved.replayed) {
      deliveries = await recordLineSaved(tx, input.userId, saved.savedLine);
    }
    return saved;
  });
  await enqueueWebhookDeliveries(ctx, deliveries);
  return result;
}

function recordLineSaved(tx: Parameters<typeof recordWebhookEvent>[0], userId: string, savedLine: SavedLineDto): Promise<string[]> {
  return recordWebhookEvent(tx, { userId, type: 'line.saved', data: savedLine, key: `line-${savedLine.id}` });
}
