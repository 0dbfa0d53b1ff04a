import { type AnswerHidden, countBlanks, OPTION_KEYS, type PracticeFeedback, type PracticeQuestionView, QType } from '@xuetu/contract';
import type { Caller } from '../../../platform/caller.ts';
import { appError } from '../../../platform/errors.ts';
import type { BankQuestion } from '../../exams/public.ts';
import { heldExcept, questionHolds } from '../marking/answer-review.ts';
import { givenToWire, markQuestion, normalizeGiven } from '../marking/scoring.ts';

// What practice and the 错题本 show of a question: never its key before an answer; after one,
// the key, the analysis and right or wrong unless the learner can still answer the question in an
// exam (the one rule of answer-review.ts, the same a result follows).

export type Answer = string | string[] | null | undefined;

/** The questions (of `qCodes`) whose key and marks practice may not show the learner now, with why. */
export async function practiceHidden(caller: Caller, userId: number, qCodes: string[]): Promise<Map<string, AnswerHidden>> {
  return heldExcept(await questionHolds(caller, userId, qCodes));
}

export function questionView(q: BankQuestion): PracticeQuestionView {
  const view = { qCode: q.qCode, qType: q.qType, qName: q.qName, blankCount: q.qType === QType.Blank ? countBlanks(q.qName) : 0 };
  const options = Object.fromEntries(OPTION_KEYS.map((k, i) => [k, q.options[i] ?? '']));
  return { ...view, ...options } as PracticeQuestionView;
}

/** The stored form of an answer, or the reason it is refused (nothing changes). */
export function checkedAnswer(q: BankQuestion, answer: Answer): string {
  const checked = normalizeGiven({ qType: q.qType, qName: q.qName, optionCount: q.options.length }, answer);
  if (!checked.ok) throw appError(checked.code);
  if (checked.value === '') throw appError('PRACTICE_ANSWER_REQUIRED');
  return checked.value;
}

/** Whether a stored answer is right (practice marks as an exam does, a question worth 1); null: a short answer, never marked. */
export function isRightAnswer(q: BankQuestion, given: string): boolean | null {
  const marked = markQuestion({ qType: q.qType, answer: q.answer, score: 1 }, given, false);
  return marked ? marked.isPass === 1 : null;
}

/** An unmarked answer waits for its key (待公布) unless it is a short answer, which practice never marks. */
export const awaitsKey = (q: BankQuestion | undefined, isRight: number | null | undefined) =>
  isRight === null && q !== undefined && q.qType !== QType.Essay;

/** Marks one answer and tells the feedback, unless the key is hidden (then neither right nor wrong is told). */
export async function feedbackFor(
  caller: Caller,
  userId: number,
  q: BankQuestion,
  given: string,
): Promise<Pick<PracticeFeedback, 'qCode' | 'isRight' | 'rightAnswer' | 'analysis' | 'hidden'>> {
  const hidden: AnswerHidden | '' = (await practiceHidden(caller, userId, [q.qCode])).get(q.qCode) ?? '';
  return {
    qCode: q.qCode,
    isRight: hidden ? null : isRightAnswer(q, given),
    rightAnswer: hidden ? null : givenToWire(q.qType, q.answer),
    analysis: hidden ? null : q.analysis,
    hidden,
  };
}
