/** The newsletter's server calls: subscribe (the footer and home forms) and the e-mailed unsubscribe link. */
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../../platform/api';

/**
 * The api client's codes for an answer that was not our JSON envelope (a proxy's error page, an
 * empty body): the server gave no message of its own.
 */
const NO_SERVER_MESSAGE = new Set(['HTTP_ERROR', 'BAD_RESPONSE']);

/** The server's (or the network's) message of a failed call, or '' when there is none. */
export function failureMessage(err: ApiError): string {
  return NO_SERVER_MESSAGE.has(err.code) ? '' : err.message;
}

/** POST /api/newsletter {email}. */
export function useSubscribeNewsletter() {
  return useMutation({
    mutationFn: (email: string): Promise<unknown> => api('/newsletter', { method: 'POST', body: { email } }),
  });
}

/** POST /api/newsletter/unsubscribe {token}: no sign-in. */
export function useUnsubscribeNewsletter() {
  return useMutation({
    mutationFn: (token: string): Promise<unknown> =>
      api('/newsletter/unsubscribe', { method: 'POST', body: { token }, sessionHandling: false }),
  });
}
