import { type AppErrorCode, errorMessage } from '@xuetu/contract';
import { AppError } from '../../platform/errors.ts';

/** Codes of objects that are missing (or another company's): errorCode 404, like the platform's NOT_FOUND. */
const MISSING = new Set<AppErrorCode>(['EXAM_DIR_NOT_FOUND', 'QUESTION_NOT_FOUND', 'PAPER_NOT_FOUND', 'EXAM_NOT_FOUND']);

/**
 * An exam-authoring failure by code (contract/src/errors/exams.ts). `msg` replaces the code's
 * message only where the message carries numbers (counts, rule numbers, rows).
 */
export function examError(code: AppErrorCode, msg?: string, data: unknown = null): AppError {
  return new AppError(msg ?? errorMessage(code), MISSING.has(code) ? 404 : 0, 200, data, code);
}
