// Exam authoring (issue 12): question bank and directories, papers, exams. Field names are the
// wire names the issue gives (qCode, qType, qName, a … i, totlescore, examIntrduce, …).
import { z } from 'zod';
import { OPTION_KEYS, type OptionKey, type PaperTotals, Q_TYPES } from '../../exam-answers.ts';
import { pagingShape } from '../../shared/common.schemas.ts';

export const EXAM_BASE = '/Api/Exam_Manage';
export const QUESTION_TEMPLATE_NAME = '试题导入模板.xlsx';
export const QUESTION_REFUSED_NAME = '未通过检查的试题.xlsx';
/** Columns of the question import template and export, in order. */
export const QUESTION_COLUMNS = [
  '题型',
  '题干',
  '选项A',
  '选项B',
  '选项C',
  '选项D',
  '选项E',
  '选项F',
  '选项G',
  '选项H',
  '选项I',
  '答案',
  '解析',
  '难度',
  '分值',
  '目录',
] as const;
export const QUESTION_IMPORT_MAX_ROWS = 5_000;

export const PaperType = { Fixed: 1, Random: 2 } as const;
/** 0 draft (editable, invisible to learners), 1 published, 2 closed */
export const ExamStatus = { Draft: 0, Published: 1, Closed: 2 } as const;
export const EXAM_STATUS_LABELS: Record<number, string> = { 0: '未发布', 1: '已发布', 2: '已结束' };
/** exam-user status (spec §4): 0/10 not started, 20 in progress, 30 done */
export const ExamUserStatus = { Assigned: 0, NotStarted: 10, InProgress: 20, Done: 30 } as const;
/**
 * When a learner sees the correct answers (and the analysis) of their submitted attempt
 * (issue 22 item 2, ADR 0036 §5). Never while they can still answer the same questions: a
 * question that is in another exam they can still take stays hidden whatever this setting says.
 */
export const AnswerReview = { AfterEach: 'afterEach', AfterLast: 'afterLast', AfterClose: 'afterClose', Never: 'never' } as const;
export type AnswerReview = (typeof AnswerReview)[keyof typeof AnswerReview];
export const ANSWER_REVIEW_VALUES = Object.values(AnswerReview) as [AnswerReview, ...AnswerReview[]];
/** the safe rule: a new exam shows answers once the learner has no attempt left */
export const ANSWER_REVIEW_DEFAULT: AnswerReview = AnswerReview.AfterLast;
export const ANSWER_REVIEW_LABELS: Record<AnswerReview, string> = {
  afterEach: '每次交卷后',
  afterLast: '用完全部考试机会后',
  afterClose: '考试结束后',
  never: '不公布答案',
};
export const ANSWER_REVIEW_HELP =
  '学员在考试结果中何时能看到参考答案和解析：“用完全部考试机会后”（推荐）在学员用完考试次数或考试结束后显示，“考试结束后”在考试结束后显示。同一试题还在学员可以参加的其他考试中时，始终不显示该题答案。';
export const ANSWER_REVIEW_EACH_WARNING = '选择“每次交卷后”，还有考试机会的学员可以看着答案重考，成绩将不能反映真实水平。';
/** The older flag (spec: isAllowedViewAnswer, 1 shows correct answers) as the setting sees it: 0 is never. */
export const isAllowedViewAnswerOf = (review: AnswerReview): number => (review === AnswerReview.Never ? 0 : 1);

export const ExamLimits = {
  nameMax: 100,
  introMax: 2000,
  stemMax: 20_000,
  optionMax: 1000,
  answerMax: 5000,
  analysisMax: 5000,
  scoreMax: 1000,
  timeMax: 24 * 60,
  repeatMax: 100,
  /** leaves of the exam page allowed before the attempt is submitted (issue 26 item 3) */
  leaveLimitMax: 99,
  paperQuestionsMax: 500,
  rulesMax: 50,
} as const;

export const ExamMsg = {
  dirNameRequired: '请输入目录名称',
  dirNotFound: '目录不存在',
  dirParentLoop: '不能把目录移动到它自己或它的下级目录下',
  dirHasQuestions: (n: number) => `该目录（含下级目录）下还有 ${n} 道试题，请先移走或删除试题`,
  dirHasChildren: '该目录下还有子目录，请先删除子目录',
  questionNotFound: '试题不存在',
  stemRequired: '请输入题干',
  scoreRange: `分值应在 0.5 到 ${ExamLimits.scoreMax} 之间`,
  difficultyRange: '难度应为 1 到 5',
  chooseQuestions: '请选择要删除的试题',
  paperNotFound: '试卷不存在',
  paperNameRequired: '请输入试卷名称',
  paperEmpty: '试卷中还没有试题',
  paperQuestionMissing: (codes: string) => `以下试题不存在或已删除：${codes}`,
  paperDuplicate: (code: string) => `试题 ${code} 在试卷中重复出现`,
  ruleShort: (i: number, typeName: string, dirName: string, want: number, have: number) =>
    `第 ${i} 条规则：目录「${dirName}」中的${typeName}只有 ${have} 道，少于要求的 ${want} 道`,
  paperInUse: (n: number) => `该试卷已被 ${n} 场考试使用，不能删除`,
  paperLocked: '已有学员开始作答，试卷的试题和规则不能再修改',
  examNotFound: '考试不存在',
  examNameRequired: '请输入考试名称',
  examPaperRequired: '请选择试卷',
  examWindow: '考试结束时间应晚于开始时间',
  examWindowRequired: '请设置考试开始和结束时间',
  examTimeRange: `考试时长应在 1 到 ${ExamLimits.timeMax} 分钟之间`,
  examRepeatCount: `允许重考时，考试次数应在 2 到 ${ExamLimits.repeatMax} 之间`,
  examPassScore: (total: number) => `及格分应在 0 到试卷总分 ${total} 之间`,
  examLocked: '已有学员开始作答，试卷、时长、评分规则和离开页面监控不能再修改',
  examStarted: '已有学员参加该考试，不能删除；可以结束考试',
  examParticipantsRequired: '请选择参考人员',
  examAlreadyPublished: '考试已发布',
  examNotPublished: '考试尚未发布',
  examClosed: '考试已结束',
  published: (n: number) => `发布成功，已通知 ${n} 名学员`,
  closed: '考试已结束',
  importNoRows: '文件中没有数据行',
  importHeader: (cols: string) => `表头缺少列：${cols}，请使用导入模板`,
  importTooMany: `单次最多导入 ${QUESTION_IMPORT_MAX_ROWS} 道试题，请拆分后分批导入`,
  importChecked: (n: number) => `数据检查通过，共 ${n} 道试题，可以导入`,
  importErrors: (rows: number, bad: number, valid: number) => `共 ${rows} 行数据，${bad} 行有错误${valid ? `，${valid} 行可以导入` : ''}`,
  bankChecked: (
    format: string,
    rows: number,
    valid: number,
    refused: number,
    bad: number,
    more: { unreadable?: number; narrowed?: number } = {},
  ) =>
    `${format}：共 ${rows} 道试题，${valid} 道可以导入${refused ? `，${refused} 道题型不支持将跳过` : ''}${more.unreadable ? `，${more.unreadable} 道格式有误将跳过` : ''}${bad ? `，${bad} 道有错误` : ''}${more.narrowed ? `，${more.narrowed} 道数值题按填空题导入（误差范围未保留）` : ''}`,
  bankUnreadable: (format: string, where: string) => `${format} 文件内容有误${where ? `（${where}）` : ''}，无法读取`,
  bankImported: (n: number, skipped: number) => `导入成功，共 ${n} 道试题${skipped ? `，跳过 ${skipped} 道无法导入的试题` : ''}`,
  imported: (n: number, skipped = 0) => `导入成功，共 ${n} 道试题${skipped ? `，未导入 ${skipped} 行未通过检查的数据` : ''}`,
} as const;

const text = (max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string().trim().max(max));
const flag = z.preprocess((v) => (v === true ? 1 : v === false ? 0 : v === '' || v == null ? 0 : v), z.coerce.number().int().min(0).max(1));
const score = z.coerce.number({ error: ExamMsg.scoreRange }).min(0.5, ExamMsg.scoreRange).max(ExamLimits.scoreMax, ExamMsg.scoreRange);
const optionalNumber = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().optional());

// ---------- directories ----------

export const questionDirTreeInput = z.object({ companySysCode: text(100).default('') });
export const questionDirSaveInput = z.object({
  dirCode: text(60).default(''),
  dirName: text(ExamLimits.nameMax).pipe(z.string().min(1, ExamMsg.dirNameRequired)),
  pCode: text(60).default(''),
  sortOrder: z.coerce.number().int().min(0).max(100_000).default(0),
  companySysCode: text(100).default(''),
});
export const questionDirCodeInput = z.object({ dirCode: text(60).pipe(z.string().min(1, ExamMsg.dirNotFound)) });

export interface QuestionDirNode {
  dirCode: string;
  dirName: string;
  pCode: string;
  sortOrder: number;
  companySysCode: string;
  /** questions in this directory alone */
  qCount: number;
  children: QuestionDirNode[];
}

// ---------- questions ----------

export const questionPageInput = z.object({
  ...pagingShape,
  dirCode: text(60).default(''),
  qType: optionalNumber,
  difficulty: optionalNumber,
  keyword: text(100).default(''),
  companySysCode: text(100).default(''),
});
export const questionCodeInput = z.object({ qCode: text(60).pipe(z.string().min(1, ExamMsg.questionNotFound)) });
export const questionBatchInput = z.object({
  qCodes: z
    .preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(z.string().trim().max(60)).max(1000))
    .pipe(z.array(z.string()).min(1, ExamMsg.chooseQuestions)),
});

const optionShape = Object.fromEntries(OPTION_KEYS.map((k) => [k, text(ExamLimits.optionMax).default('')])) as Record<
  (typeof OPTION_KEYS)[number],
  z.ZodDefault<ReturnType<typeof text>>
>;

export const questionSaveInput = z.object({
  qCode: text(60).default(''),
  qType: z.coerce
    .number()
    .int()
    .refine((v) => (Q_TYPES as readonly number[]).includes(v), '题型应为 1 到 5'),
  qName: text(ExamLimits.stemMax).pipe(z.string().min(1, ExamMsg.stemRequired)),
  ...optionShape,
  /** a string; for fill-in also an array of strings (one per blank) */
  answer: z.union([z.string().max(ExamLimits.answerMax), z.array(z.string().max(ExamLimits.optionMax)).max(50)]).default(''),
  analysis: text(ExamLimits.analysisMax).default(''),
  difficulty: z.coerce.number().int().min(1, ExamMsg.difficultyRange).max(5, ExamMsg.difficultyRange).default(3),
  score: score.default(2),
  dirCode: text(60).default(''),
  companySysCode: text(100).default(''),
});
export type QuestionSaveInput = z.output<typeof questionSaveInput>;

export interface QuestionView extends Record<OptionKey, string> {
  qCode: string;
  qType: number;
  qName: string;
  answer: string;
  analysis: string;
  difficulty: number;
  score: number;
  dirCode: string;
  dirName: string;
  companySysCode: string;
  /** number of blanks of a fill-in stem */
  blankCount: number;
  updateTime: string;
}

/**
 * Question bank files the import reads besides the xlsx template, and the export writes (issue 27,
 * ADR 0042). The import recognises the format from the content; `format` may name it.
 */
export const QUESTION_IMPORT_FORMATS = ['xlsx', 'moodlexml', 'gift', 'aiken', 'qti21'] as const;
export type QuestionImportFormat = (typeof QUESTION_IMPORT_FORMATS)[number];
export const QUESTION_EXPORT_FORMATS = ['xlsx', 'moodlexml', 'gift', 'qti21'] as const;
export type QuestionExportFormat = (typeof QUESTION_EXPORT_FORMATS)[number];
export const QUESTION_FORMAT_LABELS: Record<QuestionImportFormat, string> = {
  xlsx: 'Excel 模板（.xlsx）',
  moodlexml: 'Moodle XML（.xml）',
  gift: 'GIFT（.gift / .txt）',
  aiken: 'Aiken（.txt）',
  qti21: 'IMS QTI 2.1 资源包（.zip）',
};
/** one line on each format, shown where the administrator picks it */
export const QUESTION_FORMAT_HELP: Record<QuestionImportFormat, string> = {
  xlsx: '本系统的导入模板，可填写题型、选项、答案、解析、难度、分值和目录。',
  moodlexml: 'Moodle 题库导出的 XML 文件：含类别（导入为目录）、图片和解析。',
  gift: 'Moodle 的 GIFT 文本格式：一题一段，答案写在花括号中。',
  aiken: '只含单选题的简单文本格式：题目、A. B. … 选项和 ANSWER: 行。',
  qti21: 'IMS QTI 2.1 内容包（含 imsmanifest.xml 的 zip），可在多数考试系统间交换。',
};
export const QUESTION_FILE_ACCEPT = '.xlsx,.xml,.gift,.txt,.zip';

const formatOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => (v === '' || v == null ? undefined : typeof v === 'string' ? v.toLowerCase() : v),
    z.enum(values, { error: '文件格式不支持' }).optional(),
  );

export const questionExportInput = questionPageInput.extend({ format: formatOf(QUESTION_EXPORT_FORMATS) });

export const questionImportInput = z.object({
  urls: z.array(z.string().max(500)).max(1).default([]),
  /** the file's format; recognised from the content when absent */
  format: formatOf(QUESTION_IMPORT_FORMATS),
  /** where rows without a 目录 go */
  dirCode: text(60).default(''),
  companySysCode: text(100).default(''),
  /** Import: bring in the rows that pass and leave the refused ones (all of the valid ones or none) */
  skipInvalid: z.preprocess((v) => v === true || v === 'true' || v === 1 || v === '1', z.boolean()).default(false),
});

export interface QuestionImportError {
  row: number;
  column: string;
  message: string;
}
export interface QuestionImportCheck {
  rows: number;
  /** rows that passed every check (what an import with skipInvalid brings in) */
  valid: number;
  errors: QuestionImportError[];
  /** the file's format (xlsx, or a question bank format: then `row` of an error is the question's number) */
  format?: QuestionImportFormat;
  /** questions of a kind the bank cannot hold, or that cannot be read: Import leaves them out */
  refused?: QuestionRefused[];
  /** questions Import brings in accepting less than the file said (a numerical tolerance), and what */
  narrowed?: QuestionRefused[];
  /** directories (paths below the chosen one) the import creates for the file's categories */
  newDirs?: string[];
}
export interface QuestionRefused {
  /** the question's number in the file */
  index: number;
  name: string;
  reason: string;
  /** the question is written wrongly (a syntax error, no answer line), not of a kind the bank lacks */
  unreadable?: boolean;
}

// ---------- papers ----------

export const paperQuestionInput = z.object({ qCode: z.string().trim().min(1).max(60), score });
export const paperRuleInput = z.object({
  qType: z.coerce.number().int().min(1).max(5),
  dirCode: text(60).default(''),
  count: z.coerce.number().int().min(1, '每条规则至少抽 1 道题').max(ExamLimits.paperQuestionsMax),
  score,
});
export const paperSaveInput = z.object({
  paperCode: text(60).default(''),
  paperName: text(ExamLimits.nameMax).pipe(z.string().min(1, ExamMsg.paperNameRequired)),
  paperIntrduce: text(ExamLimits.introMax).default(''),
  paperType: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, '试卷类型应为 1 固定或 2 随机'),
  questions: z.array(paperQuestionInput).max(ExamLimits.paperQuestionsMax).default([]),
  rules: z.array(paperRuleInput).max(ExamLimits.rulesMax).default([]),
  companySysCode: text(100).default(''),
});
export type PaperSaveInput = z.output<typeof paperSaveInput>;
export const paperPageInput = z.object({
  ...pagingShape,
  keyword: text(100).default(''),
  paperType: optionalNumber,
  companySysCode: text(100).default(''),
});
export const paperCodeInput = z.object({ paperCode: text(60).pipe(z.string().min(1, ExamMsg.paperNotFound)) });
/** Preview: seed repeats a random paper's draw (a fresh one when missing) */
export const paperPreviewInput = paperCodeInput.extend({
  seed: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
});

export interface PaperRuleView {
  qType: number;
  dirCode: string;
  dirName: string;
  count: number;
  score: number;
  /** questions of that type the directory (with sub-directories) holds now */
  available: number;
}
export interface PaperQuestionView extends QuestionView {
  order: number;
  /** the score this paper gives the question */
  paperScore: number;
  /** deleted from the bank since; still part of this paper */
  deleted: boolean;
}
export interface PaperView extends PaperTotals {
  paperCode: string;
  paperName: string;
  paperIntrduce: string;
  paperType: number;
  companySysCode: string;
  /** exams using the paper */
  examCount: number;
  /** true once any attempt of an exam using it has begun */
  locked: boolean;
  updateTime: string;
}
export interface PaperDetail extends PaperView {
  questions: PaperQuestionView[];
  rules: PaperRuleView[];
}

// ---------- exams ----------

export const participantsInput = z.object({
  users: z.array(z.coerce.number().int()).max(20_000).default([]),
  orgs: z.array(z.coerce.number().int()).max(1000).default([]),
  posts: z.array(z.coerce.number().int()).max(1000).default([]),
});
export const examSaveInput = z.object({
  examCode: text(60).default(''),
  examName: text(ExamLimits.nameMax).pipe(z.string().min(1, ExamMsg.examNameRequired)),
  examIntrduce: text(ExamLimits.introMax).default(''),
  paperCode: text(60).pipe(z.string().min(1, ExamMsg.examPaperRequired)),
  time: z.coerce
    .number({ error: ExamMsg.examTimeRange })
    .int()
    .min(1, ExamMsg.examTimeRange)
    .max(ExamLimits.timeMax, ExamMsg.examTimeRange),
  examStartTime: text(30).pipe(z.string().min(1, ExamMsg.examWindowRequired)),
  examEndTime: text(30).pipe(z.string().min(1, ExamMsg.examWindowRequired)),
  passScore: z.coerce.number().min(0).default(60),
  isAllow: flag.default(0),
  isAllowCount: z.coerce.number().int().min(1).max(ExamLimits.repeatMax).default(1),
  /** when answers are shown; absent: from isAllowedViewAnswer (0 never, 1 the stored setting or the default), else kept */
  answerReview: z.enum(ANSWER_REVIEW_VALUES, { error: '请选择何时公布答案' }).optional(),
  /** the older flag: 0 means answerReview never, 1 any other setting (read only when answerReview is absent) */
  isAllowedViewAnswer: z.preprocess((v) => (v === '' || v == null ? undefined : v), flag.optional()),
  isConfidential: flag.default(0),
  isShuffleQuestion: flag.default(0),
  isShuffleOption: flag.default(0),
  /** leaves of the exam page (hidden tab, lost focus, exit full screen) allowed; one more submits the attempt; 0 = not monitored */
  leaveLimit: z.coerce
    .number({ error: `离开次数为 0–${ExamLimits.leaveLimitMax}` })
    .int(`离开次数为 0–${ExamLimits.leaveLimitMax}`)
    .min(0, `离开次数为 0–${ExamLimits.leaveLimitMax}`)
    .max(ExamLimits.leaveLimitMax, `离开次数为 0–${ExamLimits.leaveLimitMax}`)
    .default(0),
  /** 1: the exam page asks for full screen */
  requireFullScreen: flag.default(0),
  mustCompleteBeforeStudy: flag.default(0),
  isPartialCredit: flag.default(0),
  projectCode: text(60).default(''),
  participants: participantsInput.default({ users: [], orgs: [], posts: [] }),
  companySysCode: text(100).default(''),
});
export type ExamSaveInput = z.output<typeof examSaveInput>;
export const examPageInput = z.object({
  ...pagingShape,
  keyword: text(100).default(''),
  status: optionalNumber,
  companySysCode: text(100).default(''),
});
export const examCodeInput = z.object({ examCode: text(60).pipe(z.string().min(1, ExamMsg.examNotFound)) });

export interface ExamParticipantsView {
  users: { id: number; name: string }[];
  orgs: { id: number; name: string }[];
  posts: { id: number; name: string }[];
}
export interface ExamView extends PaperTotals {
  examCode: string;
  examName: string;
  examIntrduce: string;
  paperCode: string;
  paperName: string;
  time: number;
  examStartTime: string;
  examEndTime: string;
  passScore: number;
  isAllow: number;
  isAllowCount: number;
  /** 0 when answerReview is never, otherwise 1 */
  isAllowedViewAnswer: number;
  answerReview: AnswerReview;
  isConfidential: number;
  isShuffleQuestion: number;
  isShuffleOption: number;
  /** leaves of the exam page allowed (0 = not monitored) */
  leaveLimit: number;
  requireFullScreen: number;
  mustCompleteBeforeStudy: number;
  isPartialCredit: number;
  projectCode: string;
  status: number;
  companySysCode: string;
  /** people resolved at publish (and joined since) */
  userCount: number;
  /** attempts begun */
  attemptCount: number;
  publishTime: string;
  updateTime: string;
}
export interface ExamDetail extends ExamView {
  participants: ExamParticipantsView;
}

/** A question of a previewed paper (ex_paper/Preview): as an attempt would draw it, with its answer. */
export interface PaperPreviewQuestion {
  qCode: string;
  qVersion: number;
  /** position on the paper */
  order: number;
  /** position the attempt would show it at */
  showOrder: number;
  /** option indices in the shown order; [] = the paper's order */
  optionOrder: number[];
  qType: number;
  qName: string;
  options: string[];
  answer: string;
  analysis: string;
  difficulty: number;
  score: number;
}
export type PaperPreview = PaperView & { seed: number; questions: PaperPreviewQuestion[] };
