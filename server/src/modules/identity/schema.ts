import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../directory/schema/users.ts';

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

/** A signed-in session: only the token's SHA-256 is kept (identity/session/sessions.ts). */
export const sessions = pgTable(
  'user_session',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('session_token_uq').on(t.tokenHash), index('session_user_idx').on(t.userId)],
);
