import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorMessage, type MediaView, type PlayListAnswer } from '@xuetu/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRAIN_RES as R } from '../../../../test/api-paths.ts';
import { runsFfmpeg } from '../../../../test/ffmpeg.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { ffmpegWrapper, storeUploadedMedia } from '../../../../test/media-kit.ts';
import { enqueueJob } from '../../../platform/jobs/index.ts';
import { processMediaJob } from './jobs.ts';

// What the administrator and the learner see when a rendition fails (issue 23 item 2), and audio
// uploads through the media job. The ffmpeg is the real one behind a wrapper that, when told by
// XUETU_FAKE_FAIL, makes the OD rendition (or every rendition) fail with ffmpeg's own error.
const HAS_FFMPEG = runsFfmpeg('media-failure.test');

const MEDIA_KIND = [processMediaJob.kind];

describe.runIf(HAS_FFMPEG)('a failed rendition: the admin reads why, the learner plays what exists', () => {
  let t: TestApp;
  let work: string;
  let corp: string;
  let learner: string;
  let dir: string;
  let seq = 0;

  function make(name: string, args: string[]): Buffer {
    const out = join(work, name);
    const r = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, '-t', '1', out], { timeout: 30_000 });
    if (r.status !== 0) throw new Error(`ffmpeg could not make ${name}: ${r.stderr}`);
    return readFileSync(out);
  }

  /** A stored upload of the demo company, processed by the media job. */
  async function processed(bytes: Buffer, kind: 'video' | 'audio', ext: string): Promise<MediaView> {
    const code = `MFAIL${++seq}`;
    const now = new Date();
    const row = await storeUploadedMedia(t.ctx, code, bytes, {
      kind,
      ext,
      mime: kind === 'video' ? 'video/mp4' : 'audio/mpeg',
      originalName: `lesson${ext}`,
      now,
    });
    await enqueueJob(t.ctx.db, processMediaJob, { mediaId: row.id }, { now });
    await t.ctx.jobs.drain({ kinds: MEDIA_KIND });
    return (await t.post<MediaView>(`${R}/GetMediaStatus`, { mediaId: code }, corp)).data;
  }

  async function approvedRes(mediaId: string, resType = 1): Promise<string> {
    const res = await t.post<{ resCode: string }>(`${R}/AddData`, { resName: `课${mediaId}`, resType, mediaId, dCode: dir }, corp);
    expect(res.success, res.msg).toBe(true);
    expect((await t.post(`${R}/PostCheck`, { rescode: res.data.resCode }, corp)).success).toBe(true);
    expect((await t.post(`${R}/Audit`, { rescode: res.data.resCode, pass: true }, corp)).success).toBe(true);
    return res.data.resCode;
  }

  const playList = async (resCode: string, token: string) =>
    (await t.post<PlayListAnswer>(`${R}/GetVideoPlayList`, { videoId: resCode }, token)).data;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'xuetu-media-failure-'));
    const wrapper = ffmpegWrapper(work, [
      'case "$XUETU_FAKE_FAIL:$*" in',
      '  OD:*/OD/index.m3u8*|ALL:*index.m3u8*) exec ffmpeg -hide_banner -loglevel error -i /nonexistent/xuetu-missing.mp4 -f null - ;;',
      'esac',
    ]);
    t = await buildTestApp({ env: { FFMPEG_PATH: wrapper } });
    [corp, learner] = await Promise.all([t.login('corpadmin'), t.login('learner01')]);
    dir = (await t.post<{ dCode: string }>('/Api/Train_Manage/Train_ResDir/SaveData', { dName: '转码失败测试' }, corp)).data.dCode;
  });
  afterEach(() => {
    delete process.env.XUETU_FAKE_FAIL;
  });
  afterAll(async () => {
    await t.close();
    rmSync(work, { recursive: true, force: true });
  });

  const video444 = () =>
    make(`v${seq}.mp4`, [
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=128x72:rate=5',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv444p',
    ]);

  it('OD fails: the admin gets a short Chinese reason and ffmpeg’s lines apart; learners get FD and no ffmpeg text', async () => {
    process.env.XUETU_FAKE_FAIL = 'OD';
    const st = await processed(video444(), 'video', '.mp4');
    expect(st).toMatchObject({ status: 'failed', qualities: ['FD'] });
    expect(st.error).toBe('原画（OD）转码失败：文件可能已损坏或格式不受支持（OD 未生成，其余清晰度可播放）');
    expect(st.errorDetail).toContain('/nonexistent/xuetu-missing.mp4: No such file or directory');
    const resCode = await approvedRes(st.mediaId);
    const pl = await playList(resCode, learner);
    expect([pl.format, pl.playList.map((p) => p.item1), pl.note]).toEqual(['hls', ['FD'], '']);
    expect(JSON.stringify(pl)).not.toMatch(/nonexistent|No such file|转码失败/);
    // those who manage the resource see the short reason in the player, still without ffmpeg's words
    const managed = await playList(resCode, corp);
    expect(managed.note).toBe(st.error);
    expect(JSON.stringify(managed)).not.toContain('No such file');
  });

  it('every rendition fails: learners read a plain notice, not the unconverted original', async () => {
    process.env.XUETU_FAKE_FAIL = 'ALL';
    const st = await processed(video444(), 'video', '.mp4');
    expect(st).toMatchObject({ status: 'failed', qualities: [], error: '流畅（FD）转码失败：文件可能已损坏或格式不受支持' });
    expect(st.errorDetail).toContain('No such file or directory');
    const pl = await playList(await approvedRes(st.mediaId), learner);
    expect([pl.playList, pl.note]).toEqual([[], errorMessage('MEDIA_UNAVAILABLE')]);
  });

  it('an MP3 upload becomes an AAC HLS rendition the learner plays', async () => {
    const mp3 = make('a.mp3', ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050', '-c:a', 'libmp3lame']);
    const st = await processed(mp3, 'audio', '.mp3');
    expect(st).toMatchObject({ status: 'ready', qualities: ['OD'], error: '', errorDetail: '', duration: 1 });
    const pl = await playList(await approvedRes(st.mediaId, 2), learner);
    expect([pl.format, pl.attExt, pl.playList.map((p) => p.item1)]).toEqual(['hls', '.m3u8', ['OD']]);
    const m3u8 = await t.inject({ method: 'GET', url: pl.playList[0].item2, headers: { ydAuthorization: `Bearer ${learner}` } });
    expect(m3u8.statusCode).toBe(200);
    expect(m3u8.body).toMatch(/seg_0000\.ts\?t=/);
  });
});
