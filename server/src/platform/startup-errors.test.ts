import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { RedisCache } from './cache.ts';

// Issue 9 item 12: an unreachable service at start names the component and its setting.

/** A local port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
  const { port } = server.address() as { port: number };
  await new Promise<void>((res) => server.close(() => res()));
  return port;
}

describe('start-up errors', () => {
  it('names PostgreSQL and DATABASE_URL', async () => {
    const url = `postgres://postgres@127.0.0.1:${await closedPort()}/x`;
    await expect(openDatabase({ databaseUrl: url, pgliteDir: 'memory' })).rejects.toThrow(
      /^PostgreSQL \(DATABASE_URL\) unreachable: .*ECONNREFUSED/,
    );
  });

  it('names Redis and REDIS_URL instead of "Connection is closed."', async () => {
    const url = `redis://127.0.0.1:${await closedPort()}`;
    await expect(RedisCache.connect(url)).rejects.toThrow(/^Redis \(REDIS_URL\) unreachable: .*ECONNREFUSED/);
  });
});
