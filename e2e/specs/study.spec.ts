import type { Page } from '@playwright/test';
import { openCatalogue, searchCourse } from '../fixtures/catalogue.ts';
import { expect, test } from '../fixtures/guarded.ts';
import { playMuted } from '../fixtures/media.ts';
import { signInByApi, snap } from '../fixtures/session.ts';

// Learner study (issue 13): a learner finds a course in the catalogue, opens it, plays the video
// with a quality switch, adds a note, and the credited progress shows after playing (the demo
// clips are 4 s); a second page opening the same course takes the viewing session over and the
// first page shows the takeover message; the study page at phone size. learner14: no other spec
// changes this account. The demo video courses need ffmpeg at seed time (.ci/run installs it).

const LEARNER = 'learner14';
const COURSE = '安全生产基础';

/** Plays the page's video muted from the start (headless autoplay rules) and waits until it has played `seconds`. */
async function playVideo(page: Page, opts: { loop?: boolean } = {}) {
  const video = page.getByTestId('study-video');
  await expect(video).toBeVisible();
  await playMuted(video, { from: 0, loop: Boolean(opts.loop) });
}

test('a learner finds a course, watches it with a quality switch, takes notes; the time is credited; a second tab takes over', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInByApi(page, LEARNER);

  // ---- the catalogue: search, a card, open it ----
  await openCatalogue(page);
  await expect(page.getByRole('tab', { name: '全部' })).toBeVisible();
  const card = await searchCourse(page, '安全生产', COURSE);
  await card.click();
  await expect(page).toHaveURL(/\/trainres\/study\?id=/);
  await expect(page.getByTestId('study-title')).toHaveText(COURSE);

  // ---- the player: quality menu (a native select, ADR 0050), speeds ----
  const quality = page.getByTestId('quality-menu');
  await expect(quality).toBeVisible({ timeout: 30_000 });
  const labels = await quality.locator('option').allTextContents();
  // the demo clip (240 px high) has 流畅 and 原画: the switch below goes from one to the other
  expect(labels.length).toBeGreaterThan(1);
  expect(labels.every((l) => ['流畅', '标清', '高清', '原画'].includes(l))).toBe(true);
  await quality.selectOption({ label: labels.at(-1) ?? '' });
  await expect(page.getByTestId('speed-menu').locator('option')).toHaveText(['0.5x', '0.75x', '1x', '1.25x', '1.5x', '2x']);
  await page.getByLabel('倍速').selectOption('1.5');
  await expect.poll(() => page.getByTestId('study-video').evaluate((el: HTMLVideoElement) => el.playbackRate)).toBe(1.5);
  await page.getByLabel('倍速').selectOption('1');

  // ---- switching quality while it plays keeps the place and the play state (issue 23 item 1) ----
  const video = page.getByTestId('study-video');
  await playVideo(page);
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 30_000 }).toBeGreaterThan(1.2);
  await video.evaluate((el: HTMLVideoElement) => el.pause());
  const at = await video.evaluate((el: HTMLVideoElement) => el.currentTime);
  const before = await video.evaluate((el: HTMLVideoElement) => el.currentSrc);
  await video.evaluate((el: HTMLVideoElement) => void el.play().catch(() => {}));
  await quality.selectOption({ label: labels[0] ?? '' });
  // the new rendition (a new source) continues from about the same place, not 0:00, and plays on
  await expect
    .poll(
      () =>
        video.evaluate(
          (el: HTMLVideoElement, old) => el.currentSrc !== old && el.currentTime > 0 && !el.paused && el.readyState >= 2,
          before,
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
  expect(await video.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThan(at - 0.5);

  await expect.poll(() => page.getByTestId('study-video').evaluate((el: HTMLVideoElement) => el.ended), { timeout: 30_000 }).toBe(true);
  // the closing beat credits the real time played (the server's clock decides)
  await expect
    .poll(async () => Number((await page.getByTestId('study-progress').textContent())?.match(/已学 (\d+) 秒/)?.[1] ?? 0), {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(3);
  await snap(page, 'study-desktop');

  // ---- favourite (toggles) and like (once) ----
  await page.getByRole('button', { name: /收藏/ }).click();
  await expect(page.getByRole('button', { name: /已收藏/ })).toBeVisible();
  await page.getByRole('button', { name: /点赞/ }).click();
  await expect(page.getByRole('button', { name: /已点赞/ })).toBeDisabled();

  // ---- a note at the current position ----
  await page.getByRole('tab', { name: '笔记' }).click();
  await page.getByLabel('笔记内容').fill('端到端笔记：注意安全出口');
  await page.getByRole('button', { name: '添加笔记' }).click();
  await expect(page.getByTestId('note-item').filter({ hasText: '端到端笔记：注意安全出口' })).toBeVisible();

  // ---- the catalogue card shows my progress ----
  const again = await context.newPage();
  await again.goto('/trainres/index?keyword=安全生产');
  await expect(again.getByTestId('course-card').filter({ hasText: COURSE }).getByTestId('card-progress')).not.toHaveText('已学 0%');
  await again.close();

  // ---- two tabs: the second takes over, the first pauses with the message ----
  await playVideo(page, { loop: true });
  const second = await context.newPage();
  await second.setViewportSize({ width: 1366, height: 900 });
  await second.goto(page.url());
  await expect(second.getByTestId('study-title')).toHaveText(COURSE);
  await playVideo(second, { loop: true });
  // the first page learns it on its next heartbeat (every GetStudyInterval seconds)
  await expect(page.getByTestId('study-takeover')).toContainText('已在其他窗口或设备继续学习', { timeout: 30_000 });
  expect(await page.getByTestId('study-video').evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);
  await second.getByTestId('study-video').evaluate((el: HTMLVideoElement) => el.pause());
  await second.close();
});

test('the study page on a phone (390 px): the player is full width, nothing overflows', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page, LEARNER);
  await openCatalogue(page);
  await page.getByTestId('course-card').filter({ hasText: COURSE }).click();
  const video = page.getByTestId('study-video');
  await expect(video).toBeVisible({ timeout: 30_000 });
  const box = await video.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByTestId('study-progress')).toBeVisible();
  // the catalogue and the study page draw no antd (ADR 0050): none of antd's chunks came on the way
  await page.waitForLoadState('networkidle');
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
  expect(scripts.filter((f) => /\/(antd-config|AntAppScope|pub-)[^/]*\.js$/.test(f))).toEqual([]);
  // the speed menu is the platform's own control: it works with a tap
  await page.getByLabel('倍速').selectOption('1.25');
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.playbackRate)).toBe(1.25);
  await snap(page, 'study-phone');
});
