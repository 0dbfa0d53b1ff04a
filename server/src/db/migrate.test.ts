import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper.ts';
import type { Database } from './client.ts';
import { migrate } from './migrate.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('migrate', () => {
  it('applies every migration once, then nothing', async () => {
    const first = await migrate(database);
    expect(first[0]).toBe('0001_foundation.sql');
    expect(await migrate(database)).toEqual([]);
    const rows = await database.withConnection((c) => c.query<{ name: string }>('select name from xuetu_migrations order by name'));
    expect(rows.map((r) => r.name)).toEqual(first);
  });
});
