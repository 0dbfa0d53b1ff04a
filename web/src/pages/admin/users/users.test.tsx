import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserRowView } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../../api/request';
import { type MockApi, mockApi, ok } from '../../../test/mockApi';
import { renderWithApp } from '../../../test/renderApp';
import { LearnerDialog } from './components/LearnerDialog';

const user: UserRowView = {
  userId: 7,
  chnName: '王伟',
  accountCode: 'learner01',
  userType: 'ComPanyUser',
  companySysCode: 'C',
  companyCode: 'YSKJ',
  companyName: '演示科技有限公司',
  orgCode: 'O2',
  orgCodeName: '前端组',
  postCode: 'P1',
  postCodeName: '前端工程师',
  partTimePostCode: '',
  partTimePostCodeName: '',
  idCard: '11010519900307123X',
  mobile: '13800000001',
  status: 1,
  validDate: '1900-01-01 00:00:00',
  roleCode: ['learner'],
  roleName: ['学员'],
  activated: true,
};

let api: MockApi;
beforeEach(() => {
  resetRequestState();
  api = mockApi()
    .on(
      '/Api/User/user_org/GetOrgTree',
      ok([{ id: 2, orgCode: 'O2', orgName: '前端组', label: '前端组', pId: 0, order: 1, companySysCode: 'C', children: [] }]),
    )
    .on(
      '/Api/User/user_orgpost/GetOrgPostListPage',
      ok({
        models: [{ postCode: 'P1', postName: '前端工程师', orgCode: 'O2', orgName: '前端组', importance: 1, orgId: 2, postId: 1 }],
        totalCount: 1,
      }),
    )
    .on('/Api/User/user_post/GetPostListPage', ok({ models: [], totalCount: 0 }))
    .on('/Api/User/user_user/EditUserInfo', ok({ userId: 7 }, '修改成功'));
});
afterEach(() => vi.restoreAllMocks());

const renderDialog = (u: UserRowView | null, onSaved = vi.fn(), onClose = vi.fn()) =>
  renderWithApp(<LearnerDialog open user={u} onClose={onClose} onSaved={onSaved} />);

describe('LearnerDialog', () => {
  it('shows the spec messages on blur', async () => {
    renderDialog(null);
    expect(await screen.findByText('新增学员')).toBeInTheDocument();
    fireEvent.blur(screen.getByTestId('learner-chnName'));
    expect(await screen.findByText('请输入姓名')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('learner-idCard'), { target: { value: '123' } });
    fireEvent.blur(screen.getByTestId('learner-idCard'));
    expect(await screen.findByText('请输入正确的身份证号')).toBeInTheDocument();
    fireEvent.blur(screen.getByTestId('learner-mobile'));
    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
  });

  it('shows the empty-date sentinel blank and sends it back on save, then closes', async () => {
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderDialog(user, onSaved, onClose);
    expect(await screen.findByText('编辑学员')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('不填表示长期有效')).toHaveValue('');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = api.calls.find((c) => c.url.endsWith('/EditUserInfo'));
    expect(call?.body).toMatchObject({
      type: 0,
      userId: 7,
      chnName: '王伟',
      validDate: '1900-01-01 00:00:00',
      orgCode: 'O2',
      postCode: 'P1',
    });
    expect(onSaved).toHaveBeenCalled();
  });
});
