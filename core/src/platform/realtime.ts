import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { ServerToClientEvents } from '../contract/socket-events';
import { approvalRoom, sessionRoom, userRoom, visitorRoom } from '../contract/socket-events';
import { teamRoom } from '../teams/teams.contract';
import type { Logger } from './logger';
import { withSpanSync } from './tracing';

/** The Redis key shared by the Socket.IO redis adapter (api) and every emitter (api and worker). */
export const socketIoKey = (prefix: string) => `${prefix}-socket.io`;

export interface Audience {
  userId?: string | null;
  visitorId?: string | null;
  /** Every socket of the team's members (room `team:<id>`). */
  teamId?: string | null;
  /** The client pages watching an approval link (room `approval:<id>`): send them public fields only. */
  approvalId?: string | null;
}

/**
 * The one thing the emitter asks of its Redis client: PUBLISH. The producer client has no offline
 * queue, so while Redis is away every publish rejects at once; the emitter drops the promise it gets
 * back, which would be an unhandled rejection (and Node ends the process on one). Here each publish
 * handles its own rejection: the event is lost (clients re-read state when they reconnect), the
 * failure is logged once per outage, and the next publish after Redis returns goes through.
 */
class HandledPublisher {
  private failing = false;

  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
  ) {}

  publish(channel: string, message: string | Buffer): Promise<number | undefined> {
    return this.redis.publish(channel, message).then(
      (receivers) => {
        if (this.failing) this.logger.info('realtime: publishing again');
        this.failing = false;
        return receivers;
      },
      (err: Error) => {
        if (!this.failing) this.logger.warn({ err: err.message }, 'realtime: publish failed; events are dropped until Redis is back');
        this.failing = true;
        return undefined;
      },
    );
  }
}

/**
 * Sends typed server -> client events to a user's or visitor's room from any process,
 * through Redis pub/sub; the api's Socket.IO redis adapter delivers them. Nothing here throws or
 * rejects when Redis is down: an event that cannot be published is logged and dropped.
 */
export class Realtime {
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(
    redis: Redis,
    prefix: string,
    private readonly logger: Logger,
  ) {
    this.emitter = new Emitter<ServerToClientEvents>(new HandledPublisher(redis, logger), { key: socketIoKey(prefix) });
  }

  private localDisconnect: ((room: string) => void) | undefined;

  /**
   * An api process hands over a way to close its own sockets in a room directly (no Redis on the
   * way), so a sign-out while Redis is away still closes the sockets this process holds.
   */
  attachLocalSockets(disconnect: ((room: string) => void) | undefined): void {
    this.localDisconnect = disconnect;
  }

  /**
   * Closes, on every api process, the open sockets of a user (all of them) or of one session:
   * after a logout, a password change or reset, a revoked session or a deleted account. This
   * process's own sockets close at once even while Redis is away; the others through Redis.
   */
  disconnect(target: { userId?: string; sessionId?: string }): void {
    const room = target.sessionId ? sessionRoom(target.sessionId) : target.userId ? userRoom(target.userId) : undefined;
    if (!room) return;
    try {
      this.localDisconnect?.(room);
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'realtime local disconnect failed');
    }
    try {
      this.emitter.in(room).disconnectSockets(true);
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'realtime disconnect failed');
    }
  }

  emit<E extends keyof ServerToClientEvents>(audience: Audience, event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    const rooms: string[] = [];
    if (audience.userId) rooms.push(userRoom(audience.userId));
    if (audience.visitorId) rooms.push(visitorRoom(audience.visitorId));
    if (audience.teamId) rooms.push(teamRoom(audience.teamId));
    if (audience.approvalId) rooms.push(approvalRoom(audience.approvalId));
    if (rooms.length === 0) return;
    withSpanSync(
      `socket.emit ${event}`,
      { kind: 'producer', attributes: { 'gl.socket.event': event, 'gl.socket.rooms': rooms.length } },
      () => {
        try {
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          (this.emitter.to(rooms) as any).emit(event, ...args);
        } catch (err) {
          this.logger.warn({ event, err: (err as Error).message }, 'realtime emit failed');
        }
      },
    );
  }

  /** Every open socket of the user, on any api process, joins (or leaves) the team's room at once. */
  async joinTeam(userId: string, teamId: string): Promise<void> {
    await this.rooms(() => this.emitter.in(userRoom(userId)).socketsJoin(teamRoom(teamId)), 'join');
  }

  async leaveTeam(userId: string, teamId: string): Promise<void> {
    await this.rooms(() => this.emitter.in(userRoom(userId)).socketsLeave(teamRoom(teamId)), 'leave');
  }

  private async rooms(op: () => void, what: string): Promise<void> {
    try {
      op();
    } catch (err) {
      this.logger.warn({ what, err: (err as Error).message }, 'realtime room change failed');
    }
  }
}
