import {
  formatDateTime,
  type PageResult,
  type PracticeDetail,
  type PracticeExamOverlap,
  type PracticeSaveInput,
  type PracticeView,
} from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { newCode } from '../../../platform/codes.ts';
import { appError } from '../../../platform/errors.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { checkPicks, filterCompany, presentPicks, targetCompany } from '../../directory/public.ts';
import {
  openExamsHolding,
  type PracticeSourceSummary,
  practiceSourceKey,
  practiceSourceQuestions,
  practiceSourceSummaries,
} from '../../exams/public.ts';
import * as repo from './practice.repository.ts';
import { forgetPractice } from './practice-cache.ts';

// Practice administration (issue 26 item 1, ADR 0043): an administrator opens a question
// directory or a paper of the company to the people, departments and posts they pick.

function presentPractice(row: repo.PracticeRow, source: PracticeSourceSummary | undefined, learners: number): PracticeView {
  return {
    practiceCode: row.practiceCode,
    practiceName: row.practiceName,
    companySysCode: row.companySysCode,
    sourceKind: row.sourceKind,
    sourceCode: row.sourceCode,
    sourceName: source?.name ?? '',
    clearStreak: row.clearStreak,
    status: row.status,
    questionCount: source?.count ?? 0,
    learnerCount: learners,
    createdAt: formatDateTime(row.createdAt),
    updatedAt: formatDateTime(row.updatedAt),
  };
}

export async function listPracticePage(
  caller: Caller,
  q: { keyword: string; companySysCode: string },
  window: { limit: number; offset: number },
): Promise<PageResult<PracticeView>> {
  const db = caller.ctx.db;
  const company = await filterCompany(db, caller.scope, q.companySysCode);
  if (company === null) return { models: [], totalCount: 0 };
  const { rows, total } = await repo.pagePractices(db, caller.scope, { keyword: q.keyword, companySysCode: company }, window);
  const [learners, sources] = await Promise.all([
    repo.learnerCounts(
      db,
      rows.map((r) => r.id),
    ),
    sourcesOf(db, caller, rows),
  ]);
  const models = rows.map((r) => presentPractice(r, sources.get(r), learners.get(r.id) ?? 0));
  return { models, totalCount: total };
}

/** Each row's source name and question count, read per company (platform staff list every company's). */
async function sourcesOf(db: DbOrTx, caller: Caller, rows: repo.PracticeRow[]): Promise<Map<repo.PracticeRow, PracticeSourceSummary>> {
  const out = new Map<repo.PracticeRow, PracticeSourceSummary>();
  for (const company of new Set(rows.map((r) => r.companySysCode))) {
    const mine = rows.filter((r) => r.companySysCode === company);
    const found = await practiceSourceSummaries(
      db,
      caller.scope,
      company,
      mine.map((r) => ({ kind: r.sourceKind, code: r.sourceCode })),
    );
    for (const r of mine) {
      const summary = found.get(practiceSourceKey(r.sourceKind, r.sourceCode));
      if (summary) out.set(r, summary);
    }
  }
  return out;
}

async function findOrFail(db: DbOrTx, caller: Caller, practiceCode: string): Promise<repo.PracticeRow> {
  const row = practiceCode ? await repo.findPractice(db, caller.scope, practiceCode) : undefined;
  if (!row) throw appError('PRACTICE_NOT_FOUND');
  return row;
}

export async function readPractice(caller: Caller, practiceCode: string): Promise<PracticeDetail> {
  const db = caller.ctx.db;
  const row = await findOrFail(db, caller, practiceCode);
  const [learners, sources] = await Promise.all([repo.learnerCounts(db, [row.id]), sourcesOf(db, caller, [row])]);
  return {
    ...presentPractice(row, sources.get(row), learners.get(row.id) ?? 0),
    participants: await presentPicks(db, await repo.participantsOf(db, [row.id]), row.companySysCode),
  };
}

/**
 * GetExamOverlap: which of the chosen source's questions the company's open exams hold on their
 * fixed papers (the learners of those exams practise them without feedback till the exam ends,
 * answer-review.ts questionHolds), so the editor can say so before saving (issue 38 item 9).
 */
export async function readExamOverlap(
  caller: Caller,
  input: Pick<PracticeSaveInput, 'sourceKind' | 'sourceCode' | 'companySysCode'>,
): Promise<PracticeExamOverlap> {
  const db = caller.ctx.db;
  const company = (await targetCompany(db, requireActor(caller), input.companySysCode)).companySysCode;
  const source = await practiceSourceQuestions(db, caller.scope, company, input.sourceKind, input.sourceCode);
  if (!source) throw appError('PRACTICE_SOURCE_NOT_FOUND');
  const exams = await openExamsHolding(db, caller.scope, company, source.qCodes, caller.now);
  return {
    questionCount: source.qCodes.length,
    heldCount: new Set(exams.flatMap((e) => e.qCodes)).size,
    exams: exams.map((e) => ({
      examCode: e.examCode,
      examName: e.examName,
      examEndTime: formatDateTime(e.examEndTime),
      questionCount: e.qCodes.length,
    })),
  };
}

/** The practice's settings after every rule: the source exists in the company and gives questions, somebody is picked. */
async function practiceValues(tx: DbOrTx, caller: Caller, company: string, input: PracticeSaveInput) {
  const source = await practiceSourceQuestions(tx, caller.scope, company, input.sourceKind, input.sourceCode);
  if (!source) throw appError('PRACTICE_SOURCE_NOT_FOUND');
  if (!source.qCodes.length) throw appError('PRACTICE_SOURCE_EMPTY');
  const picks = await checkPicks(tx, company, input.participants);
  if (!picks.length) throw appError('PRACTICE_PARTICIPANTS_REQUIRED');
  return {
    values: {
      practiceName: input.practiceName,
      sourceKind: input.sourceKind,
      sourceCode: input.sourceCode,
      clearStreak: input.clearStreak,
      status: input.status,
    },
    picks,
  };
}

export async function addPractice(caller: Caller, input: PracticeSaveInput): Promise<{ practiceCode: string }> {
  const actor = requireActor(caller);
  return inTransaction(caller, async (tx) => {
    const company = (await targetCompany(tx, actor, input.companySysCode)).companySysCode;
    const { values, picks } = await practiceValues(tx, caller, company, input);
    const row = await repo.insertPractice(tx, caller.scope, {
      ...values,
      practiceCode: newCode('PR'),
      companySysCode: company,
      createdBy: actor.userId,
      createdAt: caller.now,
      updatedAt: caller.now,
    });
    await repo.replaceParticipants(tx, caller.scope, row.id, picks);
    await recordAudit(tx, caller, { action: 'practice.add', target: row.practiceCode, detail: { name: row.practiceName } });
    return { practiceCode: row.practiceCode };
  });
}

/** Everything may change; a learner's answers to questions the new source no longer gives are simply not counted. */
export async function updatePractice(caller: Caller, input: PracticeSaveInput): Promise<void> {
  await inTransaction(caller, async (tx) => {
    const row = await findOrFail(tx, caller, input.practiceCode);
    const { values, picks } = await practiceValues(tx, caller, row.companySysCode, input);
    await repo.updatePractice(tx, caller.scope, row.id, { ...values, updatedAt: caller.now });
    await repo.replaceParticipants(tx, caller.scope, row.id, picks);
    await recordAudit(tx, caller, { action: 'practice.update', target: row.practiceCode });
  });
  await forgetPractice(caller.ctx, input.practiceCode);
}

/** Deleting removes the learners' answers of it; questions it put in a 错题本 stay there (under its name). */
export async function deletePractice(caller: Caller, practiceCode: string): Promise<void> {
  await inTransaction(caller, async (tx) => {
    const row = await findOrFail(tx, caller, practiceCode);
    await repo.deletePractice(tx, caller.scope, row.id);
    await recordAudit(tx, caller, { action: 'practice.delete', target: practiceCode, detail: { name: row.practiceName } });
  });
  await forgetPractice(caller.ctx, practiceCode);
}
