import { lookup as dnsLookup, promises as dnsPromises, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '../platform/config';

/**
 * Where outgoing webhooks may go. In every NODE_ENV: only public unicast addresses (never private,
 * loopback, link-local, carrier-grade NAT, multicast, reserved or documentation ranges; IPv6 only
 * from global unicast 2000::/3), checked after DNS resolution, unless `WEBHOOKS_ALLOW_PRIVATE=true`
 * (the tests and local development, whose receivers are on this machine). https only in production.
 */
export interface WebhookUrlPolicy {
  httpsOnly: boolean;
  publicAddressesOnly: boolean;
}

export const STRICT_WEBHOOK_POLICY: WebhookUrlPolicy = { httpsOnly: true, publicAddressesOnly: true };
export const OPEN_WEBHOOK_POLICY: WebhookUrlPolicy = { httpsOnly: false, publicAddressesOnly: false };

export function webhookUrlPolicy(config: Pick<Config, 'isProduction' | 'WEBHOOKS_ALLOW_PRIVATE'>): WebhookUrlPolicy {
  return { httpsOnly: config.isProduction, publicAddressesOnly: !config.WEBHOOKS_ALLOW_PRIVATE };
}

/** Resolves a host name to all of its addresses (node's dns.lookup signature, promisified). */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

/** How long one DNS query of the address check waits, and how often it is sent, before the host counts as not found. */
export const WEBHOOK_DNS_TIMEOUT_MS = 2000;
export const WEBHOOK_DNS_TRIES = 2;

/**
 * A resolver for the address check: c-ares (`dns.promises.Resolver`) with a timeout and a number of
 * tries, asking for A and AAAA records at once. Not `dns.lookup`, which runs getaddrinfo on libuv's
 * thread pool (shared with argon2, sharp and file I/O) with no timeout of its own.
 */
export function createResolveAll(opts: { servers?: string[]; timeoutMs?: number; tries?: number } = {}): ResolveAll {
  const resolver = new dnsPromises.Resolver({ timeout: opts.timeoutMs ?? WEBHOOK_DNS_TIMEOUT_MS, tries: opts.tries ?? WEBHOOK_DNS_TRIES });
  if (opts.servers) resolver.setServers(opts.servers);
  return async (hostname) => {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
    const addresses: LookupAddress[] = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
    ];
    if (addresses.length > 0) return addresses;
    // Neither family answered: the more telling error (a timeout or a refusal over "no such record").
    const errors = [v4, v6].flatMap((r) => (r.status === 'rejected' ? [r.reason as NodeJS.ErrnoException] : []));
    throw (
      errors.find((e) => e.code !== 'ENODATA' && e.code !== 'ENOTFOUND') ??
      errors[0] ??
      Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' })
    );
  };
}

/** The address check's resolver (the system's DNS servers, with a timeout). */
export const resolveAll: ResolveAll = createResolveAll();

/**
 * The system's own lookup (hosts file included), for connections the policy lets reach private
 * addresses (`WEBHOOKS_ALLOW_PRIVATE`: `localhost` on a developer's machine).
 */
export const systemLookupAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/** The resolver a policy uses by default. */
export const resolverFor = (policy: WebhookUrlPolicy): ResolveAll => (policy.publicAddressesOnly ? resolveAll : systemLookupAll);

/** IPv6 global unicast: 2000::/3, the only IPv6 block a webhook may reach. */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/**
 * Whether an IP address is public unicast: an IPv4 address in ipaddr.js's `unicast` range; an IPv6
 * address only inside 2000::/3 and there in the `unicast` range (not 6to4, Teredo, documentation...),
 * so no IPv6 spelling of an IPv4 address (`::127.0.0.1`, `::ffff:…`, `64:ff9b::…`) passes.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    return v6.match(IPV6_GLOBAL_UNICAST) && v6.range() === 'unicast';
  }
  return parsed.range() === 'unicast';
}

/** The URL's host as an address or a name ([::1] → ::1). */
function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** The URL's host when it is an IP address (connecting to one skips DNS, and so any lookup hook). */
export function addressLiteralOf(url: URL): string | null {
  const host = hostOf(url);
  return isIP(host) ? host : null;
}

export class WebhookUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookUrlError';
  }
}

/**
 * The one answer for a host that cannot be used: private, loopback or link-local, or not found at
 * all (telling the two apart would let anyone enumerate internal DNS names).
 */
export const PRIVATE_ADDRESS_MESSAGE =
  'Webhook URLs must point to a host with a public address (this one could not be found, or is private, loopback or link-local)';

/**
 * Checks a URL before it is stored and before each attempt: a parsable http(s) URL without
 * credentials, https when the policy asks, and (when it asks) a host whose every resolved address
 * is public. Throws WebhookUrlError with a message fit for the user.
 */
export async function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy, resolve: ResolveAll = resolverFor(policy)): Promise<URL> {
  if (!URL.canParse(raw)) throw new WebhookUrlError('The webhook URL is not a valid URL');
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new WebhookUrlError('Webhook URLs must start with https://');
  if (policy.httpsOnly && url.protocol !== 'https:') throw new WebhookUrlError('Webhook URLs must use https');
  if (url.username || url.password) throw new WebhookUrlError('Webhook URLs must not contain a user name or password');
  if (!policy.publicAddressesOnly) return url;
  const literal = addressLiteralOf(url);
  if (literal) {
    if (!isPublicAddress(literal)) throw new WebhookUrlError(PRIVATE_ADDRESS_MESSAGE);
    return url;
  }
  const host = hostOf(url);
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new WebhookUrlError(PRIVATE_ADDRESS_MESSAGE);
  }
  if (addresses.length === 0) throw new WebhookUrlError(PRIVATE_ADDRESS_MESSAGE);
  if (addresses.some((a) => !isPublicAddress(a.address))) throw new WebhookUrlError(PRIVATE_ADDRESS_MESSAGE);
  return url;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls connect (an undici Agent's `connect.lookup`): resolves the name, refuses
 * the connection when the policy forbids any of its addresses, and hands the checked addresses to
 * the socket, so the address connected to is the address checked (no second resolution to rebind).
 */
export function guardedLookup(policy: WebhookUrlPolicy, resolve: ResolveAll = resolverFor(policy)) {
  return (hostname: string, options: { all?: boolean; family?: number | string } | undefined, callback: LookupCallback): void => {
    resolve(hostname).then(
      (all) => {
        const family =
          options?.family === 6 || options?.family === 'IPv6' ? 6 : options?.family === 4 || options?.family === 'IPv4' ? 4 : 0;
        const addresses = family ? all.filter((a) => a.family === family) : all;
        if (addresses.length === 0 && !policy.publicAddressesOnly) {
          return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        }
        if (policy.publicAddressesOnly && (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address)))) {
          return callback(Object.assign(new WebhookUrlError(PRIVATE_ADDRESS_MESSAGE), { code: 'EADDRNOTALLOWED' }), '', 0);
        }
        if (options?.all) return callback(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) =>
        // Under the public-only policy a name that cannot be resolved reads as one that may not be
        // reached (one message for both), so the attempt list cannot map internal names either.
        policy.publicAddressesOnly
          ? callback(Object.assign(new WebhookUrlError(PRIVATE_ADDRESS_MESSAGE), { code: 'EADDRNOTALLOWED', cause: err }), '', 0)
          : callback(err, '', 0),
    );
  };
}
