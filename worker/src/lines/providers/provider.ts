import type { ChatPrompt } from '../prompt';

export type AiProviderName = 'openai' | 'huggingface';

/** An AI provider the chain can stream lines from. The chain owns timeouts and fallbacks. */
export interface LineProvider {
  readonly name: AiProviderName;
  /** The whole attempt (connect + stream) is aborted after this long. */
  readonly timeoutMs: number;
  /** Yields the completion's text deltas as they arrive; throws on any provider error. */
  stream(prompt: ChatPrompt, signal: AbortSignal): AsyncIterable<string>;
}

/** A short, log-safe description of a provider failure (status and message, never credentials). */
export function describeProviderError(err: unknown): string {
  const e = err as { status?: number; statusCode?: number; httpResponse?: { status?: number }; name?: string; message?: string };
  const status = e?.status ?? e?.statusCode ?? e?.httpResponse?.status;
  const message = (e?.message ?? String(err)).replace(/\s+/g, ' ').slice(0, 200);
  return status ? `${status} ${message}` : message;
}
