import type { TestSocket } from './socket';

/** The client page's `approval:watch` on a socket (with the link's PIN when it has one): its acknowledgement. */
export function watchApproval(socket: TestSocket, token: string, pin?: string): Promise<{ ok: boolean }> {
  return new Promise((resolve) => socket.emit('approval:watch', { token, ...(pin ? { pin } : {}) }, resolve));
}
