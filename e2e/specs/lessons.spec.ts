import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/guarded.ts';
import { playMuted } from '../fixtures/media.ts';
import { signInByApi, snap } from '../fixtures/session.ts';

// A course of several lessons (issue 13, ADR 0022): a learner opens the demo course of three
// lessons, sees the lesson list, switches to lesson 2 and it plays; after a reload the page
// resumes in lesson 2 near where it stopped. learner13: no other spec uses this account. The demo
// clips need ffmpeg at seed time (.ci/run installs it).

const LEARNER = 'learner13';
const COURSE = '班组安全管理（系列课）';

const video = (page: Page) => page.getByTestId('study-video');
const current = (page: Page) => page.locator('[data-testid="lesson-item"][aria-current="true"]');

test('a learner switches to lesson 2 of a course, it plays, and a reload resumes there', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInByApi(page, LEARNER);

  await page.goto('/trainres/index');
  await expect(page.getByTestId('course-card').first()).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('搜索课程').fill('班组安全管理');
  await page.getByLabel('搜索课程').press('Enter');
  const card = page.getByTestId('course-card').filter({ hasText: COURSE });
  await expect(card).toHaveCount(1);
  await card.click();
  await expect(page.getByTestId('study-title')).toHaveText(COURSE);

  // ---- the lesson list: three lessons, the first current ----
  const panel = page.getByTestId('lesson-panel');
  await expect(panel).toContainText('课时列表（3）');
  await expect(page.getByTestId('lesson-item')).toHaveCount(3);
  await expect(current(page)).toContainText('1. 第 1 课 岗前安全检查');
  await expect(video(page)).toBeVisible({ timeout: 30_000 });

  // ---- switch to lesson 2: the player changes source and plays ----
  const firstSource = await video(page).evaluate((el: HTMLVideoElement) => el.currentSrc || el.src);
  const asked = page.waitForRequest((r) => r.url().endsWith('/GetVideoPlayList') && r.postDataJSON()?.lesson === 1);
  await page.getByTestId('lesson-item').nth(1).click();
  await asked;
  await expect(current(page)).toContainText('2. 第 2 课 隐患识别与上报');
  await expect(video(page)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => video(page).evaluate((el: HTMLVideoElement) => el.currentSrc || el.src)).not.toBe(firstSource);
  await playMuted(video(page));
  await expect.poll(() => video(page).evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 30_000 }).toBeGreaterThan(3);
  // the heartbeats carry the lesson
  const closing = page.waitForResponse((r) => {
    const body = r.request().postDataJSON();
    return r.url().endsWith('/Study') && body?.lesson === 1 && body?.position >= 3;
  });
  const stoppedAt = await video(page).evaluate((el: HTMLVideoElement) => {
    el.pause();
    return el.currentTime;
  });
  expect((await closing).ok()).toBe(true);
  await snap(page, 'lessons-desktop');

  // ---- reload: lesson 2 again, near the position it stopped at ----
  await page.reload();
  await expect(page.getByTestId('study-title')).toHaveText(COURSE);
  await expect(current(page)).toContainText('2. 第 2 课 隐患识别与上报');
  await expect(video(page)).toBeVisible({ timeout: 30_000 });
  // the stream waits for the play button, which says where it goes on from; pressed, it starts there
  const start = page.getByTestId('study-start');
  await expect(start).toHaveAccessibleName(/^继续播放（从 0:0\d）$/);
  await start.click();
  await expect
    .poll(() => video(page).evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(Math.floor(stoppedAt) - 1);
  await video(page).evaluate((el: HTMLVideoElement) => el.pause());
});

test('on a phone (390 px) the lesson list stacks under the player', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page, LEARNER);
  await page.goto('/trainres/index?keyword=班组安全管理');
  await page.getByTestId('course-card').filter({ hasText: COURSE }).click();
  await expect(video(page)).toBeVisible({ timeout: 30_000 });
  const player = await video(page).boundingBox();
  const list = await page.getByTestId('lesson-panel').boundingBox();
  expect(player && list && list.y >= player.y + player.height).toBe(true);
  expect(list?.width ?? 0).toBeGreaterThan(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, 'lessons-phone');
});
