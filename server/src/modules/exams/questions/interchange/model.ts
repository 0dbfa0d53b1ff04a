import {
  countBlanks,
  decodeEntities,
  dropTags,
  ExamLimits,
  escapeHtmlText,
  type PaperPreviewQuestion,
  QType,
  stemText,
} from '@xuetu/contract';

// The one shape every question format is read into and written from (ADR 0042). Parsers know
// nothing of the database; the import plan (import-plan.ts) checks these against the editor's rules.

export const INTERCHANGE_FORMATS = ['moodlexml', 'gift', 'aiken', 'qti21'] as const;
export type InterchangeFormat = (typeof INTERCHANGE_FORMATS)[number];

export interface InterchangeQuestion {
  /** 1-based position among the file's questions (what the check lists) */
  index: number;
  /** the question's name in the file, or the start of its text */
  name: string;
  qType: number;
  /** rich text; images as `<img src="…">` with the file's own reference (see `images`) */
  qName: string;
  /** options A… as plain text */
  options: string[];
  /** letters for choice, A/B for true/false, a JSON array for fill-in, the reference text for essays */
  answer: string;
  analysis: string;
  /** directory path below the chosen directory ([] = the chosen one) */
  category: string[];
  score?: number;
  difficulty?: number;
}

export interface RefusedQuestion {
  index: number;
  name: string;
  reason: string;
  /** written wrongly (syntax, a missing answer line), rather than a kind the bank lacks */
  unreadable?: boolean;
}

/** A question of the file read into the bank's shape, and a note of what did not map. */
export type NarrowedQuestion = RefusedQuestion;

/** A question bank read from a file: what maps, what does not, and the images it carries by reference. */
export interface ParsedBank {
  questions: InterchangeQuestion[];
  refused: RefusedQuestion[];
  /** imported, but accepting less than the file said (a numerical tolerance) */
  narrowed: NarrowedQuestion[];
  /** image bytes by the reference the question HTML uses (`@@PLUGINFILE@@/a.png`, `images/a.png`) */
  images: Map<string, { name: string; data: Buffer }>;
}

/** A question of the bank as the writers take it: its content as a paper holds it, and its directory. */
export type BankQuestion = Pick<
  PaperPreviewQuestion,
  'qCode' | 'qType' | 'qName' | 'options' | 'answer' | 'analysis' | 'difficulty' | 'score'
> & {
  /** directory path from the root ([] = none) */
  category: string[];
};

export const RefuseReason = {
  matching: '匹配题：题库没有对应的题型',
  cloze: '完形填空（嵌入式答案）中含有选择或数值空：题库没有对应的题型',
  dragdrop: '拖放题：题库没有对应的题型',
  calculated: '计算题：题库没有对应的题型',
  ordering: '排序题：题库没有对应的题型',
  description: '说明文字，不是试题',
  randomMatch: '随机匹配题：题库没有对应的题型',
  select: '下拉选择填空题：题库没有对应的题型',
  hotspot: '图形热区题：题库没有对应的题型',
  upload: '上传文件作答的题：题库没有对应的题型',
  other: (kind: string) => `题型「${kind}」：题库没有对应的题型`,
  tooManyOptions: (n: number) => `有 ${n} 个选项，题库最多 9 个（A–I）`,
  noRightAnswer: '没有给出正确答案',
  noAnswers: '没有答案',
  mixed: '一道题中有不同类型的作答方式：题库没有对应的题型',
  overLimits: `题干、选项或解析远超题库的长度限制（题干 ${ExamLimits.stemMax} 字、选项 ${ExamLimits.optionMax} 字、解析 ${ExamLimits.analysisMax} 字），未读取`,
  tooLong: (max: number) => `试题内容超过 ${max} 字，不像一道试题，未读取`,
  numericRange: (range: string) => `数值题的答案是一个范围（${range}）：题库没有对应的题型`,
  /** narrowed, not refused: imported as a fill-in that accepts only the exact number */
  numericTolerance: (value: string, tolerance: string) =>
    `数值题「${value}±${tolerance}」按填空题导入，只接受答案 ${value}（题库没有数值题型，误差范围未保留）`,
} as const;

/**
 * The longest question text a reader takes (stem, options and feedback together): far above the
 * bank's limits (stem 20,000, nine options of 1,000, analysis 5,000), so only junk is refused
 * unread, and no later step ever sees a megabyte of one question.
 */
export const QUESTION_TEXT_MAX = 64_000;

/** Plain text of rich text (options are plain text in the bank); linear, like every reader here. */
export function htmlToText(html: string): string {
  return decodeEntities(dropTags(html, (tag) => (/^<br[\s/>]/i.test(tag) ? ' ' : '')))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Text as HTML content: `&`, `<`, `>` escaped; quotes stay characters (no `&quot;` in stems). */
export const escapeHtml = escapeHtmlText;

/** The name the check lists: the file's own, else the start of the text. */
export function nameOf(name: string, html: string): string {
  const n = name.trim() || htmlToText(html);
  return n.length > 40 ? `${n.slice(0, 40)}…` : n;
}

/** A fill-in stem keeps its blanks; a short-answer stem without one gets it at the end. */
export function withBlank(qName: string): string {
  return countBlanks(qName) > 0 ? qName : `${qName}（）`;
}

export const LETTERS = 'ABCDEFGHI';

/** The type a choice question maps to: one right answer → single, several or partial grades → multiple. */
export function choiceType(fractions: number[], singleDeclared: boolean): number {
  const right = fractions.filter((f) => f > 0);
  return singleDeclared && right.length === 1 && right[0] >= 99.99 ? QType.Single : QType.Multiple;
}

/** A Moodle-style category path ("$course$/top/安全/消防") as directory names. */
export function categoryPath(text: string): string[] {
  const parts = text
    .split('/')
    .map((p) => p.replace(/\/\//g, '/').trim())
    .filter(Boolean);
  while (parts.length && /^\$[a-z0-9]+\$$/i.test(parts[0])) parts.shift();
  if (parts[0] === 'top') parts.shift();
  return parts.map((p) => p.slice(0, 100));
}

/** The blank markers of a stem, in order (as contract's countBlanks sees them). */
export const BLANK_MARK = /（\s*）|_{3,}/g;

export const shortStem = (html: string) => stemText(html).trim();

/** An essay without a reference answer (GIFT has none) gets this one: the bank needs one. */
export const NO_REFERENCE = '（导入的试题未提供参考答案）';

/** Rich text as plain lines (an essay's reference answer is plain text in the bank). */
export function htmlToLines(html: string): string {
  if (!/<[a-z/]/i.test(html)) return html.trim();
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h\d)>/gi, '\n')
    .split('\n')
    .map((line) => htmlToText(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Plain lines as rich text (the reverse of htmlToLines). */
export const linesToHtml = (text: string) => escapeHtml(text).replace(/\n/g, '<br>');
