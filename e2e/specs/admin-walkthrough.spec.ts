import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/guarded.ts';
import { LEARNER_PAGE, menuPages } from '../fixtures/menus.ts';
import { openInApp, signInByApi, snap } from '../fixtures/session.ts';

// issue 8 item 8: every admin menu page opens without a page error or console error (the guarded
// fixture fails the spec on any), as the platform administrator and as a company administrator,
// at desktop and phone widths; a failed form check and a refused save raise no uncaught rejection;
// a learner typing an admin URL sees the permission-denied page.
// issue 23 item 12: at 390 px no admin page scrolls sideways (a wide table scrolls inside its own
// box), names keep their width, and the page's 新增… dialog opens on screen with its 确定 reachable.

/** Every list's name or title column is visible and at least 160 px wide (issue 23 item 6). */
async function nameColumnsReadable(page: Page, where: string) {
  const columns = await page
    .locator('.ant-table-thead th')
    .evaluateAll((ths) =>
      ths
        .filter((th) => /(名称|标题)$/.test((th.textContent ?? '').trim()) && (th as HTMLElement).offsetParent !== null)
        .map((th) => ({ text: (th.textContent ?? '').trim(), width: Math.round(th.getBoundingClientRect().width) })),
    );
  for (const c of columns) expect(c.width, `${where}: the ${c.text} column`).toBeGreaterThanOrEqual(160);
}

/** The page does not scroll sideways: nothing is wider than the window (tables scroll inside). */
async function noSidewaysScroll(page: Page, where: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${where}: the page is wider than the window`,
    })
    .toBeLessThanOrEqual(0);
}

/**
 * Opens the page's first 新增… button (if it has one) and checks that its dialog or drawer lies
 * within the window's width and that its primary button can be clicked; closes it again.
 * Returns whether there was one.
 */
async function addDialogOnScreen(page: Page, where: string): Promise<boolean> {
  const add = page
    .getByTestId('app-main')
    .locator('button:visible')
    .filter({ hasText: /^\s*新增/ })
    .first();
  if (!(await add.count())) return false;
  await add.click();
  const dialog = page.locator('.ant-modal-wrap:visible .ant-modal, .ant-drawer-content-wrapper:visible').last();
  await expect(dialog, `${where}: the 新增 dialog opens`).toBeVisible();
  const box = (await dialog.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, `${where}: the dialog's left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${where}: the dialog's right edge`).toBeLessThanOrEqual(width);
  expect(box.y, `${where}: the dialog's top`).toBeGreaterThanOrEqual(0);
  const ok = dialog
    .locator('.ant-modal-footer .ant-btn-primary, .ant-drawer-header .ant-btn-primary, .ant-drawer-footer .ant-btn-primary')
    .last();
  await ok.scrollIntoViewIfNeeded();
  await expect(ok, `${where}: the dialog's primary button`).toBeInViewport({ ratio: 1 });
  await ok.click({ trial: true });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return true;
}

/**
 * Opens a page (loaded in full, or `inApp` as a menu click does) and waits until its tab shows and
 * its requests have settled.
 */
async function openPage(page: Page, url: string, inApp = false) {
  if (inApp) await openInApp(page, url);
  else await page.goto(url);
  await expect(page.locator(`[data-testid="tags-view-item"][data-path="${url}"]`)).toBeVisible();
  await expect(page.getByTestId('app-main')).toBeVisible();
  if (!inApp) await page.waitForLoadState('networkidle');
}

for (const account of ['admin', 'corpadmin'] as const) {
  test(`${account} opens every admin menu page without a console or page error`, async ({ page }) => {
    test.setTimeout(300_000);
    const token = await signInByApi(page, account);
    const pages = await menuPages(page, token);
    const admin = pages.filter((p) => !LEARNER_PAGE.test(p.url));
    expect(admin.length).toBeGreaterThan(8);
    const withDialog: string[] = [];
    for (const [i, { url }] of admin.entries()) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await openPage(page, url, i > 0);
      await nameColumnsReadable(page, `${url} at 1280 px`);
      await page.setViewportSize({ width: 1440, height: 900 });
      await nameColumnsReadable(page, `${url} at 1440 px`);
      // the dark sidebar reaches the bottom of the window, scrolled to the end of a long page too
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const gap = await page.evaluate(
        () => window.innerHeight - (document.querySelector('.xt-sider')?.getBoundingClientRect().bottom ?? 0),
      );
      expect(gap, `${url}: the sidebar stops short of the window's bottom`).toBeLessThanOrEqual(1);
      await page.evaluate(() => window.scrollTo(0, 0));
      const name = `walk-${account}${url.replace(/\//g, '-')}`;
      await snap(page, `${name}-1440`);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByTestId('layout')).toHaveAttribute('data-device', 'mobile');
      await noSidewaysScroll(page, `${url} at 390 px`);
      await nameColumnsReadable(page, `${url} at 390 px`);
      await snap(page, `${name}-390`);
      if (await addDialogOnScreen(page, `${url} at 390 px`)) withDialog.push(url);
      await noSidewaysScroll(page, `${url} at 390 px, after its dialog`);
    }
    // the dialogs issue 23 item 12 found off screen are among those checked
    const expected =
      account === 'admin' ? ['/ydUser/company', '/permission/pageCtrl', '/permission/role'] : ['/ydUser/post', '/permission/role'];
    expect(withDialog).toEqual(expect.arrayContaining(expected));
  });
}

test('a failed form check and a refused save in admin dialogs raise no uncaught error', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByApi(page, 'corpadmin');
  await openPage(page, '/ydUser/org');
  // an empty name: the form says so, nothing is sent
  await page.getByTestId('org-add-全部部门').click();
  const dialog = page.getByTestId('org-dialog');
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(dialog).toContainText('请输入部门名称');
  // a duplicate sibling name: refused with one toast, the dialog stays open
  await dialog.getByTestId('org-name').fill('演示科技有限公司');
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(page.locator('.ant-message-notice', { hasText: '同一上级部门下已有同名部门' })).toHaveCount(1);
  await expect(dialog.locator('.ant-modal')).toBeVisible();
  // a new name under the root lands in the company tree
  await dialog.getByTestId('org-name').fill('端到端新部门');
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(page.getByTestId('org-node-端到端新部门')).toBeVisible();
  await snap(page, 'walk-org-added');
});

test('the 平台管理员 role shows every permission, read-only', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByApi(page, 'admin');
  await openPage(page, '/permission/role');
  await page.getByTestId('role-edit-平台管理员').click();
  await expect(page.getByTestId('role-all-actions')).toBeVisible();
  const tree = page.getByTestId('role-tree');
  await expect(tree.locator('.ant-tree-checkbox').first()).toBeVisible();
  await expect(tree.locator('.ant-tree-checkbox:not(.ant-tree-checkbox-checked)')).toHaveCount(0);
  await expect(tree.locator('.ant-tree-checkbox:not(.ant-tree-checkbox-disabled)')).toHaveCount(0);
  await snap(page, 'walk-role-platform-admin');
});

test('a learner typing an admin URL sees the permission-denied page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page, 'learner01');
  await page.goto('/ydUser/index');
  await expect(page).toHaveURL(/\/401$/);
  await expect(page.getByText('401 您没有访问权限！')).toBeVisible();
  await snap(page, 'walk-learner-401-390');
});

test('at 1440 px the user list shows 手机号, 角色 and 状态 without scrolling, 操作 on one line; toolbar buttons spaced', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByApi(page, 'admin');
  await openPage(page, '/ydUser/index');
  // platform staff list once they filter: all enabled people (the widest case, with the 公司 column)
  await page.getByTestId('user-admin').locator('.ant-select', { hasText: '全部' }).first().click();
  await page.locator('.ant-select-item-option', { hasText: '启用' }).click();
  await page.getByTestId('user-search').click();
  const table = page.getByTestId('user-admin').locator('.ant-table');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const content = table.locator('.ant-table-content, .ant-table-body').first();
  const { scrollWidth, clientWidth } = await content.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  for (const title of ['手机号', '角色', '状态', '操作']) await expect(table.locator('th', { hasText: title }).first()).toBeInViewport();
  // 操作: its buttons share one line (same top)
  const ops = table.locator('tbody tr.ant-table-row').first().locator('td').last().locator('button');
  const tops = await ops.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(tops.length).toBeGreaterThanOrEqual(3);
  expect(new Set(tops).size).toBe(1);
  // 导入 and 导出 do not touch
  const imp = await page.getByTestId('user-import').boundingBox();
  const exp = await page.getByTestId('user-export').boundingBox();
  expect(exp!.x - (imp!.x + imp!.width)).toBeGreaterThanOrEqual(8);
  await snap(page, 'walk-user-list-1440');
});
