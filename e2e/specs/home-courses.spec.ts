import { expect, test } from '../fixtures/guarded.ts';
import { playMuted } from '../fixtures/media.ts';
import { revealDashboardPanels, revealOnApproach, signInByApi, snap } from '../fixtures/session.ts';

// issue 13 "Dashboard and home": the signed-out visitor's hot courses and 30 s preview on /home,
// and a learner's dashboard with the count cards, the learning calendar and the rankings.
// Needs features.courses on (web/src/features.ts). learner12 has seeded study history
// (server/src/modules/courses/stats/seed.ts) and no other spec changes it; this spec changes nothing.

test('a signed-out visitor sees hot courses; the preview pauses at 30 s with 登录后查看完整视频 and its login button', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  const courses = page.getByTestId('hot-course');
  // the 40 s demo clip's course has the most views
  await expect(courses.first()).toContainText('应急处置与逃生演练');
  // only platform-wide courses for a visitor, never a company's
  await expect(page.getByTestId('hot-course-list')).not.toContainText('新员工入职指引');
  await expect(page.getByTestId('ranking-list').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByTestId('star-list').getByRole('listitem').first()).toBeVisible();
  await snap(page, 'home-courses-1440');

  await courses.first().click();
  const dialog = page.getByRole('dialog', { name: '应急处置与逃生演练' });
  await expect(dialog).toBeVisible();
  const video = dialog.getByTestId('preview-video');
  await playMuted(video);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.2);
  await expect(dialog.getByTestId('preview-lock')).toHaveCount(0);
  // skip ahead to 27 s (allowed) and let the real player run into the 30 s limit
  await playMuted(video, { from: 27 });
  await expect(dialog.getByTestId('preview-lock')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId('preview-lock')).toContainText('登录后查看完整视频');
  const stopped = await video.evaluate((v: HTMLVideoElement) => ({ paused: v.paused, t: v.currentTime }));
  expect(stopped.paused).toBe(true);
  expect(stopped.t).toBeGreaterThanOrEqual(29.5);
  expect(stopped.t).toBeLessThan(31);
  // a seek past the limit comes back to it, still paused
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 35;
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThanOrEqual(30.5);
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await snap(page, 'home-preview-locked');

  await dialog.getByTestId('preview-login').click();
  await expect(page.getByRole('dialog', { name: '登录学途' })).toBeVisible();
});

test('a signed-out visitor on a phone: More asks to sign in; the preview fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home');
  await expect(page.getByTestId('hot-course').first()).toBeVisible();
  await page.getByTestId('hot-courses').getByRole('button', { name: '更多 >' }).click();
  const login = page.getByRole('dialog', { name: '登录学途' });
  await expect(login).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(login).toBeHidden();
  await page.getByTestId('hot-course').first().click();
  await expect(page.getByTestId('preview-video')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, 'home-preview-390');
});

test('a learner’s dashboard shows the count cards, the calendar with minutes, stars and the ranking', async ({ page }) => {
  await signInByApi(page, 'learner12');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard');
  // the panels below the first screen render as the learner scrolls towards them (ADR 0050)
  await revealDashboardPanels(page);
  await revealOnApproach(page);
  const cards = page.getByTestId('count-cards');
  // minutes, or minutes and seconds under an hour, never a bare 0 (issue 23 item 5)
  await expect(page.getByTestId('count-card-studyHours')).toContainText(/[1-9]\d* (小时|分钟|分 \d+ 秒|秒)/);
  await expect(page.getByTestId('count-card-studyResCnt')).toContainText(/[1-9]\d*门/);
  await expect(cards).not.toContainText('建设中');
  await expect(cards).not.toContainText('学员总数');

  const calendar = page.getByTestId('dashboard-calendar');
  // the seed has learner12 study today
  await expect(calendar.getByTestId('calendar-day-studied').first()).toBeVisible();
  // written as the count card writes it (studyTimeText), never a bare 0 (issue 38 item 14)
  await expect(calendar.getByTestId('calendar-total')).toContainText(/本月学习 [1-9]\d* (小时|分钟|分 \d+ 秒|秒)/);
  const month = (await calendar.getByTestId('calendar-month').textContent()) ?? '';
  await calendar.getByRole('button', { name: '上个月' }).click();
  await expect(calendar.getByTestId('calendar-month')).not.toHaveText(month);
  await expect(calendar.getByTestId('calendar-grid')).toBeVisible();

  await expect(page.getByTestId('dashboard-ranking').getByTestId('ranking-list').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByTestId('dashboard-stars').getByTestId('star-list').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByTestId('dashboard-training-count')).toContainText('本月学习天数');
  await expect(page.getByTestId('study-chart')).toBeVisible();
  await expect(page.getByTestId('showcase-hot').getByTestId('showcase-course').first()).toBeVisible();
  await snap(page, 'dashboard-courses-1440');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(calendar).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, 'dashboard-courses-390');
});
