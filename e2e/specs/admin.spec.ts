import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, login, signInByApi, snap } from '../fixtures/session.ts';

// Administration (issue 4) as the company administrator: learners, departments, posts, roles
// (and the menu that follows from them), import with a data check, and export.

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const idCard = (n: number) => {
  const first17 = `320102199${n % 10}0${(n % 9) + 1}1${n % 9}${String(n).padStart(3, '0').slice(-3)}`;
  const sum = [...first17].reduce((acc, d, i) => acc + Number(d) * WEIGHTS[i], 0);
  return first17 + '10X98765432'[sum % 11];
};

async function workbook(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('学员');
  ws.addRow(['姓名', '身份证号', '手机号', '部门', '岗位', '兼职岗位', '有效期']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const dialog = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
const field = (scope: ReturnType<typeof dialog>, label: string) =>
  scope
    .locator('.ant-form-item')
    .filter({ has: scope.page().locator('.ant-form-item-label label', { hasText: new RegExp(`^${label}$`) }) });
/**
 * Confirms the open confirmation and waits until it has gone. A click that lands while the dialog
 * is still zooming in can be lost (seen once in CI: no request left); the check clicks again then.
 */
const confirmOk = async (page: Page) => {
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toBeVisible();
  await expect(async () => {
    if (await confirm.isVisible()) await confirm.locator('.ant-modal-confirm-btns .ant-btn-primary').click({ timeout: 2000 });
    await expect(confirm).toBeHidden({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
};
const toast = (page: Page, text: string) => expect(page.locator('.ant-message-notice', { hasText: text }).first()).toBeVisible();

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('company administrator adds, edits, disables and re-enables a learner', async ({ page }) => {
  await signInByApi(page, 'corpadmin');
  await page.goto('/ydUser/index');
  await page.getByTestId('user-add').click();
  const d = dialog(page, '新增学员');
  // spec: required messages on blur
  await page.getByTestId('learner-chnName').focus();
  await page.getByTestId('learner-idCard').focus();
  await expect(d).toContainText('请输入姓名');
  await page.getByTestId('learner-chnName').fill('端到端学员');
  await page.getByTestId('learner-idCard').fill(idCard(901));
  await page.getByTestId('learner-mobile').fill('13912345901');
  // the post picker needs a department first
  await field(d, '岗位').locator('.ant-select').click();
  await toast(page, '请先选择部门');
  await field(d, '部门').locator('.ant-select').click();
  await page.keyboard.type('前端');
  await page.locator('.ant-select-tree-title', { hasText: '前端组' }).click();
  await field(d, '岗位').locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: '前端工程师' }).click();
  await snap(page, 'admin-learner-add');
  await d.locator('.ant-btn-primary').click();
  await toast(page, '修改成功');
  await expect(d).toBeHidden();

  await page.getByTestId('user-key').fill('端到端学员');
  await page.getByTestId('user-search').click();
  const account = idCard(901);
  await expect(page.locator('tr', { hasText: account })).toContainText('前端组');

  await page.getByTestId(`edit-${account}`).click();
  const e = dialog(page, '编辑学员');
  await expect(page.getByTestId('learner-chnName')).toHaveValue('端到端学员');
  await page.getByTestId('learner-chnName').fill('端到端学员乙');
  await e.locator('.ant-btn-primary').click();
  await toast(page, '修改成功');
  await expect(page.locator('tr', { hasText: account })).toContainText('端到端学员乙');

  await page.getByTestId(`toggle-${account}`).click();
  await confirmOk(page);
  await toast(page, '操作成功');
  await expect(page.locator('tr', { hasText: account })).toContainText('停用');
  await page.getByTestId(`toggle-${account}`).click();
  await confirmOk(page);
  await expect(page.locator('tr', { hasText: account }).locator('.ant-tag', { hasText: '启用' })).toBeVisible();
});

test('company administrator builds a department and a post and assigns it', async ({ page }) => {
  await signInByApi(page, 'corpadmin');
  await page.goto('/ydUser/org');
  await page.getByTestId('org-add-演示科技有限公司').click();
  const d = dialog(page, '新增部门');
  await d.locator('.ant-btn-primary').click();
  await expect(d).toContainText('请输入部门名称');
  await page.getByTestId('org-name').fill('质量部');
  await d.locator('.ant-btn-primary').click();
  await expect(page.getByTestId('org-node-质量部')).toBeVisible();

  await page.goto('/ydUser/post');
  await page.getByTestId('post-add').click();
  const p = dialog(page, '新增岗位');
  await page.getByTestId('post-name').fill('质检员');
  await p.locator('.ant-btn-primary').click();
  await toast(page, '保存成功');
  await page.getByTestId('assign-质检员').click();
  const a = dialog(page, '分配部门');
  await a
    .locator('.ant-tree-treenode')
    .filter({ hasText: /^质量部$/ })
    .locator('.ant-tree-checkbox')
    .click();
  await expect(a).toContainText('演示科技有限公司 / 质量部');
  await snap(page, 'admin-post-assign');
  await a.locator('.ant-btn-primary').click();
  await toast(page, '保存成功');
  await expect(page.locator('tr', { hasText: '质检员' })).toContainText('质量部');
});

test('a role with a subset of permissions gives exactly those pages', async ({ page, browser }) => {
  await signInByApi(page, 'corpadmin');
  await page.goto('/permission/role');
  await page.getByTestId('role-add').click();
  const d = dialog(page, '新增角色');
  await page.getByTestId('role-name').fill('部门维护员');
  await d
    .locator('.ant-tree-treenode')
    .filter({ hasText: /^组织架构（页面）$/ })
    .locator('.ant-tree-checkbox')
    .click();
  await d.locator('.ant-btn-primary').click();
  await toast(page, '保存成功');
  await expect(page.locator('tr', { hasText: '部门维护员' })).toBeVisible();

  await page.goto('/ydUser/index');
  await page.getByTestId('more-learner03').click();
  await page.getByTestId('roles-learner03').click();
  const r = dialog(page, '分配角色');
  await r.locator('.ant-checkbox-wrapper', { hasText: '学员' }).click();
  await r.locator('.ant-checkbox-wrapper', { hasText: '部门维护员' }).click();
  await r.locator('.ant-btn-primary').click();
  await toast(page, '修改成功');

  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await ctx.newPage();
  await other.setViewportSize({ width: 1440, height: 900 });
  await signInByApi(other, 'learner03');
  await other.goto('/dashboard');
  const sidebar = other.getByTestId('sidebar');
  // the only group is 用户管理; open it and read its pages
  await sidebar.getByText('用户管理', { exact: true }).click();
  const items = sidebar.locator('[data-testid="sidebar-menu-item"][data-path^="/"]');
  await expect(items.first()).toBeVisible();
  await expect(sidebar).not.toContainText('学习中心');
  const paths = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
  expect(paths).toEqual(['/ydUser/org']);
  await other.goto('/ydUser/org');
  await expect(other.getByTestId('org-node-演示科技有限公司')).toBeVisible();
  await snap(other, 'admin-role-menu');
  await ctx.close();
});

test('imports 200 learners after fixing three bad rows, then exports', async ({ page }) => {
  await signInByApi(page, 'corpadmin');
  await page.goto('/ydUser/index');
  const rows = Array.from({ length: 200 }, (_, i) => [
    `批量学员${i + 1}`,
    idCard(1000 + i),
    `136${String(20000000 + i)}`,
    '市场部',
    '销售代表',
    '',
    '',
  ]);
  const bad = rows.map((r) => [...r]);
  bad[9][1] = '320102199001011234'; // row 11: wrong check digit
  bad[49][2] = '1234'; // row 51: bad phone
  bad[149][3] = '没有这个部门'; // row 151
  await page.getByTestId('user-import').click();
  const d = dialog(page, '导入学员');
  await d.locator('input[type=file]').setInputFiles({
    name: 'learners.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await workbook(bad),
  });
  await page.getByTestId('import-check').click();
  const result = page.getByTestId('import-result');
  await expect(result).toHaveValue(/第11行，身份证号/);
  await expect(result).toHaveValue(/第51行，手机号/);
  await expect(result).toHaveValue(/第151行，部门/);
  await snap(page, 'admin-import-check');

  await d.locator('input[type=file]').setInputFiles({
    name: 'learners.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await workbook(rows),
  });
  await page.getByTestId('import-check').click();
  await toast(page, '校验成功');
  await page.getByTestId('import-submit').click();
  await toast(page, '导入成功');
  await expect(result).toHaveValue(/新增 200 人/);
  await d.locator('.ant-modal-close').click();

  await page.getByTestId('user-key').fill('批量学员');
  await page.getByTestId('user-search').click();
  await expect(page.locator('.ant-pagination-total-text')).toHaveText('共 200 条');

  const download = page.waitForEvent('download');
  await page.getByTestId('user-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^员工数据\[列表\]-\d{14}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await file.path());
  expect(wb.worksheets[0].rowCount).toBe(201);
});

test('a 600-row import runs in the background: the dialog shows its progress and then the result', async ({ page }) => {
  await signInByApi(page, 'corpadmin');
  await page.goto('/ydUser/index');
  const rows = Array.from({ length: 600 }, (_, i) => [
    `大批学员${i + 1}`,
    idCard(2000 + i),
    `135${String(30000000 + i)}`,
    '市场部',
    '销售代表',
    '',
    '',
  ]);
  await page.getByTestId('user-import').click();
  const d = dialog(page, '导入学员');
  await d.locator('input[type=file]').setInputFiles({
    name: 'learners-600.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await workbook(rows),
  });
  await page.getByTestId('import-check').click();
  await toast(page, '校验成功');
  await page.getByTestId('import-submit').click();
  // over 500 rows the server answers at once and writes in a durable job the dialog follows
  await expect(page.getByTestId('import-progress')).toBeVisible();
  await toast(page, '导入成功');
  await expect(page.getByTestId('import-result')).toHaveValue(/新增 600 人/);
  await expect(page.getByTestId('import-progress')).toBeHidden();
  await d.locator('.ant-modal-close').click();

  await page.getByTestId('user-key').fill('大批学员');
  await page.getByTestId('user-search').click();
  await expect(page.locator('.ant-pagination-total-text')).toHaveText('共 600 条');
});

/** A list's header cells with less room than their title (16 px a character and a spare one). */
const narrowHeaders = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('.ant-table-thead th')
    .evaluateAll((ths) =>
      ths
        .filter((th) => (th.textContent ?? '').trim())
        .map((th) => ({ text: (th.textContent ?? '').trim(), width: Math.round(th.getBoundingClientRect().width) }))
        .filter((c) => c.width < 16 * (c.text.length + 1)),
    );

test('后台任务 on a phone: the table scrolls in its box and every column keeps its width', async ({ page }) => {
  // a company notice, published, messages the company's people through a background job
  const corp = await login(page.request, 'corpadmin');
  await api(page.request, corp, '/Api/SysConfig/sys_notice/AddNotice', {
    noticeTitle: '端到端后台任务',
    noticeValue: '<p>正文</p>',
    publish: true,
  });
  await signInByApi(page, 'admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/system/jobs');
  const row = page.getByTestId('jobs-admin').locator('.ant-table-row', { hasText: '公告消息分发' }).first();
  await expect(row).toBeVisible();
  // issue 38 item 14: the 任务 column got what was left of a too-small scroll.x, one character a line
  const task = row.locator('td').nth(2);
  await expect(task).toContainText('公告消息分发');
  expect((await task.boundingBox())!.width).toBeGreaterThanOrEqual(200);
  expect(await narrowHeaders(page, 'jobs-admin'), 'header cells narrower than their title').toEqual([]);
  // the page itself does not scroll sideways: the table does, inside its card
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await snap(page, 'jobs-390');
  await page
    .getByTestId('jobs-admin')
    .locator('.ant-table-content')
    .evaluate((el) => el.scrollTo({ left: 400 }));
  await snap(page, 'jobs-390-scrolled');

  // the same fault in the content lists' shared table: 链接地址 had no width and a fixed scroll.x
  await page.goto('/content/link');
  await expect(page.getByTestId('link-admin').locator('.ant-table-thead th', { hasText: '链接地址' })).toBeVisible();
  expect(await narrowHeaders(page, 'link-admin'), 'header cells narrower than their title').toEqual([]);
});
