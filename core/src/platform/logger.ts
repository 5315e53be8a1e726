import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; secrets are redacted wherever they appear. */
export function createLogger(level: string, base: Record<string, unknown> = {}): Logger {
  return pino({
    level,
    base: { service: 'genius-lines', ...base },
    redact: {
      paths: [
        'password',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        'token',
        '*.token',
        'refreshToken',
        '*.refreshToken',
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        '*.Password',
        '*.passkey',
      ],
      censor: '[redacted]',
    },
  });
}
