import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import WarningOutlined from '@ant-design/icons/es/icons/WarningOutlined';
import { accountApi, Msg, type OutputOf } from '@xuetu/contract';
import { Button, Form, Input } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import { call } from '../../../api/client';
import { useCaptcha } from '../../../components/Captcha';
import { type CaptchaPass, needsCaptcha } from '../../../components/captchaPass';
import { useAccountLogin } from '../useAccountLogin';

export const CAPS_LOCK_TEXT = '大写锁定已打开';

interface Values {
  username: string;
  password: string;
}

/** Username (account, phone or ID number) + password: LoginStep1, then LoginStep2 or the chooser. */
export function PasswordLoginForm({ onLoggedIn, initialUsername }: { onLoggedIn(): void; initialUsername?: string }) {
  const [loading, setLoading] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const { finish, chooser } = useAccountLogin(onLoggedIn);
  const captcha = useCaptcha();

  const checkCapsLock = (e: KeyboardEvent<HTMLInputElement>) => {
    if (typeof e.getModifierState === 'function') setCapsLock(e.getModifierState('CapsLock'));
  };

  const onFinish = async (v: Values) => {
    setLoading(true);
    // spec: the username is trimmed before login
    const body = { username: v.username.trim(), password: v.password };
    try {
      let choices: OutputOf<typeof accountApi.loginStep1>;
      try {
        choices = await call(accountApi.loginStep1, body);
      } catch (e) {
        // repeated failures: the server wants a captcha pass before the next try
        if (!needsCaptcha(e)) throw e;
        const pass = await captcha.run();
        if (pass.ret !== 0) return;
        choices = await call(accountApi.loginStep1, { ...body, ticket: pass.ticket, randstr: pass.randstr } satisfies CaptchaPass & Values);
      }
      await finish(choices);
    } catch {
      // the request wrapper has shown the server's message
    } finally {
      // spec: failed login calls clear the loading flag
      setLoading(false);
    }
  };

  return (
    <>
      <Form<Values>
        name="password-login"
        size="large"
        validateTrigger="onBlur"
        onFinish={onFinish}
        autoComplete="on"
        initialValues={{ username: initialUsername ?? '' }}
        data-testid="login-form"
      >
        <Form.Item name="username" rules={[{ required: true, whitespace: true, message: Msg.usernameRequired }]}>
          <Input prefix={<UserOutlined />} placeholder="账号 / 手机号 / 身份证号" autoComplete="username" data-testid="login-username" />
        </Form.Item>
        <Form.Item
          name="password"
          rules={[{ required: true, message: Msg.passwordRequired }]}
          extra={
            capsLock ? (
              <span className="xt-caps-warning" data-testid="caps-lock-warning">
                <WarningOutlined /> {CAPS_LOCK_TEXT}
              </span>
            ) : undefined
          }
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="密码"
            autoComplete="current-password"
            data-testid="login-password"
            onKeyUp={checkCapsLock}
            onKeyDown={checkCapsLock}
            onBlur={() => setCapsLock(false)}
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" block loading={loading} data-testid="login-submit">
            登录
          </Button>
        </Form.Item>
      </Form>
      {chooser}
      {captcha.holder}
    </>
  );
}
