import { drawQuestions, filledOptions, OPTION_LETTERS, PaperType, seededRandom, seededShuffle } from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { PLATFORM_WIDE, type TenantScope } from '../../../platform/scope.ts';
import { examError } from '../errors.ts';
import * as questionRepo from '../questions/questions.repository.ts';
import { dirSubtree } from '../questions/questions.service.ts';
import * as repo from './papers.repository.ts';

/** One question as an attempt holds it: a frozen copy (ADR 0007), in the attempt's order. */
export interface AttemptQuestion {
  qCode: string;
  qVersion: number;
  order: number;
  qType: number;
  qName: string;
  /** option texts A… as this attempt shows them */
  options: string[];
  /** the answer key in this attempt's letters */
  answer: string;
  analysis: string;
  difficulty: number;
  score: number;
}

/** Live question codes each rule draws from (its type within the directory and below). */
export async function rulePools(
  db: DbOrTx,
  scope: TenantScope,
  company: string,
  rules: { qType: number; dirCode: string }[],
): Promise<string[][]> {
  const dirs = await questionRepo.listDirs(db, scope, company);
  return Promise.all(
    rules.map((r) =>
      questionRepo.questionCodes(db, scope, {
        companySysCode: company,
        qType: r.qType,
        dirCodes: r.dirCode ? dirSubtree(dirs, r.dirCode) : undefined,
      }),
    ),
  );
}

/**
 * Every question code the papers can give an attempt: a fixed paper's list, a random paper's rule
 * pools (live questions of each rule's type in its directory and below). Exam taking hides the
 * keys of these questions from a learner who can still take an exam on one of these papers
 * (ADR 0036 §5).
 */
export async function questionsOfPapers(db: DbOrTx, paperIds: number[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const paper of (await repo.papersById(db, [...new Set(paperIds)])).values()) {
    if (paper.paperType === PaperType.Fixed) {
      for (const q of await repo.listPaperQuestions(db, paper.id)) out.add(q.qCode);
      continue;
    }
    const rules = await repo.listPaperRules(db, paper.id);
    for (const pool of await rulePools(db, PLATFORM_WIDE, paper.companySysCode, rules)) for (const code of pool) out.add(code);
  }
  return out;
}

/** Reorders a choice question's options and maps its answer letters to the new order. */
function shuffleOptions(q: AttemptQuestion, random: () => number): AttemptQuestion {
  if (q.qType !== 1 && q.qType !== 2) return q;
  const order = seededShuffle(
    q.options.map((_, i) => i),
    random,
  );
  const options = order.map((i) => q.options[i]);
  const letterOf = (oldIndex: number) => OPTION_LETTERS[order.indexOf(oldIndex)];
  const answer = [...q.answer]
    .map((l) => letterOf(OPTION_LETTERS.indexOf(l)))
    .sort()
    .join('');
  return { ...q, options, answer };
}

/**
 * The questions an attempt gets, from the paper and a seed stored with the attempt: a fixed
 * paper's list (questions deleted from the bank since stay), or each random rule's draw; then the
 * exam's question and option shuffles. The same paper, bank and seed give the same result.
 * Exam taking (issue 14) calls this once at begin and stores the copy.
 */
export async function drawAttemptQuestions(
  db: DbOrTx,
  paper: repo.PaperRow,
  seed: number,
  opts: { shuffleQuestions?: boolean; shuffleOptions?: boolean } = {},
): Promise<AttemptQuestion[]> {
  const scope: TenantScope = PLATFORM_WIDE;
  let picked: { qCode: string; score: number }[];
  if (paper.paperType === PaperType.Fixed) {
    picked = (await repo.listPaperQuestions(db, paper.id)).map((i) => ({ qCode: i.qCode, score: i.score }));
  } else {
    const rules = await repo.listPaperRules(db, paper.id);
    const drawn = drawQuestions(rules, await rulePools(db, scope, paper.companySysCode, rules), seed);
    if (!drawn.ok) throw examError('PAPER_RULE_SHORT', drawn.error);
    picked = drawn.value.map((d) => ({ qCode: d.qCode, score: d.rule.score }));
  }
  const rows = new Map(
    (
      await questionRepo.questionsByCode(
        db,
        scope,
        picked.map((p) => p.qCode),
      )
    )
      .filter((q) => q.companySysCode === paper.companySysCode)
      .map((q) => [q.qCode, q]),
  );
  let out: AttemptQuestion[] = picked.flatMap((p) => {
    const q = rows.get(p.qCode);
    if (!q) return [];
    return [
      {
        qCode: q.qCode,
        qVersion: q.version,
        order: 0,
        qType: q.qType,
        qName: q.qName,
        options: filledOptions(q),
        answer: q.answer,
        analysis: q.analysis,
        difficulty: q.difficulty,
        score: p.score,
      },
    ];
  });
  // a second stream for the shuffles, so switching them on does not change which questions are drawn
  const random = seededRandom(seed ^ 0x5bd1e995);
  if (opts.shuffleQuestions) out = seededShuffle(out, random);
  if (opts.shuffleOptions) out = out.map((q) => shuffleOptions(q, random));
  return out.map((q, i) => ({ ...q, order: i + 1 }));
}
