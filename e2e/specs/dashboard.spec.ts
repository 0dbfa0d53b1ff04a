import { expect, test } from '../fixtures/guarded.ts';
import { revealDashboardPanels, revealOnApproach, signInByApi, snap } from '../fixtures/session.ts';

// issue 8 item 3 / issue 13: every dashboard panel of the spec is present, the course panels with live data.

test('a learner sees personal count cards and every panel, desktop and phone', async ({ page }) => {
  await signInByApi(page, 'learner01');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard');
  await expect(page.getByTestId('count-cards')).toContainText('累计学习课程');
  await expect(page.getByTestId('count-cards')).not.toContainText('学员总数');
  // the panels below the first screen render as the page scrolls towards them (ADR 0050)
  await revealDashboardPanels(page);
  await revealOnApproach(page);
  for (const id of [
    'dashboard-carousel',
    'dashboard-notices',
    'dashboard-study-exam',
    'dashboard-calendar',
    'dashboard-stars',
    'dashboard-training-count',
    'dashboard-showcase',
  ]) {
    await expect(page.getByTestId(id)).toBeVisible();
  }
  await expect(page.getByTestId('dashboard-notice').first()).toBeVisible();
  // learner01 is enrolled in the demo projects; the showcase lists the demo courses
  await expect(page.getByTestId('study-card').first()).toBeVisible();
  await expect(page.getByTestId('showcase-hot').getByTestId('showcase-course').first()).toBeVisible();
  await expect(page.getByText('建设中')).toHaveCount(0);
  await snap(page, 'dashboard-learner-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('count-cards')).toBeVisible();
  // the panels lay themselves out again after the resize (the carousel measures its width): poll
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { timeout: 10_000 })
    .toBeLessThanOrEqual(0);
  await snap(page, 'dashboard-learner-390');
});

test('on a phone, the panels far below the first screen ask for their data only when the learner scrolls to them', async ({ page }) => {
  await signInByApi(page, 'learner01');
  await page.setViewportSize({ width: 390, height: 844 });
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/prod-api/')) asked.push(path.slice('/prod-api'.length));
  });
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-notices')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const far = ['/Api/Train_Manage/Train_Res/GetRankingList', '/Api/SysConfig/sys_message/GetMessageDataPageList'];
  expect(asked.filter((p) => far.includes(p))).toEqual([]);
  // the first screen draws no antd (ADR 0050): nothing of antd is fetched before the learner scrolls
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
  expect(scripts.filter((f) => /\/(antd-config|AntAppScope|pub-)[^/]*\.js$/.test(f))).toEqual([]);
  // nor the panels under the first screen: they come as the learner scrolls, the far ones last
  expect(asked).not.toContain('/Api/Project_Manage/project_project/GetFPMyStudyData');
  await revealDashboardPanels(page);
  await revealOnApproach(page);
  for (const id of [
    'dashboard-study-exam',
    'dashboard-calendar',
    'dashboard-stars',
    'dashboard-training-count',
    'dashboard-showcase',
    'dashboard-ranking',
    'dashboard-messages',
  ]) {
    await expect(page.getByTestId(id)).toBeVisible();
  }
  await expect.poll(() => far.filter((p) => !asked.includes(p))).toEqual([]);
  await expect(page.locator('[data-lazy="pending"]')).toHaveCount(0);
});

test('the platform administrator sees organisation counts and the platform in the welcome card', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard');
  await expect(page.getByTestId('count-cards')).toContainText('学员总数');
  await expect(page.getByTestId('welcome-card')).not.toContainText('—');
  await snap(page, 'dashboard-admin-1440');
});
