import EyeInvisibleOutlined from '@ant-design/icons/es/icons/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import LoadingOutlined from '@ant-design/icons/es/icons/LoadingOutlined';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import WarningOutlined from '@ant-design/icons/es/icons/WarningOutlined';
import { accountApi, Msg, type OutputOf } from '@xuetu/contract';
import { type FormEvent, type KeyboardEvent, type ReactNode, useState } from 'react';
import { call } from '../../../api/client';
import { AntIsland } from '../../../app/AntIsland';
import { useSettings } from '../../../app/store/settings';
import { useCaptcha } from '../../../components/Captcha';
import { type CaptchaPass, needsCaptcha } from '../../../components/captchaPass';
import { useAccountLogin } from '../useAccountLogin';
import { primaryShades } from './primaryShades';

export const CAPS_LOCK_TEXT = '大写锁定已打开';

interface Values {
  username: string;
  password: string;
}
type Field = keyof Values;

// the rules antd's Form held (required; the username also not blank)
const check: Record<Field, (v: string) => string | null> = {
  username: (v) => (v.trim() ? null : Msg.usernameRequired),
  password: (v) => (v ? null : Msg.passwordRequired),
};

/**
 * Username (account, phone or ID number) + password: LoginStep1, then LoginStep2 or the chooser.
 * Drawn without antd (issue 39 item 2: /login's first screen on a slow phone), with the look,
 * the ids and the behaviour of antd's large Form, Input, Input.Password and primary Button it
 * replaces: fields checked on blur and on submit, the message under the field, the eye toggle
 * (a keyboard button), the button's spinner while signing in.
 */
export function PasswordLoginForm({ onLoggedIn, initialUsername }: { onLoggedIn(): void; initialUsername?: string }) {
  const [values, setValues] = useState<Values>({ username: initialUsername ?? '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [loading, setLoading] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const [visible, setVisible] = useState(false);
  const theme = useSettings((s) => s.theme);
  const highContrast = useSettings((s) => s.highContrast);
  const { finish, chooser } = useAccountLogin(onLoggedIn);
  const captcha = useCaptcha();

  const checkCapsLock = (e: KeyboardEvent<HTMLInputElement>) => {
    if (typeof e.getModifierState === 'function') setCapsLock(e.getModifierState('CapsLock'));
  };
  const validate = (field: Field, value = values[field]) => {
    const error = check[field](value);
    setErrors((old) => (old[field] === (error ?? undefined) ? old : { ...old, [field]: error ?? undefined }));
    return !error;
  };
  const set = (field: Field) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((old) => ({ ...old, [field]: value }));
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

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // as antd's loading button: no second submit while signing in
    if (loading) return;
    const ok = [validate('username'), validate('password')].every(Boolean);
    if (ok) void onFinish(values);
  };

  const toggle = () => setVisible((v) => !v);
  const field = (name: Field, input: ReactNode, prefix: ReactNode, suffix?: ReactNode, extra?: ReactNode) => {
    const error = errors[name];
    return (
      <div className={`xt-lf-item${error ? ' has-error' : ''}`}>
        <span className={`xt-lf-affix${error ? ' is-error' : ''}`}>
          <span className="xt-lf-prefix">{prefix}</span>
          {input}
          {suffix && <span className="xt-lf-suffix">{suffix}</span>}
        </span>
        {error && (
          <div id={`password-login_${name}_help`} className="xt-lf-explain" role="alert">
            <div className="xt-lf-explain-error">{error}</div>
          </div>
        )}
        {extra && <div className="xt-lf-extra">{extra}</div>}
      </div>
    );
  };
  const aria = (name: Field) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `password-login_${name}_help` } : ({} as Record<string, never>);

  return (
    <>
      <form
        id="password-login"
        className={`xt-lf${highContrast ? ' is-contrast' : ''}`}
        style={primaryShades(theme, highContrast)}
        autoComplete="on"
        noValidate
        onSubmit={onSubmit}
        data-testid="login-form"
      >
        {field(
          'username',
          <input
            id="password-login_username"
            className="xt-lf-input"
            type="text"
            value={values.username}
            onChange={set('username')}
            onBlur={(e) => validate('username', e.target.value)}
            placeholder="账号 / 手机号 / 身份证号"
            autoComplete="username"
            aria-required="true"
            {...aria('username')}
            data-testid="login-username"
          />,
          <UserOutlined />,
        )}
        {field(
          'password',
          <input
            id="password-login_password"
            className="xt-lf-input"
            type={visible ? 'text' : 'password'}
            value={values.password}
            onChange={set('password')}
            onBlur={(e) => {
              setCapsLock(false);
              validate('password', e.target.value);
            }}
            onKeyUp={checkCapsLock}
            onKeyDown={checkCapsLock}
            placeholder="密码"
            autoComplete="current-password"
            aria-required="true"
            {...aria('password')}
            data-testid="login-password"
          />,
          <LockOutlined />,
          // antd's Input.Password toggle: a focusable button that keeps the field's focus and caret
          <span
            role="button"
            tabIndex={0}
            className="xt-lf-eye"
            aria-disabled="false"
            aria-pressed={visible}
            aria-label={visible ? '隐藏' : '显示'}
            onMouseDown={(e) => e.preventDefault()}
            onMouseUp={(e) => e.preventDefault()}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                if (!e.repeat) toggle();
              }
            }}
            onClick={toggle}
          >
            {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          </span>,
          capsLock ? (
            <span className="xt-caps-warning" data-testid="caps-lock-warning">
              <WarningOutlined /> {CAPS_LOCK_TEXT}
            </span>
          ) : undefined,
        )}
        <button type="submit" className={`xt-lf-submit${loading ? ' is-loading' : ''}`} data-testid="login-submit">
          {loading && (
            <span className="xt-lf-submit-icon">
              <LoadingOutlined spin />
            </span>
          )}
          {/* antd spaces a two-character label */}
          <span>登 录</span>
        </button>
      </form>
      {/* the chooser and the captcha are antd dialogs: antd loads when one first opens */}
      {(chooser || captcha.holder) && (
        <AntIsland>
          {chooser}
          {captcha.holder}
        </AntIsland>
      )}
    </>
  );
}
