import { screen } from '@testing-library/react';
import type { AnswerHidden, ExamResultView } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';
import { optionFields } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/renderApp';
import { ExamResultContent } from './ExamResultContent';

const question = (answer: string) => ({
  qCode: 'Q1',
  order: 1,
  qName: '火警电话是？',
  qType: 1,
  ...optionFields({ a: '110', b: '119' }),
  answer,
  answerStr: 'A',
  scoreStr: answer ? '0' : '',
  isPass: 0,
  difficulty: 3,
  score: 100,
  analysis: answer ? '火警拨打 119' : '',
  comment: '',
  marked: 1,
});
const result = (answersHidden: AnswerHidden | '', answer: string): ExamResultView => ({
  delayMarkingPapers: 0,
  examinfo: {
    examCode: 'E1',
    examName: '消防考试',
    time: 30,
    totlescore: 100,
    totleq: 1,
    type1: 1,
    type2: 0,
    type3: 0,
    type4: 0,
    type5: 0,
    paperIntrduce: '',
    isAllowedViewAnswer: 1,
    answerReview: 'afterLast',
    passScore: 60,
  },
  answersHidden,
  paper: {
    id: 1,
    chnName: '学员一',
    orgName: '',
    score: 0,
    isPass: 0,
    startTime: '',
    endTime: '',
    status: 30,
    leaveCount: 0,
    leaves: [],
    leaveLimit: 0,
    submittedByLeaves: false,
  },
  exampaperquestionlist: [question(answer)],
});

describe('ExamResultContent', () => {
  it.each([
    ['attemptsLeft', '还有考试机会，暂不显示答案'],
    ['examOpen', '考试结束后可查看答案'],
    ['never', '本考试不公布答案'],
    ['attemptOpen', '交卷后可查看答案'],
    ['otherExam', '部分试题还在您可以参加的其他考试中'],
  ] as const)('says why the key is hidden (%s)', (why, text) => {
    renderWithApp(<ExamResultContent r={result(why, '')} />);
    expect(screen.getByTestId('result-answers-hidden')).toHaveTextContent(text);
    expect(screen.queryByText(/参考答案/)).toBeNull();
  });

  it('shows the key and the analysis without a note when they may be seen', () => {
    renderWithApp(<ExamResultContent r={result('', 'B')} />);
    expect(screen.queryByTestId('result-answers-hidden')).toBeNull();
    expect(screen.getByText('参考答案：B')).toBeInTheDocument();
    expect(screen.getByText('解析：火警拨打 119')).toBeInTheDocument();
    expect(screen.queryByTestId('result-leave-submitted')).toBeNull();
  });

  it('says the paper was handed in because the page was left too often (issue 38 item 11)', () => {
    const r = result('', 'B');
    r.paper = { ...r.paper, leaveLimit: 2, leaveCount: 3, submittedByLeaves: true };
    r.paper.leaves = [1, 2, 3].map((n) => ({ kind: 'hidden' as const, leftAt: `2026-12-01 10:0${n}:00` }));
    renderWithApp(<ExamResultContent r={r} />);
    expect(screen.getByTestId('result-leave-submitted')).toHaveTextContent('离开考试页面超过 2 次，系统已自动交卷');
  });
});
