import { type AppErrorCode, errorHttp, errorMessage } from '@xuetu/contract';

/**
 * A failure the caller can act on, made only by `appError(code)` / `appErrorMsg(code, msg)`
 * (ADR 0044). Its code carries its kind, and the kind its HTTP treatment (`ErrorKinds` in the
 * contract): business failures and missing objects answer HTTP 200 with `success: false`, `msg`
 * shown as is and `code` the stable string code; `errorCode` 401 means the session is missing or
 * expired, 403 that the action is not granted; transport matters get their HTTP status.
 */
export class AppError extends Error {
  /** the envelope's numeric errorCode (0 for business failures) */
  readonly errorCode: number;
  /** the HTTP status of the answer */
  readonly httpStatus: number;

  constructor(
    readonly code: AppErrorCode,
    readonly msg: string,
    readonly data: unknown,
  ) {
    super(msg);
    this.name = 'AppError';
    const http = errorHttp(code);
    this.errorCode = http.errorCode;
    this.httpStatus = http.status;
  }
}

/** The error for a code, with the code's Chinese message; `data` travels in the envelope. */
export function appError(code: AppErrorCode, data: unknown = null): AppError {
  return new AppError(code, errorMessage(code), data);
}

/**
 * The error for a code whose message carries numbers or names: `msg` is the contract's formatted
 * message for that code (e.g. `AdminMsg.orgHasUsers(n)`), never an inline text.
 */
export function appErrorMsg(code: AppErrorCode, msg: string, data: unknown = null): AppError {
  return new AppError(code, msg, data);
}

/** Short names for the three codes every module raises. */
export const unauthorized = () => appError('SESSION_EXPIRED');
export const forbidden = () => appError('FORBIDDEN');
/** Another company's object answers exactly like a missing one. */
export const notFound = () => appError('NOT_FOUND');
