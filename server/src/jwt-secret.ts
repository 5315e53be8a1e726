import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '@gl/core/server';

/**
 * JWT_SECRET when set (required in production). In development a random secret is made once
 * and kept beside the embedded database, so sessions survive restarts; in tests, per process.
 */
export function resolveJwtSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.isTest) return randomBytes(32).toString('base64url');
  const file = path.resolve(path.dirname(config.PGLITE_DIR), '.jwt-secret');
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved.length >= 32) return saved;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
