import { describe, expect, it } from 'vitest';
import { generateOffline } from '../lines';
import type { ChainRequest } from '../lines';
import type { ChatPrompt } from '../lines';
import type { AiProviderName, LineProvider } from '../lines';
import { cleanDescription, DESCRIPTION_MAX, firstOfList, type PhotoDescriber } from './hf-image-to-text';
import { messagesWithPhoto, PHOTO_RULES, photoDataUrl } from './openai-vision.provider';
import { PhotoUnreadableError, runPhotoChain, topicWithDescription } from './photo-chain';

/** A scripted provider: each call streams the next script (text chunks) or throws its error. */
function provider(name: AiProviderName, scripts: Array<string[] | Error>): LineProvider & { prompts: ChatPrompt[] } {
  const prompts: ChatPrompt[] = [];
  let call = 0;
  return {
    name,
    timeoutMs: 1000,
    prompts,
    async *stream(prompt: ChatPrompt) {
      prompts.push(prompt);
      const script = scripts[Math.min(call++, scripts.length - 1)]!;
      if (script instanceof Error) throw script;
      for (const chunk of script) yield chunk;
    },
  };
}

function describer(answer: string | Error): PhotoDescriber & { photos: Buffer[] } {
  const photos: Buffer[] = [];
  return {
    name: 'huggingface-vision',
    timeoutMs: 1000,
    photos,
    async describe(photo) {
      photos.push(photo);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
const req: ChainRequest = { category: 'taglines', tone: 'funny', topic: 'Soko Fresh', count: 3, language: 'en' };
const badImage = Object.assign(new Error('Invalid content type. image_url is only supported by certain models.'), { status: 400 });

describe('runPhotoChain', () => {
  it('takes the lines of a provider that sees the photo; nobody is asked to describe it', async () => {
    const seeing = provider('openai', [['Mangoes that wink back\nRipe, loud and proud\nSunshine by the kilo\n']]);
    const hf = describer('a basket of mangoes');
    const streamed: Array<[number, string]> = [];
    const result = await runPhotoChain(
      req,
      { providers: [], offline: generateOffline, onLine: (i, t) => void streamed.push([i, t]) },
      { seeing: [seeing], describers: [hf] },
      photo,
    );
    expect(result).toMatchObject({ source: 'openai', lines: ['Mangoes that wink back', 'Ripe, loud and proud', 'Sunshine by the kilo'] });
    expect(streamed.map(([i]) => i)).toEqual([0, 1, 2]);
    expect(hf.photos).toEqual([]);
    expect(result.timings).toEqual([expect.objectContaining({ provider: 'openai', ok: true })]);
  });

  it('an error for the image falls through: the description becomes the topic of the text chain, after the user topic', async () => {
    const seeing = provider('openai', [badImage]);
    const text = provider('openai', [['Soko Fresh: sweet as gossip\nMango season, mango reason\nPeel, smile, repeat\n']]);
    const hf = describer('a basket of mangoes on a market stall');
    const result = await runPhotoChain(req, { providers: [text], offline: generateOffline }, { seeing: [seeing], describers: [hf] }, photo);
    expect(hf.photos).toEqual([photo]);
    expect(text.prompts[0]!.messages[1]!.content).toContain('"topic": "Soko Fresh: a basket of mangoes on a market stall"');
    expect(result.lines).toHaveLength(3);
    expect(result.timings.map((t) => [t.provider, t.ok])).toEqual([
      ['openai', false],
      ['huggingface-vision', true],
      ['openai', true],
    ]);
    expect(result.timings[0]!.error).toBe('400 Invalid content type. image_url is only supported by certain models.');
  });

  it('lines the seeing provider did write are kept (and streamed first); the rest come from the description', async () => {
    // Two good lines, then one far too long for a caption, twice: one line short.
    const seeing = provider('openai', [[`Mangoes that wink back\nRipe, loud and proud\n${'x'.repeat(400)}\n`], [`${'y'.repeat(400)}\n`]]);
    const streamed: Array<[number, string]> = [];
    const result = await runPhotoChain(
      req,
      { providers: [], offline: generateOffline, onLine: (i, t) => void streamed.push([i, t]) },
      { seeing: [seeing], describers: [describer('a basket of mangoes')] },
      photo,
    );
    expect(result.lines.slice(0, 2)).toEqual(['Mangoes that wink back', 'Ripe, loud and proud']);
    expect(result.lines).toHaveLength(3);
    expect(new Set(result.lines).size).toBe(3);
    expect(streamed.map(([i]) => i)).toEqual([0, 1, 2]);
    // Two of three lines came from the model that saw the photo.
    expect(result.source).toBe('openai');
  });

  it('a provider that saw the photo but broke a rule (no hashtags on captions) is filled in by the text chain, not failed', async () => {
    const seeing = provider('openai', [['Mangoes that wink back\nRipe, loud and proud\nSunshine by the kilo\n']]);
    const result = await runPhotoChain(
      { ...req, category: 'captions' },
      { providers: [], offline: generateOffline },
      { seeing: [seeing], describers: [] },
      photo,
    );
    expect(seeing.prompts).toHaveLength(2);
    // The second ask restated the broken rule.
    expect(seeing.prompts[1]!.messages.map((m) => m.content).join('\n')).toMatch(/hashtag/i);
    expect(result.lines).toHaveLength(3);
    for (const line of result.lines) expect(line).toMatch(/#\w+$/);
  });

  it('with nobody able to read the photo, nothing is written about something else', async () => {
    const text = provider('openai', [['Would be lines\nabout nothing\nat all\n']]);
    await expect(
      runPhotoChain(
        req,
        { providers: [text], offline: generateOffline },
        { seeing: [provider('openai', [badImage])], describers: [describer(new Error('503 model loading'))] },
        photo,
      ),
    ).rejects.toBeInstanceOf(PhotoUnreadableError);
    expect(text.prompts).toEqual([]);
    await expect(
      runPhotoChain(req, { providers: [text], offline: generateOffline }, { seeing: [], describers: [] }, photo),
    ).rejects.toThrow(PhotoUnreadableError);
  });

  it('a describer that hangs is cut off after its timeout and the next one is asked', async () => {
    const slow: PhotoDescriber = {
      name: 'slow-vision',
      timeoutMs: 50,
      describe: (_photo, signal) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true })),
    };
    const result = await runPhotoChain(
      { ...req, count: 2 },
      { providers: [provider('huggingface', [['Fresh from the stall\nSweet as Sunday\n']])], offline: generateOffline },
      { seeing: [], describers: [slow, describer('a mango stall')] },
      photo,
    );
    expect(result.lines).toEqual(['Fresh from the stall', 'Sweet as Sunday']);
    expect(result.timings[0]).toMatchObject({ provider: 'slow-vision', ok: false, error: 'timed out after 50 ms' });
  });
});

describe('the photo in the prompt', () => {
  it('is an image_url part with a data: URL beside the text; the rules say the photo is the subject', () => {
    const messages = messagesWithPhoto(
      [
        { role: 'system', content: 'RULES' },
        { role: 'user', content: 'Write exactly 3 lines' },
      ],
      photoDataUrl(photo),
    );
    expect(messages).toEqual([
      { role: 'system', content: `RULES\n${PHOTO_RULES}` },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Write exactly 3 lines' },
          { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${photo.toString('base64')}`, detail: 'low' } },
        ],
      },
    ]);
  });

  it('topicWithDescription: the user topic names what the photo shows', () => {
    expect(topicWithDescription('Soko Fresh', 'a mango stall')).toBe('Soko Fresh: a mango stall');
    expect(topicWithDescription(null, 'a mango stall')).toBe('a mango stall');
    expect(topicWithDescription('  ', undefined)).toBeNull();
    expect(topicWithDescription('Soko Fresh', undefined)).toBe('Soko Fresh');
  });
});

describe('Hugging Face image-to-text answers', () => {
  it('a pipeline list [{generated_text}] is read as the object the SDK expects; errors pass through', async () => {
    const realFetch = globalThis.fetch;
    const answers = [
      new Response(JSON.stringify([{ generated_text: 'a red bicycle' }]), { headers: { 'content-type': 'application/json' } }),
      new Response(JSON.stringify({ generated_text: 'a blue kettle' }), { headers: { 'content-type': 'application/json' } }),
      new Response(JSON.stringify({ error: 'loading' }), { status: 503, headers: { 'content-type': 'application/json' } }),
    ];
    globalThis.fetch = (async () => answers.shift()!) as typeof fetch;
    try {
      expect(await (await firstOfList('http://x')).json()).toEqual({ generated_text: 'a red bicycle' });
      expect(await (await firstOfList('http://x')).json()).toEqual({ generated_text: 'a blue kettle' });
      const failed = await firstOfList('http://x');
      expect(failed.status).toBe(503);
      expect(await failed.json()).toEqual({ error: 'loading' });
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('a description is one bounded line', () => {
    expect(cleanDescription('  a cat\n on   a mat ')).toBe('a cat on a mat');
    const long = cleanDescription('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(long.endsWith('word')).toBe(true);
  });
});
