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

/** The attempt's questions in the order this attempt shows them (a stored show_order, else the paper's). */
export function inShownOrder<T extends { sortOrder: number; showOrder: number | null }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => (a.showOrder ?? a.sortOrder) - (b.showOrder ?? b.sortOrder));
}
