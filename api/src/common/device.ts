import type { Request } from 'express';
import type { DeviceInfo } from '@gl/core/server';

/** What a request says about the device making it (kept on its session). */
export function deviceOf(req: Request): DeviceInfo {
  return { userAgent: req.get('user-agent') ?? null, ip: req.ip ?? null };
}
