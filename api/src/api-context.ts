import type { ServerContext } from '@gl/core/server';
import { EmailLinks } from './common/email-links';
import { SessionRevocations } from './accounts';
import { TokenService } from './accounts';

/** The server context plus what only the api role needs. */
export interface ApiContext extends ServerContext {
  tokens: TokenService;
  /** Where links in e-mails start: PUBLIC_URL or the configured HOST:PORT, never a request header. */
  links: EmailLinks;
  /** The process lifecycle: `draining` turns true on SIGTERM (GET /ready answers 503 from then on). */
  lifecycle: {
    draining: boolean;
    /** True from the start until the request path has run once (GET /ready answers 503 until then). */
    warming: boolean;
  };
}

export function createApiContext(ctx: ServerContext): ApiContext {
  const ttl = ctx.config.ACCESS_TOKEN_TTL_SECONDS;
  const revocations = new SessionRevocations(ctx.db);
  return {
    ...ctx,
    tokens: new TokenService(ctx.jwtSecret, ttl, revocations),
    links: new EmailLinks(ctx.config),
    lifecycle: { draining: false, warming: true },
  };
}
