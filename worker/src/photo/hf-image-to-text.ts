import { InferenceClient } from '@huggingface/inference';

export interface HuggingFaceDescriberOptions {
  token: string;
  /** An image-to-text model (Salesforce/blip-image-captioning-large by default). */
  model: string;
  /** A dedicated Inference Endpoint serving the model; unset: the HF router's hf-inference provider. */
  endpointUrl?: string;
  timeoutMs: number;
}

/** Something that says in words what a photo shows. */
export interface PhotoDescriber {
  readonly name: string;
  readonly timeoutMs: number;
  describe(photo: Buffer, signal: AbortSignal): Promise<string>;
}

/** A description longer than this is cut at a word: it becomes the topic of the text chain. */
export const DESCRIPTION_MAX = 200;

/**
 * The image-to-text answer as the SDK reads it. A transformers pipeline (an Inference Endpoint, the
 * classic Inference API) answers a list, `[{ "generated_text": "..." }]`, where @huggingface/inference
 * 4 expects the object itself: the first element is passed on. Errors pass through untouched.
 */
export const firstOfList: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('application/json')) return res;
  const body: unknown = await res.json();
  const one = Array.isArray(body) ? body[0] : body;
  return new Response(JSON.stringify(one ?? {}), { status: res.status, headers: { 'content-type': 'application/json' } });
};

/** One line of plain text, bounded. */
export function cleanDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_MAX / 2)).trim();
}

/**
 * Hugging Face image-to-text through `@huggingface/inference`: the photo's bytes in, a caption out
 * ("a plate of chapati and beans on a wooden table"), which then feeds the text chain as the topic.
 * `retry_on_error: false`: a 503 ("model loading") falls through instead of being retried forever.
 */
export class HuggingFaceDescriber implements PhotoDescriber {
  readonly name = 'huggingface-vision';
  readonly timeoutMs: number;
  private readonly client: InferenceClient;

  constructor(private readonly opts: HuggingFaceDescriberOptions) {
    this.timeoutMs = opts.timeoutMs;
    this.client = new InferenceClient(opts.token, opts.endpointUrl ? { endpointUrl: opts.endpointUrl } : {});
  }

  async describe(photo: Buffer, signal: AbortSignal): Promise<string> {
    const data = new Blob([new Uint8Array(photo)], { type: 'image/jpeg' });
    const args = this.opts.endpointUrl ? { data } : { data, model: this.opts.model, provider: 'hf-inference' as const };
    const out = await this.client.imageToText(args, { signal, retry_on_error: false, fetch: firstOfList });
    const text = cleanDescription(String(out?.generated_text ?? ''));
    if (!text) throw new Error('the image-to-text model answered no description');
    return text;
  }
}
