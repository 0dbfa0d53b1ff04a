import { Msg } from '@xuetu/contract';

/**
 * A failure the caller can act on. Business failures answer HTTP 200 with `success: false`
 * and `msg` shown as is; `errorCode` 401 means the session is missing or expired.
 */
export class AppError extends Error {
  constructor(
    readonly msg: string,
    readonly errorCode = 0,
    readonly httpStatus = 200,
    readonly data: unknown = null,
  ) {
    super(msg);
    this.name = 'AppError';
  }
}

export const unauthorized = () => new AppError(Msg.sessionExpired, 401);
export const forbidden = () => new AppError(Msg.forbidden, 403);
/** Another company's object answers exactly like a missing one. */
export const notFound = (msg: string = Msg.notFound) => new AppError(msg, 404);
export const fail = (msg: string, data: unknown = null) => new AppError(msg, 0, 200, data);
