/**
 * What every generate-like route (lines, compare, photo, campaigns, v1) shares about a request: who
 * asks, the abuse limits beyond the daily quota, and how a photo upload is described.
 */
import type { Request } from 'express';
import type { z } from 'zod';
import { PHOTO_FIELD, PHOTO_MAX_BYTES, PHOTO_TYPES } from '@gl/core';
import { Errors } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import type { MultipartSpec } from '../http/route';
import { consumeInOrder, Limiter } from '../common/rate-limit.service';
import type { Requester } from './generation.service';

/** Abuse limits on generate, beyond the daily quota: per user and per client IP, per minute. */
export function generateLimiters(ctx: ApiContext) {
  const { config } = ctx;
  const message = (s: number) => `Too many generation requests. Please wait ${s} second${s === 1 ? '' : 's'} and try again.`;
  const perUser = new Limiter(ctx.redis, `${config.REDIS_PREFIX}-rl-gen-user`, config.GENERATE_RATE_LIMIT_PER_USER, 60, message);
  const perIp = new Limiter(ctx.redis, `${config.REDIS_PREFIX}-rl-gen-ip`, config.GENERATE_RATE_LIMIT_PER_IP, 60, message);
  return {
    /**
     * Per IP, then per user, in one Redis round trip: `cost` points from each (one per generation the
     * request creates: a campaign costs one per line), all or none.
     */
    async consume(who: Requester, cost = 1): Promise<void> {
      const entries = [{ limiter: perIp, key: who.ip ?? 'unknown', cost }];
      if (who.userId) entries.push({ limiter: perUser, key: who.userId, cost });
      await consumeInOrder(entries);
    },
  };
}

export function requesterOf(req: Request): Requester {
  // The plan came with the sign-in check (same statement): the generation does not look it up again.
  // On the generate request the check itself may still be to make: it travels with the accept (sessionCheck).
  return {
    userId: req.auth?.userId ?? null,
    visitorId: req.visitorId ?? null,
    ip: req.ip ?? null,
    plan: req.auth?.plan,
    ...(req.sessionCheck ? { sessionCheck: req.sessionCheck } : {}),
  };
}

/** A signed-out browser must say which visitor room its results go to. */
export function requireIdentity(who: Requester): void {
  if (who.userId || who.visitorId) return;
  const message = 'Sign in, or send an X-Visitor-Id header (a UUID) to receive your lines';
  throw Errors.validation(message, [{ path: 'X-Visitor-Id', message }]);
}

/** The form of a photo upload, as the OpenAPI document describes it. */
export function photoMultipart(fields: z.ZodObject): MultipartSpec {
  return {
    fields,
    files: {
      [PHOTO_FIELD]: {
        description: `The photo: ${PHOTO_TYPES.map((t) => t.split('/')[1]!.toUpperCase()).join(', ')}, at most ${PHOTO_MAX_BYTES / (1024 * 1024)} MB, recognised by its bytes (not its name). It is read and forgotten: never stored, and its metadata (EXIF, GPS) never reaches a provider.`,
        types: PHOTO_TYPES,
      },
    },
  };
}

export const PHOTO_DESCRIPTION =
  'A provider that can see reads the photo (an OpenAI-compatible vision model writes the lines from it; otherwise a Hugging Face image-to-text model describes it and the text chain writes from that description), with every rule of generate. Pro and Business plans; counted as one generation, with the rate limits of generate. 422 VISION_UNAVAILABLE when no provider that can see is configured (nothing counted): write from a typed topic instead.';
