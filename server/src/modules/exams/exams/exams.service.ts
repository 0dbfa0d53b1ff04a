import {
  ANSWER_REVIEW_DEFAULT,
  type AnswerReview,
  type ExamDetail,
  ExamMsg,
  type ExamSaveInput,
  ExamStatus,
  type ExamView,
  type PageResult,
  parseDateTime,
  AnswerReview as Review,
} from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { requireActor } from '../../../platform/caller.ts';
import { newCode } from '../../../platform/codes.ts';
import type { AppContext } from '../../../platform/context.ts';
import { appError, appErrorMsg } from '../../../platform/errors.ts';
import type { TenantScope } from '../../../platform/scope.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { authorize, type Caller, ownerCompany, scopeOf } from '../exams.policy.ts';
import { presentExam, presentExamDetail } from '../exams.presenter.ts';
import * as paperRepo from '../papers/papers.repository.ts';
import * as repo from './exams.repository.ts';
import { checkPicks, presentParticipants } from './participants.ts';
import { companyHasProject } from './project-lookup.ts';
import { examTaking } from './taking-port.ts';

export async function listExamPage(
  caller: Caller,
  q: { keyword: string; status?: number; companySysCode: string },
  window: { limit: number; offset: number },
): Promise<PageResult<ExamView>> {
  const db = caller.ctx.db;
  const { rows, total } = await repo.pageExams(db, scopeOf(caller), { ...q, companySysCode: q.companySysCode || undefined }, window);
  const [papers, counts] = await Promise.all([
    paperRepo.papersById(db, [...new Set(rows.map((r) => r.paperId))]),
    repo.examCounts(
      caller.ctx,
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return { models: rows.map((r) => presentExam(r, papers.get(r.paperId), counts.get(r.id)!)), totalCount: total };
}

async function detailOf(ctx: AppContext, exam: repo.ExamRow): Promise<ExamDetail> {
  const db = ctx.db;
  const [papers, counts, participants] = await Promise.all([
    paperRepo.papersById(db, [exam.paperId]),
    repo.examCounts(ctx, db, [exam.id]),
    presentParticipants(db, exam.id, exam.companySysCode),
  ]);
  return presentExamDetail(presentExam(exam, papers.get(exam.paperId), counts.get(exam.id)!), participants);
}

export async function readExam(caller: Caller, examCode: string): Promise<ExamDetail> {
  const exam = await repo.findExam(caller.ctx.db, scopeOf(caller), examCode);
  if (!exam) throw appError('EXAM_NOT_FOUND');
  return detailOf(caller.ctx, exam);
}

/**
 * When answers are shown (ADR 0036 §5): answerReview when sent; otherwise the older flag, 0 never
 * and 1 the stored setting unless that is never (then the safe default); with neither, the stored
 * setting (a new exam: the safe default).
 */
export function answerReviewFrom(input: Pick<ExamSaveInput, 'answerReview' | 'isAllowedViewAnswer'>, stored?: AnswerReview): AnswerReview {
  if (input.answerReview) return input.answerReview;
  if (input.isAllowedViewAnswer === 0) return Review.Never;
  if (input.isAllowedViewAnswer === 1) return stored && stored !== Review.Never ? stored : ANSWER_REVIEW_DEFAULT;
  return stored ?? ANSWER_REVIEW_DEFAULT;
}

/** The exam's settings as columns, after every rule that does not depend on its history. */
async function examValues(ctx: AppContext, db: DbOrTx, scope: TenantScope, company: string, input: ExamSaveInput, stored?: AnswerReview) {
  const paper = await paperRepo.findPaper(db, scope, input.paperCode);
  if (!paper || paper.companySysCode !== company) throw appError('PAPER_NOT_FOUND');
  const start = parseDateTime(input.examStartTime);
  const end = parseDateTime(input.examEndTime);
  if (!start || !end) throw appError('EXAM_WINDOW_REQUIRED');
  if (end <= start) throw appError('EXAM_WINDOW_INVALID');
  if (input.passScore > paper.totlescore) throw appErrorMsg('EXAM_PASS_SCORE_INVALID', ExamMsg.examPassScore(paper.totlescore));
  if (input.isAllow && input.isAllowCount < 2) throw appError('EXAM_REPEAT_COUNT_INVALID');
  if (input.projectCode && !(await companyHasProject(ctx, db, company, input.projectCode))) throw appError('EXAM_PROJECT_NOT_FOUND');
  return {
    examName: input.examName,
    examIntrduce: input.examIntrduce,
    paperId: paper.id,
    time: input.time,
    examStartTime: start,
    examEndTime: end,
    passScore: input.passScore,
    isAllow: input.isAllow,
    // spec: repeats up to isAllowCount only when isAllow is 1
    isAllowCount: input.isAllow ? input.isAllowCount : 1,
    answerReview: answerReviewFrom(input, stored),
    isConfidential: input.isConfidential,
    isShuffleQuestion: input.isShuffleQuestion,
    isShuffleOption: input.isShuffleOption,
    leaveLimit: input.leaveLimit,
    requireFullScreen: input.requireFullScreen,
    mustCompleteBeforeStudy: input.mustCompleteBeforeStudy,
    isPartialCredit: input.isPartialCredit,
    projectCode: input.projectCode,
  };
}

/**
 * What decides an attempt's questions, score and monitoring: frozen once anyone has begun (a leave
 * limit or full-screen rule changed mid-exam would hold learners of one exam to different rules).
 */
const LOCKED_FIELDS = [
  'paperId',
  'time',
  'passScore',
  'isShuffleQuestion',
  'isShuffleOption',
  'isPartialCredit',
  'leaveLimit',
  'requireFullScreen',
] as const;

export async function addExam(caller: Caller, input: ExamSaveInput): Promise<{ examCode: string }> {
  const scope = scopeOf(caller);
  return inTransaction(caller, async (tx) => {
    const company = await ownerCompany(tx, caller, input.companySysCode);
    const values = await examValues(caller.ctx, tx, scope, company, input);
    const picks = await checkPicks(tx, company, input.participants);
    const row = await repo.insertExam(tx, caller.scope, {
      ...values,
      examCode: newCode('E'),
      companySysCode: company,
      status: ExamStatus.Draft,
      createdAt: caller.now,
      updatedAt: caller.now,
      createdBy: requireActor(caller).userId,
    });
    await repo.replaceParticipants(tx, caller.scope, row.id, picks);
    await recordAudit(tx, caller, { action: 'exam.add', target: row.examCode, detail: { name: row.examName } });
    return { examCode: row.examCode };
  });
}

/**
 * Before anyone begins, everything may change. After, the paper, time and scoring rules stay;
 * the name, window, repeats, answer viewing and participants may still change. On a published
 * exam, newly picked people are assigned and messaged at once.
 */
export async function updateExam(caller: Caller, input: ExamSaveInput): Promise<void> {
  const scope = scopeOf(caller);
  await inTransaction(caller, async (tx) => {
    const found = input.examCode ? await repo.findExam(tx, scope, input.examCode) : undefined;
    if (!found) throw appError('EXAM_NOT_FOUND');
    const exam = (await repo.lockExam(tx, caller.scope, found.id))!;
    authorize(caller, 'manageExam', exam);
    const values = await examValues(caller.ctx, tx, scope, exam.companySysCode, input, exam.answerReview);
    const begun = (await repo.examCounts(caller.ctx, tx, [exam.id])).get(exam.id)!.attemptCount > 0;
    if (begun && LOCKED_FIELDS.some((f) => values[f] !== exam[f])) throw appError('EXAM_LOCKED');
    const picks = await checkPicks(tx, exam.companySysCode, input.participants);
    if (exam.status !== ExamStatus.Draft && picks.length === 0) throw appError('EXAM_PARTICIPANTS_REQUIRED');
    await repo.updateExam(tx, caller.scope, exam.id, { ...values, updatedAt: caller.now });
    await repo.replaceParticipants(tx, caller.scope, exam.id, picks);
    if (exam.status === ExamStatus.Published) await examTaking(caller.ctx).assignParticipants(tx, { ...exam, ...values }, caller.now);
    await recordAudit(tx, caller, { action: 'exam.update', target: exam.examCode });
  });
}

export async function deleteExam(caller: Caller, examCode: string): Promise<void> {
  await inTransaction(caller, async (tx) => {
    const exam = await repo.findExam(tx, scopeOf(caller), examCode);
    if (!exam) throw appError('EXAM_NOT_FOUND');
    authorize(caller, 'deleteExam', {
      ...exam,
      attemptCount: (await repo.examCounts(caller.ctx, tx, [exam.id])).get(exam.id)!.attemptCount,
    });
    await repo.deleteExam(tx, caller.scope, exam.id);
    await recordAudit(tx, caller, { action: 'exam.delete', target: examCode, detail: { name: exam.examName } });
  });
}

/** Publish: resolve the selection to people (ADR 0007), assign them and message each one. */
export async function publishExam(caller: Caller, examCode: string): Promise<number> {
  return inTransaction(caller, async (tx) => {
    const found = await repo.findExam(tx, scopeOf(caller), examCode);
    if (!found) throw appError('EXAM_NOT_FOUND');
    const exam = (await repo.lockExam(tx, caller.scope, found.id))!;
    if (exam.status === ExamStatus.Published) throw appError('EXAM_ALREADY_PUBLISHED');
    if (exam.status === ExamStatus.Closed) throw appError('EXAM_CLOSED');
    if ((await repo.listParticipants(tx, exam.id)).length === 0) throw appError('EXAM_PARTICIPANTS_REQUIRED');
    await repo.updateExam(tx, caller.scope, exam.id, { status: ExamStatus.Published, publishedAt: caller.now, updatedAt: caller.now });
    const added = await examTaking(caller.ctx).assignParticipants(tx, { ...exam, status: ExamStatus.Published }, caller.now);
    await recordAudit(tx, caller, {
      action: 'exam.publish',
      target: examCode,
      detail: { assigned: added.length },
    });
    return added.length;
  });
}

/** Close: no new attempts; attempts in progress keep their own deadline (exam taking decides). */
export async function closeExam(caller: Caller, examCode: string): Promise<void> {
  await inTransaction(caller, async (tx) => {
    const found = await repo.findExam(tx, scopeOf(caller), examCode);
    if (!found) throw appError('EXAM_NOT_FOUND');
    const exam = (await repo.lockExam(tx, caller.scope, found.id))!;
    if (exam.status === ExamStatus.Draft) throw appError('EXAM_NOT_PUBLISHED');
    if (exam.status === ExamStatus.Closed) throw appError('EXAM_CLOSED');
    await repo.updateExam(tx, caller.scope, exam.id, { status: ExamStatus.Closed, closedAt: caller.now, updatedAt: caller.now });
    await recordAudit(tx, caller, { action: 'exam.close', target: examCode });
  });
}
