import { once } from 'node:events';
import { Router, type Request, type Response } from 'express';
import {
  exportQuery,
  listSavedQuery,
  saveLineBody,
  savedLineIdParams,
  type SavedLineDto,
  type SavedLinesPageDto,
  type SavedLinesSummaryDto,
  type SaveLineResultDto,
} from '@gl/core';
import { Errors, currentPlanFor, decodeCursor, savedLinesRepository, type SavedLinesFilter } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { ok, parse } from '../http/respond';
import { requireFeature } from '../services/generation.service';
import { requireUser, userIdOf } from '../middleware/authenticate';
import { Limiter } from '../services/rate-limit.service';

/** Exports per user per window: an export reads the whole library. */
const EXPORTS_PER_WINDOW = 30;
const EXPORT_WINDOW_SECONDS = 600;

const CSV_COLUMNS = ['text', 'category', 'tone', 'createdAt', 'id'] as const;
const FORMULA_LEAD = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF (quotes doubled).
 * Text that a spreadsheet would run as a formula (= + - @ tab CR first) gets a leading
 * apostrophe, so opening an export never executes anything.
 */
export function csvField(value: string): string {
  const safe = FORMULA_LEAD.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRow(line: SavedLineDto): string {
  return `${CSV_COLUMNS.map((c) => csvField(String(line[c] ?? ''))).join(',')}\r\n`;
}

function toFilter(userId: string, q: { search?: string; category?: string }): SavedLinesFilter {
  return {
    userId,
    search: q.search || undefined,
    category: q.category && q.category !== 'all' ? (q.category as SavedLinesFilter['category']) : undefined,
  };
}

/** Writes with backpressure; false when the client went away. */
async function write(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return false;
  if (!res.write(chunk)) {
    await Promise.race([once(res, 'drain'), once(res, 'close')]);
  }
  return !res.destroyed;
}

export function savedLinesRoutes(ctx: ApiContext): Router {
  const router = Router();
  const exportLimiter = new Limiter(
    ctx.redis,
    `${ctx.config.REDIS_PREFIX}-rl-export`,
    EXPORTS_PER_WINDOW,
    EXPORT_WINDOW_SECONDS,
    () => 'Too many exports. Please try again in a few minutes.',
  );

  // Every route here is for signed-in users only. requireUser is applied per route, never with
  // router.use: another router is mounted at /lines too (generate, generations) and serves visitors.

  router.post('/save', requireUser, async (req, res) => {
    const body = parse(saveLineBody, req.body);
    const { savedLine, created } = await savedLinesRepository.save(ctx.db, { userId: userIdOf(req), ...body });
    const data: SaveLineResultDto = { savedLine, alreadySaved: !created };
    ok(res, data, created ? 201 : 200);
  });

  router.get('/saved', requireUser, async (req, res) => {
    const query = parse(listSavedQuery, req.query);
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    if (query.cursor && !cursor) throw Errors.validation('cursor: Invalid cursor', [{ path: 'cursor', message: 'Invalid cursor' }]);
    const page: SavedLinesPageDto = await savedLinesRepository.list(ctx.db, {
      ...toFilter(userIdOf(req), query),
      limit: query.limit,
      cursor,
    });
    ok(res, page);
  });

  router.get('/saved/summary', requireUser, async (req, res) => {
    const data: SavedLinesSummaryDto = await savedLinesRepository.summary(ctx.db, userIdOf(req));
    ok(res, data);
  });

  router.get('/saved/export', requireUser, async (req: Request, res: Response) => {
    const userId = userIdOf(req);
    const query = parse(exportQuery, req.query);
    const plan = await currentPlanFor(ctx.db, userId);
    requireFeature(plan, 'bulkExport', 'Bulk export');
    await exportLimiter.consume(userId);

    const filter = toFilter(userId, query);
    const day = new Date().toISOString().slice(0, 10);
    const filename = `genius-lines-saved-${day}.${query.format}`;
    res.status(200);
    res.setHeader('Content-Type', query.format === 'csv' ? 'text/csv; charset=utf-8; header=present' : 'application/json; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.setHeader('Cache-Control', 'no-store');

    // Rows come from the database in keyset batches and go straight out: memory stays flat.
    try {
      let first = true;
      // The UTF-8 byte order mark tells spreadsheet apps the file is UTF-8 (emoji, accents).
      if (!(await write(res, query.format === 'csv' ? `\uFEFF${CSV_COLUMNS.join(',')}\r\n` : '['))) return;
      for await (const batch of savedLinesRepository.iterate(ctx.db, filter)) {
        let chunk = '';
        for (const line of batch) {
          if (query.format === 'csv') chunk += csvRow(line);
          else {
            chunk += `${first ? '\n' : ',\n'}${JSON.stringify(line)}`;
            first = false;
          }
        }
        if (!(await write(res, chunk))) return;
      }
      if (query.format === 'json') await write(res, first ? ']\n' : '\n]\n');
      res.end();
    } catch (err) {
      // Headers are gone: cut the connection so the download is visibly incomplete, never silently short.
      req.log?.error({ err }, 'export failed mid-stream');
      res.destroy(err as Error);
    }
  });

  router.delete('/saved/:id', requireUser, async (req, res) => {
    const { id } = parse(savedLineIdParams, req.params);
    // Someone else's line and a line that never existed get the same answer.
    if (!(await savedLinesRepository.deleteOwned(ctx.db, userIdOf(req), id))) throw Errors.notFound('Saved line not found');
    ok(res, { id });
  });

  router.delete('/saved', requireUser, async (req, res) => {
    ok(res, { deleted: await savedLinesRepository.deleteAllForUser(ctx.db, userIdOf(req)) });
  });

  return router;
}
