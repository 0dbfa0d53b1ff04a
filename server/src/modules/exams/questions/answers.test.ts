import { countBlanks, drawQuestions, normalizeAnswer, normalizeOptions, paperTotals } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';

// The one answer format (issue 12): bank, import and saved answers all go through these.
const q = (qType: number, optionCount = 4, qName = '题干') => ({ qType, qName, optionCount });
const okValue = (r: ReturnType<typeof normalizeAnswer>) => (r.ok ? r.value : `ERR ${r.error}`);

describe('answer format per type', () => {
  it('single choice: one letter inside the options', () => {
    expect(okValue(normalizeAnswer(q(1), 'b'))).toBe('B');
    expect(normalizeAnswer(q(1), 'AB').ok).toBe(false);
    expect(okValue(normalizeAnswer(q(1, 3), 'D'))).toBe('ERR 答案 D 超出了选项范围（A-C）');
    expect(okValue(normalizeAnswer(q(1), ''))).toBe('ERR 请填写答案');
    expect(normalizeAnswer(q(1), '1').ok).toBe(false);
  });

  it('multiple choice: letters stored sorted, no repeats, inside the options', () => {
    expect(okValue(normalizeAnswer(q(2, 5), 'dba'))).toBe('ABD');
    expect(okValue(normalizeAnswer(q(2, 5), 'D, A'))).toBe('AD');
    expect(normalizeAnswer(q(2), 'AAB').ok).toBe(false);
    expect(okValue(normalizeAnswer(q(2, 4), 'ABE'))).toBe('ERR 答案 E 超出了选项范围（A-D）');
  });

  it('true/false: A or B (正确 / 错误 accepted)', () => {
    expect(okValue(normalizeAnswer(q(3, 2), 'a'))).toBe('A');
    expect(okValue(normalizeAnswer(q(3, 2), '错误'))).toBe('B');
    expect(normalizeAnswer(q(3, 2), 'C').ok).toBe(false);
  });

  it('fill-in: one entry per blank, alternatives with |, count must match the stem', () => {
    const stem = '首都是（），成立于___年。';
    expect(countBlanks(stem)).toBe(2);
    expect(countBlanks('<p>A（ ）B</p><p>C______</p>')).toBe(2);
    expect(okValue(normalizeAnswer(q(4, 0, stem), '[" 北京 | 北京市 ","1949"]'))).toBe('["北京|北京市","1949"]');
    expect(okValue(normalizeAnswer(q(4, 0, stem), ['北京', '1949']))).toBe('["北京","1949"]');
    expect(okValue(normalizeAnswer(q(4, 0, stem), '["北京"]'))).toBe('ERR 题干有 2 个空，答案有 1 项，数量应一致');
    expect(normalizeAnswer(q(4, 0, stem), '北京,1949').ok).toBe(false);
    expect(okValue(normalizeAnswer(q(4, 0, stem), '["北京",""]'))).toBe('ERR 填空题每一空都需要答案');
    expect(okValue(normalizeAnswer(q(4, 0, '没有空位'), '["x"]'))).toContain('没有空位');
  });

  it('short answer: the reference text', () => {
    expect(okValue(normalizeAnswer(q(5, 0), '  要点一  '))).toBe('要点一');
    expect(normalizeAnswer(q(5, 0), ' ').ok).toBe(false);
  });

  it('options: at least two from A without gaps; true/false fixed', () => {
    expect(normalizeOptions(1, { a: 'x', b: 'y', c: '' })).toEqual({ ok: true, value: ['x', 'y'] });
    expect(normalizeOptions(2, { a: 'x' }).ok).toBe(false);
    expect(normalizeOptions(1, { a: 'x', c: 'z' }).ok).toBe(false);
    expect(normalizeOptions(3, { a: 'whatever' })).toEqual({ ok: true, value: ['正确', '错误'] });
    expect(normalizeOptions(4, { a: 'x' })).toEqual({ ok: true, value: [] });
  });
});

describe('paper totals', () => {
  it('adds scores without float drift and counts by type', () => {
    const t = paperTotals([
      { qType: 1, score: 0.1 },
      { qType: 1, score: 0.2 },
      { qType: 4, score: 2.5, count: 3 },
    ]);
    expect(t).toEqual({ totlescore: 7.8, totleq: 5, type1: 2, type2: 0, type3: 0, type4: 3, type5: 0 });
  });
});

describe('random drawing', () => {
  const pool = Array.from({ length: 30 }, (_, i) => `Q${String(i).padStart(2, '0')}`);
  const rules = [
    { qType: 1, count: 5, score: 2 },
    { qType: 1, count: 3, score: 1 },
  ];

  it('draws the asked counts, no question twice, the same for the same seed whatever the pool order', () => {
    const a = drawQuestions(rules, [pool, pool], 42);
    const b = drawQuestions(rules, [[...pool].reverse(), pool], 42);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.value).toHaveLength(8);
    expect(new Set(a.value.map((d) => d.qCode)).size).toBe(8);
    expect(a.value.map((d) => d.qCode)).toEqual(b.value.map((d) => d.qCode));
    expect(a.value.filter((d) => d.rule.score === 2)).toHaveLength(5);
  });

  it('different seeds give different draws', () => {
    const draws = new Set([1, 2, 3, 4, 5].map((s) => JSON.stringify(drawQuestions(rules, [pool, pool], s))));
    expect(draws.size).toBeGreaterThan(1);
  });

  it('refuses when a pool is short, with the numbers', () => {
    const r = drawQuestions([{ qType: 2, count: 4, score: 1 }], [['A', 'B', 'C']], 1);
    expect(r).toEqual({ ok: false, error: '第 1 条规则需要 4 道题，题库中只有 3 道' });
  });
});
