import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PROJECT_BASE } from '@xuetu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInCompanyAdmin } from '../../../test/companyAdmin';
import { type MockApi, mockApi, ok } from '../../../test/mockApi';
import { createQueryClient, Providers } from '../../../test/providers';
import ProjectManagePage from './index';

const row = {
  projectCode: 'P1',
  projectName: '项目甲',
  startDate: '2030-03-01',
  endDate: '2030-03-10',
  checkHrs: 2,
  resCount: 1,
  userCount: 0,
  status: 0,
};

let api: MockApi;
beforeEach(() => {
  signInCompanyAdmin('Project.Edit', 'Project.Publish');
  api = mockApi().on(`${PROJECT_BASE}/GetPageList`, ok({ models: [row], totalCount: 1 }));
});
afterEach(() => vi.restoreAllMocks());

const pageCalls = () => api.calls.filter((c) => c.url.endsWith('/GetPageList')).map((c) => c.body);

describe('ProjectManagePage list', () => {
  it('lists the projects with their status and searches by keyword from page 1', async () => {
    render(
      <Providers queryClient={createQueryClient()}>
        <App>
          <MemoryRouter>
            <ProjectManagePage />
          </MemoryRouter>
        </App>
      </Providers>,
    );
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('项目甲')).toBeInTheDocument());
    expect(within(table).getByText('草稿')).toBeInTheDocument();
    expect(within(table).getByText('2030-03-01 至 2030-03-10')).toBeInTheDocument();
    expect(within(table).getByTestId('project-publish')).toBeInTheDocument();
    expect(screen.getByTestId('project-add')).toHaveTextContent('新增项目');
    expect(pageCalls()[0]).toEqual({ keyword: '', companySysCode: '', pageIndex: 1, pageRows: 20 });

    fireEvent.change(screen.getByTestId('project-keyword'), { target: { value: '安全' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(pageCalls()).toHaveLength(2));
    expect(pageCalls()[1]).toEqual({ keyword: '安全', companySysCode: '', pageIndex: 1, pageRows: 20 });
  });
});
