import type { SavedLineDto, SavedLinesPageDto, SavedLinesSummaryDto } from '@gl/core';
import { Errors, currentPlanFor, decodeCursor, savedLinesRepository, type SavedLinesFilter } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { requireFeature } from '../common/plan-policy';

/** What narrows a list or an export: a search and a category ('all' or none for every one). */
export interface SavedLinesQuery {
  search?: string;
  category?: string;
}

function toFilter(userId: string, q: SavedLinesQuery): SavedLinesFilter {
  return {
    userId,
    search: q.search || undefined,
    category: q.category && q.category !== 'all' ? (q.category as SavedLinesFilter['category']) : undefined,
  };
}

/** The caller's library: list, summary, export and delete. (Saving a line is in save-line.ts.) */
export class SavedLinesService {
  constructor(private readonly ctx: ApiContext) {}

  list(userId: string, query: SavedLinesQuery & { limit: number; cursor?: string }): Promise<SavedLinesPageDto> {
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    if (query.cursor && !cursor) throw Errors.validation('cursor: Invalid cursor', [{ path: 'cursor', message: 'Invalid cursor' }]);
    return savedLinesRepository.list(this.ctx.db, { ...toFilter(userId, query), limit: query.limit, cursor });
  }

  summary(userId: string): Promise<SavedLinesSummaryDto> {
    return savedLinesRepository.summary(this.ctx.db, userId);
  }

  /** Bulk export is a plan feature: 403 on a plan without it. */
  async requireExport(userId: string): Promise<void> {
    const plan = await currentPlanFor(this.ctx.db, userId);
    requireFeature(plan, 'bulkExport', 'Bulk export');
  }

  /** The whole library in keyset batches, newest first, for a streamed export. */
  batches(userId: string, query: SavedLinesQuery): AsyncIterable<SavedLineDto[]> {
    return savedLinesRepository.iterate(this.ctx.db, toFilter(userId, query));
  }

  /** Someone else's line and a line that never existed get the same answer (404). */
  async deleteOne(userId: string, id: string): Promise<{ id: string }> {
    if (!(await savedLinesRepository.deleteOwned(this.ctx.db, userId, id))) throw Errors.notFound('Saved line not found');
    return { id };
  }

  async deleteAll(userId: string): Promise<{ deleted: number }> {
    return { deleted: await savedLinesRepository.deleteAllForUser(this.ctx.db, userId) };
  }
}
