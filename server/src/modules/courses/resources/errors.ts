import { type AppErrorCode, errorMessage } from '@xuetu/contract';
import { AppError } from '../../../platform/errors.ts';

/** Codes of objects that are missing (or another company's): errorCode 404, like NOT_FOUND. */
const MISSING = new Set<AppErrorCode>(['RES_DIR_NOT_FOUND', 'RES_NOT_FOUND', 'MEDIA_NOT_FOUND', 'RES_LECTURER_NOT_FOUND']);

/** A training-resource failure by code (contract/src/errors/trainres.ts); `msg` where it carries numbers. */
export function resError(code: AppErrorCode, msg?: string, data: unknown = null): AppError {
  return new AppError(msg ?? errorMessage(code), MISSING.has(code) ? 404 : 0, 200, data, code);
}
