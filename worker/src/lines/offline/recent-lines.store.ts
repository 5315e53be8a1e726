import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { lineKey, normalizeTopic } from './text';

/** What identifies "the same brief" for the memory: not the count or the length cap. */
export interface RecentBrief {
  category: string;
  tone: string;
  topic?: string | null;
  language: string;
  brandName?: string | null;
}

export interface RecentLinesOptions {
  /** How many line keys are kept per subject and brief (newest first). */
  max?: number;
  /** How long a memory lives after its last write. */
  ttlSeconds?: number;
  /** A read or write slower than this is given up (the generation goes on without the memory). */
  timeoutMs?: number;
}

const DEFAULTS = { max: 200, ttlSeconds: 7 * 24 * 3600, timeoutMs: 500 };
const NOTHING: ReadonlySet<string> = new Set();

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`recent lines: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The offline writer's memory of what a user or visitor was recently shown for a brief, shared by
 * every worker process: one Redis list per subject and brief (newest first, capped, with a TTL).
 * One round trip to read, one pipelined write. Redis trouble never fails a generation: a read gives
 * an empty memory, a write is dropped (and reported to `onError`).
 */
export class RecentLinesStore {
  private readonly opts: typeof DEFAULTS;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    opts: RecentLinesOptions = {},
    private readonly onError: (err: Error) => void = () => undefined,
  ) {
    this.opts = { ...DEFAULTS, ...opts };
  }

  /** `<prefix>-offline-recent-<subject>-<hash of the brief>`; the brief's text is hashed, never stored in the key. */
  keyFor(subject: string, brief: RecentBrief): string {
    const identity = [
      brief.category,
      brief.tone,
      normalizeTopic(brief.topic)?.toLowerCase() ?? '',
      brief.language,
      normalizeTopic(brief.brandName)?.toLowerCase() ?? '',
    ].join('\n');
    const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
    return `${this.prefix}-offline-recent-${subject}-${hash}`;
  }

  async recall(subject: string, brief: RecentBrief): Promise<ReadonlySet<string>> {
    try {
      const keys = await withTimeout(this.redis.lrange(this.keyFor(subject, brief), 0, this.opts.max - 1), this.opts.timeoutMs);
      return new Set(keys);
    } catch (err) {
      this.onError(err as Error);
      return NOTHING;
    }
  }

  async remember(subject: string, brief: RecentBrief, lines: readonly string[]): Promise<void> {
    if (lines.length === 0) return;
    const key = this.keyFor(subject, brief);
    try {
      const results = await withTimeout(
        this.redis
          .multi()
          .lpush(key, ...lines.map(lineKey))
          .ltrim(key, 0, this.opts.max - 1)
          .expire(key, this.opts.ttlSeconds)
          .exec(),
        this.opts.timeoutMs,
      );
      const failed = results?.find(([err]) => err !== null)?.[0];
      if (failed) throw failed;
    } catch (err) {
      this.onError(err as Error);
    }
  }
}
