import {
  OPTION_KEYS,
  type PageResult,
  type QuestionDirNode,
  type QuestionSaveInput,
  type QuestionView,
  type questionDirSaveInput,
} from '@xuetu/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { requireActor } from '../../../platform/caller.ts';
import { newCode } from '../../../platform/codes.ts';
import { appError, appErrorMsg } from '../../../platform/errors.ts';
import { inScope, type TenantScope } from '../../../platform/scope.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { authorize, type Caller, ownerCompany, scopeOf } from '../exams.policy.ts';
import { presentDirTree, presentQuestion } from '../exams.presenter.ts';
import * as repo from './questions.repository.ts';
import { checkQuestion } from './rules.ts';

// ---------- directories ----------

/** The directory and every directory below it, by code. */
export function dirSubtree(dirs: repo.DirRow[], dirCode: string): string[] {
  const out = [dirCode];
  for (let i = 0; i < out.length; i++) for (const d of dirs) if (d.pCode === out[i]) out.push(d.dirCode);
  return out;
}

/** What an export takes: the list's selection (a directory with its subdirectories) and each directory's path of names. */
export async function exportSelection(
  caller: Caller,
  q: { dirCode: string; qType?: number; difficulty?: number; keyword: string; companySysCode: string },
): Promise<{ rows: repo.QuestionRow[]; pathOf: (dirCode: string) => string[] }> {
  const scope = scopeOf(caller);
  const db = caller.ctx.db;
  const dirs = await repo.listDirs(db, scope);
  const rows = await repo.listQuestions(db, scope, {
    dirCodes: q.dirCode ? dirSubtree(dirs, q.dirCode) : undefined,
    qType: q.qType,
    difficulty: q.difficulty,
    keyword: q.keyword,
    companySysCode: q.companySysCode || undefined,
  });
  const byCode = new Map(dirs.map((d) => [d.dirCode, d]));
  const pathOf = (code: string) => {
    const names: string[] = [];
    for (let cur = byCode.get(code), i = 0; cur && i < 50; cur = byCode.get(cur.pCode), i++) names.unshift(cur.dirName);
    return names;
  };
  return { rows, pathOf };
}

export async function dirNames(db: DbOrTx, scope: TenantScope): Promise<Map<string, string>> {
  return new Map((await repo.listDirs(db, scope)).map((d) => [d.dirCode, d.dirName]));
}

export async function getDirTree(caller: Caller, companySysCode: string): Promise<QuestionDirNode[]> {
  const scope = scopeOf(caller);
  const company = scope.all ? companySysCode : scope.companySysCode;
  if (!company) return [];
  const [rows, counts] = await Promise.all([repo.listDirs(caller.ctx.db, scope, company), repo.countByDir(caller.ctx.db, company)]);
  return presentDirTree(rows, counts);
}

export async function saveDir(caller: Caller, input: z.output<typeof questionDirSaveInput>): Promise<{ dirCode: string }> {
  const scope = scopeOf(caller);
  return inTransaction(caller, async (tx) => {
    const existing = input.dirCode ? await repo.findDir(tx, scope, input.dirCode) : undefined;
    if (input.dirCode && !existing) throw appError('EXAM_DIR_NOT_FOUND');
    const company = existing?.companySysCode ?? (await ownerCompany(tx, caller, input.companySysCode));
    if (input.pCode) {
      const parent = await repo.findDir(tx, scope, input.pCode);
      authorize(caller, 'placeDirUnder', { company, parent });
      if (existing && dirSubtree(await repo.listDirs(tx, scope, company), existing.dirCode).includes(input.pCode))
        throw appError('EXAM_DIR_PARENT_LOOP');
    }
    if (existing) {
      await repo.updateDir(tx, caller.scope, existing.id, { dirName: input.dirName, pCode: input.pCode, sortOrder: input.sortOrder });
      await recordAudit(tx, caller, { action: 'questiondir.update', target: existing.dirCode });
      return { dirCode: existing.dirCode };
    }
    const row = await repo.insertDir(tx, caller.scope, {
      dirCode: newCode('QD'),
      dirName: input.dirName,
      pCode: input.pCode,
      sortOrder: input.sortOrder,
      companySysCode: company,
      createdAt: caller.now,
    });
    await recordAudit(tx, caller, { action: 'questiondir.add', target: row.dirCode });
    return { dirCode: row.dirCode };
  });
}

/** Refused while the directory (or one below it) holds questions, with the count. */
export async function deleteDir(caller: Caller, dirCode: string): Promise<void> {
  const scope = scopeOf(caller);
  await inTransaction(caller, async (tx) => {
    const dir = await repo.findDir(tx, scope, dirCode);
    if (!dir) throw appError('EXAM_DIR_NOT_FOUND');
    const tree = dirSubtree(await repo.listDirs(tx, scope, dir.companySysCode), dirCode);
    const questions = await repo.countQuestions(tx, scope, { companySysCode: dir.companySysCode, dirCodes: tree });
    authorize(caller, 'deleteDir', { ...dir, questions, subtree: tree.length });
    await repo.deleteDir(tx, caller.scope, dir.id);
    await recordAudit(tx, caller, {
      action: 'questiondir.delete',
      target: dirCode,
      detail: { name: dir.dirName },
    });
  });
}

// ---------- questions ----------

export async function listQuestionPage(
  caller: Caller,
  q: { dirCode: string; qType?: number; difficulty?: number; keyword: string; companySysCode: string },
  window: { limit: number; offset: number },
): Promise<PageResult<QuestionView>> {
  const scope = scopeOf(caller);
  const db = caller.ctx.db;
  const dirs = await repo.listDirs(db, scope);
  const dirCodes = q.dirCode ? dirSubtree(dirs, q.dirCode) : undefined;
  const { rows, total } = await repo.pageQuestions(
    db,
    scope,
    { dirCodes, qType: q.qType, difficulty: q.difficulty, keyword: q.keyword, companySysCode: q.companySysCode || undefined },
    window,
  );
  const names = new Map(dirs.map((d) => [d.dirCode, d.dirName]));
  return { models: rows.map((r) => presentQuestion(r, names)), totalCount: total };
}

export async function readQuestion(caller: Caller, qCode: string): Promise<QuestionView> {
  const scope = scopeOf(caller);
  const row = await repo.findQuestion(caller.ctx.db, scope, qCode);
  if (!row) throw appError('QUESTION_NOT_FOUND');
  return presentQuestion(row, await dirNames(caller.ctx.db, scope));
}

function checkedValues(input: QuestionSaveInput) {
  const checked = checkQuestion({
    qType: input.qType,
    qName: input.qName,
    options: Object.fromEntries(OPTION_KEYS.map((k) => [k, input[k]])),
    answer: input.answer,
    analysis: input.analysis,
    difficulty: input.difficulty,
    score: input.score,
  });
  if (!checked.ok) throw appErrorMsg('QUESTION_INVALID', checked.problems[0].message);
  const v = checked.value;
  return { qType: v.qType, qName: v.qName, ...v.options, answer: v.answer, analysis: v.analysis, difficulty: v.difficulty, score: v.score };
}

/** A directory of the question's company, or '' (no directory). */
async function dirFor(db: DbOrTx, scope: TenantScope, company: string, dirCode: string): Promise<string> {
  if (!dirCode) return '';
  const dir = await repo.findDir(db, scope, dirCode);
  if (!dir || dir.companySysCode !== company) throw appError('EXAM_DIR_NOT_FOUND');
  return dir.dirCode;
}

export async function addQuestion(caller: Caller, input: QuestionSaveInput): Promise<{ qCode: string }> {
  const values = checkedValues(input);
  const scope = scopeOf(caller);
  return inTransaction(caller, async (tx) => {
    const company = await ownerCompany(tx, caller, input.companySysCode);
    const qCode = newCode('Q');
    await repo.insertQuestions(tx, caller.scope, [
      {
        ...values,
        qCode,
        companySysCode: company,
        dirCode: await dirFor(tx, scope, company, input.dirCode),
        createdBy: requireActor(caller).userId,
        createdAt: caller.now,
        updatedAt: caller.now,
      },
    ]);
    await recordAudit(tx, caller, { action: 'question.add', target: qCode });
    return { qCode };
  });
}

/**
 * Edits change the bank only: attempts hold their own copy of each question, so a paper already
 * taken never changes (ADR 0007).
 */
export async function updateQuestion(caller: Caller, input: QuestionSaveInput): Promise<void> {
  const values = checkedValues(input);
  const scope = scopeOf(caller);
  await inTransaction(caller, async (tx) => {
    const row = input.qCode ? await repo.findQuestion(tx, scope, input.qCode) : undefined;
    if (!row) throw appError('QUESTION_NOT_FOUND');
    await repo.updateQuestion(tx, caller.scope, row.id, {
      ...values,
      dirCode: await dirFor(tx, scope, row.companySysCode, input.dirCode),
      updatedAt: caller.now,
    });
    await recordAudit(tx, caller, { action: 'question.update', target: row.qCode });
  });
}

/** Soft delete: fixed papers listing a question keep it; the bank and random draws no longer see it. */
export async function deleteQuestions(caller: Caller, qCodes: string[]): Promise<number> {
  const scope = scopeOf(caller);
  return inTransaction(caller, async (tx) => {
    const rows = (await repo.questionsByCode(tx, scope, [...new Set(qCodes)], { live: true })).filter((r) =>
      inScope(scope, r.companySysCode),
    );
    if (rows.length === 0) throw appError('QUESTION_NOT_FOUND');
    await repo.markQuestionsDeleted(
      tx,
      caller.scope,
      rows.map((r) => r.id),
      caller.now,
    );
    await recordAudit(tx, caller, { action: 'question.delete', target: rows.map((r) => r.qCode).join(',') });
    return rows.length;
  });
}
