import type {} from '../express.types';
import type { Request, RequestHandler } from 'express';
import type { UiLanguage } from '@gl/core';
import { pickRequestLanguage } from '@gl/core/server';

/** The language the request's own headers ask for: the `gl_lang` cookie, else Accept-Language, else English. */
function headerLanguage(req: Request): UiLanguage {
  return pickRequestLanguage({ cookieHeader: req.headers.cookie, acceptLanguage: req.headers['accept-language'] });
}

/**
 * Sets `req.language` from the headers; `authenticate` (after it) replaces it with the signed-in
 * account's language.
 */
export const requestLanguage: RequestHandler = (req, _res, next) => {
  req.language = headerLanguage(req);
  next();
};

/** The language of this request's server messages (for any request, even one refused before the middleware). */
export function languageOf(req: Request): UiLanguage {
  return req.language ?? headerLanguage(req);
}
