import { once } from 'node:events';
import type { Request, Response } from 'express';
import {
  exportQuery,
  listSavedQuery,
  saveLineBody,
  saveLineHeaders,
  savedLineIdParams,
  type SavedLineDto,
  type SavedLinesPageDto,
  type SavedLinesSummaryDto,
  type SaveLineResultDto,
  saveLineResultDto,
  savedLinesPageDto,
  savedLinesSummaryDto,
  idDto,
  savedLinesDeletedDto,
} from '@gl/core';
import { Errors, localDay, usersRepository } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { SENT, defineResource, reply } from '../http/route';
import { spreadsheetSafe } from '../http/spreadsheet-safe';
import { userIdOf } from '../middleware/authenticate';
import { Limiter } from '../common/rate-limit.service';
import { saveLine, saveLineIdempotent } from './save-line';
import { SavedLinesService } from './saved-lines.service';

/** Exports per user per window: an export reads the whole library. */
const EXPORTS_PER_WINDOW = 30;
const EXPORT_WINDOW_SECONDS = 600;

const CSV_COLUMNS = ['text', 'category', 'tone', 'createdAt', 'id', 'platform'] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF (quotes doubled).
 * Formula-like text is neutralised by `spreadsheetSafe`, so opening an export never executes anything.
 */
export function csvField(value: string): string {
  const safe = spreadsheetSafe(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRow(line: SavedLineDto): string {
  return `${CSV_COLUMNS.map((c) => csvField(String(line[c] ?? ''))).join(',')}\r\n`;
}

/** Writes with backpressure; false when the client went away. */
async function write(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return false;
  if (!res.write(chunk)) {
    await Promise.race([once(res, 'drain'), once(res, 'close')]);
  }
  return !res.destroyed;
}

function savedLinesDeps(ctx: ApiContext) {
  return {
    ctx,
    lines: new SavedLinesService(ctx),
    exportLimiter: Limiter.for(ctx, 'export', {
      points: EXPORTS_PER_WINDOW,
      seconds: EXPORT_WINDOW_SECONDS,
      what: 'exports',
      message: () => 'Too many exports. Please try again in a few minutes.',
    }),
  };
}

/**
 * Streams the caller's library as CSV or JSON: rows come in keyset batches and go straight out.
 * The file is named by the caller's own day (`day`: their time zone's date, DESIGN.md §20).
 */
async function streamExport(req: Request, res: Response, batches: AsyncIterable<SavedLineDto[]>, format: 'csv' | 'json', day: string) {
  const filename = `genius-lines-saved-${day}.${format}`;
  res.status(200);
  res.setHeader('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8; header=present' : 'application/json; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');

  // Memory stays flat however large the library is.
  try {
    let first = true;
    // The UTF-8 byte order mark tells spreadsheet apps the file is UTF-8 (emoji, accents).
    if (!(await write(res, format === 'csv' ? `\uFEFF${CSV_COLUMNS.join(',')}\r\n` : '['))) return;
    for await (const batch of batches) {
      let chunk = '';
      for (const line of batch) {
        if (format === 'csv') chunk += csvRow(line);
        else {
          chunk += `${first ? '\n' : ',\n'}${JSON.stringify(line)}`;
          first = false;
        }
      }
      if (!(await write(res, chunk))) return;
    }
    if (format === 'json') await write(res, first ? ']\n' : '\n]\n');
    res.end();
  } catch (err) {
    // Headers are gone: cut the connection so the download is visibly incomplete, never silently short.
    req.log?.error({ err }, 'export failed mid-stream');
    res.destroy(err as Error);
  }
}

/**
 * /api/lines: the caller's saved lines. Every route is for signed-in users only; another resource
 * under /lines (generate, generations) serves visitors, so auth is per route.
 */
export const savedLinesResource = defineResource({
  prefix: '/lines',
  tag: 'Saved lines',
  deps: savedLinesDeps,
  routes: (route) => [
    route({
      method: 'post',
      path: '/save',
      summary: 'Save a line',
      description:
        '201 when the line is new; 200 with alreadySaved true when the same text (any case) is already saved. With an Idempotency-Key, a repeat of the same request within 24 hours answers the first status and saved line and saves nothing; the same key with other content is 409.',
      auth: 'session',
      body: saveLineBody,
      headers: saveLineHeaders,
      status: 201,
      response: saveLineResultDto,
      errors: [400, 401, 409],
      handler: async ({ req, res, deps, body, headers }) => {
        const input = { userId: userIdOf(req), ...body };
        const key = headers['Idempotency-Key'];
        if (key) {
          const result = await saveLineIdempotent(deps.ctx, input, key);
          if ('conflict' in result) throw Errors.conflict('This Idempotency-Key was already used to save a different line.');
          if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
          const data: SaveLineResultDto = { savedLine: result.savedLine, alreadySaved: result.status === 200 };
          return reply(result.status, data);
        }
        const { savedLine, created } = await saveLine(deps.ctx, input);
        const data: SaveLineResultDto = { savedLine, alreadySaved: !created };
        return reply(created ? 201 : 200, data);
      },
    }),
    route({
      method: 'get',
      path: '/saved',
      summary: 'Search and list saved lines, newest first',
      auth: 'session',
      query: listSavedQuery,
      response: savedLinesPageDto,
      errors: [400, 401],
      handler: ({ req, deps, query }): Promise<SavedLinesPageDto> => deps.lines.list(userIdOf(req), query),
    }),
    route({
      method: 'get',
      path: '/saved/summary',
      summary: 'Library summary: how many lines, and how many per category',
      auth: 'session',
      response: savedLinesSummaryDto,
      errors: [401],
      handler: ({ req, deps }): Promise<SavedLinesSummaryDto> => deps.lines.summary(userIdOf(req)),
    }),
    route({
      method: 'get',
      path: '/saved/export',
      summary: 'Export saved lines as CSV or JSON (plans with bulk export)',
      auth: 'session',
      query: exportQuery,
      content: {
        'text/csv': { schema: { type: 'string' } },
        'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/SavedLine' } } },
      },
      errors: [400, 401, 403, 429],
      handler: async ({ req, res, deps, query }) => {
        const userId = userIdOf(req);
        await deps.lines.requireExport(userId);
        await deps.exportLimiter.consume(userId);
        const { timeZone } = await usersRepository.readerOf(deps.ctx.db, userId);
        await streamExport(req, res, deps.lines.batches(userId, query), query.format, localDay(new Date(), timeZone));
        return SENT;
      },
    }),
    route({
      method: 'delete',
      path: '/saved/:id',
      summary: 'Delete one saved line',
      auth: 'session',
      params: savedLineIdParams,
      response: idDto,
      errors: [400, 401, 404],
      handler: ({ req, deps, params: { id } }) => deps.lines.deleteOne(userIdOf(req), id),
    }),
    route({
      method: 'delete',
      path: '/saved',
      summary: 'Delete all saved lines',
      auth: 'session',
      response: savedLinesDeletedDto,
      errors: [401],
      handler: ({ req, deps }) => deps.lines.deleteAll(userIdOf(req)),
    }),
  ],
});
