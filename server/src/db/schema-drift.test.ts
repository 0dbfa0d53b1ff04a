import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper.ts';
import type { Database, RawConnection } from './client.ts';
import { migrate } from './migrate.ts';
import * as schema from './schema/index.ts';

// The hand-written SQL migrations and the Drizzle schema the code queries through must describe
// the same tables. Drizzle-kit turns the schema into SQL, that SQL builds a second database, and
// the two catalogs are compared: columns (type, nullability, default), constraints and indexes by
// their definitions (names may differ).

/** One line per column, constraint and index, independent of the names given to them. */
async function catalog(conn: RawConnection): Promise<string[]> {
  const columns = await conn.query<{ line: string }>(`
    select c.table_name || '.' || c.column_name || ' ' || c.udt_name
      || case when c.is_nullable = 'NO' then ' not null' else '' end
      || coalesce(' default ' || regexp_replace(c.column_default, '_seq''?::regclass.*|::[a-z ]+', '', 'g'), '') as line
    from information_schema.columns c
    where c.table_schema = 'public' and c.table_name <> 'xuetu_migrations'`);
  const constraints = await conn.query<{ line: string }>(`
    select t.relname || ' ' || pg_get_constraintdef(k.oid) as line
    from pg_constraint k join pg_class t on t.oid = k.conrelid join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public' and t.relname <> 'xuetu_migrations' and k.contype in ('p', 'u', 'f', 'c')`);
  const indexes = await conn.query<{ line: string }>(`
    select tablename || ' ' || regexp_replace(indexdef, '^CREATE (UNIQUE )?INDEX \\S+ ON (public\\.)?\\S+ ', '\\1') as line
    from pg_indexes where schemaname = 'public' and tablename <> 'xuetu_migrations'`);
  return [...columns, ...constraints, ...indexes].map((r) => r.line).sort();
}

let migrated: Database;
let generated: Database;
const drops: (() => Promise<void>)[] = [];
beforeAll(async () => {
  const a = await openTestDatabase();
  const b = await openTestDatabase();
  migrated = a.database;
  generated = b.database;
  drops.push(a.drop, b.drop);
  await migrate(migrated);
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
  await generated.withConnection(async (c) => {
    for (const s of statements) await c.exec(s);
  });
});
afterAll(async () => {
  await migrated.close();
  await generated.close();
  for (const drop of drops) await drop();
});

describe('SQL migrations and the Drizzle schema', () => {
  it('describe the same columns, constraints and indexes', async () => {
    const fromMigrations = await migrated.withConnection(catalog);
    const fromSchema = await generated.withConnection(catalog);
    expect(fromMigrations.length).toBeGreaterThan(100);
    const onlyInMigrations = fromMigrations.filter((l) => !fromSchema.includes(l));
    const onlyInSchema = fromSchema.filter((l) => !fromMigrations.includes(l));
    expect({ onlyInMigrations, onlyInSchema }).toEqual({ onlyInMigrations: [], onlyInSchema: [] });
  });
});
