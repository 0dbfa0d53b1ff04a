import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminMsg } from '@xuetu/contract';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../api/request';
import { AntAppScope } from '../../app/AntAppScope';
import { fail, type MockApi, mockApi, ok } from '../../test/mockApi';
import { createQueryClient, Providers } from '../../test/providers';
import { toasts } from '../../test/toasts';
import { ImportTab } from './ImportTab';
import { ParticipantSelect, type ParticipantSelectProps } from './index';
import { OrgTab } from './OrgTab';
import { PostTab } from './PostTab';
import type { TabProps } from './types';
import { UserTab } from './UserTab';

// Each tab is rendered on its own (small trees keep these fast on a busy machine); one test
// drives the dialog itself. Queries avoid getByRole over big trees (slow in jsdom).

const user = (userId: number, chnName: string, orgCodeName: string) => ({
  userId,
  chnName,
  orgCodeName,
  postCodeName: '工程师',
  mobile: `1380000000${userId}`,
  idCard: '',
  accountCode: `learner0${userId}`,
});
const users = [user(1, '王伟', '前端组'), user(2, '李芳', '后端组')];
const org = (id: number, name: string, children: unknown[] = []) => ({
  id,
  orgCode: `O${id}`,
  orgName: name,
  label: name,
  pId: 0,
  order: 1,
  companySysCode: 'C',
  children,
});
const tree = [org(1, '演示科技有限公司', [org(2, '前端组'), org(3, '后端组')])];
const post = (id: number, postName: string) => ({
  id,
  postCode: `P${id}`,
  postName,
  orgNameStr: '前端组',
  orgNamePathsStr: '1,2',
  orgIds: [2],
  importance: 1,
  companySysCode: 'C',
});

let api: MockApi;
beforeEach(() => {
  resetRequestState();
  api = mockApi()
    .on('/Api/User/user_org/GetOrgTree', ok(tree))
    .on('/Api/User/user_post/GetPostListPage', ok({ models: [post(1, '前端工程师'), post(2, '测试工程师')], totalCount: 2 }))
    .on('/Api/User/user_user/GetUserList', ok({ models: users, totalCount: 2 }));
});
afterEach(() => vi.restoreAllMocks());

const wrap = (node: ReactNode) =>
  render(
    <Providers queryClient={createQueryClient()}>
      <AntAppScope>{node}</AntAppScope>
    </Providers>,
  );

/** Renders a tab with its part of the selection held in state; `seen` records every change. */
function renderTab<K extends 'users' | 'orgs' | 'posts'>(Tab: (p: TabProps<K>) => ReactNode, initial: TabProps<K>['value']) {
  const seen: TabProps<K>['value'][] = [];
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <Tab
        value={value}
        companySysCode=""
        onChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
      />
    );
  }
  wrap(<Host />);
  return seen;
}
const checkboxOf = async (text: string) =>
  (await screen.findByText(text)).closest('tr')?.querySelector('input[type=checkbox]') as HTMLInputElement;
const last = <T,>(list: T[]) => list[list.length - 1];

describe('ParticipantSelect tabs', () => {
  it('学员: ticks and unticks people, and filters the list by department', async () => {
    const seen = renderTab(UserTab, []);
    fireEvent.click(await checkboxOf('王伟'));
    fireEvent.click(await checkboxOf('李芳'));
    await waitFor(() => expect(last(seen).map((u) => u.userId)).toEqual([1, 2]));
    fireEvent.click(await checkboxOf('王伟'));
    await waitFor(() => expect(last(seen).map((u) => u.userId)).toEqual([2]));
    // picking a department in the tree asks for that department's people
    fireEvent.click(await screen.findByText('后端组', { selector: '.ant-tree-title' }));
    await waitFor(() => expect(api.calls.some((c) => /GetUserList/.test(c.url) && JSON.stringify(c.body).includes('"O3"'))).toBe(true));
  });

  it('部门: ticks exactly the one department clicked', async () => {
    const seen = renderTab(OrgTab, []);
    const node = (await screen.findByText('前端组')).closest('.ant-tree-treenode') as HTMLElement;
    fireEvent.click(node.querySelector('.ant-tree-checkbox') as HTMLElement);
    await waitFor(() => expect(last(seen)).toEqual([{ id: 2, orgCode: 'O2', orgName: '前端组' }]));
    expect(document.querySelectorAll('.ant-tree-checkbox-checked')).toHaveLength(1);
  });

  it('岗位: ticks whole posts', async () => {
    const seen = renderTab(PostTab, []);
    fireEvent.click(await checkboxOf('测试工程师'));
    await waitFor(() => expect(last(seen).map((p) => p.postCode)).toEqual(['P2']));
  });

  it('导入学员: matches a spreadsheet and refuses other file types without a request', async () => {
    api
      .on('/Api/upload/Upload/UploadZFileByFormTemporarily', ok({ url: 'tmp/a.xlsx', name: 'a.xlsx' }))
      .on('/Api/User/user_user/UserExportIn', ok([users[1]], '第3行 某人 未找到'));
    const seen = renderTab<'users'>(ImportTab, [users[0]] as never);
    // rc-upload replaces its input after each choice: look it up every time
    const input = () => document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input(), { target: { files: [new File(['x'], 'list.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText(AdminMsg.importFileType)).toBeInTheDocument();
    expect(api.calls.filter((c) => /Upload|UserExportIn/.test(c.url))).toHaveLength(0);

    fireEvent.change(input(), { target: { files: [new File(['x'], 'list.xlsx')] } });
    await waitFor(() => expect(last(seen)?.map((u) => u.userId)).toEqual([1, 2]));
    expect((screen.getByTestId('participant-import-result') as HTMLTextAreaElement).value).toBe('已匹配 1 人\n第3行 某人 未找到');
  });

  it('导入学员: a refused match is shown once and kept in the result; the selection stays', async () => {
    api
      .on('/Api/upload/Upload/UploadZFileByFormTemporarily', ok({ url: 'tmp/a.xlsx', name: 'a.xlsx' }))
      .on('/Api/User/user_user/UserExportIn', fail('表格不是学员导入模板'));
    const seen = renderTab<'users'>(ImportTab, [users[0]] as never);
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, {
      target: { files: [new File(['x'], 'list.xlsx')] },
    });
    await waitFor(() =>
      expect((screen.getByTestId('participant-import-result') as HTMLTextAreaElement).value).toBe('表格不是学员导入模板'),
    );
    await waitFor(() => expect(toasts()).toEqual(['表格不是学员导入模板']));
    expect(seen).toEqual([]);
  });
});

describe('ParticipantSelect dialog (学员查询)', () => {
  function renderDialog(props: Partial<ParticipantSelectProps>) {
    const client = createQueryClient();
    const all = { open: true, onCancel: () => {}, onOk: () => {}, tabs: ['org', 'post'] as const, ...props };
    const el = (p: Partial<ParticipantSelectProps>) => (
      <Providers queryClient={client}>
        <AntAppScope>
          <ParticipantSelect {...all} tabs={[...all.tabs]} {...p} />
        </AntAppScope>
      </Providers>
    );
    const view = render(el({}));
    return (p: Partial<ParticipantSelectProps>) => view.rerender(el(p));
  }

  it('hands back the picks of every tab together, removes one by one, and resets when opened again', async () => {
    const onOk = vi.fn();
    const rerender = renderDialog({ onOk });
    expect(await screen.findByText('学员查询')).toBeInTheDocument();
    const selected = screen.getByTestId('participant-selected');
    const dept = (name: string) => screen.getByText(name, { selector: '.ant-tree-title' }).closest('.ant-tree-treenode') as HTMLElement;
    await screen.findByText('后端组', { selector: '.ant-tree-title' });
    fireEvent.click(dept('前端组').querySelector('.ant-tree-checkbox') as HTMLElement);
    fireEvent.click(dept('后端组').querySelector('.ant-tree-checkbox') as HTMLElement);
    await waitFor(() => expect(selected).toHaveTextContent('部门：后端组'));

    fireEvent.click(screen.getByText('岗位', { selector: '.ant-tabs-tab-btn' }));
    fireEvent.click(await checkboxOf('前端工程师'));
    await waitFor(() => expect(selected).toHaveTextContent('岗位：前端工程师'));
    // one tag removed on its own
    const tag = within(selected).getByText('部门：前端组').closest('.ant-tag') as HTMLElement;
    fireEvent.click(tag.querySelector('.ant-tag-close-icon') as HTMLElement);
    await waitFor(() => expect(selected).not.toHaveTextContent('部门：前端组'));

    fireEvent.click(document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement);
    expect(onOk).toHaveBeenCalledWith({
      users: [],
      orgs: [{ id: 3, orgCode: 'O3', orgName: '后端组' }],
      posts: [expect.objectContaining({ id: 1, postCode: 'P1' })],
    });

    rerender({ open: false });
    rerender({ open: true });
    await waitFor(() => expect(screen.getByTestId('participant-selected')).toHaveTextContent('尚未选择'));
    // and starts on the first tab again
    expect(document.querySelector('.ant-tabs-tab-active')).toHaveTextContent('部门');
  });
});
