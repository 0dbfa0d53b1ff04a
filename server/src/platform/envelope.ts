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

/** A command that answers nothing but its message: waits for `work`, then answers `null` with `msg`. */
export async function doneWithMsg(work: Promise<unknown>, msg: string): Promise<WithMsg<null>> {
  await work;
  return withMsg(null, msg);
}
