import type { Response } from 'express';
import type { z } from 'zod';
import type { UiLanguage } from '@gl/core';
import { Errors, zodErrorMapFor } from '@gl/core/server';

/** The success envelope: `{ success: true, data }`. */
export function ok<T>(res: Response, data: T, status = 200): void {
  res.status(status).json({ success: true, data });
}

/**
 * Parses input against a contract schema; a failure is 400 VALIDATION_FAILED with the zod issues.
 * The message is the first issue, prefixed with its field unless `bare`. `lang`: the request's
 * language, for zod's own messages (a schema's own messages are translated by the error handler).
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown, opts: { bare?: boolean; lang?: UiLanguage } = {}): z.infer<S> {
  const error = opts.lang && zodErrorMapFor(opts.lang);
  const result = error ? schema.safeParse(input ?? {}, { error }) : schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((i) => ({
    path: i.path.join('.'),
    message: i.code === 'unrecognized_keys' ? `Unknown field(s): ${(i as { keys?: string[] }).keys?.join(', ')}` : i.message,
  }));
  const first = details[0];
  const message = first ? (first.path && !opts.bare ? `${first.path}: ${first.message}` : first.message) : 'Invalid request';
  throw Errors.validation(message, details);
}
