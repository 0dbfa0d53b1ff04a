import { expect, type Page, test } from '@playwright/test';
import { signInByApi, snap } from '../fixtures/session.ts';

// Issue 27: the platform administrator imports a GIFT file into the question bank (the check
// lists the question of a kind the bank cannot hold, 导入 skips it and creates the category's
// directory) and exports the questions as Moodle XML.

const dialog = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

const GIFT = `// 端到端：按 Moodle 文档“GIFT format”编写
$CATEGORY: $course$/top/端到端交换

::端到端GIFT单选::端到端GIFT：电器着火时应使用哪种灭火器？{=干粉灭火器 ~清水灭火器 ~泡沫灭火器 ####电器火灾不能用水。}

::端到端GIFT判断::端到端GIFT：安全生产人人有责。{T}

::端到端GIFT填空::端到端GIFT：中华人民共和国的首都是{=北京 =北京市}。

::端到端GIFT匹配::端到端GIFT：把城市和省份连起来{=广州 -> 广东 =南京 -> 江苏}
`;

test('an administrator imports a GIFT file (one kind skipped) and exports the questions as Moodle XML', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signInByApi(page, 'admin');
  await page.goto('/exam/question');
  await expect(page.getByTestId('question-bank')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('question-import').click();
  const imp = dialog(page, '导入试题');
  // the formats, each with its line
  await expect(imp.getByTestId('question-import-formats')).toContainText('GIFT（.gift / .txt）：Moodle 的 GIFT 文本格式');
  await expect(imp.getByTestId('question-import-formats')).toContainText('IMS QTI 2.1 资源包（.zip）');
  await imp.locator('input[type=file]').setInputFiles({ name: '端到端.gift', mimeType: 'text/plain', buffer: Buffer.from(GIFT) });
  await imp.getByTestId('question-import-check').click();
  const result = imp.getByTestId('question-import-result');
  await expect(result).toContainText('GIFT（.gift / .txt）：共 4 道试题，3 道可以导入，1 道题型不支持将跳过');
  // the dialog says what 导入 will skip, and the directory it creates, before 导入
  const skipped = imp.getByTestId('question-import-skipped');
  await expect(skipped).toContainText('以下 1 道试题的题型本系统不支持，导入时将跳过');
  await expect(skipped.locator('tbody tr')).toHaveCount(1);
  await expect(skipped.locator('tbody tr')).toContainText('端到端GIFT匹配');
  await expect(skipped.locator('tbody tr')).toContainText('匹配题：题库没有对应的题型');
  await expect(imp.getByTestId('question-import-newdirs')).toContainText('端到端交换');
  await snap(page, 'question-interchange-check');
  await imp.getByTestId('question-import-run').click();
  await expect(page.getByText('导入成功，共 3 道试题，跳过 1 道无法导入的试题').first()).toBeVisible();
  await imp.locator('.ant-modal-close').click();

  // the new directory holds the three questions
  await expect(page.getByRole('tree').getByText('端到端交换（3）')).toBeVisible();
  await page.getByPlaceholder('题干关键字').fill('端到端GIFT');
  await page.getByRole('button', { name: '搜 索' }).click();
  await expect(page.locator('.ant-pagination-total-text').first()).toHaveText('共 3 条');

  // 导出 → Moodle XML: the three questions, in their directory as the category
  await page.getByTestId('question-export').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Moodle XML（.xml）' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^试题-\d+\.xml$/);
  const xml = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<quiz>/);
  expect(xml).toContain('<text><![CDATA[$course$/top/端到端交换]]></text>');
  expect(xml.match(/<question type="(multichoice|truefalse|shortanswer)">/g)).toEqual([
    '<question type="multichoice">',
    '<question type="truefalse">',
    '<question type="shortanswer">',
  ]);
  expect(xml).toContain('电器火灾不能用水。');
  expect(errors).toEqual([]);
});
