import type { ServerContext } from '@gl/core/server';
import { TokenService } from './services/token.service';

/** The server context plus what only the api role needs. */
export interface ApiContext extends ServerContext {
  tokens: TokenService;
}

export function createApiContext(ctx: ServerContext): ApiContext {
  return { ...ctx, tokens: new TokenService(ctx.jwtSecret, ctx.config.ACCESS_TOKEN_TTL_SECONDS) };
}
