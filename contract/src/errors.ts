import { AccountErrors } from './errors/account.ts';
import { AdminErrors } from './errors/admin.ts';
import { CommonErrors, FileErrors, JobErrors } from './errors/common.ts';
import { ContentErrors } from './errors/content.ts';
import { ExamErrors } from './errors/exams.ts';
import { ImportErrors } from './errors/imports.ts';
import { PracticeErrors } from './errors/practice.ts';
import { ProjectErrors } from './errors/projects.ts';
import { StudyErrors } from './errors/study.ts';
import { TrainResErrors } from './errors/trainres.ts';
import { UserExamErrors } from './errors/userexam.ts';

/**
 * Every business error has a stable string code (what clients and tests compare) and one Chinese
 * message (what people read). Modules keep their own map in `errors/<module>.ts` and merge it here,
 * so adding a module's codes touches one line of this file.
 */
export const AppErrorMessages = {
  ...CommonErrors,
  ...JobErrors,
  ...FileErrors,
  ...AccountErrors,
  ...AdminErrors,
  ...ContentErrors,
  ...ExamErrors,
  ...UserExamErrors,
  ...ImportErrors,
  ...TrainResErrors,
  ...StudyErrors,
  ...ProjectErrors,
  ...PracticeErrors,
} as const;

export type AppErrorCode = keyof typeof AppErrorMessages;

/** The same keys as values, for autocompletion: `ErrorCode.NOT_FOUND`. */
export const ErrorCode = Object.fromEntries(Object.keys(AppErrorMessages).map((k) => [k, k])) as {
  readonly [K in AppErrorCode]: K;
};

export function errorMessage(code: AppErrorCode): string {
  return AppErrorMessages[code];
}
