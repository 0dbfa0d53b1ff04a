import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EXAM_BASE, type PracticeDetail } from '@xuetu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInCompanyAdmin } from '../../../../test/companyAdmin';
import { fail, type MockApi, mockApi, ok } from '../../../../test/mockApi';
import { renderWithApp } from '../../../../test/renderApp';
import { toasts } from '../../../../test/toasts';
import { PracticeEditor } from './PracticeEditor';

const P = `${EXAM_BASE}/ex_practice`;
const stored: PracticeDetail = {
  practiceCode: 'PR1',
  practiceName: '消防练习',
  companySysCode: 'C1',
  sourceKind: 1,
  sourceCode: 'QD1',
  sourceName: '消防安全',
  clearStreak: 3,
  status: 1,
  questionCount: 5,
  learnerCount: 0,
  createdAt: '',
  updatedAt: '',
  participants: { users: [{ id: 7, name: '学员七' }], orgs: [], posts: [] },
};

let api: MockApi;
beforeEach(() => {
  signInCompanyAdmin('Practice.Edit');
  api = mockApi()
    .on(`${P}/GetData`, ok(stored))
    .on(`${P}/UpdateData`, ok(null))
    .on(
      `${EXAM_BASE}/ex_questiondir/GetTreeData`,
      ok([{ dirCode: 'QD1', dirName: '消防安全', pCode: '', sortOrder: 0, companySysCode: 'C1', qCount: 5, children: [] }]),
    )
    .on(`${EXAM_BASE}/ex_paper/GetPageList`, ok({ models: [], totalCount: 0 }))
    .on(`${P}/GetExamOverlap`, ok({ questionCount: 5, heldCount: 0, exams: [] }));
});

function renderEditor() {
  const onSaved = vi.fn();
  renderWithApp(<PracticeEditor open practiceCode="PR1" company="C1" onClose={vi.fn()} onSaved={onSaved} />);
  return onSaved;
}

describe('PracticeEditor', () => {
  it('saves the practice with its source, streak, status and participants', async () => {
    const onSaved = renderEditor();
    const name = await screen.findByDisplayValue('消防练习');
    fireEvent.change(name, { target: { value: '消防练习（二）' } });
    fireEvent.click(screen.getByTestId('practice-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(toasts()).toEqual(['保存成功']));
    expect(api.calls.find((c) => c.url.endsWith('/UpdateData'))?.body).toEqual({
      practiceCode: 'PR1',
      practiceName: '消防练习（二）',
      sourceKind: 1,
      sourceCode: 'QD1',
      clearStreak: 3,
      status: 1,
      participants: { users: [7], orgs: [], posts: [] },
      companySysCode: 'C1',
    });
  });

  it('says which open exams hold the source’s questions, how many and until when (issue 38 item 9)', async () => {
    api.on(
      `${P}/GetExamOverlap`,
      ok({
        questionCount: 5,
        heldCount: 3,
        exams: [{ examCode: 'E1', examName: '年度安全考试', examEndTime: '2026-12-31 18:00:00', questionCount: 3 }],
      }),
    );
    renderEditor();
    const notice = await screen.findByTestId('practice-overlap');
    expect(notice).toHaveTextContent('所选题目中有 3 题在进行中的考试里');
    expect(notice).toHaveTextContent('「年度安全考试」3 题，至 2026-12-31 18:00:00');
    expect(api.calls.find((c) => c.url.endsWith('/GetExamOverlap'))?.body).toEqual({
      sourceKind: 1,
      sourceCode: 'QD1',
      companySysCode: 'C1',
    });
  });

  it('shows no notice when no open exam holds them', async () => {
    renderEditor();
    await screen.findByDisplayValue('消防练习');
    await waitFor(() => expect(api.calls.some((c) => c.url.endsWith('/GetExamOverlap'))).toBe(true));
    expect(screen.queryByTestId('practice-overlap')).toBeNull();
  });

  it('a refused save shows the reason once and keeps the drawer open; an empty name is not sent', async () => {
    api.on(`${P}/UpdateData`, fail('所选题库目录或试卷中没有试题'));
    const onSaved = renderEditor();
    const name = await screen.findByDisplayValue('消防练习');
    fireEvent.click(screen.getByTestId('practice-save'));
    await waitFor(() => expect(toasts()).toEqual(['所选题库目录或试卷中没有试题']));
    expect(onSaved).not.toHaveBeenCalled();
    const sent = api.calls.filter((c) => c.url.endsWith('/UpdateData')).length;
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('practice-save'));
    expect(await screen.findByText('请输入练习名称')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.endsWith('/UpdateData'))).toHaveLength(sent);
  });
});
