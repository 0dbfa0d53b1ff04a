import { ExamMsg } from '@xuetu/contract';
import type { DbOrTx } from '../../db/client.ts';
import { type Caller, requireActor } from '../../platform/caller.ts';
import { appError, appErrorMsg } from '../../platform/errors.ts';
import { definePolicy, type Subject } from '../../platform/policy.ts';
import { inScope, type TenantScope } from '../../platform/scope.ts';
import { targetCompany } from '../directory/public.ts';

/**
 * Company rules of exam authoring, in one place. Routes have checked the action value; reads
 * are limited to the caller's scope, and writes go to the company `ownerCompany` returns (a
 * company administrator's own; platform staff must name one).
 */
export type { Caller };

export function scopeOf(caller: Caller): TenantScope {
  return caller.scope;
}

/** The company a new object belongs to; another company's code answers like a missing one. */
export async function ownerCompany(db: DbOrTx, caller: Caller, requested: string): Promise<string> {
  return (await targetCompany(db, requireActor(caller), requested)).companySysCode;
}

type Owned = { companySysCode: string };

/**
 * Object rules of exam authoring: another company's exam, paper or directory answers like a
 * missing one; an exam somebody has started, a paper an exam uses and a directory that still
 * holds questions or sub-directories are not deleted; a directory sits under one of its own
 * company.
 */
export const examPolicy = definePolicy({
  manageExam: ({ scope }: Subject, exam: Owned) => inScope(scope, exam.companySysCode) || appError('EXAM_NOT_FOUND'),
  deleteExam: ({ scope }: Subject, exam: Owned & { attemptCount: number }) => {
    if (!inScope(scope, exam.companySysCode)) return appError('EXAM_NOT_FOUND');
    return exam.attemptCount === 0 || appError('EXAM_STARTED');
  },
  managePaper: ({ scope }: Subject, paper: Owned) => inScope(scope, paper.companySysCode) || appError('PAPER_NOT_FOUND'),
  deletePaper: ({ scope }: Subject, paper: Owned & { examCount: number }) => {
    if (!inScope(scope, paper.companySysCode)) return appError('PAPER_NOT_FOUND');
    return paper.examCount === 0 || appErrorMsg('PAPER_IN_USE', ExamMsg.paperInUse(paper.examCount));
  },
  manageDir: ({ scope }: Subject, dir: Owned) => inScope(scope, dir.companySysCode) || appError('EXAM_DIR_NOT_FOUND'),
  placeDirUnder: (_subject: Subject, pair: { company: string; parent: Owned | undefined }) =>
    (pair.parent !== undefined && pair.parent.companySysCode === pair.company) || appError('EXAM_DIR_NOT_FOUND'),
  deleteDir: ({ scope }: Subject, dir: Owned & { questions: number; subtree: number }) => {
    if (!inScope(scope, dir.companySysCode)) return appError('EXAM_DIR_NOT_FOUND');
    if (dir.questions > 0) return appErrorMsg('EXAM_DIR_HAS_QUESTIONS', ExamMsg.dirHasQuestions(dir.questions));
    return dir.subtree <= 1 || appError('EXAM_DIR_HAS_CHILDREN');
  },
});

export const { authorize, can } = examPolicy;
