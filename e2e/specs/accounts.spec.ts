import { expect, type Page, test } from '@playwright/test';
import { api, DEMO_PASSWORD, login, signInByApi, snap, submitSignIn } from '../fixtures/session.ts';

// Accounts and sign-in (issue 3). The app runs with the ALTCHA captcha on: the widget solves the
// proof of work in the browser. SMS codes come from the dev outbox (SMS_PROVIDER=outbox).

const NEW_PASSWORD = 'Fresh#Pass2026';

async function smsCode(page: Page, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/prod-api/__dev/sms?phone=${phone}`);
        const body = await res.json();
        code = body.success ? body.data.code : '';
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

async function sendCode(page: Page) {
  await page.getByTestId('send-code').first().click();
  // the first send asks for the captcha; the widget verifies by itself
  await expect(page.getByText(/短信验证码已经发送至您的/)).toBeVisible({ timeout: 30_000 });
}

test('password login with the account chooser', async ({ page }) => {
  await page.goto('/login?redirect=/dashboard');
  await submitSignIn(page, '13800000001');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('chooser-authorizing')).toBeVisible();
  // the chooser opens with antd's zoom animation; a click landing mid-animation is lost (CI run of
  // session 11), so click until the warning shows, as a user would click again
  await expect(async () => {
    await dialog.getByRole('button', { name: /登\s*录/ }).click({ timeout: 2000 });
    await expect(page.getByText('请选择登录用户')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await snap(page, 'accounts-chooser');
  await dialog.getByText(/sl_learner01/).click();
  await dialog.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-dropdown')).toContainText('王仓管');
});

test('phone-code login', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('switch-phone').click();
  await page.getByTestId('phone-input').fill('1380000');
  await page.getByTestId('send-code').click();
  await expect(page.getByText('请输入正确格式的手机号')).toBeVisible();
  await page.getByTestId('phone-input').fill('13800000003');
  await sendCode(page);
  await expect(page.getByTestId('send-code')).toContainText('秒后重新获取');
  await page.getByTestId('phone-code').fill(await smsCode(page, '13800000003'));
  await page.getByTestId('phone-login-submit').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('my-home-link')).toBeVisible();
});

test('张三 activates the account and signs in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: '注册' }).click();
  await page.getByTestId('reg-name').fill('张三');
  // the demo ID number of 张三 (README)
  await page.getByTestId('reg-idcard').fill('110101199003071233');
  await page.getByTestId('reg-phone').fill('13700000001');
  await sendCode(page);
  await page.getByTestId('reg-code').fill(await smsCode(page, '13700000001'));
  await page.getByTestId('reg-password').fill(NEW_PASSWORD);
  await page.getByTestId('reg-password2').fill(NEW_PASSWORD);
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('激活成功，请登录')).toBeVisible();
  await page.getByRole('button', { name: /知道了|确\s*定|OK/ }).click();
  // back on the login tab with the phone as username
  await expect(page.getByTestId('login-username')).toHaveValue('13700000001');
  await page.getByTestId('login-password').fill(NEW_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home$/);
});

test('forgot-password wizard', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('forgot-password').click();
  await page.getByTestId('reset-username').fill('learner04');
  await page.getByTestId('reset-next').click();
  await expect(page.getByTestId('reset-accounts')).toContainText('lea****04', { timeout: 30_000 });
  await page.getByTestId('reset-next').click();
  await expect(page.getByText('短信验证码已经发送至您的138****0004手机')).toBeVisible();
  await expect(page.getByTestId('send-code')).toContainText('秒后重新获取');
  await page.getByTestId('reset-code').fill(await smsCode(page, '13800000004'));
  await page.getByTestId('reset-next').click();
  await expect(page.getByTestId('reset-account')).toHaveText('learner04');
  await page.getByTestId('reset-mobile').fill('13800000004');
  await page.getByTestId('reset-password').fill(NEW_PASSWORD);
  await page.getByTestId('reset-password2').fill('Other#Pass2026');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('您两次输入的密码不一致！请重试！')).toBeVisible();
  await page.getByTestId('reset-password2').fill(NEW_PASSWORD);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('login-username')).toHaveValue('learner04');
  await page.getByTestId('login-password').fill(NEW_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home$/);
});

test('password change, then sign-in with the new password', async ({ page }) => {
  await signInByApi(page, 'learner06');
  await page.goto('/dashboard');
  await page.getByTestId('user-dropdown').click();
  await page.getByTestId('user-menu-password').click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog).toBeVisible();
  expect((await dialog.boundingBox())?.width).toBeGreaterThan(0);
  await sendCode(page);
  await expect(dialog.getByTestId('send-code')).toContainText('秒后重新获取');
  await dialog.getByTestId('pwd-code').fill(await smsCode(page, '13800000006'));
  await dialog.getByTestId('pwd-new').fill('weakpass');
  await dialog.getByTestId('pwd-confirm').click();
  await expect(dialog.getByText('密码需满足大小写、特殊字符、至少8位密码').first()).toBeVisible();
  await dialog.getByTestId('pwd-new').fill(NEW_PASSWORD);
  await dialog.getByTestId('pwd-confirm').fill(NEW_PASSWORD);
  await snap(page, 'accounts-password-dialog');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('修改完成')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await submitSignIn(page, 'learner06', NEW_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
});

test('after an administrator reset, the forced change needs the temporary password, not an SMS code', async ({ page }) => {
  // issue 38 item 14: a changed phone is often why the password was reset
  const corp = await login(page.request, 'corpadmin');
  const found = await api<{ models: { userId: number; accountCode: string }[] }>(page.request, corp, '/Api/User/user_user/GetUserList', {
    key: 'learner08',
    pageIndex: 1,
    pageSize: 10,
  });
  const userId = found.models.find((u) => u.accountCode === 'learner08')?.userId;
  const reset = await page.request.post(`/prod-api/Api/User/user_user/SetPassword?UserId=${userId}`, {
    headers: { ydAuthorization: `Bearer ${corp}` },
  });
  const temporary = /重置为：(\S+)/.exec((await reset.json()).msg)?.[1] as string;
  expect(temporary).toBeTruthy();
  await signInByApi(page, 'learner08', temporary);
  await page.goto('/dashboard');
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog.getByTestId('pwd-current')).toBeVisible();
  await expect(dialog.getByTestId('pwd-code')).toHaveCount(0);
  await expect(dialog.getByTestId('send-code')).toHaveCount(0);
  await dialog.getByTestId('pwd-current').fill('Wrong#Pass1');
  await dialog.getByTestId('pwd-new').fill(NEW_PASSWORD);
  await dialog.getByTestId('pwd-confirm').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message-notice', { hasText: '当前密码不正确' })).toBeVisible();
  await dialog.getByTestId('pwd-current').fill(temporary);
  await snap(page, 'accounts-forced-password-dialog');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('修改完成')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await submitSignIn(page, 'learner08', NEW_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
});

test('account cancellation', async ({ page }) => {
  await signInByApi(page, 'learner07');
  await page.goto('/dashboard');
  await page.getByTestId('user-dropdown').click();
  await page.getByTestId('user-menu-cancel').click();
  const dialog = page.getByRole('dialog', { name: '注销账户' });
  await dialog.getByTestId('send-code').click();
  await expect(page.getByText('短信验证码已经发送至您的138****0007手机')).toBeVisible();
  await dialog.getByTestId('cancel-code').fill(await smsCode(page, '13800000007'));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('您是否确定要注销此账户？')).toBeVisible();
  await page
    .getByRole('dialog', { name: '提示' })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page).toHaveURL(/\/home$/);
  const res = await page.request.post('/prod-api/Api/User/user_user/Login', { data: { username: 'learner07', password: DEMO_PASSWORD } });
  expect((await res.json()).success).toBe(false);
});
