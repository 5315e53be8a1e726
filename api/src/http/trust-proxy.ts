import proxyaddr from 'proxy-addr';
import type { Config } from '@gl/core/server';

/**
 * Which proxies' X-Forwarded-For to believe (TRUST_PROXY: 'false', or comma-separated addresses,
 * subnets or names such as loopback). One rule for Express and the Socket.IO handshake, so both see
 * the same client IP for rate limits and the per-IP socket cap.
 */
export function trustProxy(config: Pick<Config, 'TRUST_PROXY'>): (addr: string, i: number) => boolean {
  const value = config.TRUST_PROXY.trim();
  return proxyaddr.compile(value === 'false' ? [] : value.split(',').map((t) => t.trim()));
}
