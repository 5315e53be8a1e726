import net from 'node:net';

/**
 * A loopback TCP balancer in front of several api processes, as a Kubernetes Service or nginx is:
 * each new connection goes to the first backend (in order) that accepts it, so once an api stops
 * accepting (draining), new connections (and reconnecting sockets) reach the next one.
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
  const server = net.createServer((client) => {
    client.pause();
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    const tryBackend = (i: number) => {
      if (i >= backendPorts.length) return client.destroy();
      const port = backendPorts[i]!;
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
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
