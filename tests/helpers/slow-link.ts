import net from 'node:net';

/**
 * A loopback TCP link that behaves like a phone's upload over a real network: what a client sends
 * reaches the server at `bytesPerSecond`, and both directions are delivered in ticks (a round trip
 * of latency). It relays the end of a connection as TCP does between real hosts: a server that
 * closes while the client's bytes are still arriving answers those bytes with a reset, which
 * reaches the client right behind the server's last data, and a client's TCP stack throws away
 * what it had received but not yet read when a reset arrives. (On one host the kernel hands the
 * answer over before the reset, so the difference only shows across a network, or through this.)
 */
export interface SlowLink {
  url: string;
  close(): Promise<void>;
}

export async function startSlowLink(target: string, bytesPerSecond: number): Promise<SlowLink> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const tick = 20;
  const perTick = Math.max(1, Math.floor((bytesPerSecond * tick) / 1000));
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    const up: Buffer[] = [];
    const down: Buffer[] = [];
    let clientEnded = false;
    let serverEnded = false;
    let upstreamGone = false;
    const timer = setInterval(() => {
      for (const chunk of down.splice(0)) client.write(chunk);
      if (serverEnded) {
        // The server closed: bytes of the client it never read are answered with a reset, which
        // arrives with its last data; an orderly end (everything read) is an orderly end.
        if (up.length > 0 || !clientEnded) client.resetAndDestroy();
        else client.end();
        clearInterval(timer);
        return;
      }
      let budget = perTick;
      while (budget > 0 && up.length > 0) {
        const head = up[0]!;
        const part = head.subarray(0, budget);
        budget -= part.length;
        if (part.length === head.length) up.shift();
        else up[0] = head.subarray(part.length);
        if (!upstreamGone) upstream.write(part);
      }
      if (up.length < 8) client.resume();
      if (clientEnded && up.length === 0 && !upstreamGone) upstream.end();
    }, tick);
    client.on('data', (chunk: Buffer) => {
      up.push(chunk);
      if (up.length >= 8) client.pause();
    });
    client.on('end', () => (clientEnded = true));
    upstream.on('data', (chunk: Buffer) => down.push(chunk));
    upstream.on('end', () => (serverEnded = true));
    upstream.on('error', () => {
      upstreamGone = true;
      serverEnded = true;
    });
    upstream.on('close', () => {
      upstreamGone = true;
      serverEnded = true;
    });
    client.on('error', () => upstream.destroy());
    client.on('close', () => {
      clearInterval(timer);
      sockets.delete(client);
      sockets.delete(upstream);
      if (!upstream.destroyed) upstream.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
