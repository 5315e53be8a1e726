import { ApiError, api } from './api';

export type SubscribeResult = { ok: true } | { ok: false; error: string };

/**
 * The api client's codes for an answer that was not our JSON envelope (a proxy's error page, an
 * empty body): the server gave no message of its own.
 */
const NO_SERVER_MESSAGE = new Set(['HTTP_ERROR', 'BAD_RESPONSE']);

/** The server's (or the network's) message of a failed call, or '' when there is none. */
export function failureMessage(err: ApiError): string {
  return NO_SERVER_MESSAGE.has(err.code) ? '' : err.message;
}

/**
 * POST /api/newsletter {email}. A refusal or an unreachable server is a result with its message
 * ('' when there is none); anything else is thrown as unexpected.
 */
export async function subscribeToNewsletter(email: string): Promise<SubscribeResult> {
  try {
    await api<{ subscribed: boolean }>('/newsletter', { method: 'POST', body: { email } });
    return { ok: true };
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, error: failureMessage(err) };
    throw err;
  }
}
