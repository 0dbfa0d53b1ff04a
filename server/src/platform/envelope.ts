import type { Envelope } from '@xuetu/contract';

export function ok<T>(data: T, msg = ''): Envelope<T> {
  return { success: true, msg, data, errorCode: 0 };
}

export function failure(msg: string, errorCode = 0, data: unknown = null, code?: string): Envelope<unknown> {
  return code ? { success: false, msg, data, errorCode, code } : { success: false, msg, data, errorCode };
}

/** Returned by a handler that wants a specific `msg` next to its data. */
export class WithMsg<T> {
  constructor(
    readonly data: T,
    readonly msg: string,
  ) {}
}
export const withMsg = <T>(data: T, msg: string) => new WithMsg(data, msg);
