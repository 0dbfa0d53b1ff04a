import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PROJECT_BASE, type ProjectDetail, TRAIN_BASE } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AntAppScope } from '../../../app/AntAppScope';
import { signInCompanyAdmin } from '../../../test/companyAdmin';
import { fail, type MockApi, mockApi, ok } from '../../../test/mockApi';
import { projectFields } from '../../../test/projectFields';
import { createQueryClient, Providers } from '../../../test/providers';
import { toasts } from '../../../test/toasts';
import { ProjectEditor } from './ProjectEditor';

const stored = {
  projectCode: 'P1',
  companySysCode: 'C1',
  ...projectFields,
  status: 0,
  plans: [],
  exams: [],
  resources: [{ resCode: 'R1', resName: '课程一' }],
  participants: { users: [{ id: 7, name: '学员七' }], orgs: [{ id: 3, name: '市场部' }], posts: [] },
} as unknown as ProjectDetail;

let api: MockApi;
beforeEach(() => {
  signInCompanyAdmin('Project.Edit');
  api = mockApi()
    .on(`${PROJECT_BASE}/GetDetail`, ok(stored))
    .on(`${PROJECT_BASE}/SaveData`, ok({ projectCode: 'P1' }))
    .on(`${TRAIN_BASE}/Train_Res/GetSearchPageList`, ok({ models: [], totalCount: 0 }));
});
afterEach(() => vi.restoreAllMocks());

const renderEditor = (projectCode: string | null, onSaved = vi.fn()) =>
  render(
    <Providers queryClient={createQueryClient()}>
      {/* the admin layout's antd App, which the editor's messages come from */}
      <AntAppScope>
        <ProjectEditor open projectCode={projectCode} company="" onClose={vi.fn()} onSaved={onSaved} />
      </AntAppScope>
    </Providers>,
  );

describe('ProjectEditor', () => {
  it('fills the form, courses and participants of a stored project and saves them in one call', async () => {
    const onSaved = vi.fn();
    renderEditor('P1', onSaved);
    await waitFor(() => expect(screen.getByTestId('project-name')).toHaveValue('项目甲'));
    expect(screen.getByTestId('project-res-list')).toHaveTextContent('课程一');
    const tags = screen.getByTestId('project-participant-tags');
    expect(within(tags).getByText('市场部')).toBeInTheDocument();
    expect(within(tags).getByText('学员七')).toBeInTheDocument();

    // a participant removed from the tags is not saved
    const dept = within(tags).getByText('市场部').closest('.ant-tag') as HTMLElement;
    fireEvent.click(dept.querySelector('.ant-tag-close-icon') as HTMLElement);
    await waitFor(() => expect(within(tags).queryByText('市场部')).toBeNull());

    fireEvent.click(screen.getByTestId('project-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(toasts()).toEqual(['保存成功']));
    const save = api.calls.find((c) => c.url.endsWith('/SaveData'));
    expect(save?.body).toMatchObject({
      projectCode: 'P1',
      projectName: '项目甲',
      resCodes: ['R1'],
      participants: { users: [7], orgs: [], posts: [] },
    });
  });

  it('starts a new project empty, without asking for a stored one', async () => {
    renderEditor(null);
    expect(await screen.findByText('尚未选择；部门包含其下级部门。发布时参训人员会收到培训通知')).toBeInTheDocument();
    expect(screen.getByTestId('project-name')).toHaveValue('');
    expect(screen.getByText('新增培训项目')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.endsWith('/GetDetail'))).toBe(false);
  });

  it('a refused save shows the reason once, keeps the drawer open and can be saved again', async () => {
    let refuse = true;
    api.on(`${PROJECT_BASE}/SaveData`, () => (refuse ? fail('项目名称已存在') : ok({ projectCode: 'P1' })));
    const onSaved = vi.fn();
    renderEditor('P1', onSaved);
    await waitFor(() => expect(screen.getByTestId('project-name')).toHaveValue('项目甲'));
    fireEvent.click(screen.getByTestId('project-save'));
    await waitFor(() => expect(toasts()).toEqual(['项目名称已存在']));
    await waitFor(() => expect(screen.getByTestId('project-save')).not.toHaveClass('ant-btn-loading'));
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByTestId('project-name')).toHaveValue('项目甲');

    refuse = false;
    fireEvent.click(screen.getByTestId('project-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(toasts()).toContain('保存成功'));
    expect(api.calls.filter((c) => c.url.endsWith('/SaveData'))).toHaveLength(2);
  });

  it('an invalid form is not sent', async () => {
    const onSaved = vi.fn();
    renderEditor(null, onSaved);
    await screen.findByText('新增培训项目');
    fireEvent.click(screen.getByTestId('project-save'));
    expect(await screen.findByText('请输入项目名称')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.endsWith('/SaveData'))).toBe(false);
    expect(toasts()).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
