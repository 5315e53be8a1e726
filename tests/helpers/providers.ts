import type { ChatStub } from '../stubs/openai.stub';

/** The stubs a test points the text providers at, with their keys. */
export interface StubbedProviders {
  openai: ChatStub;
  openaiKey: string;
  hf?: ChatStub;
  hfToken?: string;
  /** Each provider's timeout (the configured default when not given). */
  timeoutMs?: number;
}

/**
 * The environment that sends generation to the OpenAI (and, when given, Hugging Face) stubs on
 * loopback, with the per-user and per-address generate limits out of the way of a test that
 * generates often.
 */
export function stubbedProvidersEnv(p: StubbedProviders): Record<string, string> {
  const timeout = p.timeoutMs === undefined ? null : String(p.timeoutMs);
  return {
    OPENAI_API_KEY: p.openaiKey,
    OPENAI_BASE_URL: `${p.openai.url}/v1`,
    ...(timeout ? { OPENAI_TIMEOUT_MS: timeout } : {}),
    ...(p.hf ? { HF_TOKEN: p.hfToken ?? '', HF_ENDPOINT_URL: p.hf.url, ...(timeout ? { HF_TIMEOUT_MS: timeout } : {}) } : {}),
    GENERATE_RATE_LIMIT_PER_USER: '1000',
    GENERATE_RATE_LIMIT_PER_IP: '1000',
  };
}
