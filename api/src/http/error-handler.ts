import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, Errors, isAppError, isDependencyUnavailable, translateServerMessage } from '@gl/core/server';
import type { DeclaredErrors } from './route';
import { languageOf } from './request-language';

/** Unknown /api routes: 404 in the envelope. */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(Errors.notFound(`No route for ${req.method} ${req.baseUrl}${req.path}`));
};

interface HttpLikeError {
  type?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
}

function fromBodyParser(err: HttpLikeError): AppError | undefined {
  switch (err.type) {
    case 'entity.parse.failed':
      return Errors.validation('Malformed JSON in request body');
    case 'entity.too.large':
      return Errors.tooLarge('Request body is too large (16 KB at most)');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return Errors.validation('Unsupported request encoding');
    case 'request.aborted':
      return Errors.validation('Request was aborted');
    default:
      return undefined;
  }
}

/**
 * `STRICT_DECLARED_ERRORS` (tests): an error status the route does not declare in its `errors` (so
 * its OpenAPI document does not say it) becomes a loud 500 naming the route and the status.
 */
function undeclared(appError: AppError, declared: DeclaredErrors | undefined): AppError | undefined {
  if (!declared || appError.status < 400 || declared.errors.includes(appError.status)) return undefined;
  const message = `Undeclared error status: ${declared.route} answered ${appError.status} ${appError.code} ("${appError.message}") but declares errors [${declared.errors.join(', ')}]; add ${appError.status} to the route's errors`;
  return new AppError('INTERNAL', message, { cause: appError });
}

/** Every error leaves in one shape; a 500 never carries a stack trace or internal message. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  let appError: AppError;
  if (isAppError(err)) appError = err;
  else {
    const mapped = fromBodyParser(err as HttpLikeError);
    const status = (err as HttpLikeError).status ?? (err as HttpLikeError).statusCode;
    if (mapped) appError = mapped;
    else if (isDependencyUnavailable(err))
      appError = Errors.unavailable('We are having trouble reaching our database. Please try again shortly.', err);
    else if (status && status >= 400 && status < 500) appError = Errors.validation('Invalid request');
    else appError = Errors.internal(err);
  }
  const failure = undeclared(appError, res.locals.declaredErrors as DeclaredErrors | undefined);
  if (failure) {
    req.log?.error({ err: appError, code: appError.code, status: appError.status }, failure.message);
    appError = failure;
  }
  if (appError.status >= 500) {
    req.log?.error({ err, code: appError.code }, 'request failed');
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  for (const [k, v] of Object.entries(appError.headers ?? {})) res.setHeader(k, v);
  // The words follow the request's language; the code stays the same English identifier.
  const body = appError.toJSON();
  const lang = languageOf(req);
  if (lang !== 'en') {
    body.error = translateServerMessage(body.error, lang);
    if (body.details) body.details = body.details.map((d) => ({ ...d, message: translateServerMessage(d.message, lang) }));
  }
  res.status(appError.status).json(body);
};
