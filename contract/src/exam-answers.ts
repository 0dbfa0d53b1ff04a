// The one answer format of questions (issue 12), used by the bank, imports, papers and saved
// answers alike; pure functions so the server, the editor form and the tests agree.

import { decodeEntities, dropTags } from './html-plain.ts';

export const QType = { Single: 1, Multiple: 2, Judge: 3, Blank: 4, Essay: 5 } as const;
export type QTypeValue = (typeof QType)[keyof typeof QType];
export const Q_TYPES = [1, 2, 3, 4, 5] as const;
export const Q_TYPE_LABELS: Record<number, string> = { 1: '单选题', 2: '多选题', 3: '判断题', 4: '填空题', 5: '简答题' };
export const OPTION_KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] as const;
export type OptionKey = (typeof OPTION_KEYS)[number];
export const OPTION_LETTERS = OPTION_KEYS.map((k) => k.toUpperCase());
/** spec: a true/false question's options are fixed */
export const JUDGE_OPTIONS = { a: '正确', b: '错误' } as const;
export const MIN_CHOICE_OPTIONS = 2;

export const AnswerMsg = {
  typeInvalid: '题型应为 1 单选、2 多选、3 判断、4 填空、5 简答',
  answerRequired: '请填写答案',
  optionsTooFew: `选择题至少需要 ${MIN_CHOICE_OPTIONS} 个选项`,
  optionsGap: '选项需从 A 开始连续填写，中间不能留空',
  singleFormat: '单选题答案应为一个选项字母，如 A',
  multipleFormat: '多选题答案应为选项字母，如 ABD',
  judgeFormat: '判断题答案应为 A（正确）或 B（错误）',
  blankFormat: '填空题答案应为 JSON 数组，每空一项，备选答案用 | 分隔，如 ["北京|北京市","1949"]',
  blankEmpty: '填空题每一空都需要答案',
  noBlanks: '填空题题干中没有空位，请用（）或 ___ 标出每一空',
  letterBeyond: (letter: string, last: string) => `答案 ${letter} 超出了选项范围（A-${last}）`,
  blankCount: (blanks: number, answers: number) => `题干有 ${blanks} 个空，答案有 ${answers} 项，数量应一致`,
} as const;

/** Blanks are marked （） (full-width, spaces allowed inside) or three or more underscores. */
const BLANK = /（\s*）|_{3,}/g;

/** Plain text of a rich-text stem (tags removed, entities decoded; linear: see html-plain.ts). */
export function stemText(html: string): string {
  return decodeEntities(dropTags(html));
}

export function countBlanks(qName: string): number {
  return stemText(qName).match(BLANK)?.length ?? 0;
}

/** The options a question keeps: filled ones of A–I, in order. */
export function filledOptions(options: Partial<Record<OptionKey, string | null | undefined>>): string[] {
  const out: string[] = [];
  for (const k of OPTION_KEYS) out.push((options[k] ?? '').trim());
  while (out.length && !out[out.length - 1]) out.pop();
  return out;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };
const bad = (error: string): Checked<never> => ({ ok: false, error });

/**
 * Checks the options of a question and returns the ones to store (A–I): choice questions need
 * at least two, filled from A without gaps; true/false questions always have 正确/错误; other
 * types have none.
 */
export function normalizeOptions(qType: number, options: Partial<Record<OptionKey, string | null | undefined>>): Checked<string[]> {
  if (qType === QType.Judge) return { ok: true, value: [JUDGE_OPTIONS.a, JUDGE_OPTIONS.b] };
  if (qType !== QType.Single && qType !== QType.Multiple) return { ok: true, value: [] };
  const filled = filledOptions(options);
  if (filled.some((o) => !o)) return bad(AnswerMsg.optionsGap);
  if (filled.length < MIN_CHOICE_OPTIONS) return bad(AnswerMsg.optionsTooFew);
  return { ok: true, value: filled };
}

/** Parses a fill-in answer (JSON array text or an array) into its entries, each trimmed. */
export function parseBlankAnswer(answer: unknown): string[] | null {
  let value = answer;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return null;
  return (value as string[]).map((v) =>
    v
      .split('|')
      .map((alt) => alt.trim())
      .filter(Boolean)
      .join('|'),
  );
}

/**
 * The stored form of a question's answer, or why it is wrong (issue 12 "Answer format"):
 * 1 one letter; 2 letters, stored sorted; 3 A or B; 4 a JSON array with one entry per blank of
 * the stem, alternatives separated by |; 5 the reference text.
 */
export function normalizeAnswer(q: { qType: number; qName: string; optionCount: number }, answer: unknown): Checked<string> {
  const last = OPTION_LETTERS[Math.max(0, q.optionCount - 1)];
  const letters = (text: string) => [...text.toUpperCase().replace(/[\s,，、]/g, '')];
  const beyond = (ls: string[]) => ls.find((l) => OPTION_LETTERS.indexOf(l) < 0 || OPTION_LETTERS.indexOf(l) >= q.optionCount);
  switch (q.qType) {
    case QType.Single: {
      const ls = letters(String(answer ?? ''));
      if (ls.length === 0) return bad(AnswerMsg.answerRequired);
      if (ls.length !== 1 || !/^[A-I]$/.test(ls[0])) return bad(AnswerMsg.singleFormat);
      if (beyond(ls)) return bad(AnswerMsg.letterBeyond(ls[0], last));
      return { ok: true, value: ls[0] };
    }
    case QType.Multiple: {
      const ls = letters(String(answer ?? ''));
      if (ls.length === 0) return bad(AnswerMsg.answerRequired);
      if (ls.some((l) => !/^[A-I]$/.test(l)) || new Set(ls).size !== ls.length) return bad(AnswerMsg.multipleFormat);
      const out = beyond(ls);
      if (out) return bad(AnswerMsg.letterBeyond(out, last));
      return { ok: true, value: [...ls].sort().join('') };
    }
    case QType.Judge: {
      const text = String(answer ?? '').trim();
      if (!text) return bad(AnswerMsg.answerRequired);
      const v = text === '正确' ? 'A' : text === '错误' ? 'B' : text.toUpperCase();
      if (v !== 'A' && v !== 'B') return bad(AnswerMsg.judgeFormat);
      return { ok: true, value: v };
    }
    case QType.Blank: {
      if (answer === '' || answer === null || answer === undefined) return bad(AnswerMsg.answerRequired);
      const entries = parseBlankAnswer(answer);
      if (!entries || entries.length === 0) return bad(AnswerMsg.blankFormat);
      if (entries.some((e) => !e)) return bad(AnswerMsg.blankEmpty);
      const blanks = countBlanks(q.qName);
      if (blanks === 0) return bad(AnswerMsg.noBlanks);
      if (blanks !== entries.length) return bad(AnswerMsg.blankCount(blanks, entries.length));
      return { ok: true, value: JSON.stringify(entries) };
    }
    case QType.Essay: {
      const text = String(answer ?? '').trim();
      if (!text) return bad(AnswerMsg.answerRequired);
      return { ok: true, value: text };
    }
    default:
      return bad(AnswerMsg.typeInvalid);
  }
}

/** Paper totals (issue 12 "Computed"): total score, question count and counts by type. */
export interface PaperTotals {
  totlescore: number;
  totleq: number;
  type1: number;
  type2: number;
  type3: number;
  type4: number;
  type5: number;
}

export function paperTotals(items: { qType: number; score: number; count?: number }[]): PaperTotals {
  const t: PaperTotals = { totlescore: 0, totleq: 0, type1: 0, type2: 0, type3: 0, type4: 0, type5: 0 };
  for (const it of items) {
    const n = it.count ?? 1;
    t.totleq += n;
    // scores carry at most two decimals; add in hundredths to avoid 0.1 + 0.2 drift
    t.totlescore = Math.round(t.totlescore * 100 + it.score * 100 * n) / 100;
    const key = `type${it.qType}` as keyof PaperTotals;
    if (key in t && key !== 'totlescore' && key !== 'totleq') t[key] += n;
  }
  return t;
}

/** mulberry32: a small seeded generator, so a draw can be repeated from its stored seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates with a seeded generator; the input is not changed. */
export function seededShuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export interface DrawRule {
  qType: number;
  count: number;
  score: number;
}

/**
 * Draws each rule's questions from its pool (the pool's qCodes, in any order) with one seed: the
 * same pools and seed give the same questions in the same order. A pool smaller than its
 * rule's count is an error the caller reports (rules are checked on save, but the bank may shrink).
 */
export function drawQuestions<R extends DrawRule>(
  rules: readonly R[],
  pools: readonly (readonly string[])[],
  seed: number,
): Checked<{ qCode: string; rule: R }[]> {
  const random = seededRandom(seed);
  const taken = new Set<string>();
  const out: { qCode: string; rule: R }[] = [];
  for (const [i, rule] of rules.entries()) {
    // sorted first so the order the database returns rows in does not matter
    const pool = [...(pools[i] ?? [])].filter((c) => !taken.has(c)).sort();
    if (pool.length < rule.count) return bad(`第 ${i + 1} 条规则需要 ${rule.count} 道题，题库中只有 ${pool.length} 道`);
    for (const qCode of seededShuffle(pool, random).slice(0, rule.count)) {
      taken.add(qCode);
      out.push({ qCode, rule });
    }
  }
  return { ok: true, value: out };
}
