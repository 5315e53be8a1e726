/** Small seeded generators of hostile input for the route fuzz test. */
export function rng(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => {
    // xorshift32
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x100000000;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick };
}
export type Rng = ReturnType<typeof rng>;

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202Eevil',
  '👩🏽‍💻🚀🔥',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%ff',
  '${jndi:ldap://x}',
  '{{7*7}}',
  'null',
  'undefined',
  'NaN',
  '=HYPERLINK("x")',
  'a'.repeat(101),
  'x'.repeat(5001),
  'ü'.repeat(3000),
  '\uD800',
  'all',
  'taglines',
  'corporate',
];
const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', '__defineGetter__', 'hasOwnProperty', 'toString'];
const FIELD_NAMES = [
  'name',
  'email',
  'password',
  'text',
  'category',
  'tone',
  'topic',
  'prompt',
  'count',
  'language',
  'maxChars',
  'planId',
  'interval',
  'phoneNumber',
  'orderID',
  'refreshToken',
  'currentPassword',
  'newPassword',
  'cancelAtPeriodEnd',
  'subject',
  'message',
  'index',
  'amount',
  'generationId',
  'Body',
  'event_type',
];

export function randomValue(r: Rng, depth = 0): unknown {
  const kind = r.int(depth > 3 ? 6 : 9);
  switch (kind) {
    case 0:
      return r.pick(NASTY_STRINGS);
    case 1:
      return r.pick([0, -1, 1, 11, 2 ** 31, -(2 ** 53), 1e308, -0, 0.5, 4]);
    case 2:
      return r.pick([true, false]);
    case 3:
      return null;
    case 4:
      return String.fromCharCode(...Array.from({ length: r.int(40) }, () => r.int(0xffff)));
    case 5:
      return r.pick(['user@example.com', 'not-an-email', 'a@b', '0712345678', '+254712345678', 'pro', 'business', 'month', 'year']);
    case 6:
      return Array.from({ length: r.int(5) }, () => randomValue(r, depth + 1));
    default:
      return randomObject(r, depth + 1);
  }
}

export function randomObject(r: Rng, depth = 0): Record<string, unknown> {
  const obj: Record<string, unknown> = {};
  const n = r.int(6);
  for (let i = 0; i < n; i++) {
    const key = r.next() < 0.15 ? r.pick(POLLUTION_KEYS) : r.pick(FIELD_NAMES);
    obj[key] = randomValue(r, depth);
  }
  return obj;
}

/** A raw request body: mostly JSON (including pollution keys written literally), sometimes broken. */
export function randomBody(r: Rng): { raw?: string; contentType: string } {
  const roll = r.int(10);
  if (roll === 0) return { raw: '{"a":', contentType: 'application/json' };
  if (roll === 1) return { raw: 'name=x&email=y', contentType: 'application/x-www-form-urlencoded' };
  if (roll === 2) return { raw: 'x'.repeat(20 * 1024), contentType: 'application/json' };
  if (roll === 3)
    return { raw: '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}', contentType: 'application/json' };
  if (roll === 4) return { raw: JSON.stringify(randomValue(r)), contentType: 'text/plain' };
  if (roll === 5) return { contentType: 'application/json' };
  return { raw: JSON.stringify(r.next() < 0.8 ? randomObject(r) : randomValue(r)), contentType: 'application/json' };
}

/** encodeURIComponent, but a lone surrogate (which it refuses) becomes a raw %-escape the server must survive. */
export function safeEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

export function randomQuery(r: Rng): string {
  const parts: string[] = [];
  const n = r.int(4);
  for (let i = 0; i < n; i++) {
    const key = r.pick(['search', 'category', 'limit', 'cursor', 'format', 'search[]', 'category[$ne]', '__proto__[x]', 'limit']);
    const value = safeEncode(String(randomValue(r, 4)).slice(0, 300));
    parts.push(`${key}=${value}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

export function randomHeaders(r: Rng, validToken: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const auth = r.int(6);
  if (auth === 0) headers.authorization = `Bearer ${validToken}`;
  else if (auth === 1) headers.authorization = `Bearer ${validToken}`;
  else if (auth === 2)
    headers.authorization = r.pick([
      'Bearer',
      'Bearer ',
      'Basic Zm9vOmJhcg==',
      `Bearer ${'x'.repeat(4000)}`,
      'Bearer gl_fake_key',
      'Bearer a.b.c',
    ]);
  if (r.next() < 0.3)
    headers['x-visitor-id'] = r.pick(['00000000-0000-0000-0000-000000000000', 'not-a-uuid', '\u00ff\u00fe', crypto.randomUUID()]);
  if (r.next() < 0.1) headers['x-request-id'] = r.pick(['../../etc', 'x'.repeat(500), 'ok-request-id-123']);
  if (r.next() < 0.1) headers['paypal-transmission-sig'] = 'garbage';
  return headers;
}
