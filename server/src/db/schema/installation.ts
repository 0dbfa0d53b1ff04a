import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
