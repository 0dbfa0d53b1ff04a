import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/guarded.ts';
import { revealDashboardPanels, signInByApi, snap } from '../fixtures/session.ts';

// Training projects (issue 13): a company administrator creates a project with a course from the
// library and one picked learner, publishes it; the learner (learner17, whom no other spec uses)
// finds it in 我的学习, joins and opens the project page with its course, completes that course
// (rich text, 1 学时) and sees the 学时 credited on the project page and the card.

const NAME = '端到端培训项目';
const toast = (page: Page, text: string | RegExp) => expect(page.getByText(text).first()).toBeVisible();

test('an administrator publishes a project; the picked learner joins it and opens its course list', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const corp = await signInByApi(page, 'corpadmin');

  // ---- create: name, default period, a library course, one learner ----
  await page.goto('/project/manage');
  await expect(page.getByTestId('project-admin')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('project-add').click();
  await page.getByTestId('project-name').fill(NAME);
  await page.getByTestId('project-res-search').click();
  await page.keyboard.type('企业文化');
  await page.locator('.ant-select-item-option', { hasText: '企业文化与价值观' }).click();
  await expect(page.getByTestId('project-res-list')).toContainText('企业文化与价值观');
  await page.getByTestId('project-participants').click();
  const who = page.getByTestId('participant-dialog');
  await who.getByPlaceholder('姓名/身份证/手机号').fill('13800000017');
  await who.getByPlaceholder('姓名/身份证/手机号').press('Enter');
  await expect(who.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await who.locator('tbody tr.ant-table-row .ant-checkbox-input').check();
  await who.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(page.getByTestId('project-participant-tags').locator('.ant-tag')).toHaveCount(1);
  await snap(page, 'project-editor');
  await page.getByTestId('project-save').click();
  await toast(page, '保存成功');

  // ---- publish with confirmation ----
  const row = page.locator('tr', { hasText: NAME });
  await expect(row).toContainText('草稿');
  await row.getByTestId('project-publish').click();
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  await toast(page, '发布成功，已通知 1 名参训人员');
  await expect(row).toContainText('已发布');
  await snap(page, 'project-manage');

  const list = await page.request.post('/prod-api/Api/Project_Manage/project_project/GetPageList', {
    data: { keyword: NAME },
    headers: { ydAuthorization: `Bearer ${corp}` },
  });
  const projectCode: string = (await list.json()).data.models[0].projectCode;

  // ---- the learner: 我的学习 (the dashboard tab once courses are switched on, else the menu page) ----
  const ctx = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const learner = await ctx.newPage();
  const errors: string[] = [];
  learner.on('pageerror', (e) => errors.push(e.message));
  learner.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await signInByApi(learner, 'learner17');
  await learner.goto('/dashboard');
  await revealDashboardPanels(learner);
  await expect(learner.getByTestId('dashboard-study-exam')).toBeVisible({ timeout: 30_000 });
  await expect(learner.getByTestId('study-cards')).toBeVisible();
  const card = learner.getByTestId('study-card').filter({ hasText: NAME });
  await expect(card).toContainText('未加入');
  await expect(card).toContainText('考核标准：2 学时');
  await card.getByTestId('study-card-join').click();
  await toast(learner, '加入成功');
  await expect(card).toContainText('学习中');
  await expect(card.getByTestId('study-card-gethrs')).toHaveText('0');
  await snap(learner, 'project-study-cards');

  // ---- the project page lists the course, linking to its study page ----
  await card.getByTestId('study-card-enter').click();
  await expect(learner).toHaveURL(new RegExp(`/project/detail\\?projectCode=${projectCode}`));
  await expect(learner.getByTestId('project-detail-name')).toHaveText(NAME);
  await expect(learner.getByTestId('project-course-name')).toHaveText(['企业文化与价值观']);
  await expect(learner.getByTestId('project-course-study')).toHaveAttribute('href', /\/trainres\/study\?id=R/);
  await expect(learner.getByTestId('project-detail-gethrs')).toHaveText('0');
  await snap(learner, 'project-detail');

  // ---- a short course completed gives its declared 学时 (ADR 0018 "Crediting by rule"): the rich-text
  // course of 1 学时, read in seconds and marked 我已学完, counts 1 of the project's 2 学时 ----
  await learner.getByTestId('project-course-study').click();
  await learner.getByRole('button', { name: '我已学完' }).click();
  await toast(learner, '恭喜，已完成本课程');
  await learner.goBack();
  await expect(learner.getByTestId('project-detail-name')).toHaveText(NAME);
  await expect(learner.getByTestId('project-detail-gethrs')).toHaveText('1');
  await expect(learner.getByTestId('project-detail-missing')).toHaveText('（还差 1 学时）');
  await expect(learner.getByTestId('project-course-line')).toContainText('计入项目 1 学时');
  await learner.goto('/dashboard');
  await revealDashboardPanels(learner);
  await expect(learner.getByTestId('study-card').filter({ hasText: NAME }).getByTestId('study-card-gethrs')).toHaveText('1');
  expect(errors).toEqual([]);
  await ctx.close();
});

test('platform staff open the project list of a company, a project in the editor and its learners with certificates', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByApi(page, 'admin');
  await page.goto('/project/manage');
  await expect(page.getByTestId('project-admin')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('exam-company').click();
  await page.locator('.ant-select-item-option', { hasText: '演示科技有限公司' }).click();
  const row = page.locator('tr', { hasText: '安全生产培训（三类人员）' });
  await expect(row).toContainText('已发布');
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(page.getByTestId('project-name')).toHaveValue('安全生产培训（三类人员）');
  await expect(page.getByTestId('project-participant-tags').locator('.ant-tag')).toHaveCount(2);
  await page
    .locator('.ant-drawer-extra')
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await row.getByRole('button', { name: '学员名单' }).click();
  const learners = page.getByTestId('project-enrolments');
  await expect(learners).toContainText('learner01');
  await expect(learners).toContainText('安C');
  await learners.getByRole('button', { name: '证书信息' }).click();
  await expect(page.locator('.ant-modal', { hasText: '证书信息' })).toBeVisible();
  await snap(page, 'project-learners');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'project-learners-390');
});
