import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerEventName, ServerToClientEvents } from '@gl/core/types';
import { refreshSession } from './api';
import { loadChunk } from './load-chunk';
import { getToken, subscribeSession } from './session';
import { getVisitorId } from './visitor';

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Handler<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0] extends infer P ? (payload: P) => void : never;
type AnyHandler = (payload: unknown) => void;

/**
 * One Socket.IO connection for the whole app, opened only while a page needs live events
 * (socket.io-client is loaded on demand, so it is not in the initial bundle). It authenticates
 * with the current token, or the visitor id when signed out, and reconnects when that changes.
 */
class LiveConnection {
  private socket: AppSocket | null = null;
  private loading: Promise<void> | null = null;
  private users = 0;
  private identity = '';
  private readonly handlers = new Map<string, Set<AnyHandler>>();
  private readonly reconnectHandlers = new Set<() => void>();
  private readonly attached = new Set<string>();
  /** Client -> server messages repeated on every (re)connection (joining a room the server keeps no record of). */
  private readonly standing = new Set<() => void>();

  constructor() {
    subscribeSession(() => this.onSessionChange());
  }

  private auth(): { token: string } | { visitorId: string } {
    const token = getToken();
    return token ? { token } : { visitorId: getVisitorId() };
  }

  private currentIdentity(): string {
    return getToken() ? 'user' : `visitor:${getVisitorId()}`;
  }

  acquire(): () => void {
    this.users += 1;
    void this.ensure();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users -= 1;
      // Keep the connection briefly so moving between live pages does not reconnect.
      setTimeout(() => {
        if (this.users === 0 && this.socket) {
          this.socket.disconnect();
          this.socket = null;
          this.attached.clear();
        }
      }, 5_000);
    };
  }

  private async ensure(): Promise<void> {
    if (this.socket) {
      if (this.socket.disconnected) this.socket.connect();
      return;
    }
    this.loading ??= loadChunk(() => import('socket.io-client'))
      .then(({ io }) => {
        if (this.socket || this.users === 0) return;
        const socket: AppSocket = io({
          path: '/socket.io',
          transports: ['websocket', 'polling'],
          // A function, so every (re)connection sends the current token or visitor id.
          auth: (cb) => cb(this.auth()),
        });
        this.identity = this.currentIdentity();
        // Every (re)connection: pages re-read anything still pending, so no result is missed.
        socket.on('connect', () => {
          for (const send of [...this.standing]) send();
          for (const h of [...this.reconnectHandlers]) h();
        });
        socket.on('connect_error', (err) => {
          // An expired access token: rotate it once and try again with the new one.
          if (/token/i.test(err.message) && getToken()) {
            void refreshSession().then((outcome) => {
              if (outcome.status === 'refreshed') socket.connect();
              // The server could not refresh now (rate limited, down): try again later, still signed in.
              else if (outcome.status === 'unavailable') {
                const waitMs = Math.min(60, outcome.error.retryAfter ?? 10) * 1000;
                setTimeout(() => {
                  if (this.socket === socket && socket.disconnected && this.users > 0 && getToken()) socket.connect();
                }, waitMs);
              }
            });
          }
        });
        // The server closes a user's sockets when sessions end (sign out everywhere, password change or
        // reset, a device signed out). Socket.IO does not reconnect by itself then: try once with the
        // current token; a revoked one fails the handshake and goes through the refresh above.
        socket.on('disconnect', (reason) => {
          if (reason !== 'io server disconnect' || !getToken()) return;
          setTimeout(() => {
            if (this.socket === socket && socket.disconnected && this.users > 0) socket.connect();
          }, 1_000);
        });
        this.socket = socket;
        for (const event of this.handlers.keys()) this.attach(event);
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  private attach(event: string): void {
    if (!this.socket || this.attached.has(event)) return;
    this.attached.add(event);
    (this.socket as unknown as Socket).on(event, (payload: unknown) => {
      for (const h of [...(this.handlers.get(event) ?? [])]) h(payload);
    });
  }

  on<E extends ServerEventName>(event: E, handler: Handler<E>): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    set.add(handler as AnyHandler);
    this.attach(event);
    return () => set.delete(handler as AnyHandler);
  }

  /**
   * Sends `event` now (when connected) and again after every reconnection, until the returned
   * function is called: a room joined this way survives the server forgetting the socket.
   */
  standingEmit<E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>): () => void {
    const send = () => {
      const socket = this.socket as unknown as Socket | null;
      if (socket?.connected) socket.emit(event, ...args);
    };
    this.standing.add(send);
    send();
    return () => this.standing.delete(send);
  }

  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => this.reconnectHandlers.delete(handler);
  }

  /** Resolves once the socket is connected (or after timeoutMs, whichever first). */
  async ready(timeoutMs = 5_000): Promise<void> {
    await this.ensure();
    const socket = this.socket;
    if (!socket || socket.connected) return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(done, timeoutMs);
      function done() {
        clearTimeout(t);
        socket?.off('connect', done);
        resolve();
      }
      socket.on('connect', done);
    });
  }

  private onSessionChange(): void {
    const next = this.currentIdentity();
    if (!this.socket || next === this.identity) return;
    this.identity = next;
    // Signed in or out: join the other room by reconnecting with the new credentials.
    this.socket.disconnect();
    this.socket.connect();
  }
}

export const live = new LiveConnection();

/** Keeps the live connection open while the component is mounted. */
export function useLiveConnection(): void {
  useEffect(() => live.acquire(), []);
}

/** Subscribes to one server event for the component's lifetime (the latest handler is always used). */
export function useLiveEvent<E extends ServerEventName>(event: E, handler: Handler<E>): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => live.on(event, ((payload: unknown) => (ref.current as AnyHandler)(payload)) as Handler<E>), [event]);
}

/** Runs after the socket reconnects (to fetch anything missed while it was down). */
export function useLiveReconnect(handler: () => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => live.onReconnect(() => ref.current()), []);
}
