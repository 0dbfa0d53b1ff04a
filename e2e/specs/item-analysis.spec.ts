import { expect, test } from '../fixtures/guarded.ts';
import { signInByApi, snap } from '../fixtures/session.ts';

// Item analysis (issue 26 item 4): an examiner opens the 试题分析 tab of an exam with submitted
// attempts (the seed's closed exam with six learners' history) and sees the summary and the
// charts, drawn by the chart library the tab loads on demand.
const EXAM = '2025年度消防安全考试';

test('an examiner opens the item analysis charts of an exam', async ({ page }) => {
  await signInByApi(page, 'corpadmin');
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('ItemAnalysisPanel')) chunks.push(r.url());
  });
  await page.goto('/exam/result');
  await page.getByPlaceholder('考试名称').fill('消防安全');
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await page.getByRole('row').filter({ hasText: EXAM }).getByTestId('exam-results-open').click();
  await expect(page.getByTestId('result-list')).toBeVisible();
  // the chart code is not fetched until the tab is opened
  expect(chunks).toEqual([]);
  await page.getByRole('tab', { name: '试题分析' }).click();
  const panel = page.getByTestId('item-analysis');
  // the chart chunk is parsed on demand: generous on a busy machine
  await expect(panel).toBeVisible({ timeout: 60_000 });
  expect(chunks.length).toBeGreaterThan(0);
  await expect(panel).toContainText('计入人数');
  await expect(panel).toContainText('标准差');
  // echarts draws on a canvas inside each chart box
  await expect(panel.getByTestId('ia-histogram').locator('canvas')).toHaveCount(1);
  await expect(panel.getByTestId('ia-indices').locator('canvas')).toHaveCount(1);
  await expect(panel.getByTestId('item-table').getByRole('row').nth(1)).toBeVisible();
  await snap(page, 'item-analysis-1440');
  const workbook = page.waitForEvent('download');
  await panel.getByTestId('export-item-analysis').click();
  expect((await workbook).suggestedFilename()).toBe(`${EXAM}-试题分析.xlsx`);
});
