import net from 'node:net';

/**
 * A loopback TCP balancer in front of several api processes, as a Kubernetes Service or nginx is:
 * each new connection goes to the first backend (in order) that is ready and accepts it. Like a
 * Service's endpoints, a backend whose `GET /api/ready` answers anything but 200 (checked every
 * 100 ms) gets no new connections, so a draining api (ready 503 during SHUTDOWN_DELAY_MS) is taken
 * out before it stops accepting; once an api stops accepting, new connections (and reconnecting
 * sockets) reach the next one.
 */
export interface Balancer {
  port: number;
  url: string;
  /** Connections made to each backend port so far. */
  connections: Map<number, number>;
  close(): Promise<void>;
}

export async function startBalancer(backendPorts: number[]): Promise<Balancer> {
  const open = new Set<net.Socket>();
  const connections = new Map<number, number>();
  const notReady = new Set<number>();
  const poll = setInterval(() => {
    for (const port of backendPorts) {
      fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(1000) })
        .then((res) => {
          void res.body?.cancel();
          if (res.status === 200) notReady.delete(port);
          else notReady.add(port);
        })
        .catch(() => notReady.add(port));
    }
  }, 100);
  poll.unref();
  const server = net.createServer((client) => {
    client.pause();
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    const tryBackend = (i: number) => {
      if (i >= backendPorts.length) return client.destroy();
      const port = backendPorts[i]!;
      // A backend out of rotation, unless it is the last one left to try.
      if (notReady.has(port) && backendPorts.slice(i + 1).some((p) => !notReady.has(p))) return tryBackend(i + 1);
      const upstream = net.connect(port, '127.0.0.1');
      upstream.once('error', (err: NodeJS.ErrnoException) => {
        upstream.destroy();
        if (err.code === 'ECONNREFUSED' && !upstream.bytesWritten) tryBackend(i + 1);
        else client.destroy();
      });
      upstream.once('connect', () => {
        connections.set(port, (connections.get(port) ?? 0) + 1);
        open.add(upstream);
        upstream.on('close', () => {
          open.delete(upstream);
          client.destroy();
        });
        client.on('close', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    };
    tryBackend(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(poll);
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
