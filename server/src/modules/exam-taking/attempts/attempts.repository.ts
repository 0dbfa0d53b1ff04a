import { ExamUserStatus } from '@xuetu/contract';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { type DbOrTx, executePrepared } from '../../../db/client.ts';
import { findAttempt } from '../exam-taking.repository.ts';
import { type ExamUserRow, lockExamUsers } from '../roster/roster.repository.ts';
import { userPaperQuestions, userPapers } from '../schema/attempts.ts';

// The learner's writes (begin, save, submit, the deadline job's closing): they touch rows owned
// by one learner — their attempt, its questions, their exam-user row — found by the owner's user
// id (the service checks `take`) and take no tenant scope (ADR 0023). The shared reads and the
// administrator's marking writes are in ../exam-taking.repository.ts.

/** An open attempt's status as SQL text: the prepared saves keep their statement text. */
const IN_PROGRESS = sql.raw(String(ExamUserStatus.InProgress));

/**
 * Stores an answer unless the question already holds a newer one (seq ordering: a late or
 * repeated request never overwrites). Returns whether it was applied.
 */
export async function saveGiven(
  db: DbOrTx,
  userpaperId: number,
  qCode: string,
  seq: number,
  change: { answerStr?: string; flagged?: number },
): Promise<boolean> {
  const rows = await db
    .update(userPaperQuestions)
    .set({ ...change, answerSeq: seq })
    .where(
      and(
        eq(userPaperQuestions.userpaperId, userpaperId),
        eq(userPaperQuestions.qCode, qCode),
        sql`${userPaperQuestions.answerSeq} < ${seq}`,
      ),
    )
    .returning({ seq: userPaperQuestions.answerSeq });
  return rows.length > 0;
}

/** Writes the marks of many questions of one attempt in one statement (scoring a learner's own submission). */
export async function writeMarks(
  db: DbOrTx,
  userpaperId: number,
  marks: { qCode: string; scoreGot: number | null; isPass: number; marked: number }[],
): Promise<void> {
  if (!marks.length) return;
  const values = sql.join(
    marks.map((m) => sql`(${m.qCode}::text, ${m.scoreGot}::numeric, ${m.isPass}::int, ${m.marked}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${userPaperQuestions} as q
       set score_got = v.score_got, is_pass = v.is_pass, marked = v.marked
      from (values ${values}) as v(q_code, score_got, is_pass, marked)
     where q.userpaper_id = ${userpaperId} and q.q_code = v.q_code`);
}

/** Submits only if still open: the one place an attempt goes from 20 to 30 (scored exactly once). The owner's or the deadline job's. */
export async function closeAttempt(db: DbOrTx, id: number, values: Partial<typeof userPapers.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(userPapers)
    .set({ ...values, status: ExamUserStatus.Done })
    .where(and(eq(userPapers.id, id), eq(userPapers.status, ExamUserStatus.InProgress)))
    .returning({ id: userPapers.id });
  return rows.length > 0;
}

/**
 * The begins of one exam written together (ADR 0048): these people's exam-user rows, locked in
 * user order (two processes' batches lock in the same order and cannot deadlock; the exams
 * module's rows), and every attempt they have made of the exam, in attempt order. People not
 * assigned are missing.
 */
export async function lockBeginners(
  db: DbOrTx,
  examId: number,
  userIds: number[],
): Promise<{ examUsers: ExamUserRow[]; attempts: (typeof userPapers.$inferSelect)[] }> {
  const ids = `{${userIds.join(',')}}`;
  const locked = await lockExamUsers(db, examId, userIds);
  const attempts = await db
    .select()
    .from(userPapers)
    .where(and(eq(userPapers.examId, examId), sql`${userPapers.userId} = any(${ids}::int[])`))
    .orderBy(asc(userPapers.userId), asc(userPapers.attemptNo));
  return { examUsers: locked, attempts };
}

/** Open attempts whose deadline (plus grace) has passed, oldest first. */
export async function overdueAttemptIds(db: DbOrTx, cutoff: Date, limit: number, userId?: number): Promise<number[]> {
  const rows = await db
    .select({ id: userPapers.id })
    .from(userPapers)
    .where(
      and(
        eq(userPapers.status, ExamUserStatus.InProgress),
        lte(userPapers.deadline, cutoff),
        userId ? eq(userPapers.userId, userId) : undefined,
      ),
    )
    .orderBy(asc(userPapers.deadline))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Makes `holder` the page that answers the open attempt (issue 23 item 3): the update waits for
 * saves in flight (they share-lock the row) and every later save of another page is refused.
 * The learner's own attempt, matched on the owner: no tenant scope (ADR 0023).
 */
export async function claimAttempt(db: DbOrTx, id: number, userId: number, holder: string): Promise<void> {
  await db
    .update(userPapers)
    .set({ holder })
    .where(and(eq(userPapers.id, id), eq(userPapers.userId, userId), eq(userPapers.status, ExamUserStatus.InProgress)));
}

/** What SaveAnswer needs of an attempt that never changes after begin (cached): owner, deadline, question shapes. */
export interface AttemptShape {
  userId: number;
  deadlineMs: number;
  /** optionOrder: how the attempt shows a choice question's options (ADR 0040); absent = the paper's order */
  questions: Record<string, { qType: number; qName: string; optionCount: number; optionOrder?: number[] }>;
}

export async function attemptShape(db: DbOrTx, userpaperId: number): Promise<AttemptShape | undefined> {
  const attempt = await findAttempt(db, userpaperId);
  if (!attempt) return undefined;
  const rows = await db
    .select({
      qCode: userPaperQuestions.qCode,
      qType: userPaperQuestions.qType,
      qName: userPaperQuestions.qName,
      options: userPaperQuestions.options,
      optionOrder: userPaperQuestions.optionOrder,
    })
    .from(userPaperQuestions)
    .where(eq(userPaperQuestions.userpaperId, userpaperId));
  return {
    userId: attempt.userId,
    deadlineMs: attempt.deadline.getTime(),
    questions: shapeOf(rows),
  };
}

export function shapeOf(
  rows: { qCode: string; qType: number; qName: string; options: string; optionOrder: string }[],
): AttemptShape['questions'] {
  return Object.fromEntries(
    // only fill-in needs its stem (the blank count)
    rows.map((r) => [
      r.qCode,
      {
        qType: r.qType,
        qName: r.qType === 4 ? r.qName : '',
        optionCount: (JSON.parse(r.options) as unknown[]).length,
        ...(r.optionOrder ? { optionOrder: r.optionOrder.split(',').map(Number) } : {}),
      },
    ]),
  );
}

export type SaveInput = Parameters<typeof saveGivenLocked>[1];
export type SaveOutcome = Awaited<ReturnType<typeof saveGivenLocked>>;

/**
 * Many answers (of different questions or attempts) in ONE statement (the group commit of
 * ADR 0024): the same rule as {@link saveGivenLocked}, row by row — attempt rows share-locked in
 * id order, each answer written only over an older seq, while its attempt is open and in time.
 * The caller guarantees one answer per attempt and question in a batch. Learner-owned rows,
 * matched on each item's owner user id: no tenant scope (ADR 0023).
 */
export async function saveGivenBatch(db: DbOrTx, items: SaveInput[]): Promise<SaveOutcome[]> {
  const input = JSON.stringify(
    items.map((v, n) => ({
      n,
      userpaper_id: v.userpaperId,
      user_id: v.userId,
      q_code: v.qCode,
      seq: v.seq,
      set_answer: v.answerStr !== undefined,
      answer_str: v.answerStr ?? null,
      set_flag: v.flagged !== undefined,
      flagged: v.flagged ?? 0,
      cutoff: v.cutoff.toISOString(),
      holder: v.holder ?? null,
    })),
  );
  // the attempts as an array: `id = any(...)` is an index lookup per attempt whatever the
  // planner knows of the table (PGlite never analyzes it); `in (select ... from i)` was planned
  // as a hash join over a sequential scan of every attempt, work that grew with the attempts
  const ids = `{${[...new Set(items.map((v) => v.userpaperId))].join(',')}}`;
  const res = await executePrepared(
    db,
    'exam-save-answers',
    sql`
    with i as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as i(n int, userpaper_id int, user_id int, q_code text, seq bigint, set_answer boolean, answer_str text, set_flag boolean, flagged int, cutoff timestamptz, holder text)
    ), a as (
      select p.id, p.user_id, p.status, p.auto_submitted, p.deadline, p.holder from ${userPapers} p
       where p.id = any(${ids}::int[])
       order by p.id
         for share
    ), u as (
      update ${userPaperQuestions} as q
         set answer_str = case when i.set_answer then i.answer_str else q.answer_str end,
             flagged = case when i.set_flag then i.flagged else q.flagged end,
             answer_seq = i.seq
        from i join a on a.id = i.userpaper_id and a.user_id = i.user_id
       where q.userpaper_id = i.userpaper_id and q.q_code = i.q_code and q.answer_seq < i.seq
         and a.status = ${IN_PROGRESS} and a.deadline > i.cutoff
         and (i.holder is null or a.holder is null or a.holder = i.holder)
      returning i.n
    )
    select i.n, a.status, a.auto_submitted, (u.n is not null) as applied, q.answer_seq as current_seq,
           (i.holder is not null and a.holder is not null and a.holder <> i.holder) as taken_over
      from i
      join a on a.id = i.userpaper_id and a.user_id = i.user_id
      left join u on u.n = i.n
      left join ${userPaperQuestions} q on q.userpaper_id = i.userpaper_id and q.q_code = i.q_code`,
  );
  const out: SaveOutcome[] = items.map(() => undefined);
  const yes = (b: unknown) => b === true || String(b) === 't';
  for (const r of res.rows as {
    n: number;
    status: number;
    auto_submitted: number;
    applied: boolean;
    current_seq: number | null;
    taken_over: boolean;
  }[])
    out[Number(r.n)] = {
      status: Number(r.status),
      autoSubmitted: Number(r.auto_submitted),
      applied: yes(r.applied),
      currentSeq: Number(r.current_seq ?? 0),
      takenOver: yes(r.taken_over),
    };
  return out;
}

/**
 * One statement for SaveAnswer: share-locks the attempt row (a submit, which takes it FOR UPDATE,
 * waits for the save and scores what it wrote; a save after a submit sees status 30) and writes
 * the answer only while the attempt is open, before `cutoff`, and when `seq` is newer than the
 * stored one, and (when the save names its page) no other page holds the attempt. Answers the
 * attempt's state, whether the write happened, the stored seq and whether another page holds it. The
 * learner's own attempt, matched on the owner user id: no tenant scope (ADR 0023).
 */
export async function saveGivenLocked(
  db: DbOrTx,
  v: {
    userpaperId: number;
    userId: number;
    qCode: string;
    seq: number;
    answerStr?: string;
    flagged?: number;
    cutoff: Date;
    /** the saving page; undefined: an older client, saved whoever holds the attempt */
    holder?: string;
  },
): Promise<{ status: number; autoSubmitted: number; applied: boolean; currentSeq: number; takenOver: boolean } | undefined> {
  // prepared once per connection on PostgreSQL: every answer typed runs it
  const res = await executePrepared(
    db,
    'exam-save-answer',
    sql`
    with a as (
      select id, status, auto_submitted, deadline,
             (${v.holder ?? null}::text is not null and holder is not null and holder <> ${v.holder ?? null}::text) as taken_over
        from ${userPapers}
       where id = ${v.userpaperId} and user_id = ${v.userId}
       for share
    ), u as (
      update ${userPaperQuestions} as q
         set answer_str = case when ${v.answerStr !== undefined}::boolean then ${v.answerStr ?? null}::text else q.answer_str end,
             flagged = case when ${v.flagged !== undefined}::boolean then ${v.flagged ?? 0}::int else q.flagged end,
             answer_seq = ${v.seq}::bigint
        from a
       where q.userpaper_id = a.id and q.q_code = ${v.qCode} and q.answer_seq < ${v.seq}::bigint
         and a.status = ${IN_PROGRESS} and a.deadline > ${v.cutoff.toISOString()}::timestamptz
         and not a.taken_over
      returning q.answer_seq
    )
    select a.status, a.auto_submitted, a.taken_over, (select count(*) from u)::int as applied,
           (select answer_seq from ${userPaperQuestions} where userpaper_id = a.id and q_code = ${v.qCode}) as current_seq
      from a`,
  );
  const [row] = res.rows as { status: number; auto_submitted: number; applied: number; current_seq: number; taken_over: boolean }[];
  if (!row) return undefined;
  return {
    status: Number(row.status),
    autoSubmitted: Number(row.auto_submitted),
    applied: Number(row.applied) > 0,
    currentSeq: Number(row.current_seq ?? 0),
    takenOver: row.taken_over === true || String(row.taken_over) === 't',
  };
}

/**
 * Of `qCodes`, those in the given attempts (their frozen copies: a bank edit since does not
 * change them), by attempt: one statement.
 */
export async function attemptQuestionsAmong(
  db: DbOrTx,
  userpaperIds: number[],
  qCodes: string[],
): Promise<{ userpaperId: number; qCode: string }[]> {
  if (!userpaperIds.length || !qCodes.length) return [];
  return db
    .select({ userpaperId: userPaperQuestions.userpaperId, qCode: userPaperQuestions.qCode })
    .from(userPaperQuestions)
    .where(and(inArray(userPaperQuestions.userpaperId, userpaperIds), inArray(userPaperQuestions.qCode, [...new Set(qCodes)])));
}
