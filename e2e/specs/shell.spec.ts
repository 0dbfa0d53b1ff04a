import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, snap, submitSignIn } from '../fixtures/session.ts';

// Foundation: sign in as admin through the login page, the menu shows, pages open as tabs,
// close others / close all keep the pinned dashboard, logout lands on /home.
test('admin signs in, works with tabs and logs out', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await submitSignIn(page, 'admin');

  // spec: after login go to the redirect query value or / (which is /home)
  await expect(page).toHaveURL(/\/home$/);
  await page.getByTestId('my-home-link').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toContainText('用户管理');
  await expect(sidebar).toContainText('系统管理');
  await expect(page.getByTestId('tags-view-item').first()).toHaveAttribute('data-path', '/dashboard');
  await snap(page, 'shell-dashboard');

  const open = async (group: string, pageName: string, path: string) => {
    await sidebar.getByText(group, { exact: true }).click();
    await sidebar.locator(`[data-testid="sidebar-menu-item"][data-path="${path}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator(`[data-testid="tags-view-item"][data-path="${path}"]`)).toBeVisible();
    void pageName;
  };
  await open('内容管理', '公告管理', '/content/notice');
  await open('系统管理', '角色管理', '/permission/role');
  await open('学习中心', '我的消息', '/ydmessage/index');
  await expect(page.getByTestId('tags-view-item')).toHaveCount(4);
  await snap(page, 'shell-tabs');

  // close others from the context menu of the role tab
  await page.locator('[data-testid="tags-view-item"][data-path="/permission/role"]').click({ button: 'right' });
  await page.getByTestId('tags-menu-close-others').click();
  await expect(page.getByTestId('tags-view-item')).toHaveCount(2);
  await expect(page.locator('[data-testid="tags-view-item"][data-path="/dashboard"]')).toBeVisible();

  // close all keeps the pinned dashboard
  await page.locator('[data-testid="tags-view-item"][data-path="/permission/role"]').click({ button: 'right' });
  await page.getByTestId('tags-menu-close-all').click();
  await expect(page.getByTestId('tags-view-item')).toHaveCount(1);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByTestId('user-dropdown').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/home$/);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'Admin-Token')).toBeUndefined();
});

test('a protected path without a session goes to /home; unknown paths to /404', async ({ page }) => {
  await page.goto('/ydUser/index');
  await expect(page).toHaveURL(/\/home$/);
  const login = await page.request.post('/prod-api/Api/User/user_user/Login', { data: { username: 'learner01', password: DEMO_PASSWORD } });
  const token = (await login.json()).data.token as string;
  // a token in the query string is stored as the login token
  await page.goto(`/dashboard?token=${token}`);
  await expect(page.getByTestId('sidebar')).toContainText('学习中心');
  await expect(page.getByTestId('sidebar')).not.toContainText('用户管理');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
});

test('the layout turns mobile under 992 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const login = await page.request.post('/prod-api/Api/User/user_user/Login', { data: { username: 'learner01', password: DEMO_PASSWORD } });
  const token = (await login.json()).data.token as string;
  await page.goto(`/dashboard?token=${token}`);
  await expect(page.getByTestId('layout')).toHaveAttribute('data-device', 'mobile');
  await snap(page, 'shell-dashboard-phone');
});
