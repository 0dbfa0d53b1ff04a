import { createHmac, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/guarded.ts';
import { snap, submitSignIn } from '../fixtures/session.ts';
import { E2E_SSO_SECRET } from '../fixtures/sso.ts';

// issue 8 item 2: the header login dialog of the public pages signs people in, for one account
// and through the account chooser (phone 13800000001 owns learner01 and sl_learner01).

const PAGES = [
  { path: '/home', ready: (p: Page) => p.getByTestId('home-notice').first() },
  { path: '/infonoticelist', ready: (p: Page) => p.getByTestId('notice-item').first() },
  { path: '/viewnoticeitem?noticeSysCode=N-DEMO-01', ready: (p: Page) => p.getByTestId('notice-view') },
];

async function openDialogAndSubmit(page: Page, username: string) {
  await page.getByTestId('login-link').click();
  const dialog = page.getByRole('dialog', { name: '登录学途' });
  await expect(dialog).toBeVisible();
  await submitSignIn(dialog, username);
}

async function expectSignedIn(page: Page, path: string, name: string) {
  await expect(page.getByTestId('user-dropdown')).toContainText(name);
  await expect(page.getByTestId('my-home-link')).toBeVisible();
  await expect(page.getByRole('dialog', { name: '登录学途' })).toBeHidden();
  // still on the page the visitor signed in from, without an error toast
  expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  // the token is kept: a reload stays signed in
  await page.reload();
  await expect(page.getByTestId('user-dropdown')).toContainText(name);
}

for (const { path, ready } of PAGES) {
  test(`signs in one account through the header dialog on ${path.split('?')[0]}`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    await expect(ready(page)).toBeVisible();
    await openDialogAndSubmit(page, 'learner01');
    await expectSignedIn(page, path, '王伟');
  });

  test(`signs in through the account chooser on ${path.split('?')[0]}`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await expect(ready(page)).toBeVisible();
    await openDialogAndSubmit(page, '13800000001');
    const chooser = page.getByRole('dialog', { name: '选择登录账号' });
    await expect(chooser.getByTestId('chooser-authorizing')).toBeVisible();
    await snap(page, `login-dialog-chooser-${path.split('?')[0].slice(1)}-390`);
    await chooser.getByText(/sl_learner01/).click();
    await chooser.getByRole('button', { name: /登\s*录/ }).click();
    await expectSignedIn(page, path, '王仓管');
    await snap(page, `login-dialog-signed-in-${path.split('?')[0].slice(1)}-390`);
  });
}

/** A login ticket as a partner system mints it (docs/sso-tickets.md), with the secret the e2e server runs with. */
function mintTicket(account: string): string {
  const iat = Math.floor(Date.now() / 1000);
  const claims = { typ: 'ticket', sub: account, iat, exp: iat + 120, jti: randomBytes(16).toString('base64url') };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `v1.${payload}.${createHmac('sha256', E2E_SSO_SECRET).update(`v1.${payload}`).digest('base64url')}`;
}

test('the root URL opens the app at /home', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home-notice').first()).toBeVisible();
  await expect(page.getByTestId('login-link')).toBeVisible();
  await snap(page, 'root-home-1440');
});

test('/?ticket=… signs in by ticket and lands on /home without the ticket', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/?ticket=${mintTicket('learner01')}`);
  await expect(page.getByTestId('user-dropdown')).toContainText('王伟');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home-notice').first()).toBeVisible();
  await snap(page, 'root-ticket-home-390');
});
