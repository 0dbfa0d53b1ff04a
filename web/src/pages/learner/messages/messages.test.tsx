import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { MessageItem } from '@xuetu/contract';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/mockApi';
import { createQueryClient, Providers } from '../../../test/providers';
import { MessageList } from './MessageList';
import { messageTarget } from './openMessage';

const msg = (over: Partial<MessageItem> = {}): MessageItem => ({
  id: 7,
  title: '新的培训项目',
  content: '请按时完成学时',
  templeteType: 1,
  messageUrl: JSON.stringify({ pc: { type: 'tabin', value: { path: '/project/mystudy', query: { id: '3' } } } }),
  isRead: 0,
  createTime: '2026-03-05 09:30:00',
  readTime: '1900-01-01 00:00:00',
  ...over,
});

describe('messageTarget', () => {
  it('reads tabin path + query and tabiout links, ignoring anything else', () => {
    expect(messageTarget(msg().messageUrl)).toEqual({ kind: 'tabin', path: '/project/mystudy', search: '?id=3' });
    expect(messageTarget(JSON.stringify({ pc: { type: 'tabiout', value: 'https://example.com/x' } }))).toEqual({
      kind: 'tabiout',
      url: 'https://example.com/x',
    });
    expect(messageTarget(JSON.stringify({ pc: { type: 'tabiout', value: 'javascript:alert(1)' } }))).toBeNull();
    expect(messageTarget('not json')).toBeNull();
    expect(messageTarget('')).toBeNull();
  });
});

describe('<MessageList>', () => {
  let api: ReturnType<typeof mockApi>;
  beforeEach(() => {
    api = mockApi();
  });

  it('asks for unread system messages, 10 per page; opening one marks it read and navigates', async () => {
    api
      .on('/Api/SysConfig/sys_message/GetMessageDataPageList', ok({ models: [msg()], totalCount: 1 }))
      .on('/Api/SysConfig/sys_message/SetIsRead', ok(0))
      .on('/Api/SysConfig/sys_message/GetNoReadCount', ok(0));
    render(
      <Providers queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/ydmessage/index']}>
          <Routes>
            <Route path="/ydmessage/index" element={<MessageList />} />
            <Route path="/project/mystudy" element={<div data-testid="target">target</div>} />
          </Routes>
        </MemoryRouter>
      </Providers>,
    );
    fireEvent.click(await screen.findByText('新的培训项目'));
    expect(await screen.findByTestId('target')).toBeInTheDocument();
    const list = api.calls.find((c) => c.url.endsWith('GetMessageDataPageList'));
    expect(list?.body).toEqual({ search: { isRead: '0', templeteType: '1', keyword: '' }, pageIndex: 1, pageRows: 10 });
    await waitFor(() => expect(api.calls.some((c) => c.url.endsWith('SetIsRead') && (c.body as { id: number }).id === 7)).toBe(true));
  });
});
