import type { LookupAddress } from 'node:dns';
import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPEN_WEBHOOK_POLICY,
  PRIVATE_ADDRESS_MESSAGE,
  STRICT_WEBHOOK_POLICY,
  checkWebhookUrl,
  createResolveAll,
  guardedLookup,
  isPublicAddress,
  webhookUrlPolicy,
  type ResolveAll,
} from './url-policy';

/** A resolver with fixed answers, as a DNS server would give them. */
function fakeDns(records: Record<string, string[]>): ResolveAll {
  return async (hostname) => {
    const list = records[hostname];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return list.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const dns = fakeDns({
  'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'rebind.example.com': ['93.184.216.34', '10.0.0.7'],
  'internal.example.com': ['192.168.1.20'],
  'metadata.example.com': ['169.254.169.254'],
  'loop6.example.com': ['::1'],
  'ula.example.com': ['fd12:3456:789a::1'],
  'linklocal6.example.com': ['fe80::1'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'cgnat.example.com': ['100.64.0.9'],
  'compat.example.com': ['::127.0.0.1'],
  'nat64.example.com': ['64:ff9b::a00:7'],
});

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.0.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:127.0.0.1', false],
    ['not an address', false],
    ['93.184.216.34', true],
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    // IPv6 only from 2000::/3 (global unicast): IPv4-compatible, IPv4-mapped and translated
    // spellings of any IPv4 address, and the special ranges inside 2000::/3, are refused.
    ['::ffff:8.8.8.8', false],
    ['::127.0.0.1', false],
    ['::7f00:1', false],
    ['::8.8.8.8', false],
    ['::a00:1', false],
    ['64:ff9b::10.0.0.1', false],
    ['64:ff9b::127.0.0.1', false],
    ['64:ff9b::8.8.8.8', false],
    ['64:ff9b:1::a00:1', false],
    ['2002:7f00:1::', false], // 6to4 of 127.0.0.1
    ['2002:c0a8:101::1', false], // 6to4 of 192.168.1.1
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false], // Teredo
    ['2001:db8::1', false], // documentation
    ['fc00::1', false],
    ['ff02::1', false],
    ['100::1', false], // discard-only
    ['4000::1', false], // outside 2000::/3
    ['2606:4700:4700::1111', true],
    ['2a00:1450:4001:80b::200e', true],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('checkWebhookUrl in production (strict)', () => {
  const check = (url: string) => checkWebhookUrl(url, STRICT_WEBHOOK_POLICY, dns);

  it('accepts an https URL whose every address is public', async () => {
    await expect(check('https://hooks.example.com/genius?x=1')).resolves.toBeInstanceOf(URL);
    await expect(check('https://8.8.8.8/hook')).resolves.toBeInstanceOf(URL);
  });

  it('refuses what is not a URL, or not http(s)', async () => {
    await expect(check('not a url')).rejects.toThrow('not a valid URL');
    await expect(check('ftp://hooks.example.com/')).rejects.toThrow('https://');
  });

  it('refuses http', async () => {
    await expect(check('http://hooks.example.com/')).rejects.toThrow('must use https');
  });

  it('refuses credentials in the URL', async () => {
    await expect(check('https://user:pw@hooks.example.com/')).rejects.toThrow('user name or password');
  });

  it.each([
    'https://127.0.0.1/',
    'https://[::1]/',
    'https://10.0.0.1/',
    'https://169.254.169.254/latest/meta-data',
    'https://[fe80::1]/',
    'https://[::ffff:192.168.1.1]/',
    'https://2130706433/', // 127.0.0.1 written as one number
    'https://0x7f.1/',
    'https://[::127.0.0.1]/',
    'https://[::7f00:1]/',
    'https://[::ffff:8.8.8.8]/',
    'https://[::ffff:7f00:1]/',
    'https://[64:ff9b::10.0.0.1]/',
    'https://[64:ff9b::169.254.169.254]/',
    'https://[2002:a9fe:a9fe::]/',
  ])('refuses the private address literal %s', async (url) => {
    await expect(check(url)).rejects.toThrow('public address');
  });

  it.each([
    'internal.example.com',
    'metadata.example.com',
    'loop6.example.com',
    'ula.example.com',
    'linklocal6.example.com',
    'mapped.example.com',
    'cgnat.example.com',
    'rebind.example.com',
    'compat.example.com',
    'nat64.example.com',
  ])('refuses %s, whose DNS answer holds a private address', async (host) => {
    await expect(check(`https://${host}/hook`)).rejects.toThrow('public address');
  });

  it('refuses a host that does not resolve with the same message as a private one (internal names cannot be told from unknown ones)', async () => {
    const unknown = await check('https://nowhere.example.com/').catch((e: Error) => e.message);
    const internal = await check('https://internal.example.com/').catch((e: Error) => e.message);
    expect(unknown).toBe(PRIVATE_ADDRESS_MESSAGE);
    expect(internal).toBe(PRIVATE_ADDRESS_MESSAGE);
    expect(unknown).not.toContain('nowhere');
  });
});

describe('checkWebhookUrl in development and tests (open)', () => {
  it('allows http and loopback', async () => {
    await expect(checkWebhookUrl('http://127.0.0.1:4000/hook', OPEN_WEBHOOK_POLICY, dns)).resolves.toBeInstanceOf(URL);
    await expect(checkWebhookUrl('http://localhost/hook', OPEN_WEBHOOK_POLICY, dns)).resolves.toBeInstanceOf(URL);
  });

  it('still refuses what is not a URL', async () => {
    await expect(checkWebhookUrl('127.0.0.1:4000', OPEN_WEBHOOK_POLICY, dns)).rejects.toThrow();
  });

  it('public addresses only in every NODE_ENV unless WEBHOOKS_ALLOW_PRIVATE; https in production', () => {
    expect(webhookUrlPolicy({ isProduction: true, WEBHOOKS_ALLOW_PRIVATE: false })).toEqual(STRICT_WEBHOOK_POLICY);
    expect(webhookUrlPolicy({ isProduction: false, WEBHOOKS_ALLOW_PRIVATE: false })).toEqual({
      httpsOnly: false,
      publicAddressesOnly: true,
    });
    expect(webhookUrlPolicy({ isProduction: false, WEBHOOKS_ALLOW_PRIVATE: true })).toEqual(OPEN_WEBHOOK_POLICY);
    expect(webhookUrlPolicy({ isProduction: true, WEBHOOKS_ALLOW_PRIVATE: true })).toEqual({ httpsOnly: true, publicAddressesOnly: false });
  });
});

describe('guardedLookup (the address the socket connects to)', () => {
  const lookup = (host: string, options: { all?: boolean; family?: number }, policy = STRICT_WEBHOOK_POLICY) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) =>
      guardedLookup(policy, dns)(host, options, (err, address, family) => resolve({ err, address, family })),
    );

  it('hands the checked public addresses to the socket', async () => {
    const one = await lookup('hooks.example.com', {});
    expect(one).toEqual({ err: null, address: '93.184.216.34', family: 4 });
    const all = await lookup('hooks.example.com', { all: true });
    expect(all.address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ]);
    const v6 = await lookup('hooks.example.com', { family: 6 });
    expect(v6.address).toBe('2606:2800:220:1:248:1893:25c8:1946');
  });

  it('refuses the connection when any resolved address is private', async () => {
    for (const host of ['rebind.example.com', 'loop6.example.com', 'metadata.example.com']) {
      const r = await lookup(host, { all: true });
      expect(r.err?.code).toBe('EADDRNOTALLOWED');
    }
  });

  it('lets a private address through under the open policy', async () => {
    const r = await lookup('internal.example.com', {}, OPEN_WEBHOOK_POLICY);
    expect(r).toEqual({ err: null, address: '192.168.1.20', family: 4 });
  });

  it('refuses a name that does not resolve as it refuses a private one (one answer for both)', async () => {
    const r = await lookup('nowhere.example.com', {});
    expect(r.err?.code).toBe('EADDRNOTALLOWED');
    expect(r.err?.message).toBe(PRIVATE_ADDRESS_MESSAGE);
  });

  it('passes a DNS failure on under the open policy', async () => {
    const r = await lookup('nowhere.example.com', {}, OPEN_WEBHOOK_POLICY);
    expect(r.err?.code).toBe('ENOTFOUND');
  });
});

describe('the DNS resolver of the address check', () => {
  // A DNS server on loopback that reads every query and never answers.
  let silent: Socket;
  beforeAll(async () => {
    silent = createSocket('udp4');
    silent.on('message', () => undefined);
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
  });
  afterAll(() => silent.close());

  it('gives up after its timeout instead of waiting on a silent server, and the check answers the one message', async () => {
    const { port } = silent.address() as AddressInfo;
    const resolve = createResolveAll({ servers: [`127.0.0.1:${port}`], timeoutMs: 100, tries: 1 });
    const err = (await resolve('hooks.example.com').catch((e: NodeJS.ErrnoException) => e)) as NodeJS.ErrnoException;
    expect(err.code).toBe('ETIMEOUT');
    await expect(checkWebhookUrl('https://hooks.example.com/', STRICT_WEBHOOK_POLICY, resolve)).rejects.toThrow(PRIVATE_ADDRESS_MESSAGE);
  });
});
