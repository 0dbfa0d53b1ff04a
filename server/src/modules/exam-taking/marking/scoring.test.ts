import { describe, expect, it } from 'vitest';
import { markQuestion, normalizeBlank, normalizeGiven } from './scoring.ts';

// Automatic marking of every type, fill-in normalisation and the partial-credit rule (ADR 0036 §3).
describe('markQuestion', () => {
  const single = { qType: 1, answer: 'B', score: 10 };
  const multi = { qType: 2, answer: 'ABD', score: 20 };
  const judge = { qType: 3, answer: 'A', score: 5 };
  const blank = { qType: 4, answer: JSON.stringify(['北京|北京市', '1949', 'HTTP']), score: 9 };

  it('single and true/false are exact; empty scores nothing', () => {
    expect(markQuestion(single, 'B', false)).toEqual({ scoreGot: 10, isPass: 1 });
    expect(markQuestion(single, 'C', false)).toEqual({ scoreGot: 0, isPass: 0 });
    expect(markQuestion(single, '', false)).toEqual({ scoreGot: 0, isPass: 0 });
    expect(markQuestion(judge, 'A', false)).toEqual({ scoreGot: 5, isPass: 1 });
    expect(markQuestion(judge, 'B', true)).toEqual({ scoreGot: 0, isPass: 0 });
  });

  it('multiple is all-or-nothing without partial credit', () => {
    expect(markQuestion(multi, 'ABD', false)).toEqual({ scoreGot: 20, isPass: 1 });
    expect(markQuestion(multi, 'AB', false)).toEqual({ scoreGot: 0, isPass: 0 });
  });

  it('partial credit: the share of right letters, nothing when a wrong letter is chosen, rounded down', () => {
    expect(markQuestion(multi, 'AB', true)).toEqual({ scoreGot: 13.33, isPass: 0 });
    expect(markQuestion(multi, 'D', true)).toEqual({ scoreGot: 6.66, isPass: 0 });
    expect(markQuestion(multi, 'ABC', true)).toEqual({ scoreGot: 0, isPass: 0 });
    expect(markQuestion(multi, 'ABD', true)).toEqual({ scoreGot: 20, isPass: 1 });
  });

  it('fill-in: per blank against the alternatives, normalised, score split over the blanks', () => {
    expect(markQuestion(blank, JSON.stringify(['北京市', '１９４９', ' http ']), false)).toEqual({ scoreGot: 9, isPass: 1 });
    expect(markQuestion(blank, JSON.stringify(['上海', '1949', 'Http']), false)).toEqual({ scoreGot: 6, isPass: 0 });
    expect(markQuestion(blank, JSON.stringify(['', '', 'HTTP']), false)).toEqual({ scoreGot: 3, isPass: 0 });
    expect(markQuestion({ ...blank, score: 10 }, JSON.stringify(['北京', '', '']), false)).toEqual({ scoreGot: 3.33, isPass: 0 });
  });

  it('short answers are left to the marker', () => {
    expect(markQuestion({ qType: 5, answer: '要点', score: 10 }, '要点', false)).toBeNull();
  });

  it('normalizeBlank folds width, case and spaces', () => {
    expect(normalizeBlank('  ＡＢｃ　 1 ')).toBe('abc 1');
  });
});

describe('normalizeGiven', () => {
  const q = (qType: number, qName = '题', optionCount = 4) => ({ qType, qName, optionCount });
  it('stores letters sorted and checks them against the options', () => {
    expect(normalizeGiven(q(2), 'd, a')).toEqual({ ok: true, value: 'AD' });
    expect(normalizeGiven(q(1), 'E')).toEqual({ ok: false, code: 'ANSWER_OPTION_INVALID' });
    expect(normalizeGiven(q(1), 'AB')).toEqual({ ok: false, code: 'ANSWER_FORMAT' });
    expect(normalizeGiven(q(3, '判断', 0), 'C')).toEqual({ ok: false, code: 'ANSWER_OPTION_INVALID' });
    expect(normalizeGiven(q(1), '')).toEqual({ ok: true, value: '' });
  });
  it('fill-in needs one entry per blank and keeps empty blanks', () => {
    expect(normalizeGiven(q(4, '（）和（）'), ['a', ''])).toEqual({ ok: true, value: '["a",""]' });
    expect(normalizeGiven(q(4, '（）和（）'), ['a'])).toEqual({ ok: false, code: 'ANSWER_BLANK_COUNT' });
    expect(normalizeGiven(q(4, '（）和（）'), 'a')).toEqual({ ok: false, code: 'ANSWER_FORMAT' });
    expect(normalizeGiven(q(1), ['A'])).toEqual({ ok: false, code: 'ANSWER_FORMAT' });
  });
});
