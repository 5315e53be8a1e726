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

type Line = { index: number; text: string };
/** The events that carry lines besides generation:line, and the lines each carries. */
const CARRIERS = {
  'generation:lines': (p: { lines: Line[] }) => p.lines,
  'generation:started': (p: { lines?: Line[] }) => p.lines ?? [],
  'generation:completed': (p: { newLines?: Line[] }) => p.newLines ?? [],
} as const;

/**
 * Collects every event of the given names a socket receives, for later assertions. Lines that travel
 * inside another event (several together in generation:lines, the first inside generation:started,
 * the last inside generation:completed as `newLines`) are recorded as the generation:line each stands
 * for, in the order a client sees them; the carrying event is recorded without them.
 */
export function recordEvents(socket: TestSocket, names: Array<keyof ServerToClientEvents>) {
  const events: Array<{ event: string; payload: any }> = [];
  const wantLines = names.includes('generation:line');
  const asLines = (id: string, lines: Line[]) => {
    if (wantLines) for (const line of lines) events.push({ event: 'generation:line', payload: { id, ...line } });
  };
  for (const name of names) {
    if (name === 'generation:started') {
      socket.on(name, ({ lines, ...started }) => {
        events.push({ event: name, payload: started });
        asLines(started.id, lines ?? []);
      });
    } else if (name === 'generation:completed') {
      socket.on(name, ({ newLines, ...completed }) => {
        asLines(completed.id, newLines ?? []);
        events.push({ event: name, payload: completed });
      });
    } else socket.on(name as any, (payload: any) => events.push({ event: name, payload }));
  }
  if (wantLines) {
    if (!names.includes('generation:lines')) socket.on('generation:lines', (p) => asLines(p.id, p.lines));
    if (!names.includes('generation:started')) socket.on('generation:started', (p) => asLines(p.id, p.lines ?? []));
    if (!names.includes('generation:completed')) socket.on('generation:completed', (p) => asLines(p.id, p.newLines ?? []));
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
    const offs: Array<() => void> = [];
    const timer = setTimeout(() => {
      offs.forEach((off) => off());
      reject(new Error(`timed out waiting for ${String(name)}`));
    }, timeoutMs);
    let done = false;
    const handler = (payload: T) => {
      if (done || !predicate(payload)) return;
      done = true;
      clearTimeout(timer);
      offs.forEach((off) => off());
      resolve(payload);
    };
    offs.push(() => socket.off(name as any, handler));
    socket.on(name as any, handler);
    // A line may travel inside another event (see recordEvents): each counts as a generation:line.
    if (name === 'generation:line') {
      for (const [carrier, linesOf] of Object.entries(CARRIERS)) {
        const unpack = (p: any) => {
          for (const line of linesOf(p)) handler({ id: p.id, ...line } as T);
        };
        socket.on(carrier as any, unpack);
        offs.push(() => socket.off(carrier as any, unpack));
      }
    }
  });
}
