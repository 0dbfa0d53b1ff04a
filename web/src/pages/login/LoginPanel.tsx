import { Tabs } from 'antd';
import { useState } from 'react';
import { PasswordLoginForm } from './components/PasswordLoginForm';
import { PhoneLoginForm } from './components/PhoneLoginForm';
import { RegisterForm } from './components/RegisterForm';
import { ResetWizard } from './components/ResetWizard';

export type LoginMode = 'password' | 'phone' | 'reset';

/**
 * The sign-in card of the /login page and the login dialog: tab one password or phone-code login
 * (switchable) and the forgot-password wizard; tab two registration (spec §2).
 */
export function LoginPanel({ onLoggedIn, withRegisterPassword = true }: { onLoggedIn(): void; withRegisterPassword?: boolean }) {
  const [tab, setTab] = useState<'login' | 'register'>('login');
  const [mode, setMode] = useState<LoginMode>('password');
  const [username, setUsername] = useState<string>();
  // a new key remounts the password form with the username filled
  const [formKey, setFormKey] = useState(0);

  const backToPassword = (name?: string) => {
    if (name) setUsername(name);
    setMode('password');
    setTab('login');
    setFormKey((k) => k + 1);
  };

  const switcher = (
    <div className="xt-login-switch">
      {mode === 'password' ? (
        <a onClick={() => setMode('phone')} data-testid="switch-phone">
          验证码登录
        </a>
      ) : (
        <a onClick={() => setMode('password')} data-testid="switch-password">
          密码登录
        </a>
      )}
      <a onClick={() => setMode('reset')} data-testid="forgot-password">
        忘记密码？
      </a>
    </div>
  );

  const login =
    mode === 'reset' ? (
      <ResetWizard onDone={(name) => backToPassword(name)} onBack={() => backToPassword()} />
    ) : (
      <>
        {mode === 'password' ? (
          <PasswordLoginForm key={formKey} onLoggedIn={onLoggedIn} initialUsername={username} />
        ) : (
          <PhoneLoginForm onLoggedIn={onLoggedIn} />
        )}
        {switcher}
      </>
    );

  return (
    <Tabs
      centered
      activeKey={tab}
      onChange={(k) => setTab(k as 'login' | 'register')}
      items={[
        { key: 'login', label: mode === 'reset' ? '找回密码' : mode === 'phone' ? '验证码登录' : '账号登录', children: login },
        {
          key: 'register',
          label: '注册',
          children: <RegisterForm withPassword={withRegisterPassword} onRegistered={(phone) => backToPassword(phone)} />,
        },
      ]}
    />
  );
}
