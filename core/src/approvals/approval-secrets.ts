import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A link's token: 128 random bits, base64url (22 characters). Only its hash is stored. */
export function newApprovalToken(): { token: string; hash: string } {
  const token = randomBytes(16).toString('base64url');
  return { token, hash: approvalTokenHash(token) };
}

export const approvalTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A PIN's stored form: HMAC-SHA256 keyed by the server's secret and bound to the link, so a copy of
 * the database alone cannot try the 10^4-10^6 PINs offline.
 */
export function approvalPinHash(secret: string, approvalKey: string, pin: string): string {
  const key = createHash('sha256').update(`approval-pin:${secret}`).digest();
  return createHmac('sha256', key).update(`${approvalKey}:${pin}`).digest('hex');
}

/** Compares a PIN with its stored hash in constant time (false for a missing PIN or hash). */
export function approvalPinMatches(secret: string, approvalKey: string, pin: string | undefined, stored: string | null): boolean {
  const given = Buffer.from(approvalPinHash(secret, approvalKey, pin ?? ''), 'hex');
  const expected = Buffer.from(stored ?? '0'.repeat(64), 'hex');
  return timingSafeEqual(given, expected) && stored !== null && pin !== undefined;
}
