import { Suspense } from 'react';
import { PageLoading } from '../components/PageLoading';
import { outsideLayout } from '../pages/registry';

// outside the layout: with antd's configuration, which the boot has none of (ADR 0050)
const PasswordDialog = outsideLayout(() => import('../pages/account/PasswordDialog'));

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
