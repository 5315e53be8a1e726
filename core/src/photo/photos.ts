import type { Redis } from 'ioredis';
import type { Config } from '../platform/config';

/**
 * Captions from a photo (DESIGN.md §15): which providers can see a photo, and the one place a
 * photo is ever kept: a short-lived Redis key between the request that took it and the job that
 * reads it. It is never in PostgreSQL, in BullMQ job data or in a log line.
 */

const OFF = 'off';

export interface VisionSetup {
  /** The OpenAI-compatible chat API, sent the photo as an `image_url` part: writes the lines itself. */
  openai?: { model: string };
  /** Hugging Face image-to-text: describes the photo; the description feeds the usual text chain. */
  huggingface?: { model: string; endpointUrl?: string };
}

/** The providers that can see a photo, in the order they are tried; empty: photos answer 422. */
export function visionSetup(config: Config): VisionSetup {
  const setup: VisionSetup = {};
  const openaiModel = config.OPENAI_VISION_MODEL ?? config.OPENAI_MODEL;
  if (config.OPENAI_API_KEY && openaiModel.toLowerCase() !== OFF) setup.openai = { model: openaiModel };
  if (config.HF_TOKEN && config.HF_VISION_MODEL.toLowerCase() !== OFF) {
    setup.huggingface = { model: config.HF_VISION_MODEL, endpointUrl: config.HF_VISION_ENDPOINT_URL };
  }
  return setup;
}

export function canSeePhotos(config: Config): boolean {
  const setup = visionSetup(config);
  return Boolean(setup.openai || setup.huggingface);
}

/** `<prefix>-photo-<generationId>`: the photo of one generation, until its job ends. */
export function photoKey(prefix: string, generationId: string): string {
  return `${prefix}-photo-${generationId}`;
}

/** The photo's bytes in Redis, for at most `ttlSeconds` (the job deletes them when it ends). */
export const photoStore = {
  async put(redis: Redis, prefix: string, generationId: string, bytes: Buffer, ttlSeconds: number): Promise<void> {
    await redis.set(photoKey(prefix, generationId), bytes, 'EX', ttlSeconds);
  },
  /** The bytes, or null when they are gone (expired, deleted, or Redis lost its data). */
  async get(redis: Redis, prefix: string, generationId: string): Promise<Buffer | null> {
    return redis.getBuffer(photoKey(prefix, generationId));
  },
  async exists(redis: Redis, prefix: string, generationId: string): Promise<boolean> {
    return (await redis.exists(photoKey(prefix, generationId))) === 1;
  },
  async drop(redis: Redis, prefix: string, generationId: string): Promise<void> {
    await redis.del(photoKey(prefix, generationId));
  },
};
