// Practice and the wrong-question book (issue 26 item 1, ADR 0043): an administrator opens a
// question directory or a paper to a company's learners as practice (练习); a learner answers
// question by question with instant feedback; every question they get wrong (in practice, and in
// exams once that exam's answers may be shown) goes into their 错题本.
import { z } from 'zod';
import type { OptionKey } from '../../exam-answers.ts';
import { DB_INT_MAX, pagingShape } from '../../shared/common.schemas.ts';
import { type ExamParticipantsView, participantsInput } from '../exams/exams.schemas.ts';
import { ANSWER_TEXT_MAX, type AnswerHidden, BLANK_TEXT_MAX } from './attempts.schemas.ts';

/** 1 a question directory (and the directories below it), 2 a paper (its questions, or a random paper's pools) */
export const PracticeSource = { Dir: 1, Paper: 2 } as const;
export const PRACTICE_SOURCE_LABELS: Record<number, string> = { 1: '题库目录', 2: '试卷' };
/** 1 open to its learners, 2 closed (no longer listed for learners) */
export const PracticeStatus = { Open: 1, Closed: 2 } as const;
export const PRACTICE_STATUS_LABELS: Record<number, string> = { 1: '开放中', 2: '已关闭' };
/** Where a wrong-book entry came from. */
export const WrongSource = { Practice: 'practice', Exam: 'exam' } as const;
export type WrongSource = (typeof WrongSource)[keyof typeof WrongSource];
export const WRONG_SOURCE_LABELS: Record<WrongSource, string> = { practice: '练习', exam: '考试' };

/**
 * A question leaves the 错题本 after this many right answers in a row (issue 26 item 1). Each
 * practice sets its own (1–10); questions from exams use this default.
 */
export const WRONG_CLEAR_STREAK_DEFAULT = 2;
export const WRONG_CLEAR_STREAK_MAX = 10;
export const PRACTICE_NAME_MAX = 100;

export const PracticeMsg = {
  nameRequired: '请输入练习名称',
  nameTooLong: `练习名称最多 ${PRACTICE_NAME_MAX} 字`,
  sourceKind: '请选择练习题目来源（题库目录或试卷）',
  sourceRequired: '请选择题库目录或试卷',
  streakRange: `连续答对次数应在 1 到 ${WRONG_CLEAR_STREAK_MAX} 之间`,
  status: '请选择练习状态',
  practiceRequired: '请指定练习',
  questionRequired: '请指定试题',
  wrongRequired: '请指定错题',
  added: '练习已创建',
  restarted: '已重新开始练习',
  removed: '已移出错题本',
} as const;

const text = (max: number, msg?: string) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string().trim().max(max, msg));
const code = (msg: string) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : String(v)), z.string().trim().max(60).pipe(z.string().min(1, msg)));
const id = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg).max(DB_INT_MAX, msg);
const answerField = z
  .union([z.string().max(ANSWER_TEXT_MAX, `答案最多 ${ANSWER_TEXT_MAX} 字`), z.array(z.string().max(BLANK_TEXT_MAX)).max(50), z.null()])
  .optional();

// ---------- administration: /Api/Exam_Manage/ex_practice/... ----------

export const practicePageInput = z.object({
  ...pagingShape,
  keyword: text(100).default(''),
  companySysCode: text(100).default(''),
});
export const practiceCodeInput = z.object({ practiceCode: code(PracticeMsg.practiceRequired) });
export const practiceSaveInput = z.object({
  practiceCode: text(60).default(''),
  practiceName: text(PRACTICE_NAME_MAX, PracticeMsg.nameTooLong).pipe(z.string().min(1, PracticeMsg.nameRequired)),
  sourceKind: z.coerce
    .number({ error: PracticeMsg.sourceKind })
    .int(PracticeMsg.sourceKind)
    .refine((v) => v === PracticeSource.Dir || v === PracticeSource.Paper, PracticeMsg.sourceKind),
  /** the directory's dirCode or the paper's paperCode */
  sourceCode: code(PracticeMsg.sourceRequired),
  clearStreak: z.coerce
    .number({ error: PracticeMsg.streakRange })
    .int(PracticeMsg.streakRange)
    .min(1, PracticeMsg.streakRange)
    .max(WRONG_CLEAR_STREAK_MAX, PracticeMsg.streakRange)
    .default(WRONG_CLEAR_STREAK_DEFAULT),
  status: z.coerce
    .number({ error: PracticeMsg.status })
    .int(PracticeMsg.status)
    .refine((v) => v === PracticeStatus.Open || v === PracticeStatus.Closed, PracticeMsg.status)
    .default(PracticeStatus.Open),
  participants: participantsInput.default({ users: [], orgs: [], posts: [] }),
  companySysCode: text(100).default(''),
});
export type PracticeSaveInput = z.output<typeof practiceSaveInput>;

/** The source the administrator is choosing (GetExamOverlap: which open exams hold its questions). */
export const practiceOverlapInput = practiceSaveInput.pick({ sourceKind: true, sourceCode: true, companySysCode: true });

/**
 * The practice source's questions that open exams of the company hold on their fixed papers:
 * their learners practise these without the key and right or wrong until the exam ends (or they
 * have no attempt left) — issue 38 item 9. A random paper does not hold a question until it is
 * drawn into an attempt (hidden for that learner while the attempt is open).
 */
export interface PracticeExamOverlap {
  /** the source's questions */
  questionCount: number;
  /** how many of them at least one open exam holds */
  heldCount: number;
  exams: { examCode: string; examName: string; examEndTime: string; questionCount: number }[];
}
/** The editor's notice for a PracticeExamOverlap with exams. */
export const practiceOverlapText = (o: PracticeExamOverlap) =>
  `所选题目中有 ${o.heldCount} 题在进行中的考试里，参加这些考试的学员在考试结束（或用完考试机会）前练习这些题时不显示答案和对错：` +
  o.exams.map((e) => `「${e.examName}」${e.questionCount} 题，至 ${e.examEndTime}`).join('；');

export interface PracticeView {
  practiceCode: string;
  practiceName: string;
  companySysCode: string;
  sourceKind: number;
  sourceCode: string;
  /** the directory's or paper's name ('' when it was deleted since) */
  sourceName: string;
  clearStreak: number;
  status: number;
  /** questions the source gives now */
  questionCount: number;
  /** learners who answered at least one question */
  learnerCount: number;
  createdAt: string;
  updatedAt: string;
}
export interface PracticeDetail extends PracticeView {
  participants: ExamParticipantsView;
}

// ---------- the learner: /Api/UserExam/ex_practice/... ----------

export interface MyPracticeCard {
  practiceCode: string;
  practiceName: string;
  sourceName: string;
  questionCount: number;
  answeredCount: number;
  rightCount: number;
  /** answered while the key was hidden (the question is in an exam they can still take): 待公布, neither right nor wrong yet */
  pendingCount: number;
}

/** A question as the learner sees it before answering: never the key or the analysis. */
export interface PracticeQuestionView extends Record<OptionKey, string> {
  qCode: string;
  qType: number;
  qName: string;
  blankCount: number;
}

export interface PracticeNext {
  practiceCode: string;
  practiceName: string;
  total: number;
  answered: number;
  right: number;
  /** answered, neither right nor wrong yet (待公布: the key is hidden while an exam holds the question) */
  pending: number;
  /** 1-based position of `question`; null when every question is answered */
  position: number | null;
  question: PracticeQuestionView | null;
}

export const practiceAnswerInput = z.object({
  practiceCode: code(PracticeMsg.practiceRequired),
  qCode: code(PracticeMsg.questionRequired),
  /** a string for types 1, 2, 3, 5; an array of strings (one per blank) for type 4 */
  answer: answerField,
});
export const wrongAnswerInput = z.object({
  wrongId: id(PracticeMsg.wrongRequired),
  answer: answerField,
});
export const wrongIdInput = z.object({ wrongId: id(PracticeMsg.wrongRequired) });

/** Instant feedback on one answer. */
export interface PracticeFeedback {
  qCode: string;
  /** null when the key is hidden (then right or wrong is not told either) */
  isRight: boolean | null;
  /** the key as the wire carries answers (array for fill-in); null when hidden */
  rightAnswer: string | string[] | null;
  analysis: string | null;
  /** why the key is not shown ('' when shown): ANSWER_HIDDEN_TEXT */
  hidden: AnswerHidden | '';
  /** the question is (still) in the 错题本 after this answer */
  inWrongBook: boolean;
  /** this answer took it out of the 错题本 (answered right enough times in a row) */
  cleared: boolean;
  /** right answers in a row so far, and how many take it out */
  rightStreak: number;
  clearStreak: number;
}

export interface WrongQuestion extends PracticeQuestionView {
  wrongId: number;
  /** the learner's last answer (array for fill-in) */
  lastAnswer: string | string[];
  rightStreak: number;
  clearStreak: number;
  addedAt: string;
  updatedAt: string;
}
export interface WrongBookGroup {
  sourceKind: WrongSource;
  sourceCode: string;
  sourceName: string;
  questions: WrongQuestion[];
}
export interface WrongBookView {
  total: number;
  groups: WrongBookGroup[];
}
export const wrongBookInput = z.object({
  /** one source only ('' = every source) */
  sourceCode: text(60).default(''),
});

/** The learner dashboard's counts. */
export interface PracticeCounts {
  /** practices open to the learner */
  practiceCount: number;
  /** questions in the 错题本 */
  wrongCount: number;
}

/** Why practice does not show a question's key (PracticeFeedback.hidden), in the learner's words. */
export const PRACTICE_HIDDEN_TEXT: Record<AnswerHidden, string> = {
  never: '该题所在的考试不公布答案，练习中也不显示答案',
  confidential: '该题所在的考试成绩保密，练习中不显示答案',
  attemptsLeft: '该题在您还有考试机会的考试中，用完考试机会或考试结束后才显示答案',
  attemptOpen: '您正在参加含有该题的考试，交卷后才显示答案',
  examOpen: '该题所在的考试结束后才显示答案',
  otherExam: '该题在您仍可参加的考试中，考试结束前不显示答案和对错',
};
