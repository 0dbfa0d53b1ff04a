import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../api/request';
import { AntAppScope } from '../../app/AntAppScope';
import { createQueryClient, Providers } from '../../app/Providers';
import { mockApi, ok } from '../../test/mockApi';
import { ParticipantSelect, type ParticipantSelectProps } from './index';

const users = [
  {
    userId: 1,
    chnName: '王伟',
    orgCodeName: '前端组',
    postCodeName: '前端工程师',
    mobile: '13800000001',
    idCard: '',
    accountCode: 'learner01',
  },
  {
    userId: 2,
    chnName: '李芳',
    orgCodeName: '后端组',
    postCodeName: '后端工程师',
    mobile: '13800000002',
    idCard: '',
    accountCode: 'learner02',
  },
];
const tree = [
  {
    id: 1,
    orgCode: 'O1',
    orgName: '演示科技有限公司',
    label: '演示科技有限公司',
    pId: 0,
    order: 1,
    companySysCode: 'C',
    children: [{ id: 2, orgCode: 'O2', orgName: '前端组', label: '前端组', pId: 1, order: 1, companySysCode: 'C', children: [] }],
  },
];

beforeEach(() => {
  resetRequestState();
  mockApi()
    .on('/Api/User/user_org/GetOrgTree', ok(tree))
    .on(
      '/Api/User/user_post/GetPostListPage',
      ok({
        models: [
          {
            postCode: 'P1',
            postName: '前端工程师',
            orgNameStr: '前端组',
            orgNamePathsStr: '1,2',
            orgIds: [2],
            id: 1,
            importance: 1,
            companySysCode: 'C',
          },
        ],
        totalCount: 1,
      }),
    )
    .on('/Api/User/user_user/GetUserList', ok({ models: users, totalCount: 2 }));
});
afterEach(() => vi.restoreAllMocks());

function renderDialog(props: Partial<ParticipantSelectProps>) {
  const client = createQueryClient();
  const all = { open: true, onCancel: () => {}, onOk: () => {}, ...props };
  const view = render(
    <Providers queryClient={client}>
      <AntAppScope>
        <ParticipantSelect {...all} />
      </AntAppScope>
    </Providers>,
  );
  return {
    ...view,
    rerenderWith: (p: Partial<ParticipantSelectProps>) =>
      view.rerender(
        <Providers queryClient={client}>
          <AntAppScope>
            <ParticipantSelect {...all} {...p} />
          </AntAppScope>
        </Providers>,
      ),
  };
}

describe('ParticipantSelect (学员查询)', () => {
  it('selects people and departments, removes them one by one, and hands them back', async () => {
    const onOk = vi.fn();
    renderDialog({ onOk });
    expect(await screen.findByText('学员查询')).toBeInTheDocument();
    const row = (await screen.findByText('王伟')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    const selected = screen.getByTestId('participant-selected');
    await waitFor(() => expect(selected).toHaveTextContent('王伟'));
    fireEvent.click(within(screen.getByText('李芳').closest('tr') as HTMLElement).getByRole('checkbox'));
    await waitFor(() => expect(selected).toHaveTextContent('李芳'));
    // remove one tag
    fireEvent.click(selected.querySelectorAll('.ant-tag-close-icon')[0] as HTMLElement);
    await waitFor(() => expect(selected).not.toHaveTextContent('王伟'));

    fireEvent.click(screen.getByRole('tab', { name: '部门' }));
    await waitFor(() => expect(document.querySelector('.ant-tabs-content-active .ant-tree-checkbox')).not.toBeNull());
    const pane = document.querySelector('.ant-tabs-content-active') as HTMLElement;
    const node = (await within(pane).findByText('前端组')).closest('.ant-tree-treenode') as HTMLElement;
    fireEvent.click(node.querySelector('.ant-tree-checkbox') as HTMLElement);
    await waitFor(() => expect(selected).toHaveTextContent('部门：前端组'));

    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(onOk).toHaveBeenCalledWith(
      expect.objectContaining({
        users: [expect.objectContaining({ userId: 2 })],
        orgs: [{ id: 2, orgCode: 'O2', orgName: '前端组' }],
        posts: [],
      }),
    );
  });

  it('resets every selection when opened again', async () => {
    const view = renderDialog({});
    fireEvent.click(within((await screen.findByText('王伟')).closest('tr') as HTMLElement).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('participant-selected')).toHaveTextContent('王伟'));
    view.rerenderWith({ open: false });
    view.rerenderWith({ open: true });
    await waitFor(() => expect(screen.getByTestId('participant-selected')).toHaveTextContent('尚未选择'));
  });
});
