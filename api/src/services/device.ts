import type { Request } from 'express';
import type { DeviceInfo } from '@gl/core/server';
import type { ApiContext } from '../api-context';

/** What a request says about the device making it (kept on its session). */
export function deviceOf(req: Request): DeviceInfo {
  return { userAgent: req.get('user-agent') ?? null, ip: req.ip ?? null };
}

/** Where links in e-mails start: PUBLIC_URL, or this api's own origin when it is unset (development, tests). */
export function linkBaseOf(ctx: ApiContext, req: Request): string {
  if (ctx.config.PUBLIC_URL) return ctx.config.PUBLIC_URL.replace(/\/+$/, '');
  return `${req.protocol}://${req.get('host') ?? `${ctx.config.HOST}:${ctx.config.PORT}`}`;
}
