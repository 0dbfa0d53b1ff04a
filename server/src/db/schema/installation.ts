import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Values made once per installation at first start and kept with the data: the installation id
 * (default Redis key prefix) and the secrets generated when CAPTCHA_SECRET / SSO_SHARED_SECRET
 * are not configured.
 */
export const installationValues = pgTable('sys_installation', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use markers (used SSO ticket ids, spent step secrets) kept until they expire. */
export const usedMarkers = pgTable(
  'sys_used_marker',
  {
    key: text('key').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sys_used_marker_expires_idx').on(t.expiresAt)],
);

/**
 * Guessing counters (failed sign-ins per account and address, wrong SMS code tries, SMS sends)
 * with a fixed window from the first count: kept in the database so a restart, a cache flush or
 * eviction never resets them (issue 9 item 5).
 */
export const guardCounters = pgTable(
  'sys_guard_counter',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sys_guard_counter_expires_idx').on(t.expiresAt)],
);
