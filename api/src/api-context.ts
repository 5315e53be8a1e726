import type { ServerContext } from '@gl/core/server';
import { SessionRevocations } from './services/session-revocations';
import { TokenService } from './services/token.service';

/** The server context plus what only the api role needs. */
export interface ApiContext extends ServerContext {
  tokens: TokenService;
}

export function createApiContext(ctx: ServerContext): ApiContext {
  const ttl = ctx.config.ACCESS_TOKEN_TTL_SECONDS;
  const revocations = new SessionRevocations(ctx.db);
  return { ...ctx, tokens: new TokenService(ctx.jwtSecret, ttl, revocations) };
}
