import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import proxyaddr from 'proxy-addr';
import { Server } from 'socket.io';
import { createRedis, socketConnections, socketIoKey, teamsRepository, waitForRedis } from '@gl/core/server';
import { approvalRoom, sessionRoom, teamRoom, userRoom, visitorRoom, type ClientToServerEvents, type ServerToClientEvents } from '@gl/core';
import type { ApiContext } from '../api-context';
import { trustProxy } from '../http/trust-proxy';
import { visitorIdFrom } from '../middleware/authenticate';
import { PublicApprovalsService } from '../approvals/public-approvals.service';

/** Approval links one socket may watch at once (a client page watches one). */
export const APPROVAL_WATCHES_PER_SOCKET = 5;

export interface SocketData {
  userId?: string;
  /** The session (refresh-token family) of the token: ending it closes this socket. */
  sessionId?: string;
  visitorId?: string;
}

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * Socket.IO on the api's HTTP server. Sockets authenticate at the handshake (JWT or visitor id)
 * and join their own room; events from any process arrive through the Redis adapter.
 */
export async function attachSocketServer(httpServer: HttpServer, ctx: ApiContext, corsOrigin: string[] | false) {
  const pub = createRedis(ctx.redisTarget, 'subscriber', 'socket-pub');
  const sub = createRedis(ctx.redisTarget, 'subscriber', 'socket-sub');
  await Promise.all([waitForRedis(pub), waitForRedis(sub)]);
  const io: IoServer = new Server(httpServer, {
    serveClient: false,
    // Polling responses go out as they are: compression is for assets and JSON (issue 17).
    httpCompression: false,
    cors: corsOrigin ? { origin: corsOrigin } : undefined,
    adapter: createAdapter(pub, sub, { key: socketIoKey(ctx.config.REDIS_PREFIX) }),
    maxHttpBufferSize: 16 * 1024,
    pingInterval: 20_000,
    pingTimeout: 20_000,
  });

  io.use(async (socket, next) => {
    const auth = (socket.handshake.auth ?? {}) as { token?: unknown; visitorId?: unknown };
    const visitorId = visitorIdFrom(auth.visitorId);
    try {
      if (typeof auth.token === 'string' && auth.token.length > 0) {
        const { userId, sessionId } = await ctx.tokens.verifyAccess(auth.token);
        socket.data.userId = userId;
        socket.data.sessionId = sessionId;
      } else if (visitorId) {
        socket.data.visitorId = visitorId;
      } else {
        return next(new Error('Authentication required: send a token or a visitor id'));
      }
      next();
    } catch {
      next(new Error('Invalid or expired token'));
    }
  });

  // Connections per client IP on this process (checked last, so only sockets that will connect count):
  // one browser needs one; an office needs dozens.
  const perIp = new Map<string, number>();
  // The client's address as Express sees it: X-Forwarded-For is believed only from trusted proxies.
  const trust = trustProxy(ctx.config);
  const ipOf = (socket: { request: import('node:http').IncomingMessage }) => {
    const ip = proxyaddr(socket.request, trust);
    return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  };
  io.use((socket, next) => {
    const ip = ipOf(socket);
    const open = perIp.get(ip) ?? 0;
    if (open >= ctx.config.SOCKET_CONNECTIONS_PER_IP)
      return next(new Error('Too many connections from your network. Close some tabs and try again.'));
    perIp.set(ip, open + 1);
    socket.once('disconnect', () => {
      const left = (perIp.get(ip) ?? 1) - 1;
      if (left <= 0) perIp.delete(ip);
      else perIp.set(ip, left);
    });
    next();
  });

  const publicApprovals = new PublicApprovalsService(ctx);

  io.on('connection', (socket) => {
    socketConnections.inc();
    // The client approval page: checked as GET /public/approvals/:token checks it, then the link's room (public fields only).
    let watching = 0;
    socket.on('approval:watch', (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const { token, pin } = (payload ?? {}) as { token?: unknown; pin?: unknown };
      if (
        typeof token !== 'string' ||
        token.length > 200 ||
        (pin !== undefined && typeof pin !== 'string') ||
        watching >= APPROVAL_WATCHES_PER_SOCKET
      ) {
        return reply({ ok: false });
      }
      publicApprovals.watch(token, pin as string | undefined, ipOf(socket)).then(
        async (approvalId) => {
          if (approvalId && socket.connected) {
            watching++;
            await socket.join(approvalRoom(approvalId));
          }
          reply({ ok: approvalId !== undefined });
        },
        () => reply({ ok: false }),
      );
    });
    socket.once('disconnect', () => socketConnections.dec());
    const userId = socket.data.userId;
    if (userId) {
      void socket.join(userRoom(userId));
      // The team's room too; joining or leaving later moves every socket of the user (Realtime.joinTeam / leaveTeam).
      teamsRepository.teamIdOf(ctx.db, userId).then(
        (teamId) => {
          if (teamId && socket.connected) void socket.join(teamRoom(teamId));
        },
        (err: Error) => ctx.logger.warn({ err: err.message }, 'could not join the team room'),
      );
    }
    if (socket.data.sessionId) void socket.join(sessionRoom(socket.data.sessionId));
    if (socket.data.visitorId) void socket.join(visitorRoom(socket.data.visitorId));
  });

  // Sign-outs close this process's sockets directly too, so they close even while Redis is away.
  ctx.realtime.attachLocalSockets((room) => io.local.in(room).disconnectSockets(true));

  return {
    io,
    async close() {
      ctx.realtime.attachLocalSockets(undefined);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      // QUIT goes after the adapter's UNSUBSCRIBE commands, so those settle before the connection ends.
      await Promise.race([Promise.allSettled([pub.quit(), sub.quit()]), new Promise((resolve) => setTimeout(resolve, 1000))]);
      pub.disconnect();
      sub.disconnect();
    },
  };
}
