import { ExamUserStatus, Perm } from '@xuetu/contract';
import { hasAction } from '../../platform/actor.ts';
import { appError } from '../../platform/errors.ts';
import { definePolicy, type Subject } from '../../platform/policy.ts';
import { inScope } from '../../platform/scope.ts';

/** The actions that read results (GetExamResultList, GetExamResult of another person). */
export const RESULT_READERS = [Perm.ExamResultList, Perm.ExamMark, Perm.ExamList] as const;
export const isResultReader = (subject: Subject) => subject.actor !== null && hasAction(subject.actor, RESULT_READERS);

type Owned = { companySysCode: string };
/** An attempt (ex_userpaper): its company is the exam's, its owner the learner. */
type Attempt = Owned & { userId: number; status: number };

/**
 * Who may do what with exams being taken and their attempts. Learners own their attempts (the
 * owner's user id decides, not the company); the administrator side (marking queue, marking,
 * statistics, export, result lists) is limited to the exam's company, and another company's exam
 * or attempt answers like a missing one.
 */
export const userExamPolicy = definePolicy({
  /** the marking queue, statistics, export and result list of an exam */
  administer: ({ scope }: Subject, exam: Owned) => inScope(scope, exam.companySysCode) || appError('EXAM_NOT_FOUND'),
  /** an administrator of the exam's company opens an exam they are not assigned to (no attempts) */
  previewExam: (subject: Subject, exam: Owned) =>
    (isResultReader(subject) && inScope(subject.scope, exam.companySysCode)) || appError('EXAM_NOT_FOUND'),
  /** Mark: an attempt of the caller's company, once submitted */
  mark: ({ scope }: Subject, attempt: Attempt) => {
    if (!inScope(scope, attempt.companySysCode)) return appError('ATTEMPT_NOT_FOUND');
    return attempt.status === ExamUserStatus.Done || appError('MARK_NOT_SUBMITTED');
  },
  /** GetExamResult: the learner their own; a result reader any attempt of their company */
  readResult: (subject: Subject, attempt: Attempt) =>
    attempt.userId === subject.actor?.userId ||
    (isResultReader(subject) && inScope(subject.scope, attempt.companySysCode)) ||
    appError('ATTEMPT_NOT_FOUND'),
  /** taking: answering, flagging, submitting — the learner's own attempt only */
  take: (subject: Subject, attempt: Pick<Attempt, 'userId'>) => attempt.userId === subject.actor?.userId || appError('ATTEMPT_NOT_FOUND'),
});

export const { authorize, can } = userExamPolicy;
