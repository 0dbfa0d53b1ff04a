import { type AppErrorCode, errorMessage } from '@xuetu/contract';

/**
 * A failure the caller can act on. Business failures answer HTTP 200 with `success: false`,
 * `msg` shown as is and `code` the stable string code; `errorCode` 401 means the session is
 * missing or expired, 403 that the action is not granted.
 */
export class AppError extends Error {
  constructor(
    readonly msg: string,
    readonly errorCode = 0,
    readonly httpStatus = 200,
    readonly data: unknown = null,
    readonly code: AppErrorCode | string = 'FAILED',
  ) {
    super(msg);
    this.name = 'AppError';
  }
}

/** The numeric errorCode the spec's clients know for the few codes that have one. */
const NUMERIC: Partial<Record<AppErrorCode, number>> = { SESSION_EXPIRED: 401, FORBIDDEN: 403, NOT_FOUND: 404 };

/** The error for a code, with the code's Chinese message; `data` travels in the envelope. */
export function appError(code: AppErrorCode, data: unknown = null): AppError {
  const numeric = NUMERIC[code] ?? 0;
  // business answers stay HTTP 200 (DESIGN.md §2); the numeric errorCode tells 401/403 apart
  return new AppError(errorMessage(code), numeric, 200, data, code);
}

/**
 * The error for a code whose message carries numbers or names: `msg` is the contract's formatted
 * message for that code (e.g. `AdminMsg.orgHasUsers(n)`), never an inline text.
 */
export function appErrorMsg(code: AppErrorCode, msg: string, data: unknown = null): AppError {
  return new AppError(msg, NUMERIC[code] ?? 0, 200, data, code);
}

export const unauthorized = () => appError('SESSION_EXPIRED');
export const forbidden = () => appError('FORBIDDEN');
/** Another company's object answers exactly like a missing one. */
export const notFound = (msg?: string) => (msg ? new AppError(msg, 404, 404, null, 'NOT_FOUND') : appError('NOT_FOUND'));
/** A business failure with an inline message; prefer appError(code) in new code. */
export const fail = (msg: string, data: unknown = null) => new AppError(msg, 0, 200, data);
