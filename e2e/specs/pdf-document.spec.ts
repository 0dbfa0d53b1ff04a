import type { Locator, Page } from '@playwright/test';
import { openCatalogue, searchCourse } from '../fixtures/catalogue.ts';
import { expect, test } from '../fixtures/guarded.ts';
import { signInByApi, snap } from '../fixtures/session.ts';

// Document courses (issue 11): the demo pdf course (a committed sample, seeded approved) is drawn
// by pdf.js — in the administrator's preview player and on the learner's study page, where it
// pages, zooms, fits a phone's width, and reading is credited by the study heartbeats.
// learner16: no other spec changes this account.

const COURSE = '安全操作手册（文档）';

/** How many of the canvas's pixels are not plain white (the page has been drawn). */
const inkedPixels = (canvas: Locator) =>
  canvas.evaluate((el: HTMLCanvasElement) => {
    const ctx = el.getContext('2d');
    if (!ctx || !el.width || !el.height) return 0;
    const { data } = ctx.getImageData(0, 0, el.width, el.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) n++;
    return n;
  });

async function expectDrawn(page: Page, scope: Locator, pageText: string) {
  await expect(scope.getByTestId('pdf-page')).toHaveText(pageText, { timeout: 30_000 });
  await expect.poll(() => inkedPixels(scope.getByTestId('pdf-canvas')), { timeout: 15_000 }).toBeGreaterThan(1000);
  void page;
}

test('the administrator previews a pdf course drawn by pdf.js', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByApi(page, 'corpadmin');
  const pdfjs: string[] = [];
  page.on('request', (r) => {
    if (/pdf\.worker|pdfjs|pdf-[\w-]+\.js/.test(r.url())) pdfjs.push(r.url());
  });
  await page.goto('/trainres/manage');
  const row = page.locator('.ant-table-row').filter({ hasText: COURSE });
  await expect(row).toBeVisible({ timeout: 30_000 });
  // pdf.js is not part of the list page's load
  expect(pdfjs).toEqual([]);
  await row.getByRole('button', { name: '预览' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: COURSE });
  await expectDrawn(page, dialog, '第 1 / 3 页');
  // the worker came as its own file
  expect(pdfjs.some((u) => /pdf\.worker[\w.-]*\.mjs/.test(u))).toBe(true);
  await dialog.getByRole('button', { name: '下一页' }).click();
  await expectDrawn(page, dialog, '第 2 / 3 页');
  await snap(page, 'pdf-admin-preview');
});

test('a learner reads the pdf course page by page, zooms, on a phone too; reading is credited', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInByApi(page, 'learner16');
  await openCatalogue(page);
  const card = await searchCourse(page, '安全操作手册', COURSE);
  const beats: { position: number }[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/Train_Res/Study')) beats.push(r.postDataJSON());
  });
  await card.click();
  await expect(page.getByTestId('study-title')).toHaveText(COURSE);
  const doc = page.getByTestId('study-document');
  await expectDrawn(page, doc, '第 1 / 3 页');

  const width = async () => (await doc.getByTestId('pdf-canvas').boundingBox())?.width ?? 0;
  const fit = await width();
  await doc.getByRole('button', { name: '放大' }).click();
  await expect(doc.getByTestId('pdf-zoom')).toHaveText('125%');
  await expect.poll(width).toBeGreaterThan(fit * 1.2);
  await doc.getByRole('button', { name: '适合宽度' }).click();
  await expect.poll(width).toBeLessThan(fit + 2);
  await doc.getByRole('button', { name: '下一页' }).click();
  await expectDrawn(page, doc, '第 2 / 3 页');

  // the heartbeats: opened on arrival (earning nothing), then one every study interval (15 s) while
  // the page is shown, which credits the reading since the last one by the server's clock
  const studied = async () => Number((await page.getByTestId('study-progress').textContent())?.match(/已学 (\d+) 秒/)?.[1] ?? 0);
  await expect.poll(() => beats.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  await expect.poll(studied, { timeout: 30_000, message: 'a heartbeat credits the reading' }).toBeGreaterThanOrEqual(2);
  // hiding the page closes the stretch with the page read
  const sent = beats.length;
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => beats.length).toBeGreaterThan(sent);
  expect(beats[beats.length - 1].position).toBe(2);
  // not read long enough yet (the course asks 90% of its 60 s): refused with the reason
  await page.getByTestId('study-finish').click();
  await expect(page.getByText(/学习时长不足|已学.*%/).first()).toBeVisible();
  await snap(page, 'pdf-study-desktop');

  // a phone: the page fits the width, back where the learner left off
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expectDrawn(page, page.getByTestId('study-document'), '第 2 / 3 页');
  const box = await page.getByTestId('study-document').getByTestId('pdf-canvas').boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(200);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await snap(page, 'pdf-study-phone');
});
