import { LockOutlined, UserOutlined, WarningOutlined } from '@ant-design/icons';
import { Msg } from '@xuetu/contract';
import { Button, Form, Input, Typography } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import { useSession } from '../../../app/store/session';

export const CAPS_LOCK_TEXT = '大写锁定已打开';

interface Values {
  username: string;
  password: string;
}

/** Username + password sign-in. Used by the /login page (and reusable by a login dialog). */
export function PasswordLoginForm({ onLoggedIn }: { onLoggedIn(): void }) {
  const login = useSession((s) => s.login);
  const [loading, setLoading] = useState(false);
  const [capsLock, setCapsLock] = useState(false);

  const checkCapsLock = (e: KeyboardEvent<HTMLInputElement>) => {
    if (typeof e.getModifierState === 'function') setCapsLock(e.getModifierState('CapsLock'));
  };

  const onFinish = async (v: Values) => {
    setLoading(true);
    try {
      await login(v.username, v.password);
      onLoggedIn();
    } catch {
      // the request wrapper has shown the server's message
    } finally {
      // spec: failed login calls clear the loading flag
      setLoading(false);
    }
  };

  return (
    <Form<Values>
      name="password-login"
      size="large"
      validateTrigger="onBlur"
      onFinish={onFinish}
      autoComplete="on"
      data-testid="login-form"
    >
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: Msg.usernameRequired }]}>
        <Input prefix={<UserOutlined />} placeholder="用户名 / 手机号" autoComplete="username" data-testid="login-username" />
      </Form.Item>
      <Form.Item
        name="password"
        rules={[{ required: true, message: Msg.passwordRequired }]}
        extra={
          capsLock ? (
            <Typography.Text type="warning" data-testid="caps-lock-warning">
              <WarningOutlined /> {CAPS_LOCK_TEXT}
            </Typography.Text>
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
  );
}
