/**
 * The public API as the /api-docs page documents it: endpoints, example requests and the
 * responses they produce. tests/integration/api-docs-examples.test.ts runs every example
 * request against a real server and checks the answer has the documented shape, so the docs
 * cannot drift from the API.
 */
import {
  API_KEY_PREFIX,
  CAMPAIGN_DAYS_MAX,
  CAMPAIGN_PLATFORMS_MAX,
  CAMPAIGNS_RUNNING_MAX,
  CATEGORIES,
  COUNT_DEFAULT,
  COUNT_MAX,
  COUNT_MIN,
  getPlan,
  LANGUAGES,
  PHOTO_FIELD,
  PHOTO_MAX_BYTES,
  PROMPT_MAX,
  SAVED_TEXT_MAX,
  TONES,
  TOPIC_MAX,
} from '@gl/core/types';
import type { V1ApprovalResultDto } from '@gl/core/types';
import type { ApiCall, AppRouteDoc, EndpointDoc } from './api-doc-types';
import { FIT_FIELDS, FIT_PARAMS } from './api-fit';

export type { ApiCall, AppRouteDoc, EndpointDoc, FieldDoc, HttpMethod } from './api-doc-types';

export const API_KEY_PLACEHOLDER = `${API_KEY_PREFIX}your_api_key`;
export const OPENAPI_PATH = '/api/openapi.json';
export const UPTIME = '99.9%';

const list = (xs: readonly string[]) => xs.map((x) => `\`${x}\``).join(', ');

const USAGE_EXAMPLE = {
  remaining: 95,
  total: 100,
  used: 5,
  monthlyGenerations: 120,
  planId: 'business',
  resetsAt: '2026-11-23T00:00:00.000Z',
};

/** The values the docs' prose (the `apiDocs` catalogue) interpolates, from the same constants the server validates with. */
export const DOC_PARAMS = {
  uptime: UPTIME,
  prefix: API_KEY_PREFIX,
  categories: list(CATEGORIES.map((c) => c.id)),
  tones: list(TONES),
  languages: list(LANGUAGES.map((l) => l.id)),
  promptMax: PROMPT_MAX,
  topicMax: TOPIC_MAX,
  countMin: COUNT_MIN,
  countMax: COUNT_MAX,
  countDefault: COUNT_DEFAULT,
  photoMaxMb: PHOTO_MAX_BYTES / (1024 * 1024),
  savedTextMax: SAVED_TEXT_MAX,
  campaignCellsMax: CAMPAIGN_DAYS_MAX * CAMPAIGN_PLATFORMS_MAX,
  campaignsRunningMax: CAMPAIGNS_RUNNING_MAX,
  proCampaignLines: getPlan('pro').limits.campaignLinesPerDay,
  businessCampaignLines: getPlan('business').limits.campaignLinesPerDay,
  ...FIT_PARAMS,
};

export const ENDPOINTS: readonly EndpointDoc[] = [
  {
    id: 'generate',
    fields: [
      { name: 'category', type: 'string', required: true },
      { name: 'tone', type: 'string', required: false },
      { name: 'prompt', type: 'string', required: false },
      { name: 'topic', type: 'string', required: false },
      {
        name: 'count',
        type: 'integer',
        required: false,
      },
      { name: 'language', type: 'string', required: false },
      { name: 'maxChars', type: 'integer', required: false },
      {
        name: 'brandId',
        type: 'string',
        required: false,
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
    fields: [
      {
        name: PHOTO_FIELD,
        type: 'file',
        required: true,
      },
      {
        name: 'category',
        type: 'string',
        required: true,
      },
      {
        name: 'topic',
        type: 'string',
        required: false,
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
    request: { method: 'GET', path: '/api/v1/usage' },
    response: { success: true, usage: USAGE_EXAMPLE },
  },
  {
    id: 'plans',
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
          features: ['Everything in Pro', 'Campaigns: up to 336 lines a day', 'API access', 'Team collaboration', 'Priority support'],
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
            campaignLinesPerDay: 336,
            photoCaptions: true,
          },
        },
      ],
    },
  },
  {
    id: 'save-line',
    fields: [
      { name: 'text', type: 'string', required: true },
      { name: 'category', type: 'string', required: true },
      { name: 'tone', type: 'string', required: true },
      {
        name: 'platform',
        type: 'string',
        required: false,
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
export const ERROR_CODES_DOC: ReadonlyArray<{ status: number; code: string }> = [
  { status: 400, code: 'VALIDATION_FAILED' },
  { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    status: 422,
    code: 'VISION_UNAVAILABLE',
  },
  { status: 401, code: 'UNAUTHENTICATED' },
  { status: 403, code: 'PLAN_REQUIRED' },
  { status: 429, code: 'RATE_LIMITED' },
  { status: 502, code: 'PROVIDER_ERROR' },
  { status: 503, code: 'UNAVAILABLE' },
  { status: 504, code: 'TIMEOUT' },
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

export const BRAND_AND_COMPARE_ROUTES: readonly AppRouteDoc[] = [
  { id: 'brands-list', method: 'GET', path: '/api/brands' },
  {
    id: 'brands-create',
    method: 'POST',
    path: '/api/brands',
  },
  { id: 'brands-replace', method: 'PUT', path: '/api/brands/:id' },
  { id: 'brands-delete', method: 'DELETE', path: '/api/brands/:id' },
  {
    id: 'lines-photo',
    method: 'POST',
    path: '/api/lines/photo',
  },
  {
    id: 'lines-compare',
    method: 'POST',
    path: '/api/lines/compare',
  },
  { id: 'campaigns-create', method: 'POST', path: '/api/campaigns' },
];

/** Client approval links (DESIGN.md §21): the v1 route (API key), the web app's and the client page's. */
export const APPROVAL_ROUTES: readonly AppRouteDoc[] = [
  { id: 'approvals-v1-get', method: 'GET', path: '/api/v1/approvals/:id' },
  { id: 'approvals-create', method: 'POST', path: '/api/approvals' },
  { id: 'approvals-list', method: 'GET', path: '/api/approvals' },
  { id: 'approvals-get', method: 'GET', path: '/api/approvals/:id' },
  { id: 'approvals-revoke', method: 'POST', path: '/api/approvals/:id/revoke' },
  { id: 'approvals-extend', method: 'POST', path: '/api/approvals/:id/extend' },
  { id: 'approvals-unlock', method: 'POST', path: '/api/approvals/:id/unlock' },
  { id: 'approvals-lines', method: 'POST', path: '/api/approvals/:id/lines' },
  { id: 'approvals-refine', method: 'POST', path: '/api/approvals/:id/lines/:lineId/refine' },
  { id: 'approvals-token', method: 'POST', path: '/api/approvals/:id/token' },
  { id: 'approvals-export', method: 'GET', path: '/api/approvals/:id/export' },
  { id: 'approvals-save-approved', method: 'POST', path: '/api/approvals/:id/save-approved' },
  { id: 'public-approval-get', method: 'GET', path: '/api/public/approvals/:token' },
  { id: 'public-approval-decide', method: 'POST', path: '/api/public/approvals/:token/decisions' },
];

const APPROVAL_ID = '7d1e2f3a-5b6c-4d7e-8f90-a1b2c3d4e5f6';
const APPROVAL_LINE_ID = 'c0ffee00-1234-4abc-8def-0123456789ab';

/** An answer of GET /api/v1/approvals/:id (typed by the contract, so it cannot drift from it). */
export const APPROVAL_V1_EXAMPLE: V1ApprovalResultDto = {
  success: true,
  approval: {
    id: APPROVAL_ID,
    title: 'Mama Mboga launch week',
    note: 'Please approve by Friday.',
    language: 'sw',
    hasPin: true,
    status: 'open',
    expiresAt: '2026-12-12T09:30:00.000Z',
    revokedAt: null,
    lockedAt: null,
    createdAt: '2026-11-28T09:30:00.000Z',
    createdBy: { userId: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d', name: 'Wanjiru' },
    teamId: null,
    counts: { total: 1, pending: 0, approved: 1, changesRequested: 0 },
    lastDecisionAt: '2026-11-28T11:02:00.000Z',
    lines: [
      {
        id: APPROVAL_LINE_ID,
        position: 0,
        text: 'Greens at your door by 8am',
        platform: 'x_post',
        version: 2,
        state: 'approved',
        decidedBy: 'Amina',
        decidedAt: '2026-11-28T11:02:00.000Z',
        versions: [
          { version: 1, text: 'Fresh greens at your door', platform: 'x_post', createdAt: '2026-11-28T09:30:00.000Z' },
          { version: 2, text: 'Greens at your door by 8am', platform: 'x_post', createdAt: '2026-11-28T10:40:00.000Z' },
        ],
        decisions: [
          {
            id: '0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b',
            lineId: APPROVAL_LINE_ID,
            version: 1,
            decision: 'request_changes',
            reviewerName: 'Amina',
            comment: 'Say when it arrives.',
            createdAt: '2026-11-28T10:05:00.000Z',
          },
          {
            id: '1f0e9d8c-7b6a-4f5e-9d3c-2b1a0f9e8d7c',
            lineId: APPROVAL_LINE_ID,
            version: 2,
            decision: 'approve',
            reviewerName: 'Amina',
            comment: null,
            createdAt: '2026-11-28T11:02:00.000Z',
          },
        ],
      },
    ],
  },
};
