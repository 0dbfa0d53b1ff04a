import { drawQuestions, filledOptions, type PaperPreviewQuestion, PaperType, seededRandom, seededShuffle } from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { appErrorMsg } from '../../../platform/errors.ts';
import { PLATFORM_WIDE, type TenantScope } from '../../../platform/scope.ts';
import * as questionRepo from '../questions/questions.repository.ts';
import { dirSubtree } from '../questions/questions.service.ts';
import * as repo from './papers.repository.ts';

/**
 * One question as an attempt holds it: a frozen copy (ADR 0007) in the paper's order, with the
 * paper's options and key, and how this attempt shows it (ADR 0040): what a paper's preview shows
 * of each question (the contract's `PaperPreviewQuestion`).
 */
export type AttemptQuestion = PaperPreviewQuestion;

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
 * The order a choice question's options are shown in: the paper's option indices, shuffled.
 * True/false keeps 正确/错误, fill-in and short answers have no options (ADR 0040).
 */
function shuffledOptionOrder(q: AttemptQuestion, random: () => number): number[] {
  if (q.qType !== 1 && q.qType !== 2) return [];
  return seededShuffle(
    q.options.map((_, i) => i),
    random,
  );
}

function withOptionOrders(out: AttemptQuestion[], random: () => number): AttemptQuestion[] {
  // drawn in the order shown, as before 0040, so one seed gives the same letters it always gave
  const byShow = [...out].sort((a, b) => a.showOrder - b.showOrder);
  const orders = new Map(byShow.map((q) => [q.qCode, shuffledOptionOrder(q, random)]));
  return out.map((q) => ({ ...q, optionOrder: orders.get(q.qCode) ?? [] }));
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
  return (await drawAttemptQuestionsMany(db, paper, [seed], opts))[0] ?? [];
}

/**
 * {@link drawAttemptQuestions} for several attempts of one paper at once (the begins of one exam
 * written together, ADR 0048): the paper, its rules, their pools and the drawn questions are read
 * once, each seed draws as it would alone.
 */
export async function drawAttemptQuestionsMany(
  db: DbOrTx,
  paper: repo.PaperRow,
  seeds: number[],
  opts: { shuffleQuestions?: boolean; shuffleOptions?: boolean } = {},
): Promise<AttemptQuestion[][]> {
  if (!seeds.length) return [];
  const scope: TenantScope = PLATFORM_WIDE;
  let pickedBySeed: { qCode: string; score: number }[][];
  if (paper.paperType === PaperType.Fixed) {
    const fixed = (await repo.listPaperQuestions(db, paper.id)).map((i) => ({ qCode: i.qCode, score: i.score }));
    pickedBySeed = seeds.map(() => fixed);
  } else {
    const rules = await repo.listPaperRules(db, paper.id);
    const pools = await rulePools(db, scope, paper.companySysCode, rules);
    pickedBySeed = seeds.map((seed) => {
      const drawn = drawQuestions(rules, pools, seed);
      if (!drawn.ok) throw appErrorMsg('PAPER_RULE_SHORT', drawn.error);
      return drawn.value.map((d) => ({ qCode: d.qCode, score: d.rule.score }));
    });
  }
  const codes = [...new Set(pickedBySeed.flatMap((picked) => picked.map((p) => p.qCode)))];
  const rows = new Map(
    (await questionRepo.questionsByCode(db, scope, codes))
      .filter((q) => q.companySysCode === paper.companySysCode)
      .map((q) => [q.qCode, q]),
  );
  return seeds.map((seed, n) => drawnCopy(rows, pickedBySeed[n] ?? [], seed, opts));
}

/**
 * The questions of new attempts of an exam, one list per seed (exam taking stores them, ADR 0049):
 * the exam's paper is read and drawn from once, with the exam's shuffles.
 */
export async function drawExamAttempts(
  db: DbOrTx,
  exam: { paperId: number; examCode: string; isShuffleQuestion: number; isShuffleOption: number },
  seeds: number[],
): Promise<AttemptQuestion[][]> {
  const paper = (await repo.papersById(db, [exam.paperId])).get(exam.paperId);
  if (!paper) throw new Error(`paper ${exam.paperId} of exam ${exam.examCode} is missing`);
  return drawAttemptQuestionsMany(db, paper, seeds, {
    shuffleQuestions: exam.isShuffleQuestion === 1,
    shuffleOptions: exam.isShuffleOption === 1,
  });
}

type BankRow = Awaited<ReturnType<typeof questionRepo.questionsByCode>>[number];

function drawnCopy(
  rows: Map<string, BankRow>,
  picked: { qCode: string; score: number }[],
  seed: number,
  opts: { shuffleQuestions?: boolean; shuffleOptions?: boolean },
): AttemptQuestion[] {
  let out: AttemptQuestion[] = picked.flatMap((p) => {
    const q = rows.get(p.qCode);
    if (!q) return [];
    return [
      {
        qCode: q.qCode,
        qVersion: q.version,
        order: 0,
        showOrder: 0,
        optionOrder: [],
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
  out = out.map((q, i) => ({ ...q, order: i + 1, showOrder: i + 1 }));
  // a second stream for the shuffles, so switching them on does not change which questions are
  // drawn; the shuffles only say how the attempt shows the paper (ADR 0040), never change it
  const random = seededRandom(seed ^ 0x5bd1e995);
  if (opts.shuffleQuestions) {
    const shown = seededShuffle(out, random);
    const at = new Map(shown.map((q, i) => [q.qCode, i + 1]));
    out = out.map((q) => ({ ...q, showOrder: at.get(q.qCode) ?? q.order }));
  }
  if (opts.shuffleOptions) out = withOptionOrders(out, random);
  return out;
}
