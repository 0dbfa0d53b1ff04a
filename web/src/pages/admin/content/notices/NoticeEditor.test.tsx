import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Perm } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInCompanyAdmin } from '../../../../test/companyAdmin';
import { fail, type MockApi, mockApi, ok } from '../../../../test/mockApi';
import { renderWithApp } from '../../../../test/renderApp';
import { toasts } from '../../../../test/toasts';
import { NoticeEditor } from './NoticeEditor';

const N = '/Api/SysConfig/sys_notice';

let api: MockApi;
beforeEach(() => {
  signInCompanyAdmin(Perm.NoticePublish);
  api = mockApi().on(`${N}/AddNotice`, ok({ noticeSysCode: 'N9' }));
});
afterEach(() => vi.restoreAllMocks());

function renderEditor() {
  const onSaved = vi.fn();
  renderWithApp(<NoticeEditor code={null} open onClose={vi.fn()} onSaved={onSaved} />);
  return onSaved;
}

const typeTitle = async (title: string) => fireEvent.change(await screen.findByTestId('notice-title'), { target: { value: title } });

describe('NoticeEditor', () => {
  it('保存并发布 sends the notice with publish, says 保存成功 and hands over to the list', async () => {
    const onSaved = renderEditor();
    await typeTitle('停电通知');
    fireEvent.click(screen.getByTestId('notice-save-publish'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(toasts()).toEqual(['保存成功']));
    expect(api.calls.find((c) => c.url.endsWith('/AddNotice'))?.body).toMatchObject({
      noticeTitle: '停电通知',
      noticeType: 1,
      companySysCode: null,
      publish: true,
    });
  });

  it('a refused save shows the reason once and keeps the editor with what was typed', async () => {
    api.on(`${N}/AddNotice`, fail('公告标题已存在'));
    const onSaved = renderEditor();
    await typeTitle('停电通知');
    fireEvent.click(screen.getByTestId('notice-save'));
    await waitFor(() => expect(toasts()).toEqual(['公告标题已存在']));
    await waitFor(() => expect(screen.getByTestId('notice-save')).not.toHaveClass('ant-btn-loading'));
    expect(api.calls.find((c) => c.url.endsWith('/AddNotice'))?.body).toMatchObject({ publish: false });
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByTestId('notice-title')).toHaveValue('停电通知');
  });

  it('an empty title is not sent', async () => {
    const onSaved = renderEditor();
    await screen.findByTestId('notice-title');
    fireEvent.click(screen.getByTestId('notice-save'));
    expect(await screen.findByText('请输入公告标题')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.endsWith('/AddNotice'))).toBe(false);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
