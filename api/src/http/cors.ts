import type { ApiContext } from '../api-context';

/** The CORS allow-list: CLIENT_ORIGIN, or Vite's dev server in development; otherwise same origin only (false). */
export function allowedOrigins(ctx: ApiContext): string[] | false {
  const { CLIENT_ORIGIN, NODE_ENV } = ctx.config;
  if (CLIENT_ORIGIN) return CLIENT_ORIGIN.split(',').map((o) => o.trim());
  // The Vite dev server, in development only; otherwise the client is served from this origin.
  return NODE_ENV === 'development' ? ['http://localhost:5173', 'http://127.0.0.1:5173'] : false;
}
