// Helpers for the exam-taking tests: the people an exam is for, and an exam added and published
// through the administrator's routes as the exam page does.
import { formatDateTime } from '@xuetu/contract';
import { inArray } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import type { TestApp } from './helper.ts';

const X = '/Api/Exam_Manage/ex_exam';
const MIN = 60_000;

/** The user ids of these accounts (in the database's order). */
export async function userIdsOf(t: TestApp, accounts: readonly string[]): Promise<number[]> {
  return (
    await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.accountCode, [...accounts]))
  ).map((r) => r.id);
}

/** A date-time `offsetMs` from the app's clock, written as the exam form sends it. */
export const fromNow = (t: TestApp, offsetMs: number) => formatDateTime(new Date(t.ctx.clock.now().getTime() + offsetMs));

/**
 * Adds an exam with `token` and publishes it; returns its code. Defaults: 30 minutes, open from an
 * hour ago (by the app's clock) for ten days, pass mark 50; `people` are user ids or account codes;
 * any other field is sent as given (and overrides a default).
 */
export async function publishExam(
  t: TestApp,
  token: string,
  fields: { examName: string; paperCode: string; people: readonly number[] | readonly string[] } & Record<string, unknown>,
): Promise<string> {
  const { people, ...rest } = fields;
  const ids = people.every((p) => typeof p === 'number') ? [...people] : await userIdsOf(t, people as string[]);
  const { examCode } = await t.ok<{ examCode: string }>(
    `${X}/AddData`,
    {
      time: 30,
      examStartTime: fromNow(t, -60 * MIN),
      examEndTime: fromNow(t, 10 * 24 * 60 * MIN),
      passScore: 50,
      participants: { users: ids },
      ...rest,
    },
    token,
  );
  await t.ok(`${X}/Publish`, { examCode }, token);
  return examCode;
}
