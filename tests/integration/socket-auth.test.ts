import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { connectSocket, nextEvent } from '../helpers/socket';
import { registerUser } from '../helpers/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ roles: ['api'] });
});
afterAll(async () => server?.stop());

describe('Socket.IO handshake and rooms', () => {
  it('refuses a socket without credentials or with an invalid token', async () => {
    await expect(connectSocket(server.url, {})).rejects.toThrow(/Authentication required/);
    await expect(connectSocket(server.url, { token: 'not-a-jwt' })).rejects.toThrow(/Invalid or expired token/);
    await expect(connectSocket(server.url, { visitorId: 'not-a-uuid' })).rejects.toThrow(/Authentication required/);
  });

  it('delivers an event emitted through Redis to the user room only', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const a = await connectSocket(server.url, { token: alice.token });
    const b = await connectSocket(server.url, { token: bob.token });
    const v = await connectSocket(server.url, { visitorId: randomUUID() });
    try {
      let leaked = 0;
      b.on('generation:started', () => leaked++);
      v.on('generation:started', () => leaked++);
      const received = nextEvent(a, 'generation:started');
      // Give the adapter a moment to subscribe the rooms.
      await new Promise((r) => setTimeout(r, 100));
      server.services.ctx.realtime.emit({ userId: alice.id }, 'generation:started', { id: 'g1' });
      expect(await received).toEqual({ id: 'g1' });
      await new Promise((r) => setTimeout(r, 200));
      expect(leaked).toBe(0);
    } finally {
      a.disconnect();
      b.disconnect();
      v.disconnect();
    }
  });
});
