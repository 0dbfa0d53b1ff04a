import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../modules/directory/schema/users.ts';
import { requiredRef } from '../columns.ts';

/**
 * Every stored upload: who owns it (user and company, for quotas and scope), what it is for, and
 * whether anything refers to it yet. Status and visibility values: FileStatus / FileVisibility.
 */
export const storedFiles = pgTable(
  'platform_file',
  {
    id: serial('id').primaryKey(),
    storageKey: text('storage_key').notNull().unique(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    ownerCompanySysCode: text('owner_company_sys_code'),
    /** e.g. avatar, content, import, upload */
    purpose: text('purpose').notNull(),
    status: text('status').notNull().default('temp'),
    visibility: text('visibility').notNull().default('public'),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    originalName: text('original_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [
    index('platform_file_owner_user_idx').on(t.ownerUserId),
    index('platform_file_owner_company_idx').on(t.ownerCompanySysCode),
    index('platform_file_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Bytes a resumable upload declared when it was created, held against its owner's and company's
 * quotas until it finishes (its platform_file row then counts), is terminated, or expires (the
 * hourly purge). In the database so every process sees the others' uploads (issue 22 item 4).
 */
export const uploadReservations = pgTable(
  'platform_upload_reservation',
  {
    /** the tus upload id */
    uploadId: text('upload_id').primaryKey(),
    ownerUserId: requiredRef('owner_user_id', () => users.id, 'cascade'),
    ownerCompanySysCode: text('owner_company_sys_code'),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('platform_upload_reservation_user_idx').on(t.ownerUserId),
    index('platform_upload_reservation_company_idx').on(t.ownerCompanySysCode),
    index('platform_upload_reservation_expires_idx').on(t.expiresAt),
  ],
);
