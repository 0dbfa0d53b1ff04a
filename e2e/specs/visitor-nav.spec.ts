import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/guarded.ts';
import { snap, submitSignIn } from '../fixtures/session.ts';

// issue 8 item 5: nav entries that need a session open the login dialog and continue to their
// target after sign-in; /login and /register use the site settings of the portal footer.

async function signInInDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: '登录学途' });
  await expect(dialog).toBeVisible();
  await submitSignIn(dialog, 'learner01');
}

test('a visitor clicking 培训课程 signs in and lands on the course page', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  await page.getByTestId('top-nav-link').filter({ hasText: '培训课程' }).click();
  // not bounced: still on /home with the dialog open
  await expect(page).toHaveURL(/\/home$/);
  await signInInDialog(page);
  await expect(page).toHaveURL(/\/trainres\/index$/);
  await expect(page.getByTestId('layout')).toBeVisible();
  await snap(page, 'visitor-nav-trainres-1440');
});

test('a visitor clicking 规章制度 on the phone signs in and lands on the regulations page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home');
  await page.getByTestId('display-models').getByText('规章制度').click();
  await expect(page).toHaveURL(/\/home$/);
  await signInInDialog(page);
  await expect(page).toHaveURL(/\/regulations\/index$/);
  await snap(page, 'visitor-nav-regulations-390');
});

test('open nav entries stay plain links, and the course blocks show courses without calling missing endpoints', async ({ page }) => {
  const missing: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 404 && r.url().includes('/prod-api/')) missing.push(r.url());
  });
  await page.goto('/home');
  await expect(page.getByTestId('hot-course').first()).toBeVisible();
  await expect(page.getByText('建设中')).toHaveCount(0);
  await page.getByTestId('top-nav-link').filter({ hasText: '通知公告' }).click();
  await expect(page).toHaveURL(/\/infonoticelist$/);
  await expect(page.getByRole('dialog', { name: '登录学途' })).toHaveCount(0);
  expect(missing).toEqual([]);
});

test('/login and /register show the site settings of the portal footer', async ({ page }) => {
  const site = (await (await page.request.post('/prod-api/Api/Ydxs/OpenApi/GetSiteConfig', { data: {} })).json()).data;
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    const footer = page.getByTestId('login-footer');
    await expect(footer).toContainText(site.filingNumber);
    await expect(footer).toContainText(site.companyName);
    await expect(footer).toContainText(site.workingHours);
    // no download entry unless a download link is configured
    await expect(page.getByTestId('download-app')).toHaveCount(site.appDownloadUrl ? 1 : 0);
  }
  await snap(page, 'register-footer-1440');
});
