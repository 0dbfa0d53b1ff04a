import { CertificateErrors } from './modules/certificates/certificates.errors.ts';
import { ContentErrors } from './modules/content/content.errors.ts';
import { TrainResErrors } from './modules/courses/resources.errors.ts';
import { StudyErrors } from './modules/courses/study.errors.ts';
import { AdminErrors } from './modules/directory/admin.errors.ts';
import { ImportErrors } from './modules/directory/imports.errors.ts';
import { UserExamErrors } from './modules/exam-taking/attempts.errors.ts';
import { PracticeErrors } from './modules/exam-taking/practice.errors.ts';
import { ExamErrors } from './modules/exams/exams.errors.ts';
import { AccountErrors } from './modules/identity/account.errors.ts';
import { ConnectionErrors } from './modules/identity/connections.errors.ts';
import { ProjectErrors } from './modules/projects/projects.errors.ts';
import { CommonErrors, FileErrors, JobErrors } from './shared/common.errors.ts';

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
  ...ConnectionErrors,
  ...AdminErrors,
  ...ContentErrors,
  ...ExamErrors,
  ...UserExamErrors,
  ...ImportErrors,
  ...TrainResErrors,
  ...StudyErrors,
  ...ProjectErrors,
  ...PracticeErrors,
  ...CertificateErrors,
} as const;

export type AppErrorCode = keyof typeof AppErrorMessages;

/** The same keys as values, for autocompletion: `ErrorCode.NOT_FOUND`. */
export const ErrorCode = Object.fromEntries(Object.keys(AppErrorMessages).map((k) => [k, k])) as {
  readonly [K in AppErrorCode]: K;
};

export function errorMessage(code: AppErrorCode): string {
  return AppErrorMessages[code];
}

/**
 * How each kind of failure answers over HTTP (ADR 0044): the status and the envelope's numeric
 * `errorCode`. Business failures, missing objects included, are HTTP 200 with `errorCode` 0 and a
 * message the page shows as is (DESIGN.md §2); a missing or expired session is 200 with 401, a
 * refused action 200 with 403; only transport matters get a real HTTP error.
 */
export const ErrorKinds = {
  /** a refusal the person can act on (the default of every code not in `AppErrorKinds`) */
  business: { status: 200, errorCode: 0 },
  /** the object does not exist, or is another company's (answered exactly alike) */
  missing: { status: 200, errorCode: 0 },
  /** no session, or it ended: the client signs in again */
  session: { status: 200, errorCode: 401 },
  /** signed in, but the action is not granted */
  forbidden: { status: 200, errorCode: 403 },
  /** a signed link (media play list or segment) that no longer opens: the player asks again */
  gone: { status: 410, errorCode: 0 },
  /** no such API route */
  noRoute: { status: 404, errorCode: 404 },
  /** the request body is over the size limit */
  tooLarge: { status: 413, errorCode: 413 },
  /** too many requests from this address or user */
  throttled: { status: 429, errorCode: 429 },
  /** the database or cache is away, or the process is stopping: retry later */
  unavailable: { status: 503, errorCode: 503 },
  /** a fault of ours; no internals in the answer */
  server: { status: 500, errorCode: 500 },
} as const satisfies Record<string, { status: number; errorCode: number }>;

export type ErrorKind = keyof typeof ErrorKinds;

/** The kind of every code that is not a plain business failure. */
export const AppErrorKinds: Partial<Record<AppErrorCode, ErrorKind>> = {
  SESSION_EXPIRED: 'session',
  FORBIDDEN: 'forbidden',
  ROUTE_NOT_FOUND: 'noRoute',
  BODY_TOO_LARGE: 'tooLarge',
  TOO_MANY_REQUESTS: 'throttled',
  DATABASE_UNAVAILABLE: 'unavailable',
  CACHE_UNAVAILABLE: 'unavailable',
  DIRECTORY_UNAVAILABLE: 'unavailable',
  SERVER_STOPPING: 'unavailable',
  SERVER_ERROR: 'server',
  MEDIA_LINK_EXPIRED: 'gone',
  MEDIA_PREVIEW_LIMIT: 'gone',
  // missing objects (or another company's)
  NOT_FOUND: 'missing',
  JOB_NOT_FOUND: 'missing',
  FILE_NOT_FOUND: 'missing',
  ACTION_PARENT_NOT_FOUND: 'missing',
  ORG_NOT_FOUND: 'missing',
  ORG_PARENT_NOT_FOUND: 'missing',
  ROLE_NOT_FOUND: 'missing',
  COMPANY_NOT_FOUND: 'missing',
  LINK_NOT_FOUND: 'missing',
  LECTURER_NOT_FOUND: 'missing',
  MODEL_NOT_FOUND: 'missing',
  REGULATION_NOT_FOUND: 'missing',
  NOTICE_NOT_FOUND: 'missing',
  MESSAGE_NOT_FOUND: 'missing',
  MESSAGE_RECEIVER_NOT_FOUND: 'missing',
  IMPORT_JOB_NOT_FOUND: 'missing',
  EXAM_DIR_NOT_FOUND: 'missing',
  QUESTION_NOT_FOUND: 'missing',
  PAPER_NOT_FOUND: 'missing',
  EXAM_NOT_FOUND: 'missing',
  EXAM_PROJECT_NOT_FOUND: 'missing',
  ATTEMPT_NOT_FOUND: 'missing',
  ATTEMPT_QUESTION_NOT_FOUND: 'missing',
  RES_DIR_NOT_FOUND: 'missing',
  RES_NOT_FOUND: 'missing',
  CERT_DEFINITION_NOT_FOUND: 'missing',
  CERT_NOT_FOUND: 'missing',
  RES_LECTURER_NOT_FOUND: 'missing',
  RES_LESSON_MEDIA_NOT_FOUND: 'missing',
  RES_LESSON_NOT_FOUND: 'missing',
  MEDIA_NOT_FOUND: 'missing',
  STUDY_NOTE_NOT_FOUND: 'missing',
  PROJECT_NOT_FOUND: 'missing',
  PROJECT_RES_NOT_FOUND: 'missing',
  PROJECT_EXAM_NOT_FOUND: 'missing',
  PROJECT_PLAN_NOT_FOUND: 'missing',
  PROJECT_USER_NOT_FOUND: 'missing',
  IDENTITY_SOURCE_NOT_FOUND: 'missing',
};

export function errorKind(code: AppErrorCode): ErrorKind {
  return AppErrorKinds[code] ?? 'business';
}

/** The HTTP status and numeric `errorCode` a code answers with. */
export function errorHttp(code: AppErrorCode): { status: number; errorCode: number } {
  return ErrorKinds[errorKind(code)];
}
