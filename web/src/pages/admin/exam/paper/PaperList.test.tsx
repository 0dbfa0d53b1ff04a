import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EXAM_BASE, type PaperView, SysRole } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../../../api/request';
import { useSession } from '../../../../app/store/session';
import { type MockApi, mockApi, ok } from '../../../../test/mockApi';
import { renderWithApp } from '../../../../test/renderApp';
import { toasts } from '../../../../test/toasts';
import PaperPage from './index';

const P = `${EXAM_BASE}/ex_paper`;
const paper = {
  paperCode: 'PA1',
  paperName: '消防试卷',
  paperType: 1,
  totlescore: 100,
  totleq: 20,
  type1: 10,
  type2: 5,
  type3: 5,
  type4: 0,
  type5: 0,
  examCount: 0,
  updateTime: '2030-04-01 10:20:30',
} as unknown as PaperView;

let api: MockApi;
let papers: PaperView[];
beforeEach(() => {
  resetRequestState();
  papers = [paper];
  useSession.setState({ sysRoles: [SysRole.CompanyAdmin], actions: ['Paper.Edit'] });
  api = mockApi()
    .on(`${P}/GetPageList`, () => ok({ models: papers, totalCount: papers.length }))
    .on(`${EXAM_BASE}/ex_questiondir/GetTreeData`, ok([]))
    .on(`${P}/Delete`, () => {
      papers = [];
      return ok(null);
    });
});
afterEach(() => vi.restoreAllMocks());

const pageCalls = () => api.calls.filter((c) => c.url.endsWith('/ex_paper/GetPageList')).map((c) => c.body);
const renderPage = () => renderWithApp(<PaperPage />);

describe('试卷管理 list', () => {
  it('lists the papers and searches by 组卷方式 from page 1', async () => {
    renderPage();
    const row = (await screen.findByText('消防试卷')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('固定试题');
    expect(row).toHaveTextContent('10 / 5 / 5 / 0 / 0');
    expect(row).toHaveTextContent('2030-04-01 10:20');
    expect(screen.getByTestId('paper-add')).toHaveTextContent('新增试卷');
    expect(pageCalls()[0]).toEqual({ keyword: '', companySysCode: '', pageIndex: 1, pageRows: 20 });

    // the search form's one select (a company administrator has no company picker)
    fireEvent.mouseDown(document.querySelector('form .ant-select') as HTMLElement);
    fireEvent.click(await screen.findByTitle('随机抽题'));
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(pageCalls()).toHaveLength(2));
    expect(pageCalls()[1]).toEqual({ keyword: '', paperType: 2, companySysCode: '', pageIndex: 1, pageRows: 20 });
  });

  it('deletes an unused paper after asking, says so and asks for the list again', async () => {
    renderPage();
    const row = (await screen.findByText('消防试卷')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(toasts()).toEqual(['删除成功!']));
    expect(api.calls.find((c) => c.url.endsWith('/ex_paper/Delete'))?.body).toEqual({ paperCode: 'PA1' });
    await waitFor(() => expect(screen.queryByText('消防试卷')).toBeNull());
  });
});
