import { type BatchOutcome, errorMessage, type ResView, type StudyDetail } from '@xuetu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAIN_RES as R } from '../../../../test/api-paths.ts';
import { appSignedIn, type TestApp } from '../../../../test/helper.ts';
import { media } from '../../../db/schema/index.ts';
import { DEMO_COMPANY } from '../../../db/seed/demo.ts';
import { sampleFile } from './seed.ts';

// Building a video course while its uploads transcode (issue 38 item 10): the save is accepted,
// the audit waits until every lesson's media is processed (a clear refusal until then), so learners
// only ever get lessons that play; the durations the media learn meanwhile reach the course.
let t: TestApp;
let corp: string;
let learner: string;
let dir: string;

async function addMedia(duration: number, status: 'ready' | 'processing' | 'uploaded'): Promise<string> {
  const now = new Date();
  const mediaCode = `MP${Math.random().toString(36).slice(2, 10)}`;
  const sourceKey = `media/${mediaCode}/source.mp4`;
  const bytes = sampleFile('sample.mp4');
  await t.ctx.storage.put(sourceKey, bytes, 'video/mp4');
  await t.ctx.db.insert(media).values({
    mediaCode,
    companySysCode: DEMO_COMPANY.companySysCode,
    kind: 'video',
    sourceKey,
    ext: '.mp4',
    mime: 'video/mp4',
    size: bytes.length,
    duration,
    status,
    progress: status === 'ready' ? 100 : 0,
    renditions: status === 'ready' ? [{ quality: 'OD', key: sourceKey, height: 96, format: 'file' }] : [],
    createdAt: now,
    updatedAt: now,
  });
  return mediaCode;
}

/** What the media job does when it finishes. */
const finish = (mediaCode: string, duration: number) =>
  t.ctx.db.update(media).set({ status: 'ready', duration, progress: 100 }).where(eq(media.mediaCode, mediaCode));

const save = (lessons: { title: string; mediaId: string }[], resCode = '') =>
  t.post<{ resCode: string }>(
    `${R}/${resCode ? 'UpdateData' : 'AddData'}`,
    { resName: '边传边建的课', resType: 1, dCode: dir, lessons, resCode },
    corp,
  );
const submit = (rescode: string) => t.post(`${R}/PostCheck`, { rescode }, corp);
const detail = (rescode: string) => t.post<StudyDetail>(`${R}/GetTrainResStudyDetail`, { rescode }, learner);
const getRes = async (rescode: string) => (await t.post<ResView>(`${R}/GetTrainRes`, { rescode }, corp)).data;

beforeAll(async () => {
  [t, corp, learner] = await appSignedIn('corpadmin', 'learner01');
  dir = (await t.post<{ dCode: string }>('/Api/Train_Manage/Train_ResDir/SaveData', { dName: '转码中建课' }, corp)).data.dCode;
});
afterAll(() => t.close());

describe('a course saved while its lessons transcode', () => {
  it('is saved; the audit waits for every lesson; learners never get a lesson that does not play', async () => {
    const ready = await addMedia(100, 'ready');
    const busy = await addMedia(0, 'processing');
    const waiting = await addMedia(0, 'uploaded');
    const res = await save([
      { title: '第一课', mediaId: ready },
      { title: '第二课', mediaId: busy },
      { title: '第三课', mediaId: waiting },
    ]);
    expect(res.success, res.msg).toBe(true);
    const code = res.data.resCode;
    const view = await getRes(code);
    expect(view.lessons.map((l) => l.media?.status)).toEqual(['ready', 'processing', 'uploaded']);
    // the audit waits: refused with the reason, and the course stays a draft nobody learns from
    const refused = await submit(code);
    expect(refused.code).toBe('RES_MEDIA_PROCESSING');
    expect(refused.msg).toBe(errorMessage('RES_MEDIA_PROCESSING'));
    const batch = await t.post<BatchOutcome>(`${R}/BatchPostCheck`, { rescodes: [code] }, corp);
    expect(batch.data.failed).toEqual([{ rescode: code, reason: errorMessage('RES_MEDIA_PROCESSING') }]);
    expect((await getRes(code)).auditStatus).toBe(0);
    expect((await detail(code)).code).toBe('RES_NOT_FOUND');
    await finish(busy, 50);
    expect((await submit(code)).code).toBe('RES_MEDIA_PROCESSING');
    await finish(waiting, 30);
    // all processed: submitted with the durations the media now know, approved, learned
    const ok = await submit(code);
    expect(ok.success, ok.msg).toBe(true);
    expect((await getRes(code)).duration).toBe(180);
    expect((await t.post(`${R}/Audit`, { rescode: code, pass: true }, corp)).success).toBe(true);
    const d = (await detail(code)).data;
    expect(d.lessons.map((l) => [l.title, l.duration])).toEqual([
      ['第一课', 100],
      ['第二课', 50],
      ['第三课', 30],
    ]);

    // an approved course gets a lesson still transcoding: learners keep the three that play
    const late = await addMedia(0, 'processing');
    const edit = await save(
      [
        { title: '第一课', mediaId: ready },
        { title: '第二课', mediaId: busy },
        { title: '第三课', mediaId: waiting },
        { title: '第四课', mediaId: late },
      ],
      code,
    );
    expect(edit.success, edit.msg).toBe(true);
    expect((await submit(code)).code).toBe('RES_MEDIA_PROCESSING');
    expect((await detail(code)).data.lessons.map((l) => l.title)).toEqual(['第一课', '第二课', '第三课']);
  });

  it('a single video still transcoding is saved, and submitted once processed', async () => {
    const busy = await addMedia(0, 'processing');
    const res = await t.post<{ resCode: string }>(`${R}/AddData`, { resName: '单个视频', resType: 1, dCode: dir, mediaId: busy }, corp);
    expect(res.success, res.msg).toBe(true);
    expect((await submit(res.data.resCode)).code).toBe('RES_MEDIA_PROCESSING');
    await finish(busy, 42);
    expect((await submit(res.data.resCode)).success).toBe(true);
    expect((await getRes(res.data.resCode)).duration).toBe(42);
  });
});
