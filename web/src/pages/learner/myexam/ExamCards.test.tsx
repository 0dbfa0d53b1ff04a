import { fireEvent, screen, within } from '@testing-library/react';
import type { MyExamCard } from '@xuetu/contract';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetRequestState } from '../../../api/request';
import { mockApi, ok } from '../../../test/mockApi';
import { renderWithApp } from '../../../test/renderApp';
import { ExamCards, examStatusTag } from './ExamCards';

// Issue 38: the notice before 开始考试 tells the leave limit (item 11); an open exam not yet
// attempted is 待考试, not 未开始 (item 14).
const card = (over: Partial<MyExamCard> = {}): MyExamCard => ({
  examCode: 'E1',
  examName: '离开受限考试',
  examIntrduce: '',
  time: 30,
  totlescore: 100,
  totleq: 1,
  type1: 0,
  type2: 0,
  type3: 1,
  type4: 0,
  type5: 0,
  passScore: 60,
  score: null,
  status: 10,
  attemptsUsed: 0,
  attemptsAllowed: 1,
  examStartTime: '2026-12-01 08:00:00',
  examEndTime: '2026-12-31 08:00:00',
  isAllow: 0,
  isAllowCount: 0,
  isAllowedViewAnswer: 1,
  isConfidential: 0,
  mustCompleteBeforeStudy: 0,
  leaveLimit: 2,
  requireFullScreen: 1,
  canBegin: true,
  openUserpaperId: null,
  lastUserpaperId: null,
  ended: false,
  ...over,
});

beforeEach(() => resetRequestState());

describe('the exam cards', () => {
  it('tag an open exam not yet attempted 待考试; 未开始 before it opens, 未参加 once it ended', () => {
    expect(examStatusTag(card()).text).toBe('待考试');
    expect(examStatusTag(card({ canBegin: false })).text).toBe('未开始');
    expect(examStatusTag(card({ canBegin: false, ended: true })).text).toBe('未参加');
    expect(examStatusTag(card({ status: 20, openUserpaperId: 5 })).text).toBe('考试中');
    expect(examStatusTag(card({ status: 30, attemptsUsed: 1 })).text).toBe('已完成');
  });

  it('tell the leave limit before 开始考试, and say nothing of it for an exam without one', async () => {
    mockApi().on(
      '/Api/UserExam/ex_userexam/GetMyExamList',
      ok({ models: [card(), card({ examCode: 'E2', examName: '不监控考试', leaveLimit: 0, requireFullScreen: 0 })], totalCount: 2 }),
    );
    renderWithApp(
      <MemoryRouter>
        <ExamCards />
      </MemoryRouter>,
    );
    const limited = await screen.findByTestId('exam-card-E1');
    expect(within(limited).getByText('待考试')).toBeInTheDocument();
    fireEvent.click(within(limited).getByRole('button', { name: '开始考试' }));
    expect(await screen.findByTestId('exam-leave-notice')).toHaveTextContent(
      '本场考试最多可离开考试页面 2 次（切换页面、窗口失去焦点、退出全屏各算一次，刷新页面不算），超过将自动交卷',
    );
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    fireEvent.click(within(screen.getByTestId('exam-card-E2')).getByRole('button', { name: '开始考试' }));
    await screen.findByText('不监控考试', { selector: '.ant-descriptions-item-content' });
    expect(screen.queryByTestId('exam-leave-notice')).toBeNull();
  });
});
