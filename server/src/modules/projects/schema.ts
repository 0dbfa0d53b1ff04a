// Training projects (issue 13, Project_Manage). See docs/adr/0018-training-projects.md.
import { date, index, integer, numeric, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { requiredRef, ts } from '../../db/columns.ts';
import { resources } from '../courses/schema/resources.ts';
import { companyColumn } from '../directory/schema/orgs.ts';
import { userIdColumn } from '../directory/schema/users.ts';

const projectRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });

/**
 * A training project of one company. The period is whole days (Asia/Shanghai), both ends
 * included. allowedSpeeds is a comma list of playback speeds ("0.5,1,1.5").
 */
export const projects = pgTable(
  'project_project',
  {
    id: serial('id').primaryKey(),
    projectCode: text('project_code').notNull().unique(),
    companySysCode: companyColumn().notNull(),
    projectName: text('project_name').notNull(),
    introduce: text('introduce').notNull().default(''),
    cover: text('cover').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    checkHrs: numeric('check_hrs', { precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
    /** 1 hours only, 2 hours and every linked exam passed */
    reachRule: integer('reach_rule').notNull().default(1),
    allowedSpeeds: text('allowed_speeds').notNull().default('1'),
    allowSeekAhead: integer('allow_seek_ahead').notNull().default(0),
    openJoin: integer('open_join').notNull().default(0),
    isThreeSafety: integer('is_three_safety').notNull().default(0),
    /** 0 draft, 1 published, 2 closed */
    status: integer('status').notNull().default(0),
    publishedAt: ts('published_at'),
    closedAt: ts('closed_at'),
    createdBy: integer('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('project_project_company_idx').on(t.companySysCode, t.status)],
);

/** Plans / batches of a project (JoinProject's planCode); dates empty = the project's period. */
export const projectPlans = pgTable(
  'project_plan',
  {
    id: serial('id').primaryKey(),
    projectId: projectRef('project_id'),
    planCode: text('plan_code').notNull().unique(),
    planName: text('plan_name').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('project_plan_project_idx').on(t.projectId)],
);

/** The project's courses from the resource library, in order. */
export const projectResources = pgTable(
  'project_res',
  {
    projectId: projectRef('project_id'),
    resId: requiredRef('res_id', () => resources.id, 'cascade'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.resId] }), index('project_res_res_idx').on(t.resId)],
);

/** Exams linked to the project (by code; an exam deleted later simply drops out). */
export const projectExams = pgTable(
  'project_exam',
  {
    projectId: projectRef('project_id'),
    examCode: text('exam_code').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.examCode] })],
);

/** What the administrator picked: people ('user'), departments ('org', with sub-departments), posts ('post'). */
export const projectParticipants = pgTable(
  'project_participant',
  {
    projectId: projectRef('project_id'),
    kind: text('kind').notNull(),
    refId: integer('ref_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.kind, t.refId] })],
);

/** People told about the project (the publish message goes to each exactly once). */
export const projectNotices = pgTable(
  'project_notice',
  {
    projectId: projectRef('project_id'),
    userId: userIdColumn(),
    notifiedAt: ts('notified_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);

/** Enrolment (JoinProject) with the safety-training certificate attributes an administrator keeps. */
export const projectUsers = pgTable(
  'project_user',
  {
    projectId: projectRef('project_id'),
    userId: userIdColumn(),
    planCode: text('plan_code').notNull().default(''),
    joinedAt: ts('joined_at').notNull(),
    certType: text('cert_type').notNull().default(''),
    certNo: text('cert_no').notNull().default(''),
    certValidFrom: date('cert_valid_from', { mode: 'string' }),
    certValidTo: date('cert_valid_to', { mode: 'string' }),
    attrUpdatedAt: ts('attr_updated_at'),
    attrUpdatedBy: integer('attr_updated_by'),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_user_user_idx').on(t.userId)],
);
