import type {} from '../express.types';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isUuid } from '@gl/core';
import { Errors, pickRequestLanguage } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { PendingSessionCheck } from '../accounts';

/** A visitor id as the client sends it (header or socket auth): a UUID, kept lower-case; else undefined. */
export function visitorIdFrom(value: unknown): string | undefined {
  return isUuid(value) ? value.toLowerCase() : undefined;
}

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** `POST /lines/generate`: a request's key in the set `authenticate` is given (trailing slash dropped, as Express matches). */
export function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.length > 1 ? path.replace(/\/+$/, '') : path}`;
}

/**
 * Reads the bearer token if there is one. A present but invalid token is a 401 (the client
 * then clears its session), never silently treated as a visitor.
 */
export function authenticate(ctx: ApiContext, checkedInHandler: ReadonlySet<string> = new Set()): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const visitorId = visitorIdFrom(req.headers['x-visitor-id']);
    if (visitorId) req.visitorId = visitorId;
    const token = bearerToken(req);
    if (!token) return next();
    // API keys (gl_...) are handled by the /v1 router, not here.
    if (token.startsWith('gl_')) return next();
    // A route that checks the revocation in its own statement (the generate request): the signature
    // here, the rest there (or before any error answer): see accounts/pending-session-check.ts.
    const revocations = ctx.tokens.revocations;
    if (revocations && checkedInHandler.has(routeKey(req.method, req.path))) {
      const { userId, sessionId, issuedAt } = await ctx.tokens.verifySignature(token);
      req.auth = { userId, sessionId };
      req.sessionCheck = new PendingSessionCheck(req, revocations, userId, sessionId, issuedAt);
      return next();
    }
    const { language, ...auth } = await ctx.tokens.verifyAccess(token);
    req.auth = auth;
    // The signed-in account's language comes first (read with the revocation check, no extra query).
    if (language !== undefined) req.language = pickRequestLanguage({ account: language });
    next();
  };
}

export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.auth) return next(Errors.unauthenticated('Please sign in to continue'));
  next();
};

/** The signed-in user's id; use behind requireUser. */
export function userIdOf(req: Request): string {
  if (!req.auth) throw Errors.unauthenticated('Please sign in to continue');
  return req.auth.userId;
}
