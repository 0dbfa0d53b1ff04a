import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ExamResultRow, ExamStatistics } from '@xuetu/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInCompanyAdmin } from '../../../../test/companyAdmin';
import { type MockApi, mockApi, ok, RawResponse } from '../../../../test/mockApi';
import { createQueryClient, Providers } from '../../../../test/providers';
import ExamResultPage from './index';

const attempt = (id: number, over: Partial<ExamResultRow>): ExamResultRow => ({
  id,
  userId: id,
  chnName: `学员${id}`,
  accountCode: `learner0${id}`,
  orgName: '安全部',
  attemptNo: 1,
  startTime: '2026-11-21 09:00:00',
  endTime: '2026-11-21 09:20:00',
  score: 90,
  isPass: 1,
  delayMarkingPapers: 0,
  status: 30,
  leaveCount: 0,
  leaveTimes: [],
  ...over,
});

const stats: ExamStatistics = {
  examCode: 'E1',
  examName: '安全考试',
  totlescore: 100,
  passScore: 60,
  participants: 5,
  submitted: 4,
  attempts: 5,
  awaitingMarking: 1,
  passed: 2,
  passRate: 0.5,
  averageScore: 67.5,
  highestScore: 90,
  lowestScore: 40,
  distribution: Array.from({ length: 10 }, (_, i) => ({
    label: `${i * 10}%-${i === 9 ? 100 : i * 10 + 10}%`,
    count: i === 9 ? 2 : i === 4 ? 1 : i === 6 ? 1 : 0,
  })),
  questions: [
    { qCode: 'Q1', order: 1, qName: '<p>火警电话是？</p>', qType: 1, answered: 4, correct: 3, correctRate: 0.75 },
    { qCode: 'Q5', order: 5, qName: '<p>简述疏散要点</p>', qType: 5, answered: 3, correct: 1, correctRate: 0.25 },
  ],
};

let api: MockApi;
beforeEach(() => {
  signInCompanyAdmin('ExamResult.List', 'Exam.Mark');
  api = mockApi()
    .on(
      '/Api/Exam_Manage/ex_exam/GetPageList',
      ok({
        models: [
          {
            examCode: 'E1',
            examName: '安全考试',
            examIntrduce: '年度安全考试',
            paperName: '安全试卷',
            status: 1,
            time: 30,
            totlescore: 100,
            passScore: 60,
            totleq: 5,
            type1: 1,
            type2: 1,
            type3: 1,
            type4: 1,
            type5: 1,
            isAllow: 1,
            isAllowCount: 2,
            isAllowedViewAnswer: 1,
            answerReview: 'afterClose',
            isConfidential: 0,
            isPartialCredit: 0,
            isShuffleQuestion: 0,
            isShuffleOption: 0,
            mustCompleteBeforeStudy: 0,
            examStartTime: '2026-11-20 08:00:00',
            examEndTime: '2026-11-30 18:00:00',
            userCount: 5,
            attemptCount: 5,
          },
        ],
        totalCount: 1,
      }),
    )
    .on(
      '/Api/UserExam/ex_userexam/GetExamResultList',
      ok([
        attempt(1, {}),
        attempt(2, { score: 50, isPass: 0, delayMarkingPapers: 1 }),
        attempt(3, { isPass: -2 }),
        attempt(4, { score: 40, isPass: 0 }),
      ]),
    )
    .on('/Api/Exam_Manage/ex_exam/GetStatistics', ok(stats));
});
afterEach(() => vi.restoreAllMocks());

const renderPage = (path = '/exam/result') =>
  render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <ExamResultPage />
      </MemoryRouter>
    </Providers>,
  );

describe('exam result page', () => {
  it('shows the exam settings in the detail dialog', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('exam-detail-open'));
    const detail = await screen.findByTestId('exam-detail');
    expect(detail).toHaveTextContent('安全试卷');
    expect(detail).toHaveTextContent('30 分钟');
    expect(detail).toHaveTextContent('是，最多 2 次（取最高分）');
    expect(detail).toHaveTextContent('公布答案考试结束后');
    expect(detail).toHaveTextContent('共 5 题：单选 1，多选 1，判断 1，填空 1，简答 1');
  });

  it('opens the linked exam’s result list: one row per attempt, view hidden while waiting or confidential', async () => {
    renderPage('/exam/result?examCode=E1');
    const list = await screen.findByTestId('result-list');
    await waitFor(() => expect(within(list).getByText('学员1')).toBeInTheDocument());
    expect(api.calls.find((c) => c.url.endsWith('/GetExamResultList'))?.body).toEqual({ exammcode: 'E1' });
    const rowOf = (name: string) => within(list).getByText(name).closest('tr') as HTMLElement;
    expect(within(rowOf('学员1')).getByText('通过')).toBeInTheDocument();
    expect(within(rowOf('学员1')).getByTestId('result-view')).toBeInTheDocument();
    expect(within(rowOf('学员2')).getByText('待阅卷')).toBeInTheDocument();
    expect(within(rowOf('学员2')).queryByTestId('result-view')).toBeNull();
    expect(within(rowOf('学员3')).getByText('保密')).toBeInTheDocument();
    expect(within(rowOf('学员3')).queryByTestId('result-view')).toBeNull();
    expect(within(rowOf('学员4')).getByText('未通过')).toBeInTheDocument();
    expect(within(rowOf('学员4')).getByTestId('result-view')).toBeInTheDocument();
  });

  it('shows the statistics: counts, pass rate, the distribution and per-question rates', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('exam-results-open'));
    fireEvent.click(await screen.findByRole('tab', { name: '统计分析' }));
    const panel = await screen.findByTestId('exam-statistics');
    expect(within(panel).getByTestId('pass-rate')).toHaveTextContent('50%');
    expect(within(panel).getByTestId('pass-rate')).toHaveTextContent('通过 2 人 / 已交卷 4 人');
    expect(panel).toHaveTextContent('67.5');
    const bars = within(panel).getAllByTestId('distribution-bar');
    expect(bars.map((b) => Number(b.dataset.count))).toEqual([0, 0, 0, 0, 1, 0, 1, 0, 0, 2]);
    expect(bars[9]).toHaveAttribute('title', '90%-100%：2 人');
    const rates = within(panel).getByTestId('question-rates');
    expect(rates).toHaveTextContent('火警电话是？');
    expect(rates).toHaveTextContent('75%');
    expect(rates).toHaveTextContent('25%');
  });

  it('exports the workbook the server sends, under its file name', async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    api.on(
      '/Api/Exam_Manage/ex_exam/ExportResults',
      new RawResponse(new Blob(['xlsx']), {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('安全考试-考试成绩.xlsx')}`,
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByTestId('exam-results-open'));
    fireEvent.click(await screen.findByTestId('export-results'));
    await waitFor(() => expect(saved).toEqual(['安全考试-考试成绩.xlsx']));
    expect(api.calls.find((c) => c.url.endsWith('/ExportResults'))?.body).toEqual({ examCode: 'E1' });
  });
});
