import { photoStore, visionSetup, type Config, type GenerationRow } from '@gl/core/server';
import type { WorkerContext } from '../processor';
import { runProviderChain, type ChainOptions, type ChainRequest, type ChainResult } from '../lines';
import { HuggingFaceDescriber } from './hf-image-to-text';
import { OpenAiVision } from './openai-vision.provider';
import { runPhotoChain, type PhotoVision } from './photo-chain';

/** What a user is told when a photo generation's photo is gone before its lines were written. */
export const PHOTO_GONE_MESSAGE =
  'Your photo is no longer here (photos are kept only while their lines are written). Please send it again.';

/** The vision providers of a configuration, built once; `bind` gives them one photo. */
export interface VisionProviders {
  bind(photo: Buffer): PhotoVision;
}

const visionCache = new WeakMap<Config, VisionProviders>();

export function configuredVision(config: Config): VisionProviders {
  let vision = visionCache.get(config);
  if (!vision) {
    const setup = visionSetup(config);
    const openai = setup.openai
      ? new OpenAiVision({
          apiKey: config.OPENAI_API_KEY!,
          baseURL: config.OPENAI_BASE_URL,
          model: setup.openai.model,
          timeoutMs: config.VISION_TIMEOUT_MS,
        })
      : undefined;
    const describer = setup.huggingface
      ? new HuggingFaceDescriber({
          token: config.HF_TOKEN!,
          model: setup.huggingface.model,
          endpointUrl: setup.huggingface.endpointUrl,
          timeoutMs: config.VISION_TIMEOUT_MS,
        })
      : undefined;
    vision = {
      bind: (photo) => ({ seeing: openai ? [openai.forPhoto(photo)] : [], describers: describer ? [describer] : [] }),
    };
    visionCache.set(config, vision);
  }
  return vision;
}

/**
 * Does this run of the generation need its photo? Only the first writing of a photo generation's
 * lines does; a later run on its lines (refining one) works from the lines, and the photo is gone by then.
 */
export function needsPhoto(row: Pick<GenerationRow, 'fromPhoto' | 'replaceIndex' | 'lines'>): boolean {
  return row.fromPhoto && row.replaceIndex === null && row.lines.length === 0;
}

/** The photo's bytes from Redis; null when they are gone (expired, or Redis lost its data). */
export function loadPhoto(ctx: WorkerContext, generationId: string): Promise<Buffer | null> {
  return photoStore.get(ctx.redis, ctx.config.REDIS_PREFIX, generationId);
}

/** Deletes the photo once its job has ended (done, or failed for good); the key's TTL is the backstop. */
export async function forgetPhoto(ctx: WorkerContext, generationId: string): Promise<void> {
  try {
    await photoStore.drop(ctx.redis, ctx.config.REDIS_PREFIX, generationId);
  } catch (err) {
    ctx.logger.warn({ generationId, err: (err as Error).message }, 'could not delete a photo; its TTL removes it');
  }
}

export type ChainRunner = (req: ChainRequest, opts: ChainOptions) => Promise<ChainResult>;

/** The chain that writes a generation's lines: from its photo when it has one, else the text chain. */
export function chainFor(
  photo: Buffer | undefined,
  config: Config,
  vision: (config: Config) => VisionProviders = configuredVision,
): ChainRunner {
  if (!photo) return runProviderChain;
  const bound = vision(config).bind(photo);
  return (req, opts) => runPhotoChain(req, opts, bound, photo);
}

/** The message for the user of an error that carries one (PhotoUnreadableError), else undefined. */
export function userMessageOf(err: unknown): string | undefined {
  const message = (err as { userMessage?: unknown })?.userMessage;
  return typeof message === 'string' ? message : undefined;
}
