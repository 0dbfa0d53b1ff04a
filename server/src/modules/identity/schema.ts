import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Step secrets (the sign-in account choice, the password-reset wizard) and what each step
 * proved: keyed by the secret's hash, kept until they expire or are used.
 */
export const stepSecrets = pgTable(
  'sys_step_secret',
  {
    key: text('key').primaryKey(),
    data: jsonb('data').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sys_step_secret_expires_idx').on(t.expiresAt)],
);
