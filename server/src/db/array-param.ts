import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * Many rows' values of one column as a single array parameter of the Postgres type `type`
 * (`unnest(...)` turns such columns back into rows): a statement over a hundred rows has the same
 * short text as over one, so building and parsing it costs nothing per row (issue 39 item 1:
 * drizzle's multi-row VALUES and IN lists build a parameter per cell). Dates go as ISO strings.
 */
export function arrayParam<T>(values: T[], type: 'integer' | 'text' | 'timestamptz'): SQL {
  const wire = values.map((v) => (v instanceof Date ? v.toISOString() : v));
  return sql`${sql.param(wire)}::${sql.raw(type)}[]`;
}

/**
 * A statement built once per database and reused (drizzle's `.prepare(name)`): a hot read's text is
 * not built again on every call, and PostgreSQL plans it once per connection (a named prepared
 * statement). Its values come as `sql.placeholder(...)`s, lists as arrays (`= any(...)`).
 */
export function preparedOnce<P extends { execute: (values?: Record<string, unknown>) => Promise<unknown> }>(
  build: (db: DbOrTx) => P,
): (db: DbOrTx) => P {
  const byDb = new WeakMap<object, P>();
  return (db) => {
    let found = byDb.get(db);
    if (!found) {
      found = build(db);
      byDb.set(db, found);
    }
    return found;
  };
}
