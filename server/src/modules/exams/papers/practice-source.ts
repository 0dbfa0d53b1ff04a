import { filledOptions, PaperType, PracticeSource } from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { PLATFORM_WIDE, type TenantScope } from '../../../platform/scope.ts';
import * as questionRepo from '../questions/questions.repository.ts';
import { dirSubtree } from '../questions/questions.service.ts';
import { rulePools } from './draw.ts';
import * as repo from './papers.repository.ts';

// What practice (exam taking's, ADR 0043) reads of the bank: the questions a directory or a paper
// gives, and bank questions by code with their key (exam taking marks and shows it server-side).

/** The directory of the demo practice's questions (the other company's; seeded by exams, opened as practice by exam taking). */
export const DEMO_PRACTICE_DIR = '日常练习';

export interface PracticeSourceQuestions {
  /** the directory's or paper's name */
  name: string;
  /** live question codes in a stable order: the paper's order; a directory's (and a random paper's pools') by directory, type, id */
  qCodes: string[];
  /** those questions, with their key, by code (read with the codes: no second read for the one asked) */
  questions: Map<string, BankQuestion>;
}

/**
 * The questions a practice source gives now, or undefined when the directory or paper is missing
 * (or another company's): a directory and the directories below it; a fixed paper's list; a
 * random paper's rule pools (every question its rules can draw).
 */
export async function practiceSourceQuestions(
  db: DbOrTx,
  scope: TenantScope,
  company: string,
  kind: number,
  code: string,
): Promise<PracticeSourceQuestions | undefined> {
  if (kind === PracticeSource.Dir) {
    const dirs = await questionRepo.listDirs(db, scope, company);
    const dir = dirs.find((d) => d.dirCode === code);
    if (!dir) return undefined;
    const rows = await questionRepo.listQuestions(db, scope, { companySysCode: company, dirCodes: dirSubtree(dirs, code) });
    return { name: dir.dirName, qCodes: rows.map((r) => r.qCode), questions: new Map(rows.map((q) => [q.qCode, asBankQuestion(q)])) };
  }
  const paper = await repo.findPaper(db, scope, code);
  if (!paper || paper.companySysCode !== company) return undefined;
  let codes: string[];
  if (paper.paperType === PaperType.Fixed) codes = (await repo.listPaperQuestions(db, paper.id)).map((q) => q.qCode);
  else codes = [...new Set((await rulePools(db, scope, company, await repo.listPaperRules(db, paper.id))).flat())];
  const live = new Map((await questionRepo.questionsByCode(db, scope, codes, { live: true })).map((q) => [q.qCode, asBankQuestion(q)]));
  return { name: paper.paperName, qCodes: codes.filter((c) => live.has(c)), questions: live };
}

/** A practice source's name and live question count, as a practice list shows it. */
export interface PracticeSourceSummary {
  name: string;
  count: number;
}

export const practiceSourceKey = (kind: number, code: string) => `${kind}:${code}`;

/**
 * The name and question count of each source of a company's practices (by practiceSourceKey;
 * a missing directory or paper absent), as practiceSourceQuestions gives them but without
 * reading the questions: the directories and one count per directory for every directory
 * source, each distinct paper once (issue 39 item 6: a page of 20 practices read every
 * question of every row's directory, 2 statements a row).
 */
export async function practiceSourceSummaries(
  db: DbOrTx,
  scope: TenantScope,
  company: string,
  sources: { kind: number; code: string }[],
): Promise<Map<string, PracticeSourceSummary>> {
  const out = new Map<string, PracticeSourceSummary>();
  const dirCodes = new Set(sources.filter((s) => s.kind === PracticeSource.Dir).map((s) => s.code));
  if (dirCodes.size) {
    const [dirs, counts] = await Promise.all([
      questionRepo.listDirs(db, scope, company),
      questionRepo.countQuestionsByDir(db, scope, company),
    ]);
    for (const code of dirCodes) {
      const dir = dirs.find((d) => d.dirCode === code);
      // a question is in one directory: the subtree's count is the sum of its directories'
      const count = dirSubtree(dirs, code).reduce((n, c) => n + (counts.get(c) ?? 0), 0);
      if (dir) out.set(practiceSourceKey(PracticeSource.Dir, code), { name: dir.dirName, count });
    }
  }
  const paperCodes = new Set(sources.filter((s) => s.kind === PracticeSource.Paper).map((s) => s.code));
  for (const code of paperCodes) {
    const source = await practiceSourceQuestions(db, scope, company, PracticeSource.Paper, code);
    if (source) out.set(practiceSourceKey(PracticeSource.Paper, code), { name: source.name, count: source.qCodes.length });
  }
  return out;
}

export interface BankQuestion {
  qCode: string;
  companySysCode: string;
  qType: number;
  qName: string;
  /** option texts A… */
  options: string[];
  answer: string;
  analysis: string;
}

const asBankQuestion = (q: questionRepo.QuestionRow): BankQuestion => ({
  qCode: q.qCode,
  companySysCode: q.companySysCode,
  qType: q.qType,
  qName: q.qName,
  options: filledOptions(q),
  answer: q.answer,
  analysis: q.analysis,
});

/** Bank questions by code (deleted ones included: a 错题本 entry keeps its question). */
export async function bankQuestions(db: DbOrTx, scope: TenantScope, qCodes: string[]): Promise<Map<string, BankQuestion>> {
  const rows = await questionRepo.questionsByCode(db, scope, [...new Set(qCodes)]);
  return new Map(rows.map((q) => [q.qCode, asBankQuestion(q)]));
}

/** A company's question directory by name (the demo practice seed finds its bank so). */
export async function questionDirCode(db: DbOrTx, company: string, name: string): Promise<string | undefined> {
  return (await questionRepo.listDirs(db, PLATFORM_WIDE, company)).find((d) => d.dirName === name)?.dirCode;
}
