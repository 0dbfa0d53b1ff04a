// Exam authoring (issue 12): the question bank, papers, exams and their participants. The attempts
// are exam taking's (modules/exam-taking/schema/). See docs/adr/0007-exam-snapshots-and-participants.md.
import { index, integer, numeric, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { requiredRef, ts } from '../../db/columns.ts';
import { companyColumn } from '../directory/schema/orgs.ts';
import { users } from '../directory/schema/users.ts';

const score = (name: string) => numeric(name, { precision: 8, scale: 2, mode: 'number' });
/** Question bank directories, a tree per company (pCode '' = top level). */
export const questionDirs = pgTable(
  'ex_questiondir',
  {
    id: serial('id').primaryKey(),
    dirCode: text('dir_code').notNull().unique(),
    dirName: text('dir_name').notNull(),
    pCode: text('p_code').notNull().default(''),
    companySysCode: companyColumn().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ex_questiondir_company_idx').on(t.companySysCode, t.pCode)],
);

/**
 * A bank question. Deleting sets deletedAt: fixed papers that list it keep it; it leaves the
 * bank list and random draws. Attempts never read this table after they begin (they hold a copy).
 */
export const questions = pgTable(
  'ex_question',
  {
    id: serial('id').primaryKey(),
    qCode: text('q_code').notNull().unique(),
    companySysCode: companyColumn().notNull(),
    dirCode: text('dir_code').notNull().default(''),
    qType: integer('q_type').notNull(),
    qName: text('q_name').notNull(),
    a: text('a').notNull().default(''),
    b: text('b').notNull().default(''),
    c: text('c').notNull().default(''),
    d: text('d').notNull().default(''),
    e: text('e').notNull().default(''),
    f: text('f').notNull().default(''),
    g: text('g').notNull().default(''),
    h: text('h').notNull().default(''),
    i: text('i').notNull().default(''),
    answer: text('answer').notNull(),
    analysis: text('analysis').notNull().default(''),
    difficulty: integer('difficulty').notNull().default(3),
    score: score('score').notNull().default(2),
    /** bumped on every edit: an attempt's copy records the version it took */
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('ex_question_company_dir_idx').on(t.companySysCode, t.dirCode, t.qType)],
);

/** A paper: 1 fixed (ex_paperquestion) or 2 random (ex_paperrule). Totals are stored on save. */
export const papers = pgTable(
  'ex_paper',
  {
    id: serial('id').primaryKey(),
    paperCode: text('paper_code').notNull().unique(),
    companySysCode: companyColumn().notNull(),
    paperName: text('paper_name').notNull(),
    paperIntrduce: text('paper_intrduce').notNull().default(''),
    paperType: integer('paper_type').notNull(),
    totlescore: score('totlescore').notNull().default(0),
    totleq: integer('totleq').notNull().default(0),
    type1: integer('type1').notNull().default(0),
    type2: integer('type2').notNull().default(0),
    type3: integer('type3').notNull().default(0),
    type4: integer('type4').notNull().default(0),
    type5: integer('type5').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('ex_paper_company_idx').on(t.companySysCode)],
);

export const paperQuestions = pgTable(
  'ex_paperquestion',
  {
    paperId: requiredRef('paper_id', () => papers.id, 'cascade'),
    qCode: text('q_code').notNull(),
    sortOrder: integer('sort_order').notNull(),
    score: score('score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.qCode] })],
);

export const paperRules = pgTable(
  'ex_paperrule',
  {
    id: serial('id').primaryKey(),
    paperId: requiredRef('paper_id', () => papers.id, 'cascade'),
    sortOrder: integer('sort_order').notNull(),
    qType: integer('q_type').notNull(),
    /** '' = the whole bank of the company; otherwise the directory and its sub-directories */
    dirCode: text('dir_code').notNull().default(''),
    count: integer('count').notNull(),
    score: score('score').notNull(),
  },
  (t) => [index('ex_paperrule_paper_idx').on(t.paperId)],
);

export const exams = pgTable(
  'ex_exam',
  {
    id: serial('id').primaryKey(),
    examCode: text('exam_code').notNull().unique(),
    companySysCode: companyColumn().notNull(),
    examName: text('exam_name').notNull(),
    examIntrduce: text('exam_intrduce').notNull().default(''),
    paperId: requiredRef('paper_id', () => papers.id, 'restrict'),
    time: integer('time').notNull(),
    examStartTime: ts('exam_start_time').notNull(),
    examEndTime: ts('exam_end_time').notNull(),
    passScore: score('pass_score').notNull().default(60),
    isAllow: integer('is_allow').notNull().default(0),
    isAllowCount: integer('is_allow_count').notNull().default(1),
    /**
     * when learners see the answers: afterEach | afterLast | afterClose | never (contract
     * AnswerReview; migration 0027 replaced is_allowed_view_answer, which is now derived from it)
     */
    answerReview: text('answer_review').$type<'afterEach' | 'afterLast' | 'afterClose' | 'never'>().notNull().default('afterLast'),
    isConfidential: integer('is_confidential').notNull().default(0),
    isShuffleQuestion: integer('is_shuffle_question').notNull().default(0),
    isShuffleOption: integer('is_shuffle_option').notNull().default(0),
    /** 0041: leaves of the exam page allowed before the server submits the attempt (0 = not monitored) */
    leaveLimit: integer('leave_limit').notNull().default(0),
    /** 0041: 1 the exam page asks for full screen (leaving it counts as a leave) */
    requireFullScreen: integer('require_full_screen').notNull().default(0),
    mustCompleteBeforeStudy: integer('must_complete_before_study').notNull().default(0),
    isPartialCredit: integer('is_partial_credit').notNull().default(0),
    projectCode: text('project_code').notNull().default(''),
    /** 0 draft, 1 published, 2 closed */
    status: integer('status').notNull().default(0),
    publishedAt: ts('published_at'),
    closedAt: ts('closed_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('ex_exam_company_idx').on(t.companySysCode, t.status)],
);

/** What the administrator picked: people ('user'), departments ('org', with sub-departments) and posts ('post'). */
export const examParticipants = pgTable(
  'ex_examparticipant',
  {
    examId: requiredRef('exam_id', () => exams.id, 'cascade'),
    kind: text('kind').notNull(),
    refId: integer('ref_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.kind, t.refId] })],
);
