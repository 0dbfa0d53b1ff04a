import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './user.ts';

export const messages = pgTable(
  'sys_message',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    templeteType: integer('templete_type').notNull().default(1),
    /** JSON text: {"pc":{"type":"tabin","value":{"path":"/…","query":{…}}}} or {"pc":{"type":"tabiout","value":"https://…"}} */
    messageUrl: text('message_url').notNull().default(''),
    isRead: integer('is_read').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('message_user_read_idx').on(t.userId, t.isRead)],
);

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
