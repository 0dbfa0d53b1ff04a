import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MarkingRow } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInCompanyAdmin } from '../../../../test/companyAdmin';
import { type MockApi, mockApi, ok } from '../../../../test/mockApi';
import { renderAt } from '../../../../test/renderApp';
import MarkingPage from './index';

const row = (n: number, over: Partial<MarkingRow> = {}): MarkingRow => ({
  userpaperId: 100 + n,
  qCode: 'Q5',
  qName: '<p>请简述火灾疏散要点。</p>',
  answerStr: `考生${n}的答案：低姿撤离，不乘电梯。`,
  score: 40,
  scoreGot: null,
  comment: '',
  chnName: `学员${n}`,
  marked: 0,
  answer: '保持冷静，低姿撤离，不乘电梯。',
  ...over,
});

let api: MockApi;
let marked: Set<number>;
beforeEach(() => {
  signInCompanyAdmin('Exam.Mark');
  marked = new Set();
  api = mockApi()
    .on(
      '/Api/Exam_Manage/ex_exam/GetPageList',
      ok({ models: [{ examCode: 'E1', examName: '安全考试', status: 1, type5: 1 }], totalCount: 1 }),
    )
    .on(
      '/Api/Exam_Manage/ex_exam/GetStatistics',
      ok({ awaitingMarking: 2, questions: [{ qCode: 'Q5', order: 5, qName: '<p>请简述火灾疏散要点。</p>', qType: 5 }] }),
    )
    // the server's order: unmarked first
    .on('/Api/Exam_Manage/ex_marking/GetQueue', () => {
      const rows = [row(1), row(2)].map((r) => (marked.has(r.userpaperId) ? { ...r, marked: 1, scoreGot: 30, comment: '要点齐全' } : r));
      return ok({ models: rows.sort((a, b) => a.marked - b.marked), totalCount: 2 });
    })
    .on('/Api/Exam_Manage/ex_marking/Mark', (_c: unknown, body: { userpaperId: number }) => {
      marked.add(body.userpaperId);
      return ok({ delayMarkingPapers: 0, score: 90 }, '评分已保存');
    });
});
afterEach(() => vi.restoreAllMocks());

const renderPage = (path = '/exam/marking?examCode=E1') => renderAt(path, <MarkingPage />);

describe('marking page', () => {
  it('asks for an exam first', async () => {
    renderPage('/exam/marking');
    expect(await screen.findByText('请选择要阅卷的考试')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.endsWith('/GetQueue'))).toBe(false);
  });

  it('lists the queue, requires a score, saves and moves to the next unmarked answer', async () => {
    renderPage();
    expect(await screen.findByText('学员1')).toBeInTheDocument();
    expect(screen.getByTestId('marking-summary')).toHaveTextContent('待阅卷答卷 2 份');
    expect(api.calls.find((c) => c.url.endsWith('/GetQueue'))?.body).toMatchObject({ examCode: 'E1', qCode: '', pageIndex: 1 });

    fireEvent.click(screen.getAllByTestId('mark-open')[0]);
    const dialog = await screen.findByTestId('marking-dialog');
    expect(within(dialog).getByTestId('marking-answer')).toHaveTextContent('考生1的答案');
    expect(dialog).toHaveTextContent('保持冷静，低姿撤离，不乘电梯。');
    expect(dialog).toHaveTextContent('本题满分40 分');

    // nothing entered: the rule, and no call
    fireEvent.click(screen.getByTestId('mark-save-next'));
    expect(await screen.findByText('请输入得分')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.endsWith('/Mark'))).toBe(false);

    const score = within(dialog).getByRole('spinbutton');
    fireEvent.change(score, { target: { value: '30' } });
    fireEvent.change(within(dialog).getByTestId('mark-comment'), { target: { value: '要点齐全' } });
    fireEvent.click(screen.getByTestId('mark-save-next'));
    await waitFor(() => expect(api.calls.some((c) => c.url.endsWith('/Mark'))).toBe(true));
    expect(api.calls.find((c) => c.url.endsWith('/Mark'))?.body).toEqual({ userpaperId: 101, qCode: 'Q5', score: 30, comment: '要点齐全' });
    // the next unmarked answer opens
    await waitFor(() => expect(screen.getByTestId('marking-answer')).toHaveTextContent('考生2的答案'));
    // and the list now shows the first one as marked, with its score
    const table = screen.getByTestId('marking-page');
    await waitFor(() => expect(within(table).getByText('已阅')).toBeInTheDocument());
    expect(within(table).getByText('改分')).toBeInTheDocument();
  });

  it('refuses a score outside 0 … the question score with a message, and sends nothing', async () => {
    renderPage();
    fireEvent.click((await screen.findAllByTestId('mark-open'))[0]);
    const dialog = await screen.findByTestId('marking-dialog');
    const score = within(dialog).getByRole('spinbutton');
    fireEvent.change(score, { target: { value: '55' } });
    fireEvent.click(screen.getByTestId('mark-save'));
    expect(await screen.findByText('得分应在 0 到 40 之间')).toBeInTheDocument();
    fireEvent.change(score, { target: { value: '-1' } });
    fireEvent.click(screen.getByTestId('mark-save'));
    expect(await screen.findByText('得分应在 0 到 40 之间')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.endsWith('/Mark'))).toBe(false);
    // a score within the range goes, and 保存 closes the dialog
    fireEvent.change(score, { target: { value: '40' } });
    fireEvent.click(screen.getByTestId('mark-save'));
    await waitFor(() => expect(api.calls.find((c) => c.url.endsWith('/Mark'))?.body).toMatchObject({ score: 40 }));
    await waitFor(() => expect(screen.queryByTestId('marking-dialog')).not.toBeInTheDocument());
  });
});
