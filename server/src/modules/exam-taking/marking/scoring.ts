import { countBlanks, OPTION_LETTERS, parseBlankAnswer, QType } from '@xuetu/contract';

/**
 * Automatic marking of one question (issue 14, ADR 0036 §3). Pure so the rules can be tested
 * alone. `answer` is the attempt's key (in the attempt's option letters), `given` the learner's
 * stored answer. Short answers are not marked here (null: the marker queue decides).
 */
export interface Marked {
  scoreGot: number;
  /** 1 full marks */
  isPass: number;
}

/** Scores carry two decimals; a partial score is rounded down so parts never add up to more than the whole. */
const floor2 = (n: number) => Math.floor(n * 100 + 1e-6) / 100;

/**
 * Fill-in comparison: trim, NFKC (full-width letters, digits and punctuation become half-width),
 * lower case, runs of white space as one space.
 */
export function normalizeBlank(text: string): string {
  return text.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
}

export function markQuestion(
  q: { qType: number; answer: string; score: number },
  given: string | null,
  partialCredit: boolean,
): Marked | null {
  const none: Marked = { scoreGot: 0, isPass: 0 };
  const full: Marked = { scoreGot: q.score, isPass: 1 };
  if (q.qType === QType.Essay) return null;
  if (given === null || given === '') return none;
  switch (q.qType) {
    case QType.Single:
    case QType.Judge:
      return given === q.answer ? full : none;
    case QType.Multiple: {
      if (given === q.answer) return full;
      if (!partialCredit) return none;
      // partial credit: no wrong letter chosen, and the share of the right letters found
      const key = new Set(q.answer);
      const chosen = [...new Set(given)];
      if (chosen.some((l) => !key.has(l))) return none;
      return { scoreGot: floor2((q.score * chosen.length) / key.size), isPass: 0 };
    }
    case QType.Blank: {
      const key = parseBlankAnswer(q.answer) ?? [];
      const got = parseBlankAnswer(given) ?? [];
      if (!key.length) return none;
      let right = 0;
      key.forEach((entry, i) => {
        const alternatives = entry.split('|').map(normalizeBlank);
        if (got[i] !== undefined && got[i] !== '' && alternatives.includes(normalizeBlank(got[i]))) right++;
      });
      if (right === key.length) return full;
      return { scoreGot: floor2((q.score * right) / key.length), isPass: 0 };
    }
    default:
      return none;
  }
}

export type AnswerCheck =
  | { ok: true; value: string }
  | { ok: false; code: 'ANSWER_OPTION_INVALID' | 'ANSWER_BLANK_COUNT' | 'ANSWER_FORMAT' };

/**
 * The stored form of a learner's answer, or why it cannot be stored. Unlike the bank's answer
 * format an answer may be empty ('' clears it) and a fill-in may leave blanks empty.
 */
export function normalizeGiven(
  q: { qType: number; qName: string; optionCount: number },
  answer: string | string[] | null | undefined,
): AnswerCheck {
  if (answer === null || answer === undefined || answer === '') return { ok: true, value: '' };
  if (q.qType === QType.Blank) {
    if (!Array.isArray(answer)) {
      const parsed = typeof answer === 'string' ? parseBlankAnswer(answer) : null;
      if (!parsed) return { ok: false, code: 'ANSWER_FORMAT' };
      answer = parsed;
    }
    if (answer.length !== countBlanks(q.qName)) return { ok: false, code: 'ANSWER_BLANK_COUNT' };
    const trimmed = answer.map((a) => a.trim());
    return { ok: true, value: trimmed.every((a) => a === '') ? '' : JSON.stringify(trimmed) };
  }
  if (Array.isArray(answer)) return { ok: false, code: 'ANSWER_FORMAT' };
  if (q.qType === QType.Essay) return { ok: true, value: answer.trim() };
  const letters = [...answer.toUpperCase().replace(/[\s,，、]/g, '')];
  const optionCount = q.qType === QType.Judge ? 2 : q.optionCount;
  const valid = OPTION_LETTERS.slice(0, optionCount);
  if (letters.some((l) => !valid.includes(l))) return { ok: false, code: 'ANSWER_OPTION_INVALID' };
  if (q.qType === QType.Multiple) return { ok: true, value: [...new Set(letters)].sort().join('') };
  if (letters.length > 1) return { ok: false, code: 'ANSWER_FORMAT' };
  return { ok: true, value: letters[0] ?? '' };
}

/** The stored answer as the wire carries it: an array for fill-in, text otherwise. */
export function givenToWire(qType: number, stored: string | null): string | string[] {
  if (!stored) return qType === QType.Blank ? [] : '';
  if (qType === QType.Blank) return parseBlankAnswer(stored) ?? [];
  return stored;
}

/** Adds scores in hundredths (no 0.1 + 0.2 drift). */
export function sumScores(scores: (number | null)[]): number {
  return Math.round(scores.reduce<number>((s, n) => s + Math.round((n ?? 0) * 100), 0)) / 100;
}
