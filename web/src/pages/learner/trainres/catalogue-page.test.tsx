import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CourseCard } from '@xuetu/contract';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetRequestState } from '../../../api/request';
import { pagerItems } from '../../../components/LeanPager';
import { type MockApi, mockApi, ok } from '../../../test/mockApi';
import { createQueryClient, Providers } from '../../../test/providers';
import CataloguePage from './index';

const CATALOGUE = '/Api/Train_Manage/Train_Res/ShowCompanyTrainRes';

const card = (n: number, over: Partial<CourseCard> = {}): CourseCard => ({
  resCode: `R${n}`,
  resName: `课程${n}`,
  introduce: `简介${n}`,
  cover: '',
  resType: 1,
  viewCnt: n,
  creditHours: 1,
  duration: 60,
  dName: '安全生产',
  lecturerName: '',
  studySeconds: 0,
  progress: 0,
  completed: 0,
  ...over,
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

let api: MockApi;
beforeEach(() => {
  resetRequestState();
  api = mockApi()
    .on('/Api/Train_Manage/Train_ResDir/GetIndexResDirList', ok([{ dCode: 'D1', dName: '安全生产', dNo: '01', dpNo: '00' }]))
    .on(CATALOGUE, (_config: unknown, body: unknown) => {
      const none = (body as { keyword?: string }).keyword === '无';
      return ok({ models: none ? [] : [card(1, { progress: 40, completed: 1 }), card(2)], totalCount: none ? 0 : 30 });
    });
});

function renderAt(url: string) {
  return render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/trainres/index" element={<CataloguePage />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Providers>,
  );
}

describe('the catalogue, drawn without antd (ADR 0050)', () => {
  it('shows each course as a link to its study page with my progress, and pages through', async () => {
    renderAt('/trainres/index');
    const cards = await screen.findAllByTestId('course-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveAttribute('href', '/trainres/study?id=R1');
    expect(within(cards[0]).getByRole('progressbar', { name: '我的进度' })).toHaveAttribute('aria-valuenow', '40');
    expect(cards[0]).toHaveTextContent('已完成');
    expect(cards[1]).not.toHaveTextContent('已完成');
    expect(document.querySelector('.ant-card, .ant-app')).toBeNull();
    // 30 courses, 12 a page: three pages
    const pager = await screen.findByTestId('catalogue-pager');
    expect(within(pager).getByRole('button', { name: '第 1 页' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: '上一页' })).toBeDisabled();
    fireEvent.click(within(pager).getByRole('button', { name: '第 3 页' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/trainres/index?page=3'));
    await waitFor(() => expect(api.calls.some((c) => c.url === CATALOGUE && (c.body as { pageIndex: number }).pageIndex === 3)).toBe(true));
  });

  it('searches by name from the first page, says when nothing matches, and shows all again when the field is emptied', async () => {
    renderAt('/trainres/index?page=2');
    const field = await screen.findByRole('searchbox', { name: '搜索课程' });
    fireEvent.change(field, { target: { value: ' 无 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/trainres/index?keyword=%E6%97%A0'));
    expect(await screen.findByText('没有找到相关课程')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '' } });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/trainres\/index$/));
    expect(await screen.findAllByTestId('course-card')).toHaveLength(2);
  });
});

describe('pagerItems', () => {
  it('shows the first, the last and two either side of the current page, with gaps', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(1, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(5, 10)).toEqual([1, null, 3, 4, 5, 6, 7, null, 10]);
    expect(pagerItems(2, 10)).toEqual([1, 2, 3, 4, null, 10]);
    expect(pagerItems(10, 10)).toEqual([1, null, 8, 9, 10]);
  });
});
