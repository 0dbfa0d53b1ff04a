import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { requiredRef } from '../../../db/columns.ts';
import { companyColumn, orgs, posts } from './orgs.ts';

export const users = pgTable(
  'app_user',
  {
    id: serial('id').primaryKey(),
    accountCode: text('account_code').notNull().unique(),
    chnName: text('chn_name').notNull(),
    idCard: text('id_card').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    sex: integer('sex').notNull().default(0),
    email: text('email').notNull().default(''),
    qq: text('qq').notNull().default(''),
    weChat: text('we_chat').notNull().default(''),
    headImage: text('head_image').notNull().default(''),
    userType: text('user_type').notNull().default('ComPanyUser'),
    companySysCode: companyColumn(),
    orgId: integer('org_id').references(() => orgs.id, { onDelete: 'restrict' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'restrict' }),
    partTimePostId: integer('part_time_post_id').references(() => posts.id, { onDelete: 'restrict' }),
    jobNum: text('job_num').notNull().default(''),
    ssNo: text('ss_no').notNull().default(''),
    ssAddr: text('ss_addr').notNull().default(''),
    ssState: text('ss_state').notNull().default(''),
    validDate: timestamp('valid_date', { withTimezone: true }),
    /** 1 enabled, 0 disabled */
    status: integer('status').notNull().default(1),
    /** null until the employee activates the account (registration is activation) */
    passwordHash: text('password_hash'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_mobile_idx').on(t.mobile),
    index('user_id_card_idx').on(t.idCard),
    index('user_company_idx').on(t.companySysCode, t.orgId),
    index('user_company_mobile_idx').on(t.companySysCode, t.mobile),
    // people are keyed by ID number within their company (a re-import updates the same person)
    uniqueIndex('user_company_id_card_uq')
      .on(t.companySysCode, sql`upper(${t.idCard})`)
      .where(sql`${t.idCard} <> '' AND ${t.companySysCode} IS NOT NULL`),
  ],
);

/** The user a row belongs to, removed with the user (as companyColumn() is a company's): `userId: userIdColumn()`. */
export const userIdColumn = () => requiredRef('user_id', () => users.id, 'cascade');

export const roles = pgTable('role', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  roleName: text('role_name').notNull(),
  sysRoleEnum: integer('sys_role_enum').notNull().default(0),
  /** null: a platform role usable in every company */
  companySysCode: companyColumn(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userRoles = pgTable(
  'user_role',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    roleId: requiredRef('role_id', () => roles.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** sys_action: type 0 menu, 1 page, 2 permission. */
export const actions = pgTable('sys_action', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').notNull().default(0),
  name: text('name').notNull(),
  type: integer('type').notNull(),
  url: text('url').notNull().default(''),
  icon: text('icon').notNull().default(''),
  needAction: integer('need_action').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  isHidden: integer('is_hidden').notNull().default(0),
  /** 1 valid, 0 invalid */
  status: integer('status').notNull().default(1),
  code: text('code').notNull().unique(),
  value: text('value').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const roleActions = pgTable(
  'role_action',
  {
    roleId: requiredRef('role_id', () => roles.id, 'cascade'),
    actionId: requiredRef('action_id', () => actions.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.actionId] })],
);
