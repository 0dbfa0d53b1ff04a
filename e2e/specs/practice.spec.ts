import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/guarded.ts';
import { api, login, revealDashboardPanels, snap } from '../fixtures/session.ts';

// Practice and the 错题本 (issue 26 item 1, ADR 0043), on a phone-sized screen: a learner of the
// other demo company opens the seeded 仓储安全日常练习 from the dashboard, answers question by
// question with instant feedback (one wrong), leaves and comes back where they were, finds the
// wrong one in the 错题本 under its practice with their last answer, and clears it by answering it
// right twice in a row.

const PRACTICE = '仓储安全日常练习';

async function noSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: 'no sideways scrolling at 390 px',
    })
    .toBeLessThanOrEqual(0);
}

async function answer(page: Page, option: RegExp, verdict: string) {
  await page.getByTestId('practice-question').getByText(option).click();
  await page.getByTestId('practice-submit').click();
  await expect(page.getByTestId('practice-verdict')).toHaveText(verdict);
}

test('a learner practises on a phone, gets one wrong, finds it in the 错题本 and clears it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await login(request, 'other01');
  const before = await api<{ practiceCount: number; wrongCount: number }>(request, token, '/Api/UserExam/ex_practice/GetCounts', {});
  expect(before).toEqual({ practiceCount: 1, wrongCount: 0 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().addCookies([{ name: 'Admin-Token', value: token, domain: '127.0.0.1', path: '/' }]);

  // the dashboard's counts lead to the practice
  await page.goto('/dashboard');
  await revealDashboardPanels(page);
  await expect(page.getByTestId('count-card-practice')).toContainText('1');
  await expect(page.getByTestId('count-card-wrong')).toContainText('0');
  await page.getByTestId('count-card-practice').click();
  await expect(page).toHaveURL(/\/ysUserExam\/practice/);
  await page.getByTestId('practice-list').getByText(PRACTICE).waitFor();
  await page.getByTestId('practice-open').click();

  // question 1, wrong: the feedback tells so, with the key and the analysis
  await expect(page.getByTestId('practice-question')).toContainText('第 1 题 / 共 3 题');
  await expect(page.getByTestId('practice-question')).toContainText('搬运重物');
  await noSidewaysScroll(page);
  await answer(page, /弯腰直接提起/, '回答错误');
  await expect(page.getByTestId('practice-key')).toContainText('正确答案：B');
  await expect(page.getByTestId('practice-feedback')).toContainText('屈膝下蹲');
  await expect(page.getByTestId('practice-feedback')).toContainText('已记入错题本');
  await snap(page, 'practice-feedback-390');

  // leaving and coming back resumes at the next question
  await page.reload();
  await expect(page.getByTestId('practice-question')).toContainText('第 2 题 / 共 3 题');
  await answer(page, /4 米/, '回答正确');
  await page.getByTestId('practice-next').click();
  await expect(page.getByTestId('practice-question')).toContainText('第 3 题 / 共 3 题');
  await answer(page, /^错误$/, '回答正确');
  await page.getByTestId('practice-next').click();
  await expect(page.getByTestId('practice-done')).toContainText('答对 2 题');

  // the 错题本: grouped under the practice, with the last answer
  await page.goto('/ysUserExam/wrongbook');
  await expect(page.getByTestId('wrong-total')).toHaveText('共 1 道错题');
  await expect(page.getByTestId('wrong-book')).toContainText(PRACTICE);
  await expect(page.getByTestId('wrong-book')).toContainText('上次作答：A');
  await noSidewaysScroll(page);
  await snap(page, 'wrong-book-390');

  // right once: still in the book (1 of 2); right again: it leaves
  await page.getByTestId('wrong-practise-all').click();
  await answer(page, /屈膝下蹲/, '回答正确');
  await expect(page.getByTestId('practice-feedback')).toContainText('1/2');
  await page.getByTestId('practice-next').click();
  await page.getByTestId('wrong-round-done').getByRole('button', { name: '返回错题本' }).click();
  await expect(page.getByTestId('wrong-book')).toContainText('连续答对 1/2 次后移出');
  await page.getByTestId('wrong-practise-all').click();
  await answer(page, /屈膝下蹲/, '回答正确');
  await expect(page.getByTestId('practice-cleared')).toBeVisible();
  await page.getByTestId('practice-next').click();
  await page.getByTestId('wrong-round-done').getByRole('button', { name: '返回错题本' }).click();
  await expect(page.getByTestId('wrong-empty')).toBeVisible();

  const after = await api<{ practiceCount: number; wrongCount: number }>(request, token, '/Api/UserExam/ex_practice/GetCounts', {});
  expect(after.wrongCount).toBe(0);
});
