import { screen, within } from '@testing-library/react';
import { EXAM_BASE, type QuestionView } from '@xuetu/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInCompanyAdmin } from '../../../../test/companyAdmin';
import { mockApi, ok } from '../../../../test/mockApi';
import { renderWithApp } from '../../../../test/renderApp';
import QuestionPage from './index';

// Issue 38 item 14: the bank list shows stems and keys as a person reads them.
const Q = `${EXAM_BASE}/ex_question`;
const question = (over: Partial<QuestionView>) =>
  ({
    qCode: 'Q1',
    qType: 4,
    qName: '中国的首都是（）',
    answer: '["北京|北京市"]',
    difficulty: 3,
    score: 2,
    dirCode: '',
    dirName: '',
    updateTime: '2030-04-01 10:20:30',
    ...over,
  }) as QuestionView;

beforeEach(() => {
  signInCompanyAdmin('Question.List');
  mockApi()
    .on(`${Q}/GetPageList`, () =>
      ok({
        models: [question({}), question({ qCode: 'Q2', qType: 3, qName: '<p>他说&quot;安全第一&quot;</p>', answer: 'A' })],
        totalCount: 2,
      }),
    )
    .on(`${EXAM_BASE}/ex_questiondir/GetTreeData`, ok([]));
});

describe('the question bank list', () => {
  it('shows a fill-in key readably, a true/false key as 正确, and a stem without entities', async () => {
    renderWithApp(<QuestionPage />);
    const blank = (await screen.findByText('中国的首都是（）')).closest('tr') as HTMLElement;
    expect(within(blank).getByText('第1空：北京 或 北京市')).toBeTruthy();
    expect(screen.queryByText('["北京|北京市"]')).toBeNull();
    const judge = screen.getByText('他说"安全第一"').closest('tr') as HTMLElement;
    expect(within(judge).getByText('正确')).toBeTruthy();
  });
});
