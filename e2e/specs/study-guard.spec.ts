import type { APIRequestContext } from '@playwright/test';
import { openCatalogue, searchCourse } from '../fixtures/catalogue.ts';
import { expect, test } from '../fixtures/guarded.ts';
import { playMuted } from '../fixtures/media.ts';
import { api, login, signInByApi } from '../fixtures/session.ts';

// The study guard (issue 44, ADR 0058) end to end: the company's anti-idle minutes set through
// SaveStudySettings (1 minute here) and its watermark on; a learner playing a course who does
// nothing for a minute (the page's clock moved by Playwright's clock API, no sleeps) sees the
// presence check, the video pauses, and the server credits nothing — not even to beats forged
// outside the page — until the number is tapped; then crediting resumes. The watermark over the
// video survives deleting its elements. other01 (示例物流) and its company's settings: no other
// spec studies as them, and the settings are put back at the end.

const LEARNER = 'other01';
const COMPANY = 'C-DEMO-LOGI';
const COURSE = '安全生产基础';
const R = '/Api/Train_Manage/Train_Res';

type Beat = { credited: number; presence: number; takenOver: boolean };
const forgedBeat = async (request: APIRequestContext, token: string, rescode: string, guid: string) =>
  (
    await (
      await request.post(`/prod-api${R}/Study`, {
        data: { rescode, guid, speed: 1, position: 0, idle: 0 },
        headers: { ydAuthorization: `Bearer ${token}` },
      })
    ).json()
  ).data as Beat;

test('an idle learner is asked, the credit stops until the check is answered; the watermark survives deleting it', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const admin = await login(request, 'admin');
  await api(request, admin, `${R}/SaveStudySettings`, { companySysCode: COMPANY, idleMinutes: 1, randomCheck: 0, watermark: 1 });
  try {
    // the page's timers and Date follow Playwright's clock (time flows; fastForward jumps)
    await page.clock.install();
    await page.setViewportSize({ width: 1366, height: 900 });
    const token = await signInByApi(page, LEARNER);
    await openCatalogue(page);
    await (await searchCourse(page, '安全生产', COURSE)).click();
    await expect(page.getByTestId('study-title')).toHaveText(COURSE);
    const rescode = new URL(page.url()).searchParams.get('id') ?? '';
    expect(rescode).not.toBe('');

    // ---- the watermark: name and the last four phone digits, in several layers, redrawn when deleted ----
    const layers = page.getByTestId('watermark-layer');
    await expect(layers).toHaveCount(3, { timeout: 30_000 });
    await expect(layers.nth(1)).toContainText('赵物流 0001');
    await layers.nth(1).evaluate((el) => el.remove());
    await expect(layers).toHaveCount(3);
    await page.evaluate(() => {
      for (const el of document.querySelectorAll('[data-xt-wm]')) el.remove();
    });
    await expect(layers).toHaveCount(3);
    await layers.first().evaluate((el) => el.setAttribute('style', 'display:none'));
    await expect(layers.first()).not.toHaveAttribute('style', 'display:none');

    // ---- playing, then a minute without any activity on the page ----
    const video = page.getByTestId('study-video');
    await playMuted(video, { from: 0, loop: true });
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5);
    await page.clock.fastForward('01:05');
    const dialog = page.getByRole('dialog', { name: '请确认您仍在学习' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);
    // the page's closing beat said a minute had passed: the server started a check, the dialog asks for its number
    await expect(dialog).toContainText(/请点击数字 \d{2}/, { timeout: 15_000 });
    const code = Number((await dialog.textContent())?.match(/请点击数字 (\d{2})/)?.[1]);
    // focus is inside the dialog
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    // ---- the server credits nothing meanwhile, even to beats sent outside the page ----
    const detail = async () => api<{ studySeconds: number }>(request, token, `${R}/GetTrainResDetail`, { rescode });
    const before = (await detail()).studySeconds;
    const forged = `forged${Date.now().toString(36)}`;
    await forgedBeat(request, token, rescode, forged);
    const answers: Beat[] = [];
    await expect
      .poll(
        async () => {
          answers.push(await forgedBeat(request, token, rescode, forged));
          return answers.length;
        },
        { intervals: [1000], timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(3);
    expect(answers.map((a) => [a.credited, a.presence])).toEqual(answers.map(() => [0, code]));
    expect((await detail()).studySeconds).toBe(before);

    // ---- answering with the keyboard resumes: the video plays and beats are credited again ----
    await page.getByRole('button', { name: `数字 ${code}` }).press('Enter');
    await expect(dialog).toBeHidden();
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.paused)).toBe(false);
    await video.evaluate((el: HTMLVideoElement) => el.pause());
    const again = `again${Date.now().toString(36)}`;
    await forgedBeat(request, token, rescode, again);
    await expect
      .poll(async () => (await forgedBeat(request, token, rescode, again)).credited, { intervals: [1000], timeout: 20_000 })
      .toBeGreaterThan(0);
    expect((await detail()).studySeconds).toBeGreaterThan(before);
  } finally {
    await api(request, admin, `${R}/SaveStudySettings`, { companySysCode: COMPANY, idleMinutes: 10, randomCheck: 0, watermark: 0 });
  }
});
