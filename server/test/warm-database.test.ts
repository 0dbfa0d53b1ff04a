import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { WarmDatabase } from './warm-database.ts';

// The worker's reused database (test/warm-database.ts): every file must get the seeded state back,
// whatever the file before it wrote, deleted or drew from a sequence.

const warm = new WarmDatabase();
let loads = 0;
const load = async (): Promise<Database> => {
  loads++;
  const database = await openDatabase({ pgliteDir: 'memory' });
  await database.withConnection((c) =>
    c.exec(`
      create table parent (id serial primary key, name text not null);
      create table child (id serial primary key, parent_id int not null references parent(id) on delete cascade, note jsonb);
      create table empty_one (id bigserial primary key);
      insert into parent (name) values ('甲'), ('乙');
      insert into child (parent_id, note) values (1, '{"a":1}'), (2, null);
    `),
  );
  return database;
};
const state = (d: Database) =>
  d.withConnection((c) =>
    c.query<{ parents: string; children: string }>(`
      select (select string_agg(id || ':' || name, ',' order by id) from parent) as parents,
             (select string_agg(id || ':' || parent_id || ':' || coalesce(note::text, '-'), ',' order by id) from child) as children`),
  );
const nextIds = (d: Database) =>
  d.withConnection((c) =>
    c.query<{ p: number; c: number; e: number }>(
      `select nextval('parent_id_seq')::int as p, nextval('child_id_seq')::int as c, nextval('empty_one_id_seq')::int as e`,
    ),
  );

let first: Awaited<ReturnType<typeof state>>;
beforeAll(async () => {
  const d = await warm.take(load);
  if (!d) throw new Error('no database');
  first = await state(d);
  await d.close();
});
afterAll(() => warm.dispose());

describe('the reused test database', () => {
  it('is put back to its first rows and sequences after a file changed them', async () => {
    const a = await warm.take(load);
    if (!a) throw new Error('no database');
    await a.withConnection((c) =>
      c.exec(`
        insert into parent (name) values ('丙');
        update child set note = '{"b":2}' where id = 1;
        delete from parent where id = 2;
        insert into empty_one default values;
      `),
    );
    expect(await state(a)).not.toEqual(first);
    await a.close();

    const b = await warm.take(load);
    if (!b) throw new Error('no database');
    expect(await state(b)).toEqual(first);
    // the next ids continue from the first state, not from what the last file drew
    expect(await nextIds(b)).toEqual([{ p: 3, c: 3, e: 1 }]);
    await b.close();
    expect(loads).toBe(1);
  });

  it('is not handed out twice at once: a second caller loads its own', async () => {
    const a = await warm.take(load);
    expect(a).not.toBeNull();
    expect(await warm.take(load)).toBeNull();
    await a?.close();
    const again = await warm.take(load);
    expect(again).not.toBeNull();
    await again?.close();
  });

  it('a file that left a broken transaction gets a freshly loaded database', async () => {
    const a = await warm.take(load);
    if (!a) throw new Error('no database');
    const before = loads;
    await a.withConnection(async (c) => {
      await c.exec('begin');
      await c.exec('select 1/0').catch(() => {});
    });
    await a.close();
    const b = await warm.take(load);
    if (!b) throw new Error('no database');
    expect(await state(b)).toEqual(first);
    await b.close();
    // the aborted transaction made the reset fail, so the database was loaded again
    expect(loads).toBe(before + 1);
  });
});
