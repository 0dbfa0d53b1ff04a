import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from '../fixtures/guarded.ts';
import { signInByApi, snap } from '../fixtures/session.ts';

// The participant selection dialog (学员查询, issue 8 item 4) through all four tabs on the
// message-send page: a person from 学员, a department from 部门, a post from 岗位 and a person
// matched from a workbook in 导入学员; the selections come back together, and opening again
// starts empty. Sends nothing (other specs count the demo learners' messages). A page or console
// error fails it (fixtures/guarded.ts).

/** The user import template with one row a demo learner's phone matches and one nobody's does. */
async function workbook(page: Page): Promise<Buffer> {
  const template = await (await page.request.get('/Download/FileTemplate/UserTemplete.xlsx')).body();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as unknown as ExcelJS.Buffer);
  const sheet = wb.worksheets[0];
  // columns found by their header, as the server reads them
  const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? '').trim());
  const column = (name: string) => headers.indexOf(name);
  for (let r = 2; r <= sheet.rowCount; r++) sheet.getRow(r).values = [];
  const rows: [string, string][] = [
    ['黄洋', '13800000007'],
    ['无此人', '13999999990'],
  ];
  rows.forEach(([name, phone], i) => {
    const row = sheet.getRow(i + 2);
    row.getCell(column('姓名')).value = name;
    row.getCell(column('手机号')).value = phone;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the participant dialog picks from all four tabs and hands them back together (${size.width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await signInByApi(page, 'corpadmin');
    await page.goto('/content/message');
    const send = page.getByTestId('message-send');
    await send.getByTestId('open-participant-select').click();
    const who = page.getByTestId('participant-dialog');
    const selected = who.getByTestId('participant-selected');
    await expect(selected).toContainText('尚未选择');

    // 学员: a person found by phone
    await who.getByPlaceholder('姓名/身份证/手机号').fill('13800000006');
    await who.getByPlaceholder('姓名/身份证/手机号').press('Enter');
    await who.locator('tr', { hasText: '13800000006' }).locator('input[type=checkbox]').check();
    await expect(selected).not.toContainText('尚未选择');

    // 部门: a department of the tree
    await who.getByRole('tab', { name: '部门' }).click();
    const org = who.getByTestId('participant-org-tab');
    await org.locator('.ant-tree-treenode', { hasText: '市场部' }).locator('.ant-tree-checkbox').first().click();
    await expect(selected).toContainText('市场部');

    // 岗位: the first post of the table
    await who.getByRole('tab', { name: '岗位' }).click();
    const posts = who.getByTestId('participant-post-tab');
    const firstPost = posts.locator('tbody tr.ant-table-row').first();
    await expect(firstPost).toBeVisible();
    const postName = ((await firstPost.locator('td').nth(1).textContent()) ?? '').trim();
    expect(postName).not.toBe('');
    await firstPost.locator('input[type=checkbox]').check();
    await expect(selected).toContainText(postName);

    // 导入学员: a workbook in the user template; one row matches, one matches nobody
    await who.getByRole('tab', { name: '导入学员' }).click();
    const file = await workbook(page);
    await who.getByTestId('participant-import-tab').locator('input[type=file]').setInputFiles({
      name: '学员名单.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    const result = who.getByTestId('participant-import-result');
    await expect(result).toHaveValue(/已匹配 1 人/);
    await expect(result).toHaveValue(/第3行 无此人 未找到/);
    await expect(selected).toContainText('黄洋');
    await snap(page, `participants-${size.width}`);

    // confirming hands every tab's selection back to the page
    await who.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(who).toBeHidden();
    const receivers = send.getByTestId('message-receivers');
    for (const text of ['市场部', postName, '黄洋']) await expect(receivers).toContainText(text);

    // opening the dialog again starts from nothing
    await send.getByTestId('open-participant-select').click();
    await expect(page.getByTestId('participant-dialog').getByTestId('participant-selected')).toContainText('尚未选择');
  });
}
