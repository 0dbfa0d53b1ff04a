import type { ExamParticipantsView, participantsInput } from '@xuetu/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import { enqueueJob } from '../../../platform/jobs/index.ts';
import { inTransaction } from '../../../platform/tx.ts';
import * as repo from './exams.repository.ts';
import { notifyAssignedJob } from './jobs.ts';

type Picks = z.output<typeof participantsInput>;
const KINDS = [
  ['user', 'users'],
  ['org', 'orgs'],
  ['post', 'posts'],
] as const;

/**
 * Checks the picked people, departments and posts belong to the exam's (or training project's)
 * company (another company's id answers like a missing one) and returns them as rows to store.
 */
export async function checkPicks(db: DbOrTx, company: string, picks: Picks): Promise<{ kind: repo.ParticipantKind; refId: number }[]> {
  const out: { kind: repo.ParticipantKind; refId: number }[] = [];
  for (const [kind, key] of KINDS) {
    const ids = [...new Set(picks[key])];
    const found = await repo.idsInCompany(db, kind, ids, company);
    if (found.size !== ids.length) throw notFound();
    for (const id of ids) out.push({ kind, refId: id });
  }
  return out;
}

export async function presentParticipants(db: DbOrTx, examId: number, company: string): Promise<ExamParticipantsView> {
  return presentPicks(db, await repo.listParticipants(db, examId), company);
}

/** Stored picks as the dialog shows them (names of people, departments and posts still in the company). Training projects use it too. */
export async function presentPicks(db: DbOrTx, rows: { kind: string; refId: number }[], company: string): Promise<ExamParticipantsView> {
  const view: ExamParticipantsView = { users: [], orgs: [], posts: [] };
  for (const [kind, key] of KINDS) {
    const ids = rows.filter((r) => r.kind === kind).map((r) => r.refId);
    const names = await repo.idsInCompany(db, kind, ids, company);
    // a department or person deleted since simply drops out of the view
    view[key] = ids.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! }));
  }
  return view;
}

/** Departments picked, widened to every department below them (a department includes its sub-departments). */
async function widenOrgs(db: DbOrTx, company: string, orgIds: number[]): Promise<number[]> {
  if (!orgIds.length) return [];
  const all = await repo.orgParents(db, company);
  const out = new Set(orgIds);
  let grew = true;
  while (grew) {
    grew = false;
    for (const o of all)
      if (!out.has(o.id) && out.has(o.pId)) {
        out.add(o.id);
        grew = true;
      }
  }
  return [...out];
}

async function picksOf(db: DbOrTx, exam: repo.ExamRow) {
  const rows = await repo.listParticipants(db, exam.id);
  const of = (k: repo.ParticipantKind) => rows.filter((r) => r.kind === k).map((r) => r.refId);
  return { userIds: of('user'), orgIds: await widenOrgs(db, exam.companySysCode, of('org')), postIds: of('post') };
}

/**
 * Resolves the exam's selection to people and assigns the ones not assigned yet; each newly
 * assigned person gets the exam message from a durable job enqueued in the same transaction.
 */
export async function assignParticipants(db: DbOrTx, exam: repo.ExamRow, now: Date): Promise<number[]> {
  const people = await repo.matchPeople(db, exam.companySysCode, await picksOf(db, exam));
  const added = await repo.addExamUsers(db, exam.id, people, now);
  await notifyAssigned(db, exam, added, now);
  return added;
}

/** The message goes out from a job once the assignment commits (ADR 0007). */
async function notifyAssigned(db: DbOrTx, exam: repo.ExamRow, userIds: number[], now: Date): Promise<void> {
  if (userIds.length) await enqueueJob(db, notifyAssignedJob, { examId: exam.id }, { now });
}

/**
 * People who join a picked department or post after publishing: called with a user when their
 * exams are listed (exam taking's GetMyExamList / IsExistImgExam), it assigns them to every
 * open published exam of their company whose selection now matches them, and sends the message.
 * Nobody is removed when they leave a department: an assigned exam stays theirs (ADR 0007).
 */
export async function joinMatchingExams(ctx: AppContext, userId: number, now = ctx.clock.now()): Promise<string[]> {
  const company = await repo.userCompany(ctx.db, userId);
  if (!company) return [];
  const open = await repo.openExamsWithGroups(ctx.db, company, userId, now);
  const joined: string[] = [];
  for (const exam of open) {
    await inTransaction(ctx, async (tx) => {
      const [match] = await repo.matchPeople(tx, company, await picksOf(tx, exam), userId);
      if (!match) return;
      const added = await repo.addExamUsers(tx, exam.id, [match], now);
      if (!added.length) return;
      await notifyAssigned(tx, exam, added, now);
      joined.push(exam.examCode);
    });
  }
  return joined;
}
