import { startChatStub, type ChatStub, type ChatStubRequest } from './chat-completions';

export type { ChatBehaviour, ChatStub, ChatStubRequest } from './chat-completions';

/** What the image-to-text stub says a photo shows, unless told otherwise. */
export const DEFAULT_CAPTION = 'a basket of fresh mangoes on a wooden market stall';

/**
 * A Hugging Face Inference Endpoint on 127.0.0.1, as `@huggingface/inference` reaches it with
 * `endpointUrl`: InferenceClient.chatCompletion/chatCompletionStream POST
 * `${endpointUrl}/v1/chat/completions` with `{ ...args, model }` and `Authorization: Bearer hf_...`
 * (see makeRequestOptions + HFInferenceConversationalTask.makeUrl in the SDK). The endpoint is
 * Text Generation Inference's OpenAI-compatible messages API: JSON, or SSE chunks ending in
 * `data: [DONE]`. Errors are TGI's `{ error, error_type }`; 503 is "model loading" with
 * `estimated_time` (the SDK retries that forever unless `retry_on_error: false`).
 * Set HF_ENDPOINT_URL to `stub.url`.
 *
 * It also serves image-to-text as a dedicated endpoint running a transformers pipeline does (set
 * HF_VISION_ENDPOINT_URL to `${stub.url}/image-to-text`): the SDK's imageToText POSTs the image's bytes
 * (Content-Type image/jpeg, `Authorization: Bearer hf_...`) to the endpoint URL itself, and the answer
 * is `[{ "generated_text": "..." }]`; errors are TGI's bodies above.
 */
export function startHuggingFaceStub(opts: { token?: string; caption?: (req: ChatStubRequest) => string } = {}): Promise<ChatStub> {
  return startChatStub({
    apiKey: opts.token,
    label: 'HF',
    idPrefix: '',
    imageToText: opts.caption ?? (() => DEFAULT_CAPTION),
    errorBody: (status, message) => {
      if (status === 503) return { error: message ?? 'Model meta-llama/Llama-3.1-8B-Instruct is currently loading', estimated_time: 20.0 };
      if (status === 401) return { error: 'Authorization header is correct, but the token seems invalid', error_type: 'unauthorized' };
      if (status === 429) return { error: message ?? 'Model is overloaded', error_type: 'overloaded' };
      return { error: message ?? 'Request failed during generation: Server error', error_type: 'generation' };
    },
  });
}
