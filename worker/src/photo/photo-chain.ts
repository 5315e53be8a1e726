import type { GenerationSource } from '@gl/core';
import { majoritySource, runProviderChain, type ChainOptions, type ChainRequest, type ChainResult } from '../lines';
import { describeProviderError, type LineProvider } from '../lines';
import type { PhotoDescriber } from './hf-image-to-text';

/** What a user is told when no provider could see the photo, after the job's last attempt. */
export const PHOTO_UNREADABLE_MESSAGE =
  'We could not read your photo right now. Please try again, or describe it in a few words in the topic field instead.';

/** A failure whose message is meant for the user (the generation:failed event and the row's error). */
export class PhotoUnreadableError extends Error {
  readonly userMessage = PHOTO_UNREADABLE_MESSAGE;
  constructor() {
    super('no vision provider could read the photo');
    this.name = 'PhotoUnreadableError';
  }
}

/** The providers that can see a photo, bound to one photo. */
export interface PhotoVision {
  /** They see the photo and write the lines themselves (an OpenAI-compatible vision model). */
  seeing: LineProvider[];
  /** They say what the photo shows; the text chain then writes from that (Hugging Face image-to-text). */
  describers: PhotoDescriber[];
}

/** Thrown in place of the offline writer while only the providers that see are asked. */
class NotAllSeen extends Error {}

/** The description as the text chain's topic, after the user's own topic (a brand, a name) when there is one. */
export function topicWithDescription(topic: string | null | undefined, description: string | undefined): string | null {
  const own = topic?.trim();
  if (!description) return own || null;
  return own ? `${own}: ${description}` : description;
}

async function describe(
  describers: PhotoDescriber[],
  photo: Buffer,
  timings: NonNullable<ChainOptions['timings']>,
  now: () => number,
): Promise<string | undefined> {
  for (const d of describers) {
    const started = now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`timed out after ${d.timeoutMs} ms`)), d.timeoutMs);
    try {
      const text = await d.describe(photo, controller.signal);
      timings.push({ provider: d.name, ms: Math.round(now() - started), ok: true });
      return text;
    } catch (err) {
      const reason = controller.signal.aborted ? controller.signal.reason : err;
      timings.push({ provider: d.name, ms: Math.round(now() - started), ok: false, error: describeProviderError(reason) });
    } finally {
      clearTimeout(timer);
    }
  }
  return undefined;
}

/**
 * Lines about a photo, with every rule of the text chain (the same prompt, cleaning, bounds and
 * words to avoid: runProviderChain does the work). First the providers that see the photo write
 * the lines from it; one that answers an error for the image (too large, a model that cannot see)
 * falls through. Then a describer says what the photo shows and the usual text chain, offline
 * writer included, writes the rest about that description (or, when a provider saw the photo but
 * left lines out, about the user's topic). When no provider could see the photo and none described
 * it, nothing is written about something else: PhotoUnreadableError.
 */
export async function runPhotoChain(req: ChainRequest, opts: ChainOptions, vision: PhotoVision, photo: Buffer): Promise<ChainResult> {
  const now = opts.now ?? (() => performance.now());
  const timings = opts.timings ?? [];
  const seen: Array<{ text: string; source: GenerationSource }> = [];
  const phaseStart = timings.length;

  if (vision.seeing.length > 0) {
    try {
      return await runProviderChain(req, {
        ...opts,
        timings,
        providers: vision.seeing,
        recentLines: undefined,
        offline: () => {
          throw new NotAllSeen();
        },
        onLine: async (index, text) => {
          seen.push({ text, source: vision.seeing[0]!.name });
          await opts.onLine?.(index, text);
        },
      });
    } catch (err) {
      if (!(err instanceof NotAllSeen)) throw err;
    }
  }

  // A provider that saw the photo answered, though not every line kept the rules: the text chain
  // (offline writer included) fills the gap, as it does for any provider.
  const sawIt = timings.slice(phaseStart).some((t) => t.ok && vision.seeing.some((p) => p.name === t.provider));
  const description = await describe(vision.describers, photo, timings, now);
  if (!description && !sawIt) throw new PhotoUnreadableError();
  const rest = await runProviderChain(
    { ...req, topic: topicWithDescription(req.topic, description), count: req.count - seen.length },
    {
      ...opts,
      timings,
      existing: [...(opts.existing ?? []), ...seen.map((s) => s.text)],
      onLine: (index, text) => opts.onLine?.(seen.length + index, text),
    },
  );
  const lines = [...seen.map((s) => s.text), ...rest.lines];
  const source = majoritySource([...seen.map((s) => s.source), ...rest.lines.map(() => rest.source)]);
  return { lines, written: [...seen.map((s) => s.text), ...rest.written], source, timings };
}
