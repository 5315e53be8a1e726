import type {} from 'express-serve-static-core';
import type { Plan, UiLanguage } from '@gl/core';
import type { PendingSessionCheck } from './accounts';
export {};

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `authenticate` when a valid bearer access token came with the request. */
    auth?: { userId: string; sessionId?: string; /** The user's plan, read with the token's revocation check. */ plan?: Plan };
    /**
     * On a route that checks the token's revocation inside its own statement (`sessionCheck:
     * 'inHandler'`): that check, not made yet (`auth` then holds only what the signed token says).
     */
    sessionCheck?: PendingSessionCheck;
    /** The visitor id a signed-out browser sends as X-Visitor-Id (a UUID it keeps). */
    visitorId?: string;
    /**
     * The language of this request's server messages: the signed-in account's, else the `gl_lang`
     * cookie, else Accept-Language, else English (api/src/http/request-language.ts).
     */
    language?: UiLanguage;
  }
}
