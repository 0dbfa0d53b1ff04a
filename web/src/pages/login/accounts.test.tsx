import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../api/request';
import { feedback } from '../../app/feedback';
import { useSession } from '../../app/store/session';
import { CountdownButton } from '../../components/CountdownButton';
import { fail, mockApi, ok } from '../../test/mockApi';
import { createQueryClient, Providers } from '../../test/providers';
import { PasswordLoginForm } from './components/PasswordLoginForm';
import { RegisterForm } from './components/RegisterForm';
import { ResetWizard } from './components/ResetWizard';

const U = '/Api/User/user_user';
const noCaptcha = ok({ provider: 'none', appId: 'altcha', challengeUrl: '' });

beforeEach(() => {
  resetRequestState();
  useSession.getState().resetToken();
  vi.spyOn(feedback, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('CountdownButton', () => {
  it('counts down the given seconds after a send and is disabled meanwhile', async () => {
    // only the test moves the clock: a busy machine cannot tick the countdown under the asserts
    vi.useFakeTimers();
    const onSend = vi.fn().mockResolvedValue(true);
    render(<CountdownButton seconds={60} onSend={onSend} />);
    const button = screen.getByTestId('send-code');
    expect(button).toHaveTextContent('获取验证码');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button).toHaveTextContent('60秒后重新获取');
    expect(button).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime(59_000);
    });
    expect(button).toHaveTextContent('1秒后重新获取');
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(button).toHaveTextContent('获取验证码');
    expect(button).not.toBeDisabled();
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('stays idle when the send fails', async () => {
    render(<CountdownButton seconds={120} onSend={() => Promise.resolve(false)} />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('send-code'));
    });
    expect(screen.getByTestId('send-code')).toHaveTextContent('获取验证码');
  });
});

describe('password login with several accounts', () => {
  it('opens the chooser, refuses none and signs in with the chosen secret', async () => {
    const api = mockApi()
      .on(
        `${U}/LoginStep1`,
        ok([
          { item1: '演示科技有限公司 - 王伟（learner01）', item2: 's-a' },
          { item1: '示例物流有限公司 - 王仓管（sl_learner01）', item2: 's-b' },
        ]),
      )
      .on(`${U}/LoginStep2`, ok({ token: 't-b', mustChangePassword: false }));
    // the form alone (the chooser lives in it): no lazy app chunks to load on a busy machine
    render(
      <Providers queryClient={createQueryClient()}>
        <PasswordLoginForm onLoggedIn={() => {}} />
      </Providers>,
    );
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: '13800000001' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Xuetu@2026' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('chooser-authorizing')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请选择登录用户')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === `${U}/LoginStep2`)).toBe(false);
    fireEvent.click(screen.getByText('示例物流有限公司 - 王仓管（sl_learner01）'));
    fireEvent.click(within(dialog).getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(api.calls.find((c) => c.url === `${U}/LoginStep2`)).toBeDefined());
    expect(api.calls.find((c) => c.url === `${U}/LoginStep2`)?.url).toBe(`${U}/LoginStep2`);
  });
});

describe('registration form', () => {
  it('disables the get-code button while the phone is empty and checks the password rule', async () => {
    mockApi().on(`${U}/GetAPPId`, noCaptcha);
    render(
      <App>
        <RegisterForm withPassword onRegistered={() => {}} />
      </App>,
    );
    expect(screen.getByTestId('send-code')).toBeDisabled();
    fireEvent.change(screen.getByTestId('reg-phone'), { target: { value: '13700000001' } });
    await waitFor(() => expect(screen.getByTestId('send-code')).not.toBeDisabled());
    fireEvent.change(screen.getByTestId('reg-password'), { target: { value: 'weakpass' } });
    fireEvent.blur(screen.getByTestId('reg-password'));
    expect(await screen.findByText('密码需满足大小写、特殊字符、至少8位密码')).toBeInTheDocument();
  });

  it('sends the code and starts the 60 s countdown with the masked phone message', async () => {
    const api = mockApi().on(`${U}/GetAPPId`, noCaptcha).on(`${U}/GetUserRegisterCode`, ok(null, '137****0001'));
    render(
      <App>
        <RegisterForm withPassword={false} onRegistered={() => {}} />
      </App>,
    );
    fireEvent.change(screen.getByTestId('reg-phone'), { target: { value: '13700000001' } });
    await waitFor(() => expect(screen.getByTestId('send-code')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('短信验证码已经发送至您的137****0001手机')).toBeInTheDocument();
    // the countdown runs on real time here (its exact steps are the CountdownButton test's)
    expect(screen.getByTestId('send-code')).toHaveTextContent(/^\d+秒后重新获取$/);
    expect(screen.getByTestId('send-code')).toBeDisabled();
    expect(api.calls.find((c) => c.url === `${U}/GetUserRegisterCode`)?.body).toEqual({ phone: '13700000001', ticket: '', randstr: '' });
    expect(screen.queryByTestId('reg-password')).toBeNull();
  });
});

describe('reset wizard', () => {
  it('walks steps 0–2 and sends nothing when the two passwords differ', async () => {
    const api = mockApi()
      .on(`${U}/GetAPPId`, noCaptcha)
      .on(`${U}/GetResetpwdAcc`, ok([{ item1: '演示科技有限公司 - 王*（lea****02）', item2: 'r-1' }]))
      .on(`${U}/CheckResetpwdAcc`, ok(null, '138****0002'))
      .on(`${U}/CheckResetpwdVerifyCode`, (_c: unknown, body: unknown) =>
        (body as { verifyCode: string }).verifyCode === '000000'
          ? fail('验证码错误')
          : ok({ useraccount: 'learner02', userMobile: '138****0002' }),
      )
      .on(`${U}/SubmitResetpwdData`, ok({ username: 'learner02' }, 'ok'));
    const onDone = vi.fn();
    // real toasts here, kept until closed (duration 0): the step's error toast must be seen to go
    vi.mocked(feedback.error).mockRestore();
    const showError = feedback.error.bind(feedback);
    vi.spyOn(feedback, 'error').mockImplementation((msg) => showError(msg, 0));
    // Providers: the request wrapper's toasts reach this tree (FeedbackBridge)
    render(
      <Providers queryClient={createQueryClient()}>
        <ResetWizard onDone={onDone} onBack={() => {}} />
      </Providers>,
    );
    fireEvent.click(screen.getByTestId('reset-next'));
    expect(await screen.findByText('请输入用户账号/手机号码/身份证号')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('reset-username'), { target: { value: 'learner02' } });
    fireEvent.click(screen.getByTestId('reset-next'));
    expect(await screen.findByText('演示科技有限公司 - 王*（lea****02）')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('reset-next'));
    expect(await screen.findByText('短信验证码已经发送至您的138****0002手机')).toBeInTheDocument();
    // the countdown runs on real time here (its exact steps are the CountdownButton test's)
    expect(screen.getByTestId('send-code')).toHaveTextContent(/^\d+秒后重新获取$/);
    expect(screen.getByTestId('send-code')).toBeDisabled();
    // a wrong code: its error toast shows, then goes once the next step is reached
    fireEvent.change(screen.getByTestId('reset-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('reset-next'));
    expect(await screen.findByText('验证码错误')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('reset-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('reset-next'));
    expect(await screen.findByTestId('reset-account')).toHaveTextContent('learner02');
    await waitFor(() => expect(screen.queryByText('验证码错误')).toBeNull());
    fireEvent.change(screen.getByTestId('reset-mobile'), { target: { value: '13800000002' } });
    fireEvent.change(screen.getByTestId('reset-password'), { target: { value: 'Fresh#Pass1' } });
    fireEvent.change(screen.getByTestId('reset-password2'), { target: { value: 'Other#Pass1' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    // the mismatch goes out through the app's message channel (mocked here, as every error is)
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('您两次输入的密码不一致！请重试！', expect.any(Number)));
    expect(api.calls.some((c) => c.url === `${U}/SubmitResetpwdData`)).toBe(false);
    fireEvent.change(screen.getByTestId('reset-password2'), { target: { value: 'Fresh#Pass1' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('learner02'));
    expect(api.calls.find((c) => c.url === `${U}/SubmitResetpwdData`)?.body).toMatchObject({ usrSecret: 'r-1', verifyCode: '123456' });
  });
});
