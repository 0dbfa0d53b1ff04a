// Certificates (issue 42): what a company certifies (definitions and their issue rules), the
// certificates issued, and the numbering sequence per prefix and year. The certificates module's
// own tables; exams and people are named only for their foreign keys.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../directory/schema/orgs.ts';
import { users } from '../directory/schema/users.ts';
import { exams } from '../exams/schema.ts';
import { projects } from '../projects/schema.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A certificate a company issues: name, template, numbering prefix and validity (0 = permanent). */
export const certDefinitions = pgTable(
  'cert_definition',
  {
    id: serial('id').primaryKey(),
    companySysCode: text('company_sys_code')
      .notNull()
      .references(() => companies.companySysCode, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** a built-in template's name (contract CERT_TEMPLATES) */
    template: text('template').notNull(),
    prefix: text('prefix').notNull(),
    validityMonths: integer('validity_months').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('cert_definition_name_uq').on(t.companySysCode, t.name)],
);

/** How a certificate is earned: passing an exam of the same company (optionally with a minimum score), or completing a project of it. */
export const certRules = pgTable(
  'cert_rule',
  {
    id: serial('id').primaryKey(),
    definitionId: integer('definition_id')
      .notNull()
      .references(() => certDefinitions.id, { onDelete: 'cascade' }),
    /** 'exam' (contract CERT_RULE_KINDS) */
    kind: text('kind').notNull(),
    examId: integer('exam_id').references(() => exams.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    minScore: numeric('min_score', { precision: 8, scale: 2, mode: 'number' }),
  },
  (t) => [
    index('cert_rule_exam_idx').on(t.examId),
    index('cert_rule_definition_idx').on(t.definitionId),
    check('cert_rule_exam_ck', sql`${t.kind} <> 'exam' or ${t.examId} is not null`),
    check('cert_rule_project_ck', sql`${t.kind} <> 'project' or ${t.projectId} is not null`),
    index('cert_rule_project_idx').on(t.projectId),
  ],
);

/**
 * One issued certificate. `source` says what earned it (`exam:<examId>`, or `manual:<number>` for a
 * hand issue): one certificate per definition, holder and source, so an issue job that runs twice
 * (a retry, two re-marks racing) issues once. status: 1 valid (expiry is read from expires_at),
 * 2 revoked; revoke_kind 'auto' (a re-mark took the pass away: a pass regained restores it) or
 * 'manual' (an administrator's, kept).
 */
export const certIssued = pgTable(
  'cert_issued',
  {
    id: serial('id').primaryKey(),
    definitionId: integer('definition_id')
      .notNull()
      .references(() => certDefinitions.id, { onDelete: 'restrict' }),
    companySysCode: text('company_sys_code')
      .notNull()
      .references(() => companies.companySysCode, { onDelete: 'restrict' }),
    // a person's certificates go with their row, as their attempts do (people are disabled, not deleted)
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the holder's name when issued (a certificate keeps the name it was issued to) */
    holderName: text('holder_name').notNull(),
    number: text('number').notNull(),
    /** the public verification code: 128 random bits, base64url */
    code: text('code').notNull(),
    source: text('source').notNull(),
    score: numeric('score', { precision: 8, scale: 2, mode: 'number' }),
    issuedAt: ts('issued_at').notNull(),
    expiresAt: ts('expires_at'),
    status: integer('status').notNull().default(1),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason').notNull().default(''),
    revokeKind: text('revoke_kind').notNull().default(''),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('cert_issued_number_uq').on(t.number),
    uniqueIndex('cert_issued_code_uq').on(t.code),
    uniqueIndex('cert_issued_source_uq').on(t.definitionId, t.userId, t.source),
    index('cert_issued_user_idx').on(t.userId),
    index('cert_issued_company_idx').on(t.companySysCode, t.definitionId),
  ],
);

/** The last sequence number given per prefix and year, platform-wide: numbers are never given twice. */
export const certSequences = pgTable(
  'cert_sequence',
  {
    prefix: text('prefix').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.year] })],
);
