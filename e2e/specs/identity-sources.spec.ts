import type { Locator, Page } from '@playwright/test';
import { ADMIN_DN, ADMIN_PASSWORD, BASE_DN, freePort, runsSlapd, type Slapd, startSlapd } from '../../server/test/slapd.ts';
import { expect, test } from '../fixtures/guarded.ts';
import { signInByApi, submitSignIn } from '../fixtures/session.ts';

// 身份源 (issue 41): a platform administrator connects a company's LDAP directory on the admin
// page, tests the connection (what failed, in Chinese; then a real slapd started here by the
// server tests' test/slapd.ts, which .ci/run installs), saves it with its password shown only as
// 已设置, and a directory person of that company signs in on the login page with their directory
// password; the connection is deleted again (after confirming), so the company signs in as before.
// Without slapd on the machine (a laptop) only the failure path runs, as the server tests do.
const RUNS = runsSlapd('identity-sources.spec');
const PAGE = '/system/identity-sources';
let slapd: Slapd | undefined;

test.beforeAll(async () => {
  if (RUNS)
    slapd = await startSlapd([{ uid: 'e2e.dir', password: 'Dir@2026', cn: '目录学员', mobile: '13966660001', employeeNumber: 'E2E001' }]);
});
test.afterAll(async () => {
  await slapd?.stop();
});

async function openEditor(page: Page) {
  await signInByApi(page, 'admin');
  await page.goto(PAGE);
  await expect(page.getByTestId('identity-sources')).toBeVisible();
  await page.getByTestId('source-add').click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('source-name')).toBeVisible();
  return drawer;
}

async function fillSettings(drawer: Locator, url: string, password: string) {
  await drawer.getByTestId('source-url').fill(url);
  await drawer.getByTestId('source-bind-dn').fill(ADMIN_DN);
  await drawer.getByTestId('source-password').fill(password);
  await drawer.getByTestId('source-base-dn').fill(`ou=people,${BASE_DN}`);
}

test('测试连接 says in Chinese that the directory cannot be reached', async ({ page }) => {
  const drawer = await openEditor(page);
  await drawer.getByTestId('source-name').fill('不可达目录');
  await fillSettings(drawer, `ldap://127.0.0.1:${await freePort()}`, 'whatever');
  await drawer.getByTestId('source-test').click();
  await expect(drawer.getByTestId('source-test-result')).toHaveText('无法连接到身份源：地址或端口不通，请检查地址和网络');
});

if (RUNS)
  test('a company’s LDAP connection: tested, saved, signs a directory person in, deleted', async ({ page, browser }) => {
    const drawer = await openEditor(page);
    await drawer.getByTestId('source-company').click();
    await page.keyboard.type('示例物流');
    await page.locator('.ant-select-item-option', { hasText: '示例物流有限公司' }).click();
    await drawer.getByTestId('source-name').fill('物流公司目录');
    await fillSettings(drawer, slapd!.url, 'not-the-password');
    await drawer.getByTestId('source-test').click();
    await expect(drawer.getByTestId('source-test-result')).toHaveText('服务账号绑定被拒绝：绑定 DN 或密码不正确');
    await drawer.getByTestId('source-password').fill(ADMIN_PASSWORD);
    await drawer.getByTestId('source-test').click();
    await expect(drawer.getByTestId('source-test-result')).toHaveText('连接成功：服务账号已绑定，按过滤条件找到 1 个用户');
    await drawer.getByTestId('source-save').click();
    const row = page.locator('tr', { hasText: '物流公司目录' });
    await expect(row).toContainText('示例物流有限公司');
    await expect(row).toContainText('已设置');

    // editing: the password is not sent back; the field says 已设置
    await row.getByTestId('source-edit').click();
    await expect(drawer.getByTestId('source-password')).toHaveAttribute('placeholder', '已设置');
    await expect(drawer.getByTestId('source-password')).toHaveValue('');
    await drawer.getByRole('button', { name: /取\s*消/ }).click();

    // the directory person signs in on the login page with the directory password
    const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const login = await visitor.newPage();
      await login.goto('/login');
      await submitSignIn(login, 'e2e.dir', 'Dir@2026');
      await expect(login).toHaveURL(/\/home$/);
    } finally {
      await visitor.close();
    }

    // on a phone the list scrolls inside its card, not the page
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(row).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await row.getByTestId('source-delete').click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('删除成功!')).toBeVisible();
    await expect(page.locator('tr', { hasText: '物流公司目录' })).toHaveCount(0);
  });
