/**
 * The public API as the /api-docs page documents it: endpoints, example requests and the
 * responses they produce. tests/integration/api-docs-examples.test.ts runs every example
 * request against a real server and checks the answer has the documented shape, so the docs
 * cannot drift from the API.
 */
import {
  API_KEY_PREFIX,
  CATEGORIES,
  COUNT_DEFAULT,
  COUNT_MAX,
  COUNT_MIN,
  LANGUAGES,
  PHOTO_FIELD,
  PHOTO_MAX_BYTES,
  PROMPT_MAX,
  SAVED_TEXT_MAX,
  TONES,
  TOPIC_MAX,
} from '@gl/core/types';
import { FIT_FIELDS } from './api-fit';

export const API_KEY_PLACEHOLDER = `${API_KEY_PREFIX}your_api_key`;
export const OPENAPI_PATH = '/api/openapi.json';
export const UPTIME = '99.9%';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiCall {
  method: HttpMethod;
  /** Path from the origin, e.g. /api/v1/generate */
  path: string;
  body?: Record<string, unknown>;
  /** A multipart/form-data upload instead of a JSON body: text fields and one file read from disk. */
  form?: { fields: Record<string, string>; file: { field: string; path: string } };
}

export interface FieldDoc {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

export interface EndpointDoc {
  id: 'generate' | 'photo' | 'usage' | 'plans' | 'save-line';
  title: string;
  description: string;
  fields?: readonly FieldDoc[];
  request: ApiCall;
  /** A real answer of the example request (values vary; the shape is checked by the docs test). */
  response: Record<string, unknown>;
}

const list = (xs: readonly string[]) => xs.map((x) => `\`${x}\``).join(', ');

const USAGE_EXAMPLE = {
  remaining: 95,
  total: 100,
  used: 5,
  monthlyGenerations: 120,
  planId: 'business',
  resetsAt: '2026-11-23T00:00:00.000Z',
};

export const USAGE_NOTE =
  '`usage.total` is your daily limit and `usage.remaining` what is left of it today; both are `-1` on unlimited plans such as Business.';

export const ENDPOINTS: readonly EndpointDoc[] = [
  {
    id: 'generate',
    title: 'Generate lines',
    description:
      'Generates lines and answers when they are ready (within 30 seconds). `source` says which engine wrote them: `openai`, `huggingface`, or `static_fallback` / `fallback` for the built-in generator.',
    fields: [
      { name: 'category', type: 'string', required: true, description: `One of ${list(CATEGORIES.map((c) => c.id))}.` },
      { name: 'tone', type: 'string', required: false, description: `One of ${list(TONES)}. Default \`corporate\`.` },
      { name: 'prompt', type: 'string', required: false, description: `Custom instructions, at most ${PROMPT_MAX} characters.` },
      { name: 'topic', type: 'string', required: false, description: `The brand, product or subject, at most ${TOPIC_MAX} characters.` },
      {
        name: 'count',
        type: 'integer',
        required: false,
        description: `How many lines, ${COUNT_MIN} to ${COUNT_MAX}. Default ${COUNT_DEFAULT}.`,
      },
      { name: 'language', type: 'string', required: false, description: `One of ${list(LANGUAGES.map((l) => l.id))}. Default \`en\`.` },
      { name: 'maxChars', type: 'integer', required: false, description: 'A hard cap on each line, 10 to 500 characters.' },
      {
        name: 'brandId',
        type: 'string',
        required: false,
        description:
          "The id of one of your brand kits (`GET /api/brands`): lines in its voice, and no line contains one of its words to avoid. Another account's kit answers `404`.",
      },
      ...FIT_FIELDS,
    ],
    request: {
      method: 'POST',
      path: '/api/v1/generate',
      body: { category: 'taglines', tone: 'funny', prompt: 'A coffee shop for developers', count: 4, platform: 'x_post' },
    },
    response: {
      success: true,
      id: '0b6f3c2e-5d7a-4f5e-9a51-3e2f1c8d9b10',
      lines: [
        'Espresso yourself. Then git push.',
        'Brewed for bugs, served with semicolons.',
        'Where every cup compiles.',
        'Fresh beans, zero merge conflicts.',
      ],
      source: 'openai',
      usage: USAGE_EXAMPLE,
    },
  },
  {
    id: 'photo',
    title: 'Generate lines from a photo',
    description:
      'The same as generating, about a photo: send it as `multipart/form-data`, the photo in the `image` field and the fields of Generate lines as form fields. A model that can see reads it (or one describes it and the lines are written from that description). The photo is read once and never stored; its location and camera details never reach a model. Counts as one generation. `415` for a file that is not a JPEG, PNG or WebP photo (recognised by its bytes), `413` over 2 MB, `422 VISION_UNAVAILABLE` when this server has no model that can see (nothing is counted: write from a typed `topic` instead).',
    fields: [
      {
        name: PHOTO_FIELD,
        type: 'file',
        required: true,
        description: `The photo: JPEG, PNG or WebP, at most ${PHOTO_MAX_BYTES / (1024 * 1024)} MB. A phone photo is best shrunk first (1024 px on its longest side is plenty).`,
      },
      {
        name: 'category',
        type: 'string',
        required: true,
        description: 'As for Generate lines; so are `tone`, `topic`, `prompt`, `count`, `language`, `maxChars` and `brandId`.',
      },
      {
        name: 'topic',
        type: 'string',
        required: false,
        description: 'Names what is in the photo (your brand or product), so the lines can use the name.',
      },
    ],
    request: {
      method: 'POST',
      path: '/api/v1/photo',
      form: {
        fields: { category: 'captions', tone: 'funny', topic: 'Soko Fresh', count: '3' },
        file: { field: PHOTO_FIELD, path: 'shop.jpg' },
      },
    },
    response: {
      success: true,
      id: '5d2a9e61-0c3b-4f7e-8b1a-6e4f2d9c0a37',
      lines: [
        'Mangoes so ripe they wink back at you.',
        'Soko Fresh: sunshine, sold by the kilo.',
        'Our stall, your smoothie, zero regrets.',
      ],
      source: 'openai',
      usage: USAGE_EXAMPLE,
    },
  },
  {
    id: 'usage',
    title: 'Get usage',
    description: 'Your plan and how many generations you have used today and this month.',
    request: { method: 'GET', path: '/api/v1/usage' },
    response: { success: true, usage: USAGE_EXAMPLE },
  },
  {
    id: 'plans',
    title: 'List plans',
    description: 'Every plan with its monthly price in USD (and in cents) and its limits; -1 means unlimited.',
    request: { method: 'GET', path: '/api/v1/plans' },
    response: {
      success: true,
      plans: [
        {
          id: 'business',
          name: 'Business',
          priceCents: 2999,
          price: 29.99,
          interval: 'month',
          features: ['Everything in Pro', 'API access', 'Team collaboration', 'Priority support'],
          popular: false,
          limits: {
            dailyGenerations: -1,
            categories: ['taglines', 'bios', 'captions', 'quotes', 'slogans', 'adlines'],
            tones: ['funny', 'corporate', 'bold', 'romantic', 'minimalist', 'inspirational', 'motivational'],
            customPrompts: true,
            bulkExport: true,
            apiAccess: true,
            analytics: true,
            teamCollaboration: true,
            teamSeats: 5,
            brandKits: 25,
            toneComparison: true,
            campaigns: true,
            photoCaptions: true,
          },
        },
      ],
    },
  },
  {
    id: 'save-line',
    title: 'Save a line',
    description:
      'Saves a line to your library: `201` when it is new, `200` with `alreadySaved: true` when the same text is already there (never a duplicate).',
    fields: [
      { name: 'text', type: 'string', required: true, description: `The line, 1 to ${SAVED_TEXT_MAX} characters.` },
      { name: 'category', type: 'string', required: true, description: 'The category it was written for.' },
      { name: 'tone', type: 'string', required: true, description: 'The tone it was written in.' },
      {
        name: 'platform',
        type: 'string',
        required: false,
        description: 'Where it will be posted: a platform id from `GET /api/platforms`.',
      },
    ],
    request: {
      method: 'POST',
      path: '/api/v1/save-line',
      body: { text: 'Espresso yourself. Then git push.', category: 'taglines', tone: 'funny', platform: 'x_post' },
    },
    response: {
      success: true,
      savedLine: {
        id: '3f1c1f9e-8a4e-4c69-9d55-0d2b9f1e7a10',
        text: 'Espresso yourself. Then git push.',
        category: 'taglines',
        tone: 'funny',
        createdAt: '2026-11-22T09:30:00.000Z',
        generationId: null,
        platform: 'x_post',
      },
      alreadySaved: false,
    },
  },
];

/** The error envelope every endpoint uses, with the codes a client should handle. */
export const ERROR_EXAMPLE = { success: false, error: 'Invalid or revoked API key', code: 'UNAUTHENTICATED' };
export const ERROR_CODES_DOC: ReadonlyArray<{ status: number; code: string; meaning: string }> = [
  { status: 400, code: 'VALIDATION_FAILED', meaning: 'A field is missing or wrong; `details` lists each problem.' },
  { status: 413, code: 'PAYLOAD_TOO_LARGE', meaning: 'The photo is larger than 2 MB.' },
  {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    meaning: 'The file is not a JPEG, PNG or WebP photo, or the request is not multipart/form-data.',
  },
  {
    status: 422,
    code: 'VISION_UNAVAILABLE',
    meaning: 'No model that can see a photo is configured: nothing was counted; send a typed `topic` instead.',
  },
  { status: 401, code: 'UNAUTHENTICATED', meaning: 'No API key, or an unknown or revoked one.' },
  { status: 403, code: 'PLAN_REQUIRED', meaning: 'The key belongs to an account whose plan has no API access (Business plan needed).' },
  { status: 429, code: 'RATE_LIMITED', meaning: 'Too many requests; wait the number of seconds in the `Retry-After` header.' },
  { status: 502, code: 'PROVIDER_ERROR', meaning: 'The generation failed; try again.' },
  { status: 503, code: 'UNAVAILABLE', meaning: 'Generation is briefly unavailable; try again in a moment.' },
  { status: 504, code: 'TIMEOUT', meaning: 'The lines took longer than 30 seconds; `data.id` identifies the generation.' },
];

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** A shell word: quoted when it holds anything but plain characters. */
const shellWord = (s: string) => (/^[A-Za-z0-9_@./=:-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

export function curlSnippet(call: ApiCall, origin: string, key = API_KEY_PLACEHOLDER): string {
  const lines = [
    `curl${call.method === 'GET' ? '' : ` -X ${call.method}`} ${origin}${call.path} \\`,
    `  -H "Authorization: Bearer ${key}"`,
  ];
  if (call.form) {
    const parts = [`${call.form.file.field}=@${call.form.file.path}`, ...Object.entries(call.form.fields).map(([k, v]) => `${k}=${v}`)];
    lines[lines.length - 1] += ' \\';
    lines.push(...parts.map((p, i) => `  -F ${shellWord(p)}${i < parts.length - 1 ? ' \\' : ''}`));
  }
  if (call.body) {
    lines[lines.length - 1] += ' \\';
    lines.push('  -H "Content-Type: application/json" \\', `  -d '${JSON.stringify(call.body)}'`);
  }
  return lines.join('\n');
}

export function javascriptSnippet(call: ApiCall, origin: string, key = API_KEY_PLACEHOLDER): string {
  if (call.form) {
    const { fields, file } = call.form;
    return [
      "import { openAsBlob } from 'node:fs';",
      '',
      'const form = new FormData();',
      `form.append('${file.field}', await openAsBlob('${file.path}'), '${file.path}');`,
      ...Object.entries(fields).map(([k, v]) => `form.append('${k}', ${JSON.stringify(v).replace(/^"|"$/g, "'")});`),
      `const res = await fetch('${origin}${call.path}', {`,
      `  method: '${call.method}',`,
      `  headers: { Authorization: 'Bearer ${key}' },`,
      '  body: form,',
      '});',
      'const data = await res.json();',
      'console.log(JSON.stringify(data, null, 2));',
    ].join('\n');
  }
  const init = [`  method: '${call.method}',`, '  headers: {', `    Authorization: 'Bearer ${key}',`];
  if (call.body) init.push(`    'Content-Type': 'application/json',`);
  init.push('  },');
  if (call.body) init.push(`  body: JSON.stringify(${json(call.body).replace(/\n/g, '\n  ')}),`);
  return [
    `const res = await fetch('${origin}${call.path}', {`,
    ...init,
    '});',
    'const data = await res.json();',
    'console.log(JSON.stringify(data, null, 2));',
  ].join('\n');
}

export function pythonSnippet(call: ApiCall, origin: string, key = API_KEY_PLACEHOLDER): string {
  const body = call.form
    ? `,\n    files={"${call.form.file.field}": open("${call.form.file.path}", "rb")},\n    data=${pyLiteral(call.form.fields)}`
    : call.body
      ? `,\n    json=${pyLiteral(call.body)}`
      : '';
  return [
    'import json',
    'import requests',
    '',
    `res = requests.${call.method.toLowerCase()}(`,
    `    "${origin}${call.path}",`,
    `    headers={"Authorization": "Bearer ${key}"}${body},`,
    '    timeout=60,',
    ')',
    'print(json.dumps(res.json(), indent=2))',
  ].join('\n');
}

function pyLiteral(value: Record<string, unknown>): string {
  const entries = Object.entries(value).map(([k, v]) => `"${k}": ${typeof v === 'string' ? JSON.stringify(v) : String(v)}`);
  return `{${entries.join(', ')}}`;
}

export const SNIPPET_LANGUAGES = [
  { id: 'curl', label: 'cURL', render: curlSnippet },
  { id: 'javascript', label: 'JavaScript', render: javascriptSnippet },
  { id: 'python', label: 'Python', render: pythonSnippet },
] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number]['id'];

export function responseSnippet(endpoint: EndpointDoc): string {
  return json(endpoint.response);
}

export function requestBodySnippet(endpoint: EndpointDoc): string | null {
  const { body, form } = endpoint.request;
  if (form) {
    return [`${form.file.field}: (the photo file, ${form.file.path})`, ...Object.entries(form.fields).map(([k, v]) => `${k}: ${v}`)].join(
      '\n',
    );
  }
  return body ? json(body) : null;
}

/** Generating a typed client from the OpenAPI document. */
export function sdkSnippets(origin: string) {
  return {
    typescript: [
      '# TypeScript types from the OpenAPI document',
      `npx openapi-typescript ${origin}${OPENAPI_PATH} -o genius-lines.d.ts`,
    ].join('\n'),
    generator: [
      '# A full client in any language (python, go, java, csharp, ...)',
      'npx @openapitools/openapi-generator-cli generate \\',
      `  -i ${origin}${OPENAPI_PATH} \\`,
      '  -g python -o ./genius-lines-client',
    ].join('\n'),
    node: [
      '// genius-lines.js: a tiny client, no dependencies (Node 18+ or any browser)',
      'export function geniusLines(apiKey, baseUrl = ' + `'${origin}/api/v1'` + ') {',
      '  async function call(method, path, body) {',
      '    const res = await fetch(baseUrl + path, {',
      '      method,',
      "      headers: { Authorization: 'Bearer ' + apiKey, 'Content-Type': 'application/json' },",
      '      body: body ? JSON.stringify(body) : undefined,',
      '    });',
      '    const data = await res.json();',
      '    if (!data.success) throw new Error(data.error);',
      '    return data;',
      '  }',
      '  return {',
      "    generate: (options) => call('POST', '/generate', options),",
      "    usage: () => call('GET', '/usage'),",
      "    plans: () => call('GET', '/plans'),",
      "    saveLine: (line) => call('POST', '/save-line', line),",
      '  };',
      '}',
      '',
      '// const gl = geniusLines(process.env.GENIUS_LINES_API_KEY);',
      "// const { lines } = await gl.generate({ category: 'slogans', tone: 'bold' });",
    ].join('\n'),
    python: [
      '# genius_lines.py: a tiny client on top of requests',
      'import requests',
      '',
      'class GeniusLines:',
      `    def __init__(self, api_key, base_url="${origin}/api/v1"):`,
      '        self.base_url = base_url',
      '        self.session = requests.Session()',
      '        self.session.headers["Authorization"] = f"Bearer {api_key}"',
      '',
      '    def _call(self, method, path, body=None):',
      '        res = self.session.request(method, self.base_url + path, json=body, timeout=60)',
      '        data = res.json()',
      '        if not data.get("success"):',
      '            raise RuntimeError(data.get("error"))',
      '        return data',
      '',
      '    def generate(self, **options):',
      '        return self._call("POST", "/generate", options)',
      '',
      '    def usage(self):',
      '        return self._call("GET", "/usage")',
      '',
      '    def plans(self):',
      '        return self._call("GET", "/plans")',
      '',
      '    def save_line(self, text, category, tone):',
      '        return self._call("POST", "/save-line", {"text": text, "category": category, "tone": tone})',
    ].join('\n'),
  };
}

/** Routes of the web app (signed-in session) beside the public API, listed on the Endpoints tab. */
export interface AppRouteDoc {
  method: HttpMethod;
  path: string;
  description: string;
}

export const BRAND_AND_COMPARE_ROUTES: readonly AppRouteDoc[] = [
  { method: 'GET', path: '/api/brands', description: 'Your brand kits.' },
  {
    method: 'POST',
    path: '/api/brands',
    description:
      '`name` (up to 60 characters), `description` (300), `audience` (120), `wordsToUse` and `wordsToAvoid` (up to 10 words of 30 characters, no repeats), `exampleLines` (up to 5 lines of 150). Pro keeps 3 kits, Business 25.',
  },
  { method: 'PUT', path: '/api/brands/:id', description: 'Replaces a kit (same fields). Running generations keep the kit as it was.' },
  { method: 'DELETE', path: '/api/brands/:id', description: 'Deletes a kit.' },
  {
    method: 'POST',
    path: '/api/lines/photo',
    description:
      'Lines about a photo, as the web app sends it: `multipart/form-data` with the photo in `image` and the fields of generating as form fields; answers `202` with the generation, whose lines stream live. Pro and Business.',
  },
  {
    method: 'POST',
    path: '/api/lines/compare',
    description:
      'One brief in 2 or 3 distinct `tones`, with `category`, `topic`, `prompt`, `count`, `language`, `maxChars`, `brandId`, `platform`, `hashtags` and `emoji` as for generating: one generation per tone, streamed live and each counted as one generation. Pro and Business.',
  },
];
