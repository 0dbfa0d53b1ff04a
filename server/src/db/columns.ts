import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core';

// Column shapes the modules' tables share (each module's schema.ts builds its tables from them).

/** A point in time with its time zone, as every timestamp of the schema is. */
export const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A required reference to another table's row: `examId: requiredRef('exam_id', () => exams.id, 'restrict')`. */
export const requiredRef = (name: string, target: () => AnyPgColumn, onDelete: 'cascade' | 'restrict') =>
  integer(name).notNull().references(target, { onDelete });
