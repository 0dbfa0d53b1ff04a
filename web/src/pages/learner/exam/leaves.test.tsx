import { act, screen, waitFor } from '@testing-library/react';
import type { AttemptQuestionView, ExamPaperView, ReportLeaveResult } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { examPaper, optionFields } from '../../../test/fixtures';
import { journalStore as store } from '../../../test/memoryJournal';
import { type MockApi, mockApi, ok } from '../../../test/mockApi';
import { renderAt } from '../../../test/renderApp';
import ExamPage from './index';

// Issue 38 items 11 and 12: a counted leave warns with the server's count and limit, a reload is
// not a leave, and the page numbers questions as the server sends them (grouped by type).

// the answer journal in memory (jsdom has no IndexedDB)
vi.mock('./journal', () => import('../../../test/memoryJournal'));

const PAPER = '/Api/UserExam/ex_userexam/GetExamPaper';
const LEAVE = '/Api/UserExam/ex_userexam/ReportLeave';
const ID = 8;
const question = (qCode: string, order: number, qType: number): AttemptQuestionView => ({
  qCode,
  order,
  qType,
  qName: `第 ${qCode} 题题干`,
  score: 10,
  blankCount: 0,
  ...optionFields({ a: qType === 3 ? '正确' : '甲', b: qType === 3 ? '错误' : '乙' }),
});
const paper = (leaveCount: number): ExamPaperView =>
  examPaper({
    userpaperId: ID,
    examCode: 'E2',
    examName: '离开受限考试',
    totlescore: 40,
    // as the server sends them: grouped by type, numbered down the page
    questions: [question('S1', 1, 1), question('S2', 2, 1), question('J1', 3, 3), question('J2', 4, 3)],
    leaveLimit: 1,
    leaveCount,
    leavesLeft: Math.max(0, 1 - leaveCount),
  });

let api: MockApi;
let counted: number;
const leaveCalls = () => api.calls.filter((c) => c.url === LEAVE);
const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  store.clear();
  localStorage.clear();
  sessionStorage.clear();
  counted = 0;
  api = mockApi()
    .on(PAPER, () => ok(paper(counted)))
    .on(LEAVE, () => {
      counted += 1;
      return ok<ReportLeaveResult>({
        leaveCount: counted,
        leaveLimit: 1,
        leavesLeft: Math.max(0, 1 - counted),
        submitted: counted > 1,
        duplicate: false,
      });
    });
});
afterEach(() => {
  setVisibility('visible');
  vi.restoreAllMocks();
});

const renderPage = () => renderAt(`/ysUserExam/exam?examCode=E2&userpaperId=${ID}`, <ExamPage />);

describe('leaving the exam page', () => {
  it('warns after a counted leave with the count and how many more leaves submit', async () => {
    renderPage();
    await screen.findByText('第 S1 题题干');
    expect(screen.queryByTestId('leave-warning')).toBeNull();
    act(() => setVisibility('hidden'));
    await waitFor(() => expect(leaveCalls()).toHaveLength(1));
    act(() => setVisibility('visible'));
    expect(await screen.findByTestId('leave-warning')).toHaveTextContent('您已离开考试页面 1 次，再离开 1 次将自动交卷');
    expect(screen.getByTestId('leaves-left')).toHaveTextContent('剩余离开次数 0');
  });

  it('does not count the hiding that a reload causes, nor send it from the next load', async () => {
    const first = renderPage();
    await screen.findByText('第 S1 题题干');
    // a reload: the browser fires pagehide, then hides the page
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
      setVisibility('hidden');
    });
    first.unmount();
    setVisibility('visible');
    renderPage();
    await screen.findByText('第 S1 题题干');
    await new Promise((r) => setTimeout(r, 50));
    expect(leaveCalls()).toHaveLength(0);
    expect(screen.queryByTestId('leave-warning')).toBeNull();
  });
});

describe('question numbers', () => {
  it('run down the page and the answer sheet in the order the server sends, under their type', async () => {
    renderPage();
    await screen.findByText('第 S1 题题干');
    const sheet = screen.getByTestId('navigator');
    expect([...sheet.querySelectorAll('.xt-sheet-item')].map((b) => b.textContent)).toEqual(['1', '2', '3', '4']);
    expect([...sheet.querySelectorAll('.xt-sheet-type')].map((b) => b.textContent)).toEqual(['单选题', '判断题']);
  });
});
