import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '../platform/config';

/**
 * Where outgoing webhooks may go. In production: https only, and only to public unicast addresses
 * (never private, loopback, link-local, carrier-grade NAT, multicast, reserved or documentation
 * ranges, in IPv4 or IPv6, IPv4-mapped IPv6 included), checked after DNS resolution. Development
 * and tests allow http and any address, so a receiver on this machine works.
 */
export interface WebhookUrlPolicy {
  httpsOnly: boolean;
  publicAddressesOnly: boolean;
}

export const STRICT_WEBHOOK_POLICY: WebhookUrlPolicy = { httpsOnly: true, publicAddressesOnly: true };
export const OPEN_WEBHOOK_POLICY: WebhookUrlPolicy = { httpsOnly: false, publicAddressesOnly: false };

export function webhookUrlPolicy(config: Pick<Config, 'isProduction'>): WebhookUrlPolicy {
  return config.isProduction ? STRICT_WEBHOOK_POLICY : OPEN_WEBHOOK_POLICY;
}

/** Resolves a host name to all of its addresses (node's dns.lookup signature, promisified). */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export const resolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/** Whether an IP address is public unicast (ipaddr.js's `unicast` range; an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
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

export const PRIVATE_ADDRESS_MESSAGE = 'Webhook URLs must point to a public address, not a private, loopback or link-local one';

/**
 * Checks a URL before it is stored and before each attempt: a parsable http(s) URL without
 * credentials, https when the policy asks, and (when it asks) a host whose every resolved address
 * is public. Throws WebhookUrlError with a message fit for the user.
 */
export async function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy, resolve: ResolveAll = resolveAll): Promise<URL> {
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
    throw new WebhookUrlError(`The webhook host ${host} could not be found`);
  }
  if (addresses.length === 0) throw new WebhookUrlError(`The webhook host ${host} could not be found`);
  if (addresses.some((a) => !isPublicAddress(a.address))) throw new WebhookUrlError(PRIVATE_ADDRESS_MESSAGE);
  return url;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls connect (an undici Agent's `connect.lookup`): resolves the name, refuses
 * the connection when the policy forbids any of its addresses, and hands the checked addresses to
 * the socket, so the address connected to is the address checked (no second resolution to rebind).
 */
export function guardedLookup(policy: WebhookUrlPolicy, resolve: ResolveAll = resolveAll) {
  return (hostname: string, options: { all?: boolean; family?: number | string } | undefined, callback: LookupCallback): void => {
    resolve(hostname).then(
      (all) => {
        const family =
          options?.family === 6 || options?.family === 'IPv6' ? 6 : options?.family === 4 || options?.family === 'IPv4' ? 4 : 0;
        const addresses = family ? all.filter((a) => a.family === family) : all;
        if (addresses.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        if (policy.publicAddressesOnly && addresses.some((a) => !isPublicAddress(a.address))) {
          return callback(Object.assign(new WebhookUrlError(PRIVATE_ADDRESS_MESSAGE), { code: 'EADDRNOTALLOWED' }), '', 0);
        }
        if (options?.all) return callback(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
