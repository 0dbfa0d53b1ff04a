import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient, Providers } from '../test/providers';
import { feedback, installFeedback } from './feedback';
import { holderTheme } from './feedbackStatic';
import { useSettings } from './store/settings';
import { HIGH_CONTRAST_PRIMARY } from './theme';

const notices = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);

describe('feedback toasts', () => {
  // a test's toasts live 5 s: closed before the next test renders, so it sees only its own
  afterEach(async () => {
    act(() => feedback.clearErrors());
    await waitFor(() => expect(notices()).toEqual([]));
  });

  it('shows one toast for the same failure raised twice at once (e.g. an expired session on parallel calls)', async () => {
    render(<Providers queryClient={createQueryClient()}>{null}</Providers>);
    act(() => {
      feedback.error('登录状态已过期，请重新登录', 5000);
      feedback.error('登录状态已过期，请重新登录', 5000);
      feedback.error('网络连接异常，请检查网络后重试', 5000);
    });
    await waitFor(() => expect(notices()).toHaveLength(2));
    expect(notices()).toEqual(['登录状态已过期，请重新登录', '网络连接异常，请检查网络后重试']);
  });

  it('closes the error toasts still showing when asked (a wizard moving on)', async () => {
    render(<Providers queryClient={createQueryClient()}>{null}</Providers>);
    act(() => feedback.error('验证码错误', 5000));
    await waitFor(() => expect(notices()).toEqual(['验证码错误']));
    act(() => feedback.clearErrors());
    await waitFor(() => expect(notices()).toEqual([]));
  });
});

describe("the public pages' dialogs (antd's static holder, outside the layout's App)", () => {
  afterEach(() => useSettings.setState({ highContrast: false }));

  it('take the app theme: 高对比度 and no motion for a visitor who asks for less', () => {
    expect(holderTheme().token?.colorPrimary).toBe(useSettings.getState().theme);
    useSettings.setState({ highContrast: true });
    expect(holderTheme().token).toMatchObject({ colorPrimary: HIGH_CONTRAST_PRIMARY, motion: false });
  });

  it('resolve a notice when its 知道了 is clicked', async () => {
    let closed = false;
    act(() => {
      void feedback.notice({ title: '提示', content: '激活成功，请登录' }).then(() => {
        closed = true;
      });
    });
    await userEvent.click(await screen.findByRole('button', { name: '知道了' }));
    await waitFor(() => expect(closed).toBe(true));
  });
});

describe("feedback with several antd <App>s mounted (the page and the layout's antd parts, ADR 0050)", () => {
  const fake = () => {
    const shown: string[] = [];
    const message = {
      success: (c: unknown) => shown.push(String(c)),
      error: () => {},
      warning: () => {},
      info: () => {},
      destroy: () => {},
    };
    return { shown, uninstall: installFeedback(message as never, { confirm: () => {}, success: () => {} }) };
  };

  it('goes to the latest one, and to the one before it when that one goes', () => {
    const page = fake();
    const dialog = fake();
    feedback.success('已保存');
    expect(dialog.shown).toEqual(['已保存']);
    expect(page.shown).toEqual([]);
    dialog.uninstall();
    feedback.success('已删除');
    expect(page.shown).toEqual(['已删除']);
    // an older one leaving does not take the newer one with it
    const drawer = fake();
    page.uninstall();
    feedback.success('已提交');
    expect(drawer.shown).toEqual(['已提交']);
    drawer.uninstall();
  });
});
