import { OPTION_LETTERS, QType } from '@xuetu/contract';

/**
 * How one attempt shows its questions (ADR 0040). The attempt stores the paper's options, key and
 * answers; a shuffled attempt also stores the order it shows the options in (`option_order`: the
 * paper's option indices in the order shown). Only the server maps between the two: answers come
 * in as the page's letters and are stored as the paper's, and whatever goes back to the learner
 * (the page, the result) is in the page's letters. Scoring, marking, statistics and exports read
 * the stored rows and never see a learner's own letters.
 */

/** The stored option order: [] for the paper's own order. */
export function parseOptionOrder(stored: string | null | undefined): number[] {
  if (!stored) return [];
  return stored.split(',').map(Number);
}

const choice = (qType: number) => qType === QType.Single || qType === QType.Multiple;

/** The option texts in the order this attempt shows them. */
export function shownOptions(options: string[], order: number[]): string[] {
  if (!order.length) return options;
  return order.map((i) => options[i] ?? '');
}

/** A letter answer (or key) in the paper's letters, as this attempt shows it. */
export function toShownLetters(qType: number, order: number[], paperLetters: string): string {
  if (!order.length || !choice(qType) || !paperLetters) return paperLetters;
  return [...paperLetters]
    .map((l) => OPTION_LETTERS[order.indexOf(OPTION_LETTERS.indexOf(l))] ?? '')
    .sort()
    .join('');
}

/** A letter answer the learner gave on the page, in the paper's letters (what is stored and scored). */
export function toPaperLetters(qType: number, order: number[], shownLetters: string): string {
  if (!order.length || !choice(qType) || !shownLetters) return shownLetters;
  return [...shownLetters]
    .map((l) => OPTION_LETTERS[order[OPTION_LETTERS.indexOf(l)] ?? -1] ?? '')
    .sort()
    .join('');
}

/**
 * The attempt's questions in the order this attempt shows them: grouped by type (单选题, 多选题,
 * 判断题, 填空题, 简答题, as the exam page and the result draw them), and within a type by the
 * stored show_order (the question shuffle), else the paper's. The page, the answer sheet and the
 * result number questions by this order, so numbers run 1, 2, 3 … down the page (issue 38 item 12:
 * a shuffle across types made 单选题 read 3, 8, 10 …).
 */
export function inShownOrder<T extends { qType: number; sortOrder: number; showOrder: number | null }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => a.qType - b.qType || (a.showOrder ?? a.sortOrder) - (b.showOrder ?? b.sortOrder));
}
