import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { requiredRef } from '../../../db/columns.ts';

export const companies = pgTable('company', {
  id: serial('id').primaryKey(),
  companySysCode: text('company_sys_code').notNull().unique(),
  companyCode: text('company_code').notNull().unique(),
  companyName: text('company_name').notNull(),
  status: integer('status').notNull().default(1),
  contactName: text('contact_name').notNull().default(''),
  contactPhone: text('contact_phone').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The company a row belongs to: a company that still has rows cannot be deleted. `.notNull()` where
 * every row has one; null elsewhere is the platform's own row.
 */
export const companyColumn = () => text('company_sys_code').references(() => companies.companySysCode, { onDelete: 'restrict' });

/** Organisation (department) tree; pId 0 is a company's top node. */
export const orgs = pgTable(
  'org',
  {
    id: serial('id').primaryKey(),
    orgCode: text('org_code').notNull().unique(),
    orgName: text('org_name').notNull(),
    pId: integer('p_id').notNull().default(0),
    companySysCode: companyColumn().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('org_company_idx').on(t.companySysCode, t.pId)],
);

export const posts = pgTable(
  'post',
  {
    id: serial('id').primaryKey(),
    postCode: text('post_code').notNull().unique(),
    postName: text('post_name').notNull(),
    importance: integer('importance').notNull().default(0),
    companySysCode: companyColumn().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('post_company_name_uq').on(t.companySysCode, t.postName)],
);

export const orgPosts = pgTable(
  'org_post',
  {
    orgId: requiredRef('org_id', () => orgs.id, 'cascade'),
    postId: requiredRef('post_id', () => posts.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.postId] }), index('org_post_post_idx').on(t.postId)],
);
