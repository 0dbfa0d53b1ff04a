import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../directory/schema/users.ts';

export const auditLogs = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull().default(''),
    companySysCode: text('company_sys_code'),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    detail: jsonb('detail'),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_created_idx').on(t.createdAt), index('audit_company_created_idx').on(t.companySysCode, t.createdAt)],
);
