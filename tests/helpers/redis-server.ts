import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, stopEngine, waitForEngine } from './process';

/**
 * A private redis-server on a free loopback port, which a test can stop (an outage: every
 * connection drops, new ones are refused) and start again on the same port. Nothing is persisted.
 */
export interface PrivateRedis {
  port: number;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = async () => {
    const proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--loglevel', 'warning'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = proc;
    let out = '';
    proc.stdout!.on('data', (d) => (out += d));
    proc.stderr!.on('data', (d) => (out += d));
    // Ready when it accepts a connection (PING answered).
    await waitForEngine(
      proc,
      `redis-server on ${port}`,
      () => pings(port),
      () => out,
    );
  };

  const stop = async () => {
    const proc = child;
    child = undefined;
    await stopEngine(proc, 'SIGKILL');
  };

  await start();
  return { port, url: `redis://127.0.0.1:${port}`, stop, start };
}

async function pings(port: number): Promise<boolean> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
