import {
  countBlanks,
  type ExamDetail,
  type ExamParticipantsView,
  type ExamView,
  formatDateTime,
  isAllowedViewAnswerOf,
  type PaperDetail,
  type PaperQuestionView,
  type PaperRuleView,
  type PaperView,
  type QuestionDirNode,
  type QuestionView,
} from '@xuetu/contract';
import type { ExamRow } from './exams/exams.repository.ts';
import type { PaperRow } from './papers/papers.repository.ts';
import type { DirRow, QuestionRow } from './questions/questions.repository.ts';

/** Directories as a tree (pCode → children), each with its own live question count. */
export function presentDirTree(rows: DirRow[], counts: Map<string, number>): QuestionDirNode[] {
  const nodes = new Map<string, QuestionDirNode>();
  for (const r of rows)
    nodes.set(r.dirCode, {
      dirCode: r.dirCode,
      dirName: r.dirName,
      pCode: r.pCode,
      sortOrder: r.sortOrder,
      companySysCode: r.companySysCode,
      qCount: counts.get(r.dirCode) ?? 0,
      children: [],
    });
  const roots: QuestionDirNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.pCode ? nodes.get(n.pCode) : undefined;
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  return roots;
}

export function presentQuestion(row: QuestionRow, dirNames: Map<string, string>): QuestionView {
  return {
    qCode: row.qCode,
    qType: row.qType,
    qName: row.qName,
    a: row.a,
    b: row.b,
    c: row.c,
    d: row.d,
    e: row.e,
    f: row.f,
    g: row.g,
    h: row.h,
    i: row.i,
    answer: row.answer,
    analysis: row.analysis,
    difficulty: row.difficulty,
    score: row.score,
    dirCode: row.dirCode,
    dirName: dirNames.get(row.dirCode) ?? '',
    companySysCode: row.companySysCode,
    blankCount: row.qType === 4 ? countBlanks(row.qName) : 0,
    updateTime: formatDateTime(row.updatedAt),
  };
}

export function presentPaper(row: PaperRow, use: { examCount: number; locked: boolean }): PaperView {
  return {
    paperCode: row.paperCode,
    paperName: row.paperName,
    paperIntrduce: row.paperIntrduce,
    paperType: row.paperType,
    companySysCode: row.companySysCode,
    totlescore: row.totlescore,
    totleq: row.totleq,
    type1: row.type1,
    type2: row.type2,
    type3: row.type3,
    type4: row.type4,
    type5: row.type5,
    examCount: use.examCount,
    locked: use.locked,
    updateTime: formatDateTime(row.updatedAt),
  };
}

export function presentPaperDetail(view: PaperView, questions: PaperQuestionView[], rules: PaperRuleView[]): PaperDetail {
  return { ...view, questions, rules };
}

export function presentExam(row: ExamRow, paper: PaperRow | undefined, counts: { userCount: number; attemptCount: number }): ExamView {
  return {
    examCode: row.examCode,
    examName: row.examName,
    examIntrduce: row.examIntrduce,
    paperCode: paper?.paperCode ?? '',
    paperName: paper?.paperName ?? '',
    time: row.time,
    examStartTime: formatDateTime(row.examStartTime),
    examEndTime: formatDateTime(row.examEndTime),
    passScore: row.passScore,
    isAllow: row.isAllow,
    isAllowCount: row.isAllowCount,
    isAllowedViewAnswer: isAllowedViewAnswerOf(row.answerReview),
    answerReview: row.answerReview,
    isConfidential: row.isConfidential,
    isShuffleQuestion: row.isShuffleQuestion,
    isShuffleOption: row.isShuffleOption,
    leaveLimit: row.leaveLimit,
    requireFullScreen: row.requireFullScreen,
    mustCompleteBeforeStudy: row.mustCompleteBeforeStudy,
    isPartialCredit: row.isPartialCredit,
    projectCode: row.projectCode,
    status: row.status,
    companySysCode: row.companySysCode,
    totlescore: paper?.totlescore ?? 0,
    totleq: paper?.totleq ?? 0,
    type1: paper?.type1 ?? 0,
    type2: paper?.type2 ?? 0,
    type3: paper?.type3 ?? 0,
    type4: paper?.type4 ?? 0,
    type5: paper?.type5 ?? 0,
    userCount: counts.userCount,
    attemptCount: counts.attemptCount,
    publishTime: formatDateTime(row.publishedAt),
    updateTime: formatDateTime(row.updatedAt),
  };
}

export function presentExamDetail(view: ExamView, participants: ExamParticipantsView): ExamDetail {
  return { ...view, participants };
}
