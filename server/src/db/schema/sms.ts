import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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

/**
 * Every hand-over of a text message to a gateway (SMS_PROVIDER=aliyun / tencent), for support staff
 * answering "my code never came": the phone masked, the outcome and the gateway's own request id
 * and error. No code is kept. `createdAt` is the caller's clock. Rows belong to no company.
 */
export const smsAttempts = pgTable(
  'sms_attempt',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    purpose: text('purpose').notNull(),
    /** 138****0001 */
    phoneMasked: text('phone_masked').notNull(),
    /** sent | refused | timeout | error */
    outcome: text('outcome').notNull(),
    /** the gateway's request id (Aliyun RequestId, Tencent RequestId), when it answered */
    requestId: text('request_id'),
    /** the gateway's id of the message (Aliyun BizId, Tencent SerialNo) */
    messageId: text('message_id'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sms_attempt_phone_idx').on(t.phoneMasked, t.id), index('sms_attempt_created_idx').on(t.createdAt)],
);
