import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/guarded.ts';
import { makeClip, playMuted } from '../fixtures/media.ts';
import { signInByApi, snap } from '../fixtures/session.ts';

// Resource library (issue 11): the company administrator creates a directory, uploads a video
// with the resumable uploader (progress bar, pause and resume on a slowed connection, a network
// drop it recovers from by itself: issue 23 item 13), sees the renditions being made, saves and
// submits it; the platform auditor previews it, rejects it with a comment (the history shows it),
// the administrator submits again, the auditor approves; the resource plays and switches quality.

// the browser reports the upload request that the network drop cuts
test.use({ allowConsole: [/ERR_INTERNET_DISCONNECTED \(\S+\/prod-api\/media\/upload\//] });

const dialog = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** A short test video made with ffmpeg (3 s, 320x240, with sound), with a timeout. */
function makeVideo(): { path: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'xuetu-e2e-video-'));
  const path = makeClip(dir, '入职安全培训.mp4', { seconds: 3, size: '320x240', rate: 15, bitrate: '600k', timeout: 30_000 });
  return { path, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const hasFfmpeg = spawnSync('ffmpeg', ['-version'], { timeout: 5000 }).status === 0;

test('an administrator uploads and submits a video; the auditor rejects with a comment, then approves; it plays with a quality switch', async ({
  page,
  browser,
}) => {
  // the journey needs a real video; .ci/run installs ffmpeg (apt-get install -y ffmpeg)
  expect(hasFfmpeg, 'ffmpeg is not installed: apt-get install -y ffmpeg').toBe(true);
  test.setTimeout(180_000);
  const video = makeVideo();
  const name = `入职安全培训 ${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByApi(page, 'corpadmin');

  // ---- a new directory ----
  await page.goto('/trainres/manage');
  await expect(page.getByTestId('res-manage')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('media-capability')).toContainText('视频转码可用');
  await page.getByRole('button', { name: '新增目录' }).click();
  const dirDialog = dialog(page, '新增目录');
  await dirDialog.getByPlaceholder('请输入目录名称').fill('端到端目录');
  await dirDialog.getByRole('button', { name: /保\s*存/ }).click();
  const dirNode = page.getByTestId('res-dir-panel').getByText('端到端目录（0）');
  await expect(dirNode).toBeVisible();
  await dirNode.click();

  // ---- a video resource with the resumable uploader on a slow connection ----
  await page.getByTestId('res-add').click();
  const editor = dialog(page, '新增资源');
  await editor.getByLabel('资源名称').fill(name);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 25 * 1024 });
  await editor.getByTestId('media-file').setInputFiles(video.path);
  const progress = editor.getByTestId('upload-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toContainText('/s · 剩余约');
  await editor.getByTestId('upload-pause').click();
  await expect(progress).toContainText('已暂停');
  await editor.getByTestId('upload-resume').click();
  await expect(progress).toContainText('/s · 剩余约');
  // the network drops mid-request: the progress stays, the uploader says it will go on by itself
  await page.context().setOffline(true);
  const offline = editor.getByTestId('upload-offline');
  await expect(offline).toHaveText('网络已断开，恢复后自动继续');
  await expect(progress).toContainText(/\d+%/);
  await expect(progress).not.toContainText('上传失败');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const back = Date.now();
  await page.context().setOffline(false);
  // back online: it resumes without a click (the server answers the resume's HEAD at once)
  await expect(offline).toBeHidden();
  const status = editor.getByTestId('media-status');
  await expect(status).toBeVisible({ timeout: 60_000 });
  console.info(`upload: network back → upload finished in ${((Date.now() - back) / 1000).toFixed(1)} s`);
  // uploaded: the server makes the renditions and shows them
  await expect(status).toContainText('入职安全培训.mp4');
  await expect(status).toContainText('可播放', { timeout: 60_000 });
  await expect(status).toContainText('流畅');
  await expect(status).toContainText('原画');
  await snap(page, 'resources-editor');
  await editor.getByRole('button', { name: /保\s*存/ }).click();
  await expect(editor).toBeHidden();
  const row = page.locator('.ant-table-row').filter({ hasText: name });
  await expect(row).toContainText('草稿');
  await row.getByTestId('res-submit').click();
  await expect(row).toContainText('待审核');

  // ---- the platform auditor rejects with a comment ----
  const auditorContext = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const auditor = await auditorContext.newPage();
  await signInByApi(auditor, 'admin');
  await auditor.goto('/trainres/audit');
  await expect(auditor.getByTestId('res-audit')).toBeVisible({ timeout: 30_000 });
  const queued = auditor.locator('.ant-table-row').filter({ hasText: name });
  await queued.getByTestId('res-audit-open').click();
  const review = dialog(auditor, `审核：${name}`);
  await expect(review.getByTestId('media-player')).toBeVisible();
  await review.getByTestId('audit-reject').click();
  await expect(auditor.getByText('驳回时请填写审核意见')).toBeVisible();
  await review.getByTestId('audit-comment').fill('请补充课程介绍');
  await review.getByTestId('audit-reject').click();
  await expect(auditor.getByText('已驳回').first()).toBeVisible();
  await expect(review).toBeHidden();

  // ---- the administrator sees why (history) and submits again ----
  await page.reload();
  await expect(row).toContainText('已驳回');
  await row.getByRole('button', { name: '审核记录' }).click();
  await expect(page.getByTestId('audit-history')).toContainText('请补充课程介绍');
  await page.locator('.ant-drawer-close').click();
  await row.getByTestId('res-submit').click();
  await expect(row).toContainText('待审核');

  // ---- the auditor approves; the video plays and switches quality ----
  await auditor.reload();
  await auditor.locator('.ant-table-row').filter({ hasText: name }).getByTestId('res-audit-open').click();
  const review2 = dialog(auditor, `审核：${name}`);
  const player = review2.getByTestId('media-video');
  await expect(player).toBeVisible();
  await playMuted(player);
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.2);
  const sw = review2.getByTestId('quality-switch');
  await expect(sw).toContainText('流畅');
  await sw.getByText('原画').click();
  await playMuted(player);
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await snap(auditor, 'resources-audit');
  await review2.getByTestId('audit-pass').click();
  await expect(review2).toBeHidden();
  await page.reload();
  await expect(row).toContainText('已通过');
  await auditorContext.close();
  video.cleanup();
});
