import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ItemAnalysis } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInCompanyAdmin } from '../../../../test/companyAdmin';
import { type MockApi, mockApi, ok } from '../../../../test/mockApi';
import { createQueryClient, Providers } from '../../../../test/providers';
import ItemAnalysisPanel from './ItemAnalysisPanel';

// jsdom has no canvas: the chart shows its option as data so the test can read what it would draw
vi.mock('./EChart', () => ({
  EChart: ({ option, label, testId }: { option: unknown; label: string; testId?: string }) => (
    <div role="img" aria-label={label} data-testid={testId} data-option={JSON.stringify(option)} />
  ),
}));

const analysis: ItemAnalysis = {
  examCode: 'E1',
  examName: '安全考试',
  totlescore: 50,
  passScore: 30,
  counted: 5,
  submittedAttempts: 6,
  mean: 26,
  median: 30,
  stdDev: 10.2,
  passed: 3,
  passRate: 0.6,
  groupSize: 1,
  histogram: Array.from({ length: 10 }, (_, i) => ({
    label: `${i * 10}%-${i === 9 ? 100 : i * 10 + 10}%`,
    from: i * 5,
    to: i * 5 + 5,
    count: [0, 0, 1, 0, 1, 0, 2, 0, 1, 0][i],
  })),
  questions: [
    {
      qCode: 'Q1',
      order: 1,
      qName: '<p>火警电话是？</p>',
      qType: 1,
      attempts: 5,
      answered: 5,
      facility: 0.6,
      discrimination: 1,
      upperFacility: 1,
      lowerFacility: 0,
      flag: null,
      options: [
        { key: 'A', text: '110', count: 1, correct: false },
        { key: 'B', text: '119', count: 3, correct: true },
      ],
    },
    {
      qCode: 'Q4',
      order: 4,
      qName: '<p>题 4</p>',
      qType: 1,
      attempts: 5,
      answered: 4,
      facility: 0.6,
      discrimination: -1,
      upperFacility: 0,
      lowerFacility: 1,
      flag: 'negative',
      options: [],
    },
  ],
};

let api: MockApi;
beforeEach(() => {
  signInCompanyAdmin('ExamResult.List');
  api = mockApi().on('/Api/Exam_Manage/ex_exam/GetItemAnalysis', ok(analysis));
});
afterEach(() => vi.restoreAllMocks());

describe('item analysis panel', () => {
  it('shows the summary, the charts, the flagged question and the option counts', async () => {
    render(
      <Providers queryClient={createQueryClient()}>
        <ItemAnalysisPanel examCode="E1" />
      </Providers>,
    );
    const panel = await screen.findByTestId('item-analysis');
    expect(api.calls.find((c) => c.url.endsWith('/GetItemAnalysis'))?.body).toEqual({ examCode: 'E1' });
    expect(panel).toHaveTextContent('10.2');
    expect(panel).toHaveTextContent('60%');
    const histogram = JSON.parse(screen.getByTestId('ia-histogram').dataset.option ?? '{}');
    expect(histogram.series[0].data).toEqual([0, 0, 1, 0, 1, 0, 2, 0, 1, 0]);
    const indices = JSON.parse(screen.getByTestId('ia-indices').dataset.option ?? '{}');
    expect(indices.series[1].data.map((d: { value: number }) => d.value)).toEqual([1, -1]);
    expect(screen.getByTestId('item-flags')).toHaveTextContent('第4题（负区分度）');
    const table = screen.getByTestId('item-table');
    expect(within(table).getByText('A 1 · B✓ 3')).toBeInTheDocument();
    expect(within(table).getByText('负区分度')).toBeInTheDocument();
    fireEvent.click(within(table).getAllByRole('button', { name: /展开/ })[0]);
    expect(await within(table).findByText(/B\. 119：3 人（正确答案）/)).toBeInTheDocument();
  });

  it('calls a question everyone got right 过易, not 区分度接近零 (issue 38 item 14)', async () => {
    const easy = { ...analysis.questions[0], qCode: 'Q2', order: 2, facility: 1, discrimination: 0, upperFacility: 1, lowerFacility: 1 };
    api.on('/Api/Exam_Manage/ex_exam/GetItemAnalysis', ok({ ...analysis, questions: [{ ...easy, flag: 'tooEasy' }] }));
    render(
      <Providers queryClient={createQueryClient()}>
        <ItemAnalysisPanel examCode="E1" />
      </Providers>,
    );
    expect(await screen.findByTestId('item-flags')).toHaveTextContent('第2题（过易）');
    expect(within(screen.getByTestId('item-table')).getByText('过易')).toBeInTheDocument();
    expect(screen.queryByText(/区分度接近零/)).toBeNull();
  });
});
