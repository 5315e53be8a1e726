import { isUuid } from '@gl/core/types';
import { STORAGE_KEYS, storage } from './storage';

function randomUuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let memo: string | undefined;

/** A random UUID identifying this browser while signed out (sent as X-Visitor-Id and to the socket). */
export function getVisitorId(): string {
  if (memo) return memo;
  const stored = storage.get(STORAGE_KEYS.visitorId);
  if (isUuid(stored)) {
    memo = stored;
    return stored;
  }
  memo = randomUuid();
  storage.set(STORAGE_KEYS.visitorId, memo);
  return memo;
}
