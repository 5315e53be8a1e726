import { startChatStub, type ChatStub } from './chat-completions';

export type { ChatBehaviour, ChatStub, ChatStubRequest } from './chat-completions';

const OPENAI_ERRORS: Record<number, { message: string; type: string; code: string | null }> = {
  400: { message: 'Invalid request', type: 'invalid_request_error', code: null },
  401: {
    message: 'Incorrect API key provided: sk-stub***. You can find your API key at https://platform.openai.com/account/api-keys.',
    type: 'invalid_request_error',
    code: 'invalid_api_key',
  },
  404: { message: 'Not found', type: 'invalid_request_error', code: null },
  429: { message: 'Rate limit reached for requests. Please try again in 20s.', type: 'requests', code: 'rate_limit_exceeded' },
  500: { message: 'The server had an error while processing your request. Sorry about that!', type: 'server_error', code: null },
  503: { message: 'The engine is currently overloaded, please try again later', type: 'server_error', code: null },
};

/**
 * OpenAI's chat completions API on 127.0.0.1 (POST /v1/chat/completions), as the official SDK
 * uses it: JSON or SSE streaming, OpenAI's error bodies `{ error: { message, type, param, code } }`
 * for 401/429/500 on demand, a configurable delay, and every request recorded.
 * Point OPENAI_BASE_URL at `${stub.url}/v1`.
 */
export function startOpenAiStub(opts: { apiKey?: string } = {}): Promise<ChatStub> {
  return startChatStub({
    apiKey: opts.apiKey,
    label: 'OpenAI',
    idPrefix: 'chatcmpl-',
    errorBody: (status, message) => {
      const known = OPENAI_ERRORS[status] ?? { message: 'Error', type: 'server_error', code: null };
      return { error: { message: message && status !== 401 ? message : known.message, type: known.type, param: null, code: known.code } };
    },
  });
}
