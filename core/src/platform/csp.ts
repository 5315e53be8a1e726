import { createHash } from 'node:crypto';
import { THEME_INIT_SCRIPT } from './web/theme-init';

/**
 * The Content-Security-Policy source that allows the pages' one inline script (the pre-paint theme
 * script) and no other: its SHA-256 hash. Any change to the script's text changes the hash here, and
 * docker/nginx.conf must say the same (tests/integration/health.test.ts compares the two).
 */
export const THEME_INIT_CSP_SOURCE = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT, 'utf8').digest('base64')}'`;
