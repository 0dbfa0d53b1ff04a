import { lazy, useState } from 'react';
import { AntIsland } from '../../app/AntIsland';
import { LightTabs } from '../../components/LightTabs';
import { PasswordLoginForm } from './components/PasswordLoginForm';
import { SignInButtons } from './components/SignInButtons';

// the password form shows first, drawn without antd; the others are antd forms, fetched with antd
// when the visitor switches to them (issue 15 budget, issue 39 item 2: the login page's first load)
const PhoneLoginForm = lazy(() => import('./components/PhoneLoginForm').then((m) => ({ default: m.PhoneLoginForm })));
const RegisterForm = lazy(() => import('./components/RegisterForm').then((m) => ({ default: m.RegisterForm })));
const ResetWizard = lazy(() => import('./components/ResetWizard').then((m) => ({ default: m.ResetWizard })));

const pending = <div className="xt-login-pending" data-testid="login-form-loading" />;

export type LoginMode = 'password' | 'phone' | 'reset';

/**
 * The sign-in card of the /login page and the login dialog: tab one password or phone-code login
 * (switchable), the companies' sign-in buttons and the forgot-password wizard; tab two
 * registration (spec §2).
 */
export function LoginPanel({
  onLoggedIn,
  withRegisterPassword = true,
  redirect,
}: {
  onLoggedIn(): void;
  withRegisterPassword?: boolean;
  /** where a company's sign-in button (使用 XX 登录) comes back to */
  redirect?: string | null;
}) {
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
        <SignInButtons redirect={redirect} />
      </>
    );

  const loginLabel = mode === 'reset' ? '找回密码' : mode === 'phone' ? '验证码登录' : '账号登录';
  return (
    <>
      <LightTabs
        centered
        label="登录方式"
        activeKey={tab}
        onChange={(k) => setTab(k as 'login' | 'register')}
        items={[
          { key: 'login', label: loginLabel },
          { key: 'register', label: '注册' },
        ]}
      />
      <div role="tabpanel" aria-label={tab === 'login' ? loginLabel : '注册'}>
        {tab === 'login' && mode === 'password' ? (
          login
        ) : (
          <AntIsland fallback={pending}>
            {tab === 'login' ? login : <RegisterForm withPassword={withRegisterPassword} onRegistered={(phone) => backToPassword(phone)} />}
          </AntIsland>
        )}
      </div>
    </>
  );
}
