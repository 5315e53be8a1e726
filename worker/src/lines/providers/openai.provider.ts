import OpenAI from 'openai';
import type { ChatPrompt } from '../prompt';
import type { LineProvider } from './provider';

export interface OpenAiProviderOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  timeoutMs: number;
}

/**
 * OpenAI chat completions through the official SDK, streamed. maxRetries is 0: a failing
 * provider falls through to the next one at once instead of retrying behind our back.
 */
export class OpenAiProvider implements LineProvider {
  readonly name = 'openai' as const;
  readonly timeoutMs: number;
  private readonly client: OpenAI;

  constructor(private readonly opts: OpenAiProviderOptions) {
    this.timeoutMs = opts.timeoutMs;
    this.client = new OpenAI({ apiKey: opts.apiKey, baseURL: opts.baseURL, timeout: opts.timeoutMs, maxRetries: 0 });
  }

  async *stream(prompt: ChatPrompt, signal: AbortSignal): AsyncIterable<string> {
    const stream = await this.client.chat.completions.create(
      {
        model: this.opts.model,
        messages: prompt.messages,
        max_tokens: prompt.maxTokens,
        temperature: 0.9,
        stream: true,
      },
      { signal },
    );
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta?.content;
      if (delta) yield delta;
    }
  }
}
