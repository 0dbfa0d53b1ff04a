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

// Issue 38 item 13: what the check says about files written wrongly, a standalone QTI item and a
// GIFT numerical answer with a tolerance.

/** Opens 导入试题, checks one file, answers the dialog (the check's answer is shown in it). */
async function checkFile(page: Page, name: string, mimeType: string, text: string) {
  await page.goto('/exam/question');
  await expect(page.getByTestId('question-bank')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('question-import').click();
  const imp = dialog(page, '导入试题');
  await imp.locator('input[type=file]').setInputFiles({ name, mimeType, buffer: Buffer.from(text) });
  await imp.getByTestId('question-import-check').click();
  await expect(imp.getByTestId('question-import-result')).toBeVisible({ timeout: 30_000 });
  return imp;
}

const QTI_ITEM = `<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="e2e38" title="端到端QTI单题" adaptive="false" timeDependent="false">
  <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier"><correctResponse><value>A</value></correctResponse></responseDeclaration>
  <itemBody><p>端到端QTI单题：安全出口应保持畅通吗？</p>
    <choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="1">
      <simpleChoice identifier="A">应保持畅通</simpleChoice><simpleChoice identifier="B">可以堆放杂物</simpleChoice>
    </choiceInteraction>
  </itemBody>
</assessmentItem>
`;

test('issue 38 item 13: import messages name what is wrong, and what is imported differently', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signInByApi(page, 'admin');

  // (a) a GIFT syntax error is called one, and does not swallow the valid question after it
  let imp = await checkFile(
    page,
    '端到端38.gift',
    'text/plain',
    '::端到端38坏题::花括号没有闭合 {=对 ~错\n\n::端到端38好题::端到端38：安全生产人人有责。{T}\n',
  );
  const result = imp.getByTestId('question-import-result');
  await expect(result).toContainText('GIFT（.gift / .txt）：共 2 道试题，1 道可以导入，1 道格式有误将跳过');
  const skipped = imp.getByTestId('question-import-skipped');
  await expect(skipped).toContainText('以下 1 道试题无法导入（题型不支持或格式有误），导入时将跳过');
  await expect(skipped.locator('tbody tr')).toHaveCount(1);
  await expect(skipped.locator('tbody tr')).toContainText('GIFT 格式错误（第 1 行起的试题）');
  await expect(skipped.locator('tbody tr')).not.toContainText('端到端38好题');
  await expect(result).not.toContainText('题型不支持将跳过');
  await snap(page, 'question-interchange-gift-syntax');

  // (b) a broken .xml: where it breaks, not "请上传excel文件"
  imp = await checkFile(
    page,
    '端到端38.xml',
    'text/xml',
    '<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n<question type="truefalse">\n</quiz>\n',
  );
  await expect(imp.getByTestId('question-import-result')).toContainText(/文件内容有误（第 \d+ 行第 \d+ 列附近），无法读取/);
  await expect(imp.getByTestId('question-import-result')).not.toContainText('请上传excel文件');

  // (c) a standalone QTI 2.1 item (.xml) is read like the same item in a package
  imp = await checkFile(page, '端到端38-qti.xml', 'text/xml', QTI_ITEM);
  await expect(imp.getByTestId('question-import-result')).toContainText('共 1 道试题，1 道可以导入');

  // (d) a numerical answer with a tolerance: listed as imported narrowed, before 导入
  imp = await checkFile(page, '端到端38数值.gift', 'text/plain', '::端到端38误差::端到端38：圆周率取整约为多少？{#3:2}\n');
  await expect(imp.getByTestId('question-import-result')).toContainText('1 道数值题按填空题导入（误差范围未保留）');
  const narrowed = imp.getByTestId('question-import-narrowed');
  await expect(narrowed).toContainText('以下 1 道试题将按填空题导入，但只接受文件给出的准确答案');
  await expect(narrowed.locator('tbody tr')).toContainText('端到端38误差');
  await snap(page, 'question-interchange-narrowed');
  expect(errors).toEqual([]);
});
