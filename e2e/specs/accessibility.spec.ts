import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/guarded.ts';
import { LEARNER_PAGE, menuPages } from '../fixtures/menus.ts';
import { api, chinaTime as china, login, openInApp, revealOnApproach, signInByApi } from '../fixtures/session.ts';

// issue 23 item 10: the main pages pass axe's WCAG 2 A and AA rules (no critical or serious
// violation), each has one h1. Under the default theme the one allowed exception is colour
// contrast caused by the spec's default theme colour #409EFF itself (white on #409EFF is 2.78:1);
// under the settings drawer's 高对比度 theme there is no colour exception at all. EXCEPTIONS below
// (antd internals, by rule and node) hold in both.

const SETTINGS_KEY = 'xuetu-settings';
const DEFAULT_PRIMARY = '#409eff';

/**
 * The only exception: colour-contrast nodes whose failure names the default primary colour (as
 * foreground or background) — the spec fixes that colour; the 高对比度 theme is the remedy.
 */
function causedByDefaultPrimary(ruleId: string, failureSummary: string | undefined): boolean {
  return ruleId === 'color-contrast' && (failureSummary ?? '').toLowerCase().includes(DEFAULT_PRIMARY);
}

/** Violations that are not ours to fix, in every theme: rule id, the nodes it applies to, why. */
const EXCEPTIONS: { rule: string; target: RegExp; reason: string }[] = [
  {
    rule: 'aria-hidden-focus',
    target: /^\.ant-table-measure-row$/,
    reason: "antd's tables keep a 0 px high, aria-hidden copy of the header row (select-all checkbox included) to measure column widths",
  },
];

const excepted = (ruleId: string, target: string) => EXCEPTIONS.some((e) => e.rule === ruleId && e.target.test(target));

type Theme = 'default' | 'high-contrast';

/** Critical and serious violations on the page, minus the default theme's one exception. */
async function violations(page: Page, theme: Theme, where: string): Promise<string[]> {
  // violations only: axe keeps less of the passing nodes (options first: it replaces the tag filter)
  const started = Date.now();
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  const found: string[] = [];
  let primary = 0;
  for (const v of result.violations) {
    if (v.impact !== 'critical' && v.impact !== 'serious') continue;
    for (const node of v.nodes) {
      if (excepted(v.id, node.target.join(' '))) continue;
      if (theme === 'default' && causedByDefaultPrimary(v.id, node.failureSummary)) {
        primary++;
        continue;
      }
      found.push(`${v.id} (${v.impact}) ${node.target.join(' ')}: ${(node.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`);
    }
  }
  console.log(
    `a11y ${theme} ${where}: ${found.length} critical/serious nodes, ${primary} excepted (default primary colour); axe ${Date.now() - started} ms`,
  );
  return found;
}

/** Checks the page as it is now: one h1, no violation (beyond the default theme's exception). */
async function audit(page: Page, theme: Theme, where: string) {
  await page.waitForLoadState('networkidle');
  // the parts that render as the learner scrolls towards them are audited too
  await revealOnApproach(page);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, [data-testid="page-loading"]')).toHaveCount(0);
  // the page is in the theme it is audited for (Providers marks <html>)
  await expect(page.locator('html')).toHaveAttribute('data-contrast', theme === 'high-contrast' ? 'high' : 'default');
  await expect.soft(page.locator('h1'), `${where}: one top-level heading`).toHaveCount(1);
  expect.soft(await violations(page, theme, where), `${theme} theme, ${where}`).toEqual([]);
}

/** The next page loads come up in the 高对比度 theme (the drawer's switch, as stored by the app: a cookie). */
async function useHighContrast(page: Page) {
  const value = encodeURIComponent(JSON.stringify({ state: { highContrast: true }, version: 0 }));
  await page.context().addCookies([{ name: SETTINGS_KEY, value, url: String(test.info().project.use.baseURL) }]);
}

/** Opens each page, waits until it is ready (on an in-layout page: its tab shows) and audits it. */
async function auditEach(page: Page, urls: readonly string[], theme: Theme, inLayout = true) {
  for (const [i, url] of urls.entries()) {
    // in the app's layout, the next page opens as a menu click does (the first is loaded in full)
    if (inLayout && i > 0) await openInApp(page, url);
    else await page.goto(url);
    if (inLayout) await expect(page.locator(`[data-testid="tags-view-item"][data-path="${url}"]`)).toBeVisible();
    else await expect(page.locator('#root')).not.toBeEmpty();
    await audit(page, theme, url);
  }
}

/** A published exam for learner01 with a fill-in and an essay question (the answer boxes to name). */
async function publishExam(request: APIRequestContext): Promise<string> {
  const corp = await login(request, 'corpadmin');
  const learner = await login(request, 'learner01');
  const Q = '/Api/Exam_Manage/ex_question/AddData';
  const add = async (body: Record<string, unknown>) => (await api<{ qCode: string }>(request, corp, Q, body)).qCode;
  const qs = [
    await add({ qType: 1, qName: '无障碍：发生火灾时应拨打的电话是？', a: '110', b: '119', c: '120', d: '122', answer: 'B' }),
    await add({ qType: 4, qName: '无障碍：中华人民共和国成立于___年。', answer: ['1949'] }),
    await add({ qType: 5, qName: '无障碍：请简述火灾疏散要点。', answer: '保持冷静，低姿撤离。' }),
  ];
  const { paperCode } = await api<{ paperCode: string }>(request, corp, '/Api/Exam_Manage/ex_paper/AddData', {
    paperName: '无障碍试卷',
    paperType: 1,
    questions: qs.map((qCode, i) => ({ qCode, score: [30, 30, 40][i] })),
  });
  const info = await api<{ userId?: number; id?: number }>(request, learner, '/Api/User/user_user/GetUserInfo', {});
  const { examCode } = await api<{ examCode: string }>(request, corp, '/Api/Exam_Manage/ex_exam/AddData', {
    examName: '无障碍检查考试',
    examIntrduce: '无障碍检查',
    paperCode,
    time: 30,
    examStartTime: china(new Date(Date.now() - 3600_000)),
    examEndTime: china(new Date(Date.now() + 24 * 3600_000)),
    passScore: 60,
    isAllow: 1,
    isAllowCount: 2,
    isAllowedViewAnswer: 1,
    participants: { users: [Number(info.userId ?? info.id)] },
  });
  await api(request, corp, '/Api/Exam_Manage/ex_exam/Publish', { examCode });
  return examCode;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

// run time: in the default theme every public and learner page and one admin page of each kind
// (below); under 高对比度 the public pages, the dashboard, a study page, the exam page and the admin
// pages with the most kinds of coloured parts (links, tags, switches, tabs, pagers, trees)
const PUBLIC_PAGES = ['/home', '/login', '/infonoticelist', '/viewnoticeitem?noticeSysCode=N-DEMO-01'];
const HIGH_CONTRAST_ADMIN_PAGES = ['/ydUser/index', '/exam/manage', '/permission/pageCtrl'];
// the admin pages audited: one of each kind of page (lists with filters and tables, trees, tabbed
// editors, the permission tree, statistics); the admin walkthrough opens every menu page for
// console errors and layout, and these share their components with the rest (axe costs seconds a
// page on the shared two-core CI machine)
const ADMIN_AUDIT_PAGES = [
  '/ydUser/index',
  '/ydUser/org',
  '/ydUser/company',
  '/trainres/manage',
  '/trainres/audit',
  '/project/manage',
  '/exam/question',
  '/exam/manage',
  '/exam/result',
  '/exam/practice',
  '/content/notice',
  '/permission/pageCtrl',
  '/permission/role',
];

test('public pages: home, login, the notice list and a notice', async ({ page }) => {
  // eight audits of a few seconds each on a shared two-core machine
  test.setTimeout(180_000);
  await auditEach(page, PUBLIC_PAGES, 'default', false);
  await useHighContrast(page);
  await auditEach(page, PUBLIC_PAGES, 'high-contrast', false);
});

test('learner pages: the menu, a study page and an exam with fill-in and essay answers', async ({ page, request }) => {
  // some ten learner pages (practice and the 错题本 among them) and the exam, in two themes
  test.setTimeout(240_000);
  const examCode = await publishExam(request);
  const token = await signInByApi(page, 'learner01');
  const urls = ['/dashboard', ...(await menuPages(page, token)).map((p) => p.url).filter((u) => u !== '/dashboard')];
  expect(urls).toContain('/trainres/index');
  let examUrl = '';
  for (const theme of ['default', 'high-contrast'] as const) {
    if (theme === 'high-contrast') await useHighContrast(page);
    await auditEach(page, theme === 'default' ? urls : ['/dashboard'], theme);
    await page.goto('/trainres/index');
    await page.getByTestId('course-card').first().click();
    await expect(page).toHaveURL(/\/trainres\/study\?id=/);
    await expect(page.getByTestId('study-title')).toBeVisible();
    await audit(page, theme, 'a study page');
    if (!examUrl) {
      await page.goto('/dashboard');
      await page.getByRole('tab', { name: '我的考试' }).click();
      await page.getByTestId(`exam-card-${examCode}`).getByRole('button', { name: '开始考试' }).click();
      await expect(page.getByTestId('begin-exam')).toBeVisible();
      await audit(page, theme, 'the exam notice');
      await page.getByTestId('begin-exam').click();
      await expect(page).toHaveURL(/\/ysUserExam\/exam\?examCode=/);
      examUrl = page.url();
    } else {
      await page.goto(examUrl);
    }
    await expect(page.getByTestId('essay-3')).toBeVisible();
    await audit(page, theme, 'the exam page');
    // the answer boxes are named by their question
    await expect(page.getByRole('textbox', { name: /请简述火灾疏散要点/ })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /成立于___年。 第 1 空/ })).toBeVisible();
  }
});

test('admin pages of each kind, in the default theme and after switching 高对比度 on in the settings drawer', async ({ page }) => {
  // some 13 pages at a few seconds each, on a shared two-core machine
  test.setTimeout(240_000);
  const token = await signInByApi(page, 'admin');
  const menu = (await menuPages(page, token)).map((p) => p.url).filter((u) => !LEARNER_PAGE.test(u));
  expect(menu.length).toBeGreaterThan(8);
  // every page audited is one the admin's menu offers
  expect(menu).toEqual(expect.arrayContaining([...ADMIN_AUDIT_PAGES, ...HIGH_CONTRAST_ADMIN_PAGES]));
  await auditEach(page, ADMIN_AUDIT_PAGES, 'default');
  // the drawer offers the theme, and the choice is kept for the next page loads
  await page.getByTestId('settings-toggle').click();
  const toggle = page.getByTestId('settings-drawer').getByRole('switch', { name: '高对比度' });
  await toggle.click();
  await expect(toggle).toBeChecked();
  await auditEach(page, HIGH_CONTRAST_ADMIN_PAGES, 'high-contrast');
});
