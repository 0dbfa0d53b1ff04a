import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Text messages written by SMS_PROVIDER=outbox (the embedded default) instead of a gateway.
 * `code` is kept only here, so tests and demos can complete phone flows (GET /prod-api/__dev/sms).
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    content: text('content').notNull(),
    code: text('code').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.id)],
);
