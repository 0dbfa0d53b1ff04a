import { lazy, Suspense } from 'react';
import { PageLoading } from '../components/PageLoading';

// with antd's configuration: the boot has none (ADR 0050)
const PasswordDialog = lazy(async () => {
  const [{ inAntdConfig }, dialog] = await Promise.all([import('./AntdConfig'), import('../pages/account/PasswordDialog')]);
  return { default: inAntdConfig(dialog.default) };
});

/**
 * Signed in with a temporary password an administrator set (DESIGN.md §4): the server refuses
 * everything but the password change, so the app shows nothing but the 修改密码 dialog, which
 * cannot be closed (its other way out is 退出登录).
 */
export function PasswordChangeGate() {
  return (
    <div data-testid="password-change-gate" style={{ minHeight: '100vh', background: '#f0f2f5' }}>
      <Suspense fallback={<PageLoading fullscreen />}>
        <PasswordDialog open onClose={() => {}} />
      </Suspense>
    </div>
  );
}
