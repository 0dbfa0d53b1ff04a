import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP proxy to `host:port` that can refuse and drop every connection while `cut` is on: the
 * outage tests put it between the app and PostgreSQL or Redis.
 */
export function openTcpProxy(host: string, port: number) {
  const sockets = new Set<Socket>();
  let cut = false;
  const server: Server = createServer((client) => {
    if (cut) return client.destroy();
    const upstream = tcpConnect(port, host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  return {
    listen: () => new Promise<number>((res) => server.listen(0, '127.0.0.1', () => res((server.address() as { port: number }).port))),
    cut: () => {
      cut = true;
      for (const s of sockets) s.destroy();
    },
    restore: () => {
      cut = false;
    },
    // server.close() waits for open connections: drop any the app left behind first
    close: () =>
      new Promise<void>((res) => {
        for (const s of sockets) s.destroy();
        server.close(() => res());
      }),
  };
}
