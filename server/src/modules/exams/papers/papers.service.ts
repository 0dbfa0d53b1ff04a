import {
  ExamMsg,
  type PageResult,
  type PaperDetail,
  type PaperQuestionView,
  type PaperRuleView,
  type PaperSaveInput,
  PaperType,
  type PaperView,
  paperTotals,
  Q_TYPE_LABELS,
} from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { requireActor } from '../../../platform/caller.ts';
import { newCode } from '../../../platform/codes.ts';
import { appError, appErrorMsg } from '../../../platform/errors.ts';
import type { TenantScope } from '../../../platform/scope.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { authorize, type Caller, ownerCompany, scopeOf } from '../exams.policy.ts';
import { presentPaper, presentPaperDetail, presentQuestion } from '../exams.presenter.ts';
import * as questionRepo from '../questions/questions.repository.ts';
import { drawAttemptQuestions, rulePools } from './draw.ts';
import * as repo from './papers.repository.ts';

export async function listPaperPage(
  caller: Caller,
  q: { keyword: string; paperType?: number; companySysCode: string },
  window: { limit: number; offset: number },
): Promise<PageResult<PaperView>> {
  const db = caller.ctx.db;
  const { rows, total } = await repo.pagePapers(db, scopeOf(caller), { ...q, companySysCode: q.companySysCode || undefined }, window);
  const use = await repo.paperUse(
    caller.ctx,
    db,
    rows.map((r) => r.id),
  );
  return { models: rows.map((r) => presentPaper(r, use.get(r.id)!)), totalCount: total };
}

export async function readPaper(caller: Caller, paperCode: string): Promise<PaperDetail> {
  const db = caller.ctx.db;
  const scope = scopeOf(caller);
  const paper = await repo.findPaper(db, scope, paperCode);
  if (!paper) throw appError('PAPER_NOT_FOUND');
  const [items, rules, use, dirs] = await Promise.all([
    repo.listPaperQuestions(db, paper.id),
    repo.listPaperRules(db, paper.id),
    repo.paperUse(caller.ctx, db, [paper.id]),
    questionRepo.listDirs(db, scope, paper.companySysCode),
  ]);
  const names = new Map(dirs.map((d) => [d.dirCode, d.dirName]));
  const byCode = new Map(
    (
      await questionRepo.questionsByCode(
        db,
        scope,
        items.map((i) => i.qCode),
      )
    ).map((q) => [q.qCode, q]),
  );
  const questions: PaperQuestionView[] = items.flatMap((it) => {
    const q = byCode.get(it.qCode);
    return q ? [{ ...presentQuestion(q, names), order: it.sortOrder, paperScore: it.score, deleted: !!q.deletedAt }] : [];
  });
  const pools = await rulePools(db, scope, paper.companySysCode, rules);
  const ruleViews: PaperRuleView[] = rules.map((r, i) => ({
    qType: r.qType,
    dirCode: r.dirCode,
    dirName: r.dirCode ? (names.get(r.dirCode) ?? '') : '全部题库',
    count: r.count,
    score: r.score,
    available: pools[i].length,
  }));
  return presentPaperDetail(presentPaper(paper, use.get(paper.id)!), questions, ruleViews);
}

/**
 * Checks a paper's content against the bank and computes its totals: fixed papers list live
 * questions of the company once each; random rules must find enough questions (refused with the numbers).
 */
async function planContent(db: DbOrTx, scope: TenantScope, company: string, input: PaperSaveInput) {
  if (input.paperType === PaperType.Fixed) {
    if (!input.questions.length) throw appError('PAPER_EMPTY');
    const seen = new Set<string>();
    for (const q of input.questions) {
      if (seen.has(q.qCode)) throw appErrorMsg('PAPER_DUPLICATE_QUESTION', ExamMsg.paperDuplicate(q.qCode));
      seen.add(q.qCode);
    }
    const found = new Map(
      (await questionRepo.questionsByCode(db, scope, [...seen])).filter((q) => q.companySysCode === company).map((q) => [q.qCode, q]),
    );
    const missing = input.questions.filter((q) => !found.has(q.qCode)).map((q) => q.qCode);
    if (missing.length) throw appErrorMsg('PAPER_QUESTION_MISSING', ExamMsg.paperQuestionMissing(missing.slice(0, 5).join('、')));
    const totals = paperTotals(input.questions.map((q) => ({ qType: found.get(q.qCode)!.qType, score: q.score })));
    return { items: input.questions, rules: [], totals };
  }
  if (!input.rules.length) throw appError('PAPER_EMPTY');
  const dirs = await questionRepo.listDirs(db, scope, company);
  for (const r of input.rules) if (r.dirCode && !dirs.some((d) => d.dirCode === r.dirCode)) throw appError('EXAM_DIR_NOT_FOUND');
  // the same question may satisfy two overlapping rules only once: count what is left per rule
  const pools = await rulePools(db, scope, company, input.rules);
  const taken = new Set<string>();
  for (const [i, r] of input.rules.entries()) {
    const left = pools[i].filter((c) => !taken.has(c));
    if (left.length < r.count) {
      const dirName = r.dirCode ? (dirs.find((d) => d.dirCode === r.dirCode)?.dirName ?? '') : '全部题库';
      throw appErrorMsg('PAPER_RULE_SHORT', ExamMsg.ruleShort(i + 1, Q_TYPE_LABELS[r.qType], dirName, r.count, left.length));
    }
    for (const c of left.slice(0, r.count)) taken.add(c);
  }
  return { items: [], rules: input.rules, totals: paperTotals(input.rules) };
}

export async function addPaper(caller: Caller, input: PaperSaveInput): Promise<{ paperCode: string }> {
  const scope = scopeOf(caller);
  return inTransaction(caller, async (tx) => {
    const company = await ownerCompany(tx, caller, input.companySysCode);
    const content = await planContent(tx, scope, company, input);
    const row = await repo.insertPaper(tx, caller.scope, {
      paperCode: newCode('P'),
      companySysCode: company,
      paperName: input.paperName,
      paperIntrduce: input.paperIntrduce,
      paperType: input.paperType,
      ...content.totals,
      createdAt: caller.now,
      updatedAt: caller.now,
      createdBy: requireActor(caller).userId,
    });
    await repo.replacePaperContent(tx, caller.scope, row.id, content.items, content.rules);
    await recordAudit(tx, caller, { action: 'paper.add', target: row.paperCode });
    return { paperCode: row.paperCode };
  });
}

/** Name and introduction may always change; questions and rules only until someone has begun. */
export async function updatePaper(caller: Caller, input: PaperSaveInput): Promise<void> {
  const scope = scopeOf(caller);
  await inTransaction(caller, async (tx) => {
    const paper = input.paperCode ? await repo.findPaper(tx, scope, input.paperCode) : undefined;
    if (!paper) throw appError('PAPER_NOT_FOUND');
    const locked = (await repo.paperUse(caller.ctx, tx, [paper.id])).get(paper.id)!.locked;
    if (locked) {
      const [items, rules] = await Promise.all([repo.listPaperQuestions(tx, paper.id), repo.listPaperRules(tx, paper.id)]);
      const same =
        input.paperType === paper.paperType &&
        JSON.stringify(items.map((i) => [i.qCode, i.score])) === JSON.stringify(input.questions.map((i) => [i.qCode, i.score])) &&
        JSON.stringify(rules.map((r) => [r.qType, r.dirCode, r.count, r.score])) ===
          JSON.stringify(input.rules.map((r) => [r.qType, r.dirCode, r.count, r.score]));
      if (!same) throw appError('PAPER_LOCKED');
      await repo.updatePaper(tx, caller.scope, paper.id, {
        paperName: input.paperName,
        paperIntrduce: input.paperIntrduce,
        updatedAt: caller.now,
      });
    } else {
      const content = await planContent(tx, scope, paper.companySysCode, input);
      await repo.updatePaper(tx, caller.scope, paper.id, {
        paperName: input.paperName,
        paperIntrduce: input.paperIntrduce,
        paperType: input.paperType,
        ...content.totals,
        updatedAt: caller.now,
      });
      await repo.replacePaperContent(tx, caller.scope, paper.id, content.items, content.rules);
    }
    await recordAudit(tx, caller, { action: 'paper.update', target: paper.paperCode });
  });
}

export async function deletePaper(caller: Caller, paperCode: string): Promise<void> {
  await inTransaction(caller, async (tx) => {
    const paper = await repo.findPaper(tx, scopeOf(caller), paperCode);
    if (!paper) throw appError('PAPER_NOT_FOUND');
    authorize(caller, 'deletePaper', { ...paper, examCount: (await repo.paperUse(caller.ctx, tx, [paper.id])).get(paper.id)!.examCount });
    await repo.deletePaper(tx, caller.scope, paper.id);
    await recordAudit(tx, caller, {
      action: 'paper.delete',
      target: paperCode,
      detail: { name: paper.paperName },
    });
  });
}

/**
 * Preview: the paper as a learner would see it, with answers for the author. A random paper
 * shows one sample draw (seeded by the request) so the author sees what a learner might get.
 */
export async function previewPaper(caller: Caller, paperCode: string, seed: number) {
  const db = caller.ctx.db;
  const scope = scopeOf(caller);
  const paper = await repo.findPaper(db, scope, paperCode);
  if (!paper) throw appError('PAPER_NOT_FOUND');
  const drawn = await drawAttemptQuestions(db, paper, seed);
  const use = (await repo.paperUse(caller.ctx, db, [paper.id])).get(paper.id)!;
  return { ...presentPaper(paper, use), seed, questions: drawn };
}
