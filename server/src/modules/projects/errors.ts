import { type AppErrorCode, errorMessage } from '@xuetu/contract';
import { AppError } from '../../platform/errors.ts';

/** Codes of objects that are missing (or another company's): errorCode 404, like NOT_FOUND. */
const MISSING = new Set<AppErrorCode>(['PROJECT_NOT_FOUND', 'PROJECT_USER_NOT_FOUND']);

/** A training-project failure by code (contract/src/errors/projects.ts). */
export function projectError(code: AppErrorCode, msg?: string): AppError {
  return new AppError(msg ?? errorMessage(code), MISSING.has(code) ? 404 : 0, 200, null, code);
}
