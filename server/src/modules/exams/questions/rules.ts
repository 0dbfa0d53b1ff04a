import { AnswerMsg, ExamMsg, normalizeAnswer, normalizeOptions, OPTION_KEYS, type OptionKey, Q_TYPES } from '@xuetu/contract';
import { sanitizeRichHtml } from '../../../platform/sanitize-html.ts';

export interface QuestionFields {
  qType: number;
  qName: string;
  options: Partial<Record<OptionKey, string>>;
  answer: unknown;
  analysis: string;
  difficulty: number;
  score: number;
}

export interface CheckedQuestion {
  qType: number;
  qName: string;
  options: Record<OptionKey, string>;
  answer: string;
  analysis: string;
  difficulty: number;
  score: number;
}

/** A checked question's columns as the questions table stores them (the options spread into a–i). */
export const questionColumns = (v: CheckedQuestion) => ({
  qType: v.qType,
  qName: v.qName,
  ...v.options,
  answer: v.answer,
  analysis: v.analysis,
  difficulty: v.difficulty,
  score: v.score,
});

/** Which column a problem belongs to (the import lists it with the row). */
export type QuestionProblem = { field: 'qType' | 'qName' | 'options' | 'answer' | 'difficulty' | 'score'; message: string };

/**
 * Every rule a question must meet, in one place for the editor's save and the import: type,
 * stem (sanitised like notices), options per type, answer format, difficulty and score.
 */
export function checkQuestion(q: QuestionFields): { ok: true; value: CheckedQuestion } | { ok: false; problems: QuestionProblem[] } {
  const problems: QuestionProblem[] = [];
  if (!(Q_TYPES as readonly number[]).includes(q.qType))
    return { ok: false, problems: [{ field: 'qType', message: AnswerMsg.typeInvalid }] };
  const qName = sanitizeRichHtml(q.qName.trim());
  if (!qName.trim()) problems.push({ field: 'qName', message: ExamMsg.stemRequired });
  const options = normalizeOptions(q.qType, q.options);
  if (!options.ok) problems.push({ field: 'options', message: options.error });
  const answer = normalizeAnswer({ qType: q.qType, qName, optionCount: options.ok ? options.value.length : 0 }, q.answer);
  if (options.ok && !answer.ok) problems.push({ field: 'answer', message: answer.error });
  if (!Number.isInteger(q.difficulty) || q.difficulty < 1 || q.difficulty > 5)
    problems.push({ field: 'difficulty', message: ExamMsg.difficultyRange });
  if (!Number.isFinite(q.score) || q.score < 0.5 || q.score > 1000) problems.push({ field: 'score', message: ExamMsg.scoreRange });
  if (problems.length || !options.ok || !answer.ok) return { ok: false, problems };
  const stored = Object.fromEntries(OPTION_KEYS.map((k, i) => [k, options.value[i] ?? ''])) as Record<OptionKey, string>;
  return {
    ok: true,
    value: {
      qType: q.qType,
      qName,
      options: stored,
      answer: answer.value,
      analysis: sanitizeRichHtml(q.analysis.trim()),
      difficulty: q.difficulty,
      score: Math.round(q.score * 100) / 100,
    },
  };
}
