// Exam taking, marking and results (issue 14): the learner's calls under /Api/UserExam/ex_userexam/
// and the marking and statistics calls under /Api/Exam_Manage/. Wire names are the spec's
// (examIntrduce, totlescore, exammcode, userpaperId …), including its spellings.
import { z } from 'zod';
import type { OptionKey, PaperTotals } from '../../exam-answers.ts';
import { DB_INT_MAX, pagingShape } from '../../shared/common.schemas.ts';
import type { AnswerReview } from '../exams/exams.schemas.ts';

export const USER_EXAM_BASE = '/Api/UserExam/ex_userexam';
export const MARKING_BASE = '/Api/Exam_Manage/ex_marking';

/**
 * A save that reaches the server this long after the deadline still counts (network latency of
 * the last answer typed before zero); the attempt is closed once the grace has passed too.
 */
export const SAVE_GRACE_MS = 5_000;

export const UserExamMsg = {
  submitted: '交卷成功',
  markSaved: '评分已保存',
  /** MARK_SCORE_RANGE with the question's score */
  markScoreRange: (max: number) => `得分应在 0 到 ${max} 之间，最多两位小数`,
  /** the message a learner gets once all of their attempt's essays are marked */
  markedTitle: (examName: string) => `阅卷完成：${examName}`,
  markedContent: (examName: string) => `您参加的考试「${examName}」已完成阅卷，可以查看成绩。`,
} as const;

/**
 * Why a learner's result shows no (or not every) correct answer (ADR 0036 §5). '' when every key
 * is shown (an administrator's view, or the exam's rule allows it and no question is in another
 * exam the learner can still take).
 */
export const AnswerHidden = {
  Never: 'never',
  Confidential: 'confidential',
  AttemptsLeft: 'attemptsLeft',
  AttemptOpen: 'attemptOpen',
  ExamOpen: 'examOpen',
  OtherExam: 'otherExam',
} as const;
export type AnswerHidden = (typeof AnswerHidden)[keyof typeof AnswerHidden];
export const ANSWER_HIDDEN_TEXT: Record<AnswerHidden, string> = {
  never: '本考试不公布答案',
  confidential: '成绩保密，不显示答案',
  attemptsLeft: '还有考试机会，暂不显示答案；用完考试机会或考试结束后可查看答案',
  attemptOpen: '您正在进行本考试的另一次作答，交卷后可查看答案',
  examOpen: '考试结束后可查看答案',
  otherExam: '部分试题还在您可以参加的其他考试中，暂不显示这些试题的答案',
};

/** A submitted attempt's result in one wording everywhere: the result pages, the lists, the PDF and the export (issue 38 item 14). */
export const PASS_RESULT_TEXT = { passed: '通过', failed: '未通过' } as const;
export const passResultText = (passed: boolean) => (passed ? PASS_RESULT_TEXT.passed : PASS_RESULT_TEXT.failed);

/** Texts of the result PDF (ExportResultPdf); a judgement question's answer reads as JUDGE_OPTIONS. */
export const ResultPdfText = {
  author: '学途',
  title: (examName: string) => `${examName} 考试结果`,
  fileName: (examName: string, chnName: string) => `${examName}-${chnName}-考试结果.pdf`,
  candidate: (chnName: string, orgName: string) => `考生：${chnName}    部门：${orgName}`,
  times: (start: string, end: string) => `开始：${start}    交卷：${end}`,
  summary: (total: number, count: number, minutes: number, result: string) =>
    `总分 ${total}，共 ${count} 题，时长 ${minutes} 分钟。${result}`,
  scoreHidden: '成绩保密',
  awaitingMarking: '试卷已提交，等待阅卷',
  score: (score: number | string, total: number, passed: boolean) => `得分 ${score} / ${total}（${passResultText(passed)}）`,
  question: (order: number, typeLabel: string, stem: string, score: number) => `${order}. [${typeLabel}] ${stem}（${score} 分）`,
  unanswered: '未作答',
  answer: '考生答案：',
  reference: '参考答案：',
  scored: '得分：',
  analysis: '解析：',
  comment: '评语：',
  /** why answers are left out (ANSWER_HIDDEN_TEXT) */
  hidden: (why: string) => `参考答案：${why}`,
} as const;
export const ANSWER_TEXT_MAX = 5_000;
export const MARK_COMMENT_MAX = 1_000;
/** one blank of a fill-in question */
export const BLANK_TEXT_MAX = 1_000;

const code = (msg: string) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : String(v)), z.string().trim().max(60).pipe(z.string().min(1, msg)));
const id = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg).max(DB_INT_MAX, msg);

export const excodeInput = z.object({ excode: code('请指定考试') });
export const userExamCodeInput = z.object({ examCode: code('请指定考试') });
export const userpaperIdInput = z.object({ userpaperId: id('请指定答卷') });
/** spec: GetExamResultList takes `exammcode` (sic); examCode is accepted too */
export const examResultListInput = z
  .object({ exammcode: z.string().trim().max(60).optional(), examCode: z.string().trim().max(60).optional() })
  .transform((v) => ({ examCode: v.exammcode || v.examCode || '' }))
  .pipe(z.object({ examCode: z.string().min(1, '请指定考试') }));

export const myExamListInput = z.object({
  ...pagingShape,
  /** exam-user status: 10 not started (0 and 10), 20 in progress, 30 done; empty = all */
  status: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().optional()),
  /** 1: only the open exams that must be completed before studying (the image-exam page) */
  mustComplete: z.preprocess((v) => (v === true ? 1 : v === false || v === '' || v == null ? 0 : v), z.coerce.number().int().min(0).max(1)),
});

/**
 * The page that answers an attempt (issue 23 item 3): a random id per page load. Optional: a
 * client that sends none saves as before.
 */
export const ATTEMPT_HOLDER_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
const holder = z.preprocess(
  (v) => (v === '' || v == null ? undefined : v),
  z.string({ error: '页面标识不正确' }).regex(ATTEMPT_HOLDER_PATTERN, '页面标识不正确').optional(),
);

/**
 * GetExamPaper. With `holder`, the page becomes the attempt's holder (opening a page takes the
 * attempt over; the banner's 在此继续作答 sends takeOver 1 explicitly); `takeOver: 0` only looks
 * (the read-only view). Without `holder`, nothing changes (older clients).
 */
export const examPaperInput = z.object({
  userpaperId: id('请指定答卷'),
  holder,
  takeOver: z.preprocess(
    (v) => (v === true ? 1 : v === false ? 0 : v === '' || v == null ? undefined : v),
    z.coerce.number().int().min(0).max(1).optional(),
  ),
});

/** SubmitExam: a page that no longer holds the attempt (`holder`) is refused with ATTEMPT_TAKEN_OVER */
export const submitExamInput = z.object({ userpaperId: id('请指定答卷'), holder });

export const saveAnswerInput = z.object({
  userpaperId: id('请指定答卷'),
  /** the page saving; refused with ATTEMPT_TAKEN_OVER when another page holds the attempt */
  holder,
  qCode: code('请指定试题'),
  /** a string for types 1, 2, 3, 5; an array of strings (one per blank) for type 4; '' or null clears */
  answer: z
    .union([z.string().max(ANSWER_TEXT_MAX, `答案最多 ${ANSWER_TEXT_MAX} 字`), z.array(z.string().max(BLANK_TEXT_MAX)).max(50), z.null()])
    .optional(),
  /** the client's increasing sequence number for this attempt */
  seq: z.coerce.number({ error: '缺少保存序号' }).int('缺少保存序号').positive('缺少保存序号'),
  /** 1 marks the question for review, 0 clears the mark; omitted leaves it */
  flag: z.preprocess(
    (v) => (v === true ? 1 : v === false ? 0 : v === '' || v == null ? undefined : v),
    z.coerce.number().int().min(0).max(1).optional(),
  ),
});

/** How the page was left (issue 26 item 3): a hidden tab, lost focus, or leaving full screen. */
export const LEAVE_KINDS = ['hidden', 'blur', 'fullscreen'] as const;
export type LeaveKind = (typeof LEAVE_KINDS)[number];
export const LEAVE_KIND_TEXT: Record<LeaveKind, string> = { hidden: '切换页面', blur: '窗口失去焦点', fullscreen: '退出全屏' };

/**
 * What the learner reads about leaving the exam page (issue 38 item 11): before 开始考试, after
 * each counted leave, and on the result. `limit` leaves are allowed; one more submits.
 */
export const LeaveText = {
  notice: (limit: number, fullScreen: boolean) =>
    `本场考试最多可离开考试页面 ${limit} 次（切换页面、窗口失去焦点${fullScreen ? '、退出全屏' : ''}各算一次，刷新页面不算），超过将自动交卷`,
  /** after a counted leave: `left` more are allowed, the one after them submits */
  warning: (count: number, left: number) => `您已离开考试页面 ${count} 次，再离开 ${left + 1} 次将自动交卷`,
  submitted: '离开考试页面次数已超过限制，系统已自动交卷',
  result: (limit: number) => `离开考试页面超过 ${limit} 次，系统已自动交卷`,
} as const;

/**
 * ReportLeave: one leave of the exam page. Idempotent per `eventId` (the page's own id for the
 * event), so a leave sent again after the page was offline is counted once. `leftAtMs`: when it
 * happened by the page's clock (the server keeps it when within the attempt, else its own).
 */
export const reportLeaveInput = z.object({
  userpaperId: id('请指定答卷'),
  holder,
  eventId: z.string({ error: '缺少事件标识' }).regex(ATTEMPT_HOLDER_PATTERN, '缺少事件标识'),
  kind: z.enum(LEAVE_KINDS, { error: '离开方式不正确' }),
  leftAtMs: z.coerce.number().int().nonnegative().optional(),
});

export interface ReportLeaveResult {
  /** leaves counted for the attempt (this one included) */
  leaveCount: number;
  leaveLimit: number;
  /** leaves still allowed; 0 and `submitted` once past the limit */
  leavesLeft: number;
  /** the attempt is submitted (by this leave, or before it) */
  submitted: boolean;
  /** true: this event id was counted before (a retry) */
  duplicate: boolean;
}

/** One counted leave, for the results list and the attempt detail. */
export interface AttemptLeaveView {
  kind: LeaveKind;
  leftAt: string;
}

export const markingQueueInput = z.object({
  ...pagingShape,
  examCode: code('请指定考试'),
  qCode: z.string().trim().max(60).default(''),
});
export const markInput = z.object({
  userpaperId: id('请指定答卷'),
  qCode: code('请指定试题'),
  score: z.coerce.number({ error: '请输入得分' }).min(0, '得分不能为负数'),
  comment: z.preprocess((v) => (v == null ? '' : v), z.string().trim().max(MARK_COMMENT_MAX, `评语最多 ${MARK_COMMENT_MAX} 字`)),
});

/** One card of the dashboard's exam tab (GetMyExamList). */
export interface MyExamCard extends PaperTotals {
  examCode: string;
  examName: string;
  examIntrduce: string;
  time: number;
  passScore: number;
  /** highest score of the submitted attempts; null when none or confidential */
  score: number | null;
  /** exam-user status: 0/10 not started, 20 in progress, 30 done */
  status: number;
  attemptsUsed: number;
  attemptsAllowed: number;
  examStartTime: string;
  examEndTime: string;
  isAllow: number;
  isAllowCount: number;
  isAllowedViewAnswer: number;
  isConfidential: number;
  mustCompleteBeforeStudy: number;
  /** leaves of the exam page allowed (0 = not monitored) and full screen asked for: told before 开始考试 (issue 38 item 11) */
  leaveLimit: number;
  requireFullScreen: number;
  /** 开始/继续/再次考试 is possible now */
  canBegin: boolean;
  /** the attempt in progress, if any */
  openUserpaperId: number | null;
  /** the latest submitted attempt, for the history view */
  lastUserpaperId: number | null;
  /** the exam was closed by an administrator or its window has ended */
  ended: boolean;
}

/** One attempt as the learner's exam detail lists it (the administrator's result row adds whose it is). */
export interface MyAttemptRow {
  id: number;
  attemptNo: number;
  startTime: string;
  endTime: string;
  score: number | null;
  /** 1 pass, -2 confidential, otherwise fail */
  isPass: number;
  delayMarkingPapers: number;
  status: number;
}

export interface UserExamDetail extends MyExamCard {
  attempts: MyAttemptRow[];
}

/** BeginExam's answer: the attempt to open, or isSubExam (no attempt left: show the latest result). */
export interface BeginExamResult {
  examCode: string;
  isSubExam: boolean;
  userpaperId: number;
  userpaper: { id: number };
  deadline: string;
  serverNow: string;
  remainingSeconds: number;
}

/** A question as the learner sees it during an attempt: never the key or the analysis. */
export interface AttemptQuestionView extends Record<OptionKey, string> {
  qCode: string;
  order: number;
  qType: number;
  qName: string;
  score: number;
  blankCount: number;
}

export interface ExamPaperView {
  userpaperId: number;
  examCode: string;
  examName: string;
  time: number;
  totlescore: number;
  totleq: number;
  status: number;
  questions: AttemptQuestionView[];
  /** qCode → saved answer (string, or string[] for fill-in) */
  answers: Record<string, string | string[]>;
  /** qCode → the highest seq the server holds for it (the client's journal skips older entries) */
  seqs: Record<string, number>;
  flags: string[];
  deadline: string;
  serverNow: string;
  /** the deadline in epoch milliseconds, so the countdown needs no date parsing */
  deadlineMs: number;
  serverNowMs: number;
  remainingSeconds: number;
  /** the `holder` sent holds the attempt (false: another page does, or none was sent) */
  heldHere: boolean;
  /** leaves of the page allowed (0 = not monitored), counted so far, and still allowed (issue 26 item 3) */
  leaveLimit: number;
  leaveCount: number;
  leavesLeft: number;
  /** 1: the page asks for full screen */
  requireFullScreen: number;
}

export interface SaveAnswerResult {
  qCode: string;
  /** the seq the server now holds for the question (≥ the one sent) */
  seq: number;
  /** false: a newer answer was already saved, this one was ignored */
  applied: boolean;
  serverNow: string;
  remainingSeconds: number;
}

export interface SubmitExamResult {
  userpaperId: number;
  score: number | null;
  isPass: number;
  delayMarkingPapers: number;
  /** false: it was already submitted (by the learner, another device or the deadline) */
  submittedNow: boolean;
}

export interface ExamResultQuestion extends Record<OptionKey, string> {
  qCode: string;
  order: number;
  qName: string;
  qType: number;
  /** the key: blank unless the attempt is submitted and this question's answer may be viewed (answersHidden) */
  answer: string;
  /** the learner's answer */
  answerStr: string;
  /**
   * the score got: blank while unmarked or confidential, and for a question of types 1–4 whose
   * key is hidden (right or wrong on a true/false question is its key); isPass is 0 then
   */
  scoreStr: string;
  isPass: number;
  difficulty: number;
  score: number;
  analysis: string;
  comment: string;
  marked: number;
}

export interface ExamResultView {
  delayMarkingPapers: number;
  examinfo: PaperTotals & {
    examCode: string;
    examName: string;
    time: number;
    paperIntrduce: string;
    /** 0 when the exam never shows answers (answerReview never), otherwise 1 */
    isAllowedViewAnswer: number;
    answerReview: AnswerReview;
    passScore: number;
  };
  /** why keys are left out for this reader ('' when all are shown): ANSWER_HIDDEN_TEXT */
  answersHidden: AnswerHidden | '';
  paper: {
    id: number;
    chnName: string;
    orgName: string;
    score: number | null;
    /** 1 pass, -2 confidential, otherwise fail */
    isPass: number;
    startTime: string;
    endTime: string;
    status: number;
    /** leaves of the exam page counted, and when (issue 26 item 3) */
    leaveCount: number;
    leaves: AttemptLeaveView[];
    /** the exam's leave limit, and whether passing it submitted this attempt (issue 38 item 11) */
    leaveLimit: number;
    submittedByLeaves: boolean;
  };
  exampaperquestionlist: ExamResultQuestion[];
}

/** One attempt in the administrator's result list. */
export interface ExamResultRow extends MyAttemptRow {
  userId: number;
  chnName: string;
  accountCode: string;
  orgName: string;
  /** leaves of the exam page counted (issue 26 item 3) */
  leaveCount: number;
  /** when: the times of the counted leaves */
  leaveTimes: string[];
}

export interface MarkingRow {
  userpaperId: number;
  qCode: string;
  qName: string;
  answerStr: string;
  /** the question's full score */
  score: number;
  scoreGot: number | null;
  comment: string;
  chnName: string;
  marked: number;
  /** the reference answer, for the marker */
  answer: string;
}

export interface ExamStatistics {
  examCode: string;
  examName: string;
  totlescore: number;
  passScore: number;
  participants: number;
  submitted: number;
  attempts: number;
  awaitingMarking: number;
  passed: number;
  /** passed / submitted people, 0–1 */
  passRate: number;
  averageScore: number;
  highestScore: number;
  lowestScore: number;
  /** ten buckets of the best score per person: [0,10%), [10%,20%) … [90%,100%] of the total */
  distribution: { label: string; count: number }[];
  questions: { qCode: string; order: number; qName: string; qType: number; answered: number; correct: number; correctRate: number }[];
}
