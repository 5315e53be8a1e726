import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, VISION_UNAVAILABLE_MESSAGE } from '@gl/core';
import { photoKey, schema } from '@gl/core/server';
import { PHOTO_MESSAGES } from '@gl/api/photo-upload';
import { PHOTO_UNREADABLE_MESSAGE } from '@gl/worker/vision/photo-chain';
import { PHOTO_GONE_MESSAGE } from '@gl/worker/vision/photo-job';
import { reconcileOnce } from '@gl/worker/reconciler';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { eventually } from '../helpers/eventually';
import {
  containsPrint,
  fingerprint,
  gifImage,
  gpsOf,
  hasApp1,
  phoneJpeg,
  pngPhoto,
  postForm,
  SVG_IMAGE,
  TEXT_FILE,
  webpPhoto,
  type UploadFile,
} from '../helpers/photos';
import { clearRedisPrefix, testPrefix } from '../helpers/redis';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, nextEvent, recordEvents, type TestSocket } from '../helpers/socket';
import { grantPlan, markVerified, registerUser, type TestUser } from '../helpers/users';
import { DEFAULT_CAPTION, startHuggingFaceStub } from '../stubs/huggingface.stub';
import { hashtagAwareLines } from '../stubs/chat-completions';
import { startOpenAiStub, type ChatStub, type ChatStubRequest } from '../stubs/openai.stub';

const OPENAI_KEY = 'sk-photo-stub';
const HF_TOKEN = 'hf_photo_stub_token';

let server: TestServer;
let openai: ChatStub;
let hf: ChatStub;
let pro: TestUser;
let proSocket: TestSocket;
const sockets: TestSocket[] = [];
const cleanups: Array<() => Promise<void>> = [];
/** Every photo uploaded in this file, and every copy of one a provider received: none may stay anywhere. */
const uploaded: Buffer[] = [];

const visionEnv = (openaiUrl: string, hfUrl: string) => ({
  OPENAI_API_KEY: OPENAI_KEY,
  OPENAI_BASE_URL: `${openaiUrl}/v1`,
  OPENAI_TIMEOUT_MS: '3000',
  HF_TOKEN,
  HF_ENDPOINT_URL: hfUrl,
  HF_VISION_ENDPOINT_URL: `${hfUrl}/image-to-text`,
  HF_TIMEOUT_MS: '3000',
  VISION_TIMEOUT_MS: '3000',
  GENERATE_RATE_LIMIT_PER_USER: '1000',
  GENERATE_RATE_LIMIT_PER_IP: '1000',
  V1_WAIT_TIMEOUT_MS: '15000',
});

beforeAll(async () => {
  openai = await startOpenAiStub({ apiKey: OPENAI_KEY });
  hf = await startHuggingFaceStub({ token: HF_TOKEN });
  server = await startTestServer({ env: visionEnv(openai.url, hf.url) });
  pro = await registerUser(server, { name: 'Achieng Otieno' });
  await grantPlan(server.database, pro.id, 'pro');
  proSocket = await connectSocket(server.url, { token: pro.token });
  sockets.push(proSocket);
}, 60_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const c of cleanups.reverse()) await c();
  await server?.stop();
  await openai?.close();
  await hf?.close();
}, 60_000);

beforeEach(() => {
  openai.setBehaviour({ kind: 'ok', lines: hashtagAwareLines('OpenAI') });
  hf.setBehaviour({ kind: 'ok', lines: hashtagAwareLines('HF') });
});

const photoFile = (bytes: Buffer, extra: Partial<UploadFile> = {}): UploadFile => {
  uploaded.push(bytes);
  return { bytes, ...extra };
};

function sendPhoto(
  on: TestServer,
  user: TestUser,
  files: UploadFile[],
  fields: Record<string, string> = { category: 'captions', tone: 'bold' },
) {
  return postForm(on.url, '/lines/photo', { files, fields, token: user.token });
}

/** The photo as the OpenAI-compatible stub received it: the data: URL of the user message's image part. */
function imagePartOf(req: ChatStubRequest): { url: string; detail?: string } | undefined {
  const user = (req.body?.messages ?? []).find((m: any) => m.role === 'user');
  if (!Array.isArray(user?.content)) return undefined;
  return user.content.find((p: any) => p.type === 'image_url')?.image_url;
}

function decodeDataUrl(url: string): Buffer {
  const match = /^data:image\/jpeg;base64,([A-Za-z0-9+/=]+)$/.exec(url);
  if (!match) throw new Error(`not a JPEG data: URL: ${url.slice(0, 40)}`);
  return Buffer.from(match[1]!, 'base64');
}

async function rowOf(on: TestServer, id: string) {
  const [r] = await on.services.ctx.db.select().from(schema.generations).where(eq(schema.generations.id, id));
  return r!;
}

async function usageOf(on: TestServer, user: TestUser) {
  return (await on.api('/users/usage', { token: user.token })).body.data as { dailyGenerations: number };
}

/** Every Redis key under a prefix, with every value it holds (strings, hashes, lists, sets, sorted sets, streams) as bytes. */
async function redisDump(on: TestServer, prefix: string): Promise<Array<{ key: string; values: Buffer[] }>> {
  const redis = on.services.ctx.redis;
  const out: Array<{ key: string; values: Buffer[] }> = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      let values: Buffer[] = [];
      if (type === 'string') values = [(await redis.getBuffer(key)) ?? Buffer.alloc(0)];
      else if (type === 'hash') values = await redis.hgetallBuffer(key).then((h) => Object.values(h));
      else if (type === 'list') values = await redis.lrangeBuffer(key, 0, -1);
      else if (type === 'set') values = await redis.smembersBuffer(key);
      else if (type === 'zset') values = await redis.zrangeBuffer(key, 0, -1);
      else if (type === 'stream') values = (await redis.xrangeBuffer(key, '-', '+')).flatMap(([, fields]) => fields);
      out.push({ key, values });
    }
  } while (cursor !== '0');
  return out;
}

/** Every row of every table in the test database, as text. */
async function databaseDump(database: TestDatabase): Promise<string> {
  const tables = await database.query(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const rows = await database.query(`select t::text as row from "${table_name}" t`);
    parts.push(...rows.map((r: any) => String(r.row)));
  }
  return parts.join('\n');
}

describe('POST /api/lines/photo with a provider that can see', () => {
  it('sends the photo to the OpenAI-compatible model as an image_url data: URL, without its GPS, and streams the lines like a generation', async () => {
    const original = await phoneJpeg();
    expect(await gpsOf(original)).toBeDefined();
    const before = await usageOf(server, pro);
    const events = recordEvents(proSocket, ['generation:started', 'generation:line', 'generation:completed', 'generation:failed']);

    const res = await sendPhoto(server, pro, [photoFile(original, { name: 'IMG_2041.JPG' })], {
      category: 'captions',
      tone: 'bold',
      topic: 'Mama Mboga Greens',
      count: '3',
      language: 'en',
      platform: 'instagram_caption',
      hashtags: 'few',
      emoji: 'none',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const id = res.body.data.generation.id as string;
    expect(res.body.data.generation).toEqual({ id, status: 'pending' });
    // Counted as one generation.
    expect(res.body.data.usage).toMatchObject({ planId: 'pro', dailyGenerations: before.dailyGenerations + 1, remaining: -1 });

    const completed = await nextEvent(proSocket, 'generation:completed', (p: any) => p.id === id);
    proSocket.removeAllListeners();
    expect(completed.source).toBe('openai');
    expect(completed.lines).toHaveLength(3);
    const mine = events.filter((e) => e.payload.id === id);
    expect(mine[0]!.event).toBe('generation:started');
    expect(mine.filter((e) => e.event === 'generation:line').map((e) => e.payload.text)).toEqual(completed.lines);

    // The request the model received: the chain's prompt (count, topic as data) beside the photo.
    const request = openai.requests.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.body).toMatchObject({ model: 'gpt-4o-mini', stream: true });
    const [system, user] = request.body.messages;
    expect(system.content).toContain('A photo is attached to the user message');
    expect(user.content).toEqual([
      { type: 'text', text: expect.stringContaining('Write exactly 3') },
      { type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\/jpeg;base64,/), detail: 'low' } },
    ]);
    expect(user.content[0].text).toContain('"topic": "Mama Mboga Greens"');
    const seen = decodeDataUrl(imagePartOf(request)!.url);
    uploaded.push(seen);
    // A JPEG the browser could show, shrunk to 1024 px on its longest side, with no metadata at all.
    const meta = await sharp(seen).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1024, height: 768 });
    expect(meta.exif).toBeUndefined();
    expect(hasApp1(seen)).toBe(false);
    expect(await gpsOf(seen)).toBeUndefined();

    // The row says it came from a photo; the photo itself is gone from Redis now the job has ended.
    const row = await rowOf(server, id);
    expect(row).toMatchObject({
      fromPhoto: true,
      status: 'completed',
      topic: 'Mama Mboga Greens',
      count: 3,
      category: 'captions',
      platform: 'instagram_caption',
      hashtags: 'few',
      emoji: 'none',
    });
    // Every rule of generate applied to the lines that came from the photo.
    const rules = `${system.content}\n${user.content[0].text}`;
    expect(rules).toContain('Platform: Instagram caption.');
    expect(rules).toContain('Emoji: none.');
    for (const line of completed.lines) expect(line).toMatch(/ #SokoFresh$/);
    const read = await server.api(`/lines/generations/${id}`, { token: pro.token });
    expect(read.body.data.generation).toMatchObject({ id, fromPhoto: true, lines: completed.lines });
    await eventually(async () => expect(await server.services.ctx.redis.exists(photoKey(server.prefix, id))).toBe(0));

    // One line of it cannot be rewritten: that would need the photo again.
    const again = await server.api(`/lines/generations/${id}/regenerate`, { token: pro.token, body: { index: 0 } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/photo is not kept/);
    // Refining a line works from the line itself: no photo needed, none sent.
    const asked = openai.requests.length;
    const refine = await server.api(`/lines/generations/${id}/refine`, { token: pro.token, body: { index: 1, action: 'punchier' } });
    expect(refine.status, JSON.stringify(refine.body)).toBe(202);
    const refined = await nextEvent(proSocket, 'generation:completed', (p: any) => p.id === id);
    expect(refined.lines).toHaveLength(4);
    expect(refined.lines.slice(0, 3)).toEqual(completed.lines);
    expect(openai.requests.slice(asked).every((r) => imagePartOf(r) === undefined)).toBe(true);
  });

  it('falls back to Hugging Face image-to-text when the model answers an error for the image; its description feeds the text chain', async () => {
    // The OpenAI-compatible model cannot read images (a text-only model behind OPENAI_BASE_URL).
    openai.queue({ kind: 'error', status: 400, message: 'Invalid content type. image_url is only supported by certain models.' });
    const hfBefore = hf.requests.length;
    const res = await sendPhoto(server, pro, [photoFile(await pngPhoto(640, 480), { name: 'stall.png', type: 'image/png' })], {
      category: 'captions',
      tone: 'funny',
      topic: 'Soko Fresh',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const id = res.body.data.generation.id as string;
    const completed = await nextEvent(proSocket, 'generation:completed', (p: any) => p.id === id);
    expect(completed.lines).toHaveLength(4);

    // Hugging Face got the photo's bytes (a JPEG without metadata, whatever was uploaded)...
    const described = hf.requests.slice(hfBefore).find((r) => r.path === '/image-to-text')!;
    expect(described).toBeDefined();
    expect(described.headers['content-type']).toBe('image/jpeg');
    expect(described.headers.authorization).toBe(`Bearer ${HF_TOKEN}`);
    expect((await sharp(described.raw).metadata()).format).toBe('jpeg');
    expect(hasApp1(described.raw)).toBe(false);
    uploaded.push(described.raw);

    // ...and the text chain wrote from its description, after the user's own topic.
    const textRequest = openai.requests.at(-1)!;
    expect(imagePartOf(textRequest)).toBeUndefined();
    expect(textRequest.body.messages[1].content).toContain(`"topic": "Soko Fresh: ${DEFAULT_CAPTION}"`);
    const row = await rowOf(server, id);
    expect(row.timings.map((t) => [t.provider, t.ok])).toEqual([
      ['openai', false],
      ['huggingface-vision', true],
      ['openai', true],
    ]);
    expect(row.timings[0]!.error).toMatch(/^400 /);
    await eventually(async () => expect(await server.services.ctx.redis.exists(photoKey(server.prefix, id))).toBe(0));
  });

  it('PNG and WebP photos are read too (sent on as JPEG)', async () => {
    for (const [bytes, type] of [
      [await webpPhoto(), 'image/webp'],
      [await pngPhoto(), 'image/png'],
    ] as const) {
      const res = await sendPhoto(server, pro, [photoFile(bytes, { type, name: 'x.bin' })]);
      expect(res.status, `${type}: ${JSON.stringify(res.body)}`).toBe(202);
      await nextEvent(proSocket, 'generation:completed', (p: any) => p.id === res.body.data.generation.id);
      const part = imagePartOf(openai.requests.at(-1)!)!;
      uploaded.push(decodeDataUrl(part.url));
    }
  });

  it('when no provider can read the photo, the generation fails for good with a message for the user, and the photo is deleted', async () => {
    openai.setBehaviour({ kind: 'error', status: 500 });
    hf.setBehaviour({ kind: 'error', status: 503, message: 'Model Salesforce/blip-image-captioning-large is currently loading' });
    const res = await sendPhoto(server, pro, [photoFile(await phoneJpeg({ width: 640, height: 480 }))]);
    expect(res.status).toBe(202);
    const id = res.body.data.generation.id as string;
    // Three attempts (the job's retries), each trying both providers; then the user hears why.
    const failed = await nextEvent(proSocket, 'generation:failed', (p: any) => p.id === id, 30_000);
    expect(failed.error).toBe(PHOTO_UNREADABLE_MESSAGE);
    const row = await rowOf(server, id);
    expect(row).toMatchObject({ status: 'failed', error: PHOTO_UNREADABLE_MESSAGE, attempts: 3 });
    expect(await server.services.ctx.redis.exists(photoKey(server.prefix, id))).toBe(0);
  }, 40_000);
});

describe('bad photos are refused with a message, never a 500, and nothing is counted or kept', () => {
  const bigJpeg = async () => {
    // Random pixels at top quality: well over 2 MB.
    const big = await sharp(randomBytes(2400 * 1800 * 3), { raw: { width: 2400, height: 1800, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(PHOTO_MAX_BYTES);
    return big;
  };

  interface BadCase {
    name: string;
    status: number;
    code: string;
    message: RegExp;
    files: () => Promise<UploadFile[]>;
  }
  const cases: BadCase[] = [
    {
      name: 'a text file named .jpg',
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: /not an image we recognise/,
      files: async () => [{ bytes: TEXT_FILE, name: 'holiday.jpg', type: 'image/jpeg' }],
    },
    {
      name: 'an SVG',
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: /Only JPEG, PNG or WebP/,
      files: async () => [{ bytes: SVG_IMAGE, name: 'logo.svg', type: 'image/svg+xml' }],
    },
    {
      name: 'a GIF',
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: /GIF/,
      files: async () => [{ bytes: await gifImage(), name: 'dance.gif', type: 'image/gif' }],
    },
    {
      name: 'a truncated JPEG',
      status: 400,
      code: 'VALIDATION_FAILED',
      message: /incomplete or damaged/,
      files: async () => {
        const whole = await phoneJpeg({ width: 800, height: 600 });
        return [{ bytes: whole.subarray(0, Math.floor(whole.length * 0.7)), name: 'cut.jpg' }];
      },
    },
    {
      name: '0 bytes',
      status: 400,
      code: 'VALIDATION_FAILED',
      message: /empty/,
      files: async () => [{ bytes: Buffer.alloc(0), name: 'empty.jpg' }],
    },
    {
      name: 'more than 2 MB',
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: /larger than 2 MB/,
      files: async () => [{ bytes: await bigJpeg(), name: 'huge.jpg' }],
    },
    {
      name: 'two images',
      status: 400,
      code: 'VALIDATION_FAILED',
      message: /one photo at a time/,
      files: async () => [
        { bytes: await pngPhoto(100, 80), name: 'a.png', type: 'image/png' },
        { bytes: await pngPhoto(100, 80), name: 'b.png', type: 'image/png' },
      ],
    },
    { name: 'no image', status: 400, code: 'VALIDATION_FAILED', message: /Add a photo/, files: async () => [] },
    {
      name: 'a photo under another field name',
      status: 400,
      code: 'VALIDATION_FAILED',
      message: /"file"/,
      files: async () => [{ bytes: await pngPhoto(100, 80), field: 'file', name: 'a.png' }],
    },
  ];

  it.each(cases)('$name: $status $code', async ({ files, status, code, message }) => {
    const before = await usageOf(server, pro);
    const keysBefore = (await redisDump(server, `${server.prefix}-photo-`)).length;
    const list = await files();
    for (const f of list) uploaded.push(f.bytes);
    const res = await sendPhoto(server, pro, list);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ success: false, code, error: expect.stringMatching(message) });
    expect((await usageOf(server, pro)).dailyGenerations).toBe(before.dailyGenerations);
    expect((await redisDump(server, `${server.prefix}-photo-`)).length).toBe(keysBefore);
  });

  it('a photo over 2 MB sent without a Content-Length (chunked) is stopped at 2 MB: 413', async () => {
    const boundary = '----photo-boundary-7d1f';
    const big = await bigJpeg();
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\ncaptions\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="tone"\r\n\r\nbold\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunks = [
      head,
      ...Array.from({ length: Math.ceil(big.length / 65536) }, (_, i) => big.subarray(i * 65536, (i + 1) * 65536)),
      tail,
    ];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(new Uint8Array(next));
        else controller.close();
      },
    });
    const res = await fetch(`${server.url}/api/lines/photo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pro.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.headers.get('content-length')).not.toBeNull();
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', error: PHOTO_MESSAGES.tooLarge });
  });

  it('the form fields follow the rules of generate, with the same messages', async () => {
    const photo = photoFile(await pngPhoto(120, 90), { type: 'image/png' });
    const bad: Array<Record<string, string>> = [
      { category: 'captions', tone: 'bold', count: '11' },
      { category: 'captions', tone: 'bold', count: 'four' },
      { category: 'poems', tone: 'bold' },
      { category: 'captions', tone: 'bold', topic: 'x'.repeat(301) },
      { category: 'captions', tone: 'bold', colour: 'green' },
    ];
    for (const fields of bad) {
      const viaPhoto = await sendPhoto(server, pro, [photo], fields);
      const json = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, k === 'count' && /^\d+$/.test(v) ? Number(v) : v]));
      const viaGenerate = await server.api('/lines/generate', { token: pro.token, body: json });
      expect(viaPhoto.status, JSON.stringify(fields)).toBe(400);
      expect(viaGenerate.status).toBe(400);
      expect(viaPhoto.body.error).toBe(viaGenerate.body.error);
    }
    // A JSON body is not an upload.
    const asJson = await server.api('/lines/photo', { token: pro.token, body: { category: 'captions', tone: 'bold' } });
    expect(asJson.status).toBe(415);
    expect(asJson.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', error: PHOTO_MESSAGES.notMultipart });
  });

  it('free accounts are told to upgrade (403 PLAN_REQUIRED), signed-out callers to sign in (401)', async () => {
    const free = await registerUser(server);
    const res = await sendPhoto(server, free, [photoFile(await pngPhoto(120, 90), { type: 'image/png' })]);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'PLAN_REQUIRED',
      requiredPlan: 'pro',
      error: 'Captions from a photo needs the Pro plan. Upgrade to use it.',
    });
    expect((await usageOf(server, free)).dailyGenerations).toBe(0);
    const anonymous = await postForm(server.url, '/lines/photo', {
      files: [{ bytes: await pngPhoto(50, 40) }],
      fields: { category: 'captions', tone: 'bold' },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/v1/photo', () => {
  it('takes an API key of a Business account and answers the lines, like /v1/generate', async () => {
    const business = await registerUser(server);
    await grantPlan(server.database, business.id, 'business');
    await markVerified(server.database, business.id);
    const created = await server.api('/api-keys', { token: business.token, body: { name: 'Shop till' } });
    const key = created.body.data.key as string;

    const res = await postForm(server.url, '/v1/photo', {
      headers: { authorization: `Bearer ${key}` },
      files: [photoFile(await phoneJpeg({ width: 900, height: 700 }))],
      fields: { category: 'taglines', count: '2' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, lines: [expect.any(String), expect.any(String)], source: 'openai' });
    expect(res.body.usage).toMatchObject({ used: 1, total: -1 });
    // Tone defaults to corporate, as on /v1/generate.
    expect((await rowOf(server, res.body.id)).tone).toBe('corporate');
    const seen = decodeDataUrl(imagePartOf(openai.requests.at(-1)!)!.url);
    uploaded.push(seen);
    expect(await gpsOf(seen)).toBeUndefined();

    const bad = await postForm(server.url, '/v1/photo', {
      headers: { authorization: `Bearer ${key}` },
      files: [{ bytes: await gifImage(), name: 'a.gif', type: 'image/gif' }],
      fields: { category: 'taglines' },
    });
    expect(bad.status).toBe(415);
    expect(bad.body).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const noKey = await postForm(server.url, '/v1/photo', { files: [{ bytes: await gifImage() }], fields: { category: 'taglines' } });
    expect(noKey.status).toBe(401);
  });
});

describe('the photo is stored nowhere', () => {
  it('after the generations above, no byte of any photo is in PostgreSQL (any table) or Redis (any key: queues, job data, counters)', async () => {
    await server.drain();
    expect(uploaded.length).toBeGreaterThan(10);
    const database = await databaseDump(server.database);
    expect(database).toContain('Mama Mboga Greens');
    const redis = await redisDump(server, server.prefix);
    expect(redis.some((k) => k.key.includes('generation'))).toBe(true);
    expect(redis.filter((k) => k.key.startsWith(`${server.prefix}-photo-`))).toEqual([]);
    const prints = uploaded.filter((p) => p.length >= 64).map(fingerprint);
    // The search finds a photo wherever it is, in any of the forms looked for.
    const probe = uploaded[0]!;
    const probePrint = prints[0]!;
    expect(containsPrint(JSON.stringify({ image: `data:image/jpeg;base64,${probe.toString('base64')}` }), probePrint)).toBe(true);
    expect(containsPrint(`\\x${probe.toString('hex')}`, probePrint)).toBe(true);
    await server.services.ctx.redis.set(`${server.prefix}-probe`, probe);
    const probed = await redisDump(server, `${server.prefix}-probe`);
    await server.services.ctx.redis.del(`${server.prefix}-probe`);
    expect(probed[0]!.values.some((v) => containsPrint(v, probePrint))).toBe(true);

    for (const print of prints) {
      expect(containsPrint(database, print)).toBe(false);
      for (const { key, values } of redis) {
        expect(containsPrint(key, print)).toBe(false);
        for (const v of values) expect(containsPrint(v, print), key).toBe(false);
      }
    }
  });
});

describe('without a provider that can see', () => {
  it('answers 422 VISION_UNAVAILABLE offering a typed description, counts nothing, keeps nothing; still under the rate limits of generate', async () => {
    const plain = await startTestServer({ env: { GENERATE_RATE_LIMIT_PER_USER: '3', GENERATE_RATE_LIMIT_PER_IP: '1000' } });
    cleanups.push(() => plain.stop());
    const user = await registerUser(plain);
    await grantPlan(plain.database, user.id, 'pro');
    const photo = await phoneJpeg({ width: 320, height: 240 });
    for (let i = 0; i < 3; i++) {
      const res = await sendPhoto(plain, user, [{ bytes: photo }]);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ success: false, code: 'VISION_UNAVAILABLE', error: VISION_UNAVAILABLE_MESSAGE });
    }
    expect(VISION_UNAVAILABLE_MESSAGE).toMatch(/Describe the photo in a few words/);
    expect((await usageOf(plain, user)).dailyGenerations).toBe(0);
    expect(await plain.database.query('select count(*)::int as n from generations')).toEqual([{ n: 0 }]);
    expect(await redisDump(plain, `${plain.prefix}-photo-`)).toEqual([]);
    // The photo shares generate's per-user limit (3 a minute here): the next request of either kind waits.
    const limited = await sendPhoto(plain, user, [{ bytes: photo }]);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect((await plain.api('/lines/generate', { token: user.token, body: { category: 'captions', tone: 'bold' } })).status).toBe(429);
  });
});

describe('a photo generation whose photo is gone', () => {
  it('fails with a message to its owner instead of running without the photo: from the reconciler, and from the job', async () => {
    const database = await createTestDatabase();
    const prefix = testPrefix();
    cleanups.push(async () => {
      await clearRedisPrefix(prefix);
      await database.drop();
    });
    // The api alone: the jobs wait in the queue. The providers are configured but never reached.
    const api = await startTestServer({
      roles: ['api'],
      database,
      prefix,
      env: { ...visionEnv(openai.url, hf.url), RECONCILE_GRACE_MS: '0' },
    });
    cleanups.push(() => api.stop());
    const user = await registerUser(api);
    await grantPlan(api.database, user.id, 'pro');
    const socket = await connectSocket(api.url, { token: user.token });
    sockets.push(socket);

    const start = async () => {
      const res = await sendPhoto(api, user, [photoFile(await pngPhoto(160, 120), { type: 'image/png' })]);
      expect(res.status).toBe(202);
      const id = res.body.data.generation.id as string;
      expect(await api.services.ctx.redis.exists(photoKey(prefix, id))).toBe(1);
      return id;
    };
    const lostToReconciler = await start();
    const lostToJob = await start();
    const kept = await start();

    // Two photos expire (or Redis loses them); the reconciler fails the first at once, not re-running it.
    await api.services.ctx.redis.del(photoKey(prefix, lostToReconciler), photoKey(prefix, lostToJob));
    await database.query(`update generations set created_at = now() - interval '1 minute' where id = $1`, [lostToReconciler]);
    const told = nextEvent(socket, 'generation:failed', (p: any) => p.id === lostToReconciler);
    const round = await reconcileOnce(api.services.ctx, new Date(Date.now() - 30_000));
    expect(round.abandoned).toBe(1);
    expect((await told).error).toBe(PHOTO_GONE_MESSAGE);
    expect(await rowOf(api, lostToReconciler)).toMatchObject({ status: 'failed', error: PHOTO_GONE_MESSAGE, lines: [] });

    // A worker comes up: the job without its photo fails the same way; the one with it writes its lines.
    const failedJob = nextEvent(socket, 'generation:failed', (p: any) => p.id === lostToJob, 20_000);
    const completed = nextEvent(socket, 'generation:completed', (p: any) => p.id === kept, 20_000);
    const worker = await startTestServer({ roles: ['worker'], database, prefix, env: visionEnv(openai.url, hf.url) });
    cleanups.push(() => worker.stop());
    expect((await failedJob).error).toBe(PHOTO_GONE_MESSAGE);
    expect((await completed).lines).toHaveLength(4);
    expect(await rowOf(api, lostToJob)).toMatchObject({ status: 'failed', error: PHOTO_GONE_MESSAGE });
    expect(await api.services.ctx.redis.exists(photoKey(prefix, kept))).toBe(0);
  }, 60_000);
});
