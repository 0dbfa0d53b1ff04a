import { type SQL, sql } from 'drizzle-orm';

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
