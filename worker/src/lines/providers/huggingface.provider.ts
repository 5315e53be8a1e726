import { InferenceClient } from '@huggingface/inference';
import type { ChatPrompt } from '../prompt';
import type { LineProvider } from './provider';

export interface HuggingFaceProviderOptions {
  token: string;
  /** A dedicated Inference Endpoint (or any TGI-compatible server); unset: the HF router with `model`. */
  endpointUrl?: string;
  model: string;
  timeoutMs: number;
}

/**
 * Hugging Face chat completion through `@huggingface/inference`, streamed. `retry_on_error:
 * false` matters: the SDK otherwise retries a 503 ("model loading") forever.
 */
export class HuggingFaceProvider implements LineProvider {
  readonly name = 'huggingface' as const;
  readonly timeoutMs: number;
  private readonly client: InferenceClient;

  constructor(private readonly opts: HuggingFaceProviderOptions) {
    this.timeoutMs = opts.timeoutMs;
    this.client = new InferenceClient(opts.token, opts.endpointUrl ? { endpointUrl: opts.endpointUrl } : {});
  }

  async *stream(prompt: ChatPrompt, signal: AbortSignal): AsyncIterable<string> {
    const stream = this.client.chatCompletionStream(
      {
        model: this.opts.model,
        messages: prompt.messages.map((m) => ({ role: m.role, content: m.content })),
        max_tokens: prompt.maxTokens,
        temperature: 0.9,
      },
      { signal, retry_on_error: false },
    );
    for await (const chunk of stream) {
      const delta = chunk.choices?.[0]?.delta?.content;
      if (delta) yield delta;
    }
  }
}
