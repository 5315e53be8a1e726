/**
 * An in-memory stand-in for socket.io-client's socket (the third-party transport), so component
 * tests can deliver server events. Our own connection manager (platform/socket.ts) runs unchanged.
 * Use: vi.mock('socket.io-client', async () => ({ io: (await import('./fake-socket')).fakeIo }));
 */
type Fn = (payload?: unknown) => void;
const listeners = new Map<string, Set<Fn>>();

export const fakeSocket = {
  connected: true,
  disconnected: false,
  /** auth sent by the last io() call */
  auth: undefined as unknown,
  /** client -> server messages sent, oldest first */
  sent: [] as Array<{ event: string; args: unknown[] }>,
  emit(event: string, ...args: unknown[]) {
    fakeSocket.sent.push({ event, args });
    return fakeSocket;
  },
  on(event: string, fn: Fn) {
    if (!listeners.has(event)) listeners.set(event, new Set());
    listeners.get(event)!.add(fn);
    return fakeSocket;
  },
  off(event: string, fn: Fn) {
    listeners.get(event)?.delete(fn);
    return fakeSocket;
  },
  connect() {
    return fakeSocket;
  },
  disconnect() {
    return fakeSocket;
  },
  /** Delivers a server -> client event to every listener. */
  emitFromServer(event: string, payload?: unknown) {
    for (const fn of [...(listeners.get(event) ?? [])]) fn(payload);
  },
};

export function fakeIo(opts?: { auth?: (cb: (a: unknown) => void) => void }) {
  opts?.auth?.((a) => (fakeSocket.auth = a));
  return fakeSocket;
}
