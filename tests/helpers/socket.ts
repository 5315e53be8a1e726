import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@gl/core';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A real socket.io-client connected with a token or a visitor id; rejects if the handshake is refused. */
export async function connectSocket(url: string, auth: { token?: string; visitorId?: string }): Promise<TestSocket> {
  const socket: TestSocket = io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
  return socket;
}

/** Collects every event of the given names a socket receives, for later assertions. */
export function recordEvents(socket: TestSocket, names: Array<keyof ServerToClientEvents>) {
  const events: Array<{ event: string; payload: any }> = [];
  for (const name of names) {
    socket.on(name as any, (payload: any) => events.push({ event: name, payload }));
  }
  // Lines that arrive together come as one generation:lines; recorded as the generation:line each stands for.
  if (names.includes('generation:line') && !names.includes('generation:lines')) {
    socket.on('generation:lines', (payload: { id: string; lines: Array<{ index: number; text: string }> }) => {
      for (const line of payload.lines) events.push({ event: 'generation:line', payload: { id: payload.id, ...line } });
    });
  }
  return events;
}

/** Waits for the next event matching a predicate. */
export function nextEvent<T = any>(
  socket: TestSocket,
  name: keyof ServerToClientEvents,
  predicate: (p: T) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(name as any, handler);
      reject(new Error(`timed out waiting for ${String(name)}`));
    }, timeoutMs);
    const handler = (payload: T) => {
      if (!predicate(payload)) return;
      clearTimeout(timer);
      socket.off(name as any, handler);
      resolve(payload);
    };
    socket.on(name as any, handler);
  });
}
