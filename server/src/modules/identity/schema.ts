import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../directory/schema/orgs.ts';
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

/**
 * A company's identity connection (身份源, issue 41): an LDAP / AD directory now; OpenID Connect
 * and the work platforms later (`kind` is open text). `settings` holds what may be shown again
 * (address, base DN, filter, attribute mapping, auto-create); `secret` the sealed credential
 * (identity/connections/secret-box.ts: AES-256-GCM under CONNECTION_SECRET_KEY), never shown.
 */
export const identityConnections = pgTable(
  'identity_connection',
  {
    id: serial('id').primaryKey(),
    companySysCode: text('company_sys_code')
      .notNull()
      .references(() => companies.companySysCode, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    settings: jsonb('settings').notNull(),
    secret: text('secret'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('identity_connection_name_uq').on(t.companySysCode, t.name),
    index('identity_connection_kind_idx').on(t.kind, t.enabled),
  ],
);
