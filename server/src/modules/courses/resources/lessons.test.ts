import type { PlayListAnswer, ResView, StudyBeatAnswer, StudyDetail } from '@xuetu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAIN_RES_DIR as D, TRAIN_RES as R } from '../../../../test/api-paths.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { media } from '../../../db/schema/index.ts';
import { DEMO_COMPANY, OTHER_COMPANY } from '../../../db/seed/demo.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { beats } from '../study/study.service.ts';
import { sampleFile } from './seed.ts';

// Lessons of a course (issue 13, ADR 0022): saving an ordered list of lessons with coded checks,
// the audit workflow making them live, media delivery per lesson (and nothing else), and the
// heartbeat remembering the lesson the learner was in.
const clock = new ManualClock('2026-03-02T01:00:00Z');
let t: TestApp;
let corp: string;
let learner: string;
let other: string;
let dir: string;
const m: Record<string, string> = {};

/** A media row (and its bytes) inserted directly: no upload or ffmpeg needed. */
async function addMedia(key: string, o: { company: string | null; kind?: 'video' | 'audio'; duration: number; status?: string }) {
  const now = clock.now();
  const mediaCode = `ML${key}${Date.now().toString(36)}`;
  const kind = o.kind ?? 'video';
  const ext = kind === 'video' ? '.mp4' : '.mp3';
  const sourceKey = `media/${mediaCode}/source${ext}`;
  const bytes = sampleFile(kind === 'video' ? 'sample.mp4' : 'sample.mp3');
  await t.ctx.storage.put(sourceKey, bytes, kind === 'video' ? 'video/mp4' : 'audio/mpeg');
  await t.ctx.db.insert(media).values({
    mediaCode,
    companySysCode: o.company,
    kind,
    sourceKey,
    ext,
    mime: kind === 'video' ? 'video/mp4' : 'audio/mpeg',
    size: bytes.length,
    duration: o.duration,
    status: o.status ?? 'ready',
    progress: 100,
    renditions: [{ quality: 'OD', key: sourceKey, height: 240, format: 'file' }],
    createdAt: now,
    updatedAt: now,
  });
  m[key] = mediaCode;
}

const save = (extra: Record<string, unknown>, call = 'AddData') =>
  t.post<{ resCode: string }>(`${R}/${call}`, { resName: '系列课', resType: 1, dCode: dir, ...extra }, corp);
const getRes = async (rescode: string) => (await t.post<ResView>(`${R}/GetTrainRes`, { rescode }, corp)).data;
const detail = async (rescode: string, token = learner) => t.post<StudyDetail>(`${R}/GetTrainResStudyDetail`, { rescode }, token);
const playList = (videoId: string, lesson: number | undefined, token = learner) =>
  t.post<PlayListAnswer>(`${R}/GetVideoPlayList`, { videoId, ...(lesson === undefined ? {} : { lesson }) }, token);
const fetchMedia = (url: string, token = learner) => t.inject({ method: 'GET', url, headers: { ydAuthorization: `Bearer ${token}` } });

async function approve(rescode: string) {
  expect((await t.post(`${R}/PostCheck`, { rescode }, corp)).success).toBe(true);
  const res = await t.post(`${R}/Audit`, { rescode, pass: true }, corp);
  expect(res.success, res.msg).toBe(true);
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
  [corp, learner, other] = await Promise.all([t.login('corpadmin'), t.login('learner01'), t.login('other01')]);
  const d = await t.post<{ dCode: string }>(`${D}/SaveData`, { dName: '课时测试' }, corp);
  dir = d.data.dCode;
  await addMedia('a', { company: DEMO_COMPANY.companySysCode, duration: 100 });
  await addMedia('b', { company: DEMO_COMPANY.companySysCode, duration: 50 });
  await addMedia('c', { company: DEMO_COMPANY.companySysCode, duration: 30 });
  await addMedia('busy', { company: DEMO_COMPANY.companySysCode, duration: 0, status: 'processing' });
  await addMedia('audio', { company: DEMO_COMPANY.companySysCode, kind: 'audio', duration: 20 });
  await addMedia('foreign', { company: OTHER_COMPANY.companySysCode, duration: 40 });
  await addMedia('platform', { company: null, duration: 10 });
});
afterAll(() => t.close());

describe('saving lessons', () => {
  it('stores the ordered lessons: mediaId is the first, duration the sum; the editor sees each media', async () => {
    const res = await save({
      lessons: [
        { title: ' 第一课 ', mediaId: m.a },
        { title: '第二课', mediaId: m.b },
        { title: '第三课', mediaId: m.c },
      ],
    });
    expect(res.success, res.msg).toBe(true);
    const view = await getRes(res.data.resCode);
    expect(view).toMatchObject({ mediaId: m.a, duration: 180 });
    expect(view.lessons.map((l) => [l.title, l.mediaId, l.duration, l.media?.status])).toEqual([
      ['第一课', m.a, 100, 'ready'],
      ['第二课', m.b, 50, 'ready'],
      ['第三课', m.c, 30, 'ready'],
    ]);
  });

  it('without lessons (or a list of one) a resource is its single media, as before', async () => {
    const plain = await save({ resName: '单个视频', mediaId: m.a });
    expect(plain.success, plain.msg).toBe(true);
    const view = await getRes(plain.data.resCode);
    expect(view).toMatchObject({ mediaId: m.a, duration: 100 });
    expect(view.lessons.map((l) => [l.title, l.mediaId, l.duration])).toEqual([['单个视频', m.a, 100]]);
    // a list of one: the single media (it may still be processing, as a single upload may)
    const one = await save({ resName: '单个课时', lessons: [{ title: '唯一', mediaId: m.busy }] });
    expect(one.success, one.msg).toBe(true);
    expect(await getRes(one.data.resCode)).toMatchObject({ mediaId: m.busy });
  });

  it('refuses bad lessons with coded errors', async () => {
    const two = (first: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      save({
        lessons: [
          { title: '第一课', mediaId: m.a, ...first },
          { title: '第二课', mediaId: m.b },
        ],
        ...extra,
      });
    expect((await two({ title: '  ' })).code).toBe('RES_LESSON_TITLE_INVALID');
    expect((await two({ title: '课'.repeat(51) })).code).toBe('RES_LESSON_TITLE_INVALID');
    expect((await two({ title: '课'.repeat(50) })).success).toBe(true);
    expect((await two({ mediaId: 'M-NOPE' })).code).toBe('RES_LESSON_MEDIA_NOT_FOUND');
    // another company's upload looks missing; a company uses its own uploads (not the platform's)
    expect((await two({ mediaId: m.foreign })).code).toBe('RES_LESSON_MEDIA_NOT_FOUND');
    expect((await two({ mediaId: m.platform })).code).toBe('RES_LESSON_MEDIA_NOT_FOUND');
    // a lesson still transcoding is saved (issue 38 item 10); the audit waits for it
    expect((await two({ mediaId: m.busy })).success).toBe(true);
    expect((await two({ mediaId: m.audio })).code).toBe('RES_LESSON_MEDIA_TYPE_MISMATCH');
    const many = Array.from({ length: 51 }, (_, i) => ({ title: `第${i + 1}课`, mediaId: m.a }));
    expect((await save({ lessons: many })).code).toBe('RES_LESSONS_TOO_MANY');
    expect((await save({ lessons: many.slice(0, 50) })).success).toBe(true);
    // the audio course takes audio lessons only
    expect(
      (
        await save({
          resType: 2,
          lessons: [
            { title: '一', mediaId: m.audio },
            { title: '二', mediaId: m.a },
          ],
        })
      ).code,
    ).toBe('RES_LESSON_MEDIA_TYPE_MISMATCH');
  });
});

describe('audit, delivery and study', () => {
  let code: string;
  beforeAll(async () => {
    const res = await save({
      resName: '班组课',
      lessons: [
        { title: '第一课', mediaId: m.a },
        { title: '第二课', mediaId: m.b },
      ],
    });
    code = res.data.resCode;
  });

  it('learners see the lessons only once approved; an edit stays out of sight until approved again', async () => {
    expect((await detail(code)).code).toBe('RES_NOT_FOUND');
    await approve(code);
    const d = (await detail(code)).data;
    expect(d.duration).toBe(150);
    expect(d.lastLesson).toBe(0);
    expect(d.lessons.map((l) => [l.index, l.title, l.duration])).toEqual([
      [0, '第一课', 100],
      [1, '第二课', 50],
    ]);
    // the edit adds a third lesson: pending audit, learners keep the two
    const edit = await save(
      {
        resCode: code,
        resName: '班组课',
        lessons: [
          { title: '第一课', mediaId: m.a },
          { title: '第二课', mediaId: m.b },
          { title: '第三课', mediaId: m.c },
        ],
      },
      'UpdateData',
    );
    expect(edit.success, edit.msg).toBe(true);
    expect((await detail(code)).data.lessons).toHaveLength(2);
    // …and cannot fetch the draft's third lesson
    expect((await playList(code, 2)).code).toBe('RES_LESSON_NOT_FOUND');
    // the administrator previews the draft's
    const preview = await playList(code, 2, corp);
    expect(preview.data.playList[0].item2).toContain(`/media/play/${m.c}/`);
    await approve(code);
    const after = (await detail(code)).data;
    expect(after.lessons.map((l) => l.title)).toEqual(['第一课', '第二课', '第三课']);
    expect(after.duration).toBe(180);
  });

  it('media delivery: a lesson of the approved version plays; a token opens its own media only', async () => {
    const first = await playList(code, undefined);
    expect(first.data.lesson).toBe(0);
    expect(first.data.playList[0].item2).toContain(`/media/play/${m.a}/`);
    const second = await playList(code, 1);
    expect(second.success, second.msg).toBe(true);
    expect(second.data).toMatchObject({ lesson: 1, duration: 50 });
    const url = second.data.playList[0].item2;
    expect(url).toContain(`/media/play/${m.b}/OD/source.mp4`);
    const file = await fetchMedia(url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(sampleFile('sample.mp4'))).toBe(true);
    // the same token on another media (another lesson's, or one of no lesson) is refused
    for (const target of [m.a, m.foreign]) {
      const swapped = await fetchMedia(url.replace(`/media/play/${m.b}/`, `/media/play/${target}/`));
      expect(swapped.statusCode).toBe(410);
      expect(swapped.json().code).toBe('MEDIA_LINK_EXPIRED');
    }
    // a lesson the course lacks
    expect((await playList(code, 3)).code).toBe('RES_LESSON_NOT_FOUND');
    expect((await playList(code, -1)).success).toBe(false);
    // another company's learner: a private course looks missing, every lesson of it; they cannot study it
    await t.post(`${R}/SetPrivate`, { rescode: code, isPrivate: 1 }, corp);
    expect((await playList(code, 1, other)).code).toBe('RES_NOT_FOUND');
    expect((await playList(code, 1)).success).toBe(true);
    await t.post(`${R}/SetPrivate`, { rescode: code, isPrivate: 0 }, corp);
    expect((await detail(code, other)).code).toBe('RES_NOT_FOUND');
  });

  it('the heartbeat keeps the lesson with the resume position; credit counts for the whole course', async () => {
    const beat = (g: string, lesson: number | undefined, position: number, token = learner) =>
      t.post<StudyBeatAnswer>(
        `${R}/Study`,
        { rescode: code, guid: g, speed: 1, position, ...(lesson === undefined ? {} : { lesson }) },
        token,
      );
    expect((await beat('lessonbeat01', 1, 0)).data.opened).toBe(true);
    clock.advance(10_000);
    const b = await beat('lessonbeat01', 1, 10);
    expect(b.data).toMatchObject({ credited: 10, studySeconds: 10, duration: 180 });
    let d = (await detail(code)).data;
    expect([d.lastLesson, d.lastPosition]).toEqual([1, 10]);
    // a position beyond the lesson's length stops at its end (the lesson's, not the course's)
    clock.advance(5_000);
    await beat('lessonbeat01', 1, 120);
    d = (await detail(code)).data;
    expect([d.lastLesson, d.lastPosition]).toEqual([1, 50]);
    // a beat without a lesson is the first lesson's (as before lessons)
    clock.advance(5_000);
    await beat('lessonbeat01', undefined, 7);
    d = (await detail(code)).data;
    expect([d.lastLesson, d.lastPosition]).toEqual([0, 7]);
    // switching to the third lesson
    clock.advance(5_000);
    await beat('lessonbeat01', 2, 3);
    d = (await detail(code)).data;
    expect([d.lastLesson, d.lastPosition, d.studySeconds]).toEqual([2, 3, 25]);
    // a lesson the course lacks counts as the first
    clock.advance(1_000);
    await beat('lessonbeat01', 9, 4);
    expect((await detail(code)).data.lastLesson).toBe(0);
    // a lesson that is no index is refused with its message
    expect((await t.post(`${R}/Study`, { rescode: code, guid: 'lessonbeat01', lesson: 'x' }, learner)).msg).toBe('课时无效');
    // another company's learner is refused
    expect((await beat('lessonbeat02', 1, 0, other)).code).toBe('RES_NOT_FOUND');
    // completion needs 90% of the whole course (180 s), not of a lesson
    expect((await t.post(`${R}/StudyComplete`, { rescode: code }, learner)).code).toBe('STUDY_NOT_ENOUGH');
  });

  it("beats of several learners written in one batch keep each learner's lesson and position", async () => {
    // lessons now: 100 s, 50 s, 30 s; [lesson sent, position sent] → [lesson kept, position kept]
    const cases: [string, number, number, number, number][] = [
      ['learner02', 0, 20, 0, 20],
      ['learner03', 1, 80, 1, 50],
      ['learner04', 2, 10, 2, 10],
      ['learner05', 9, 5, 0, 5],
      ['learner06', 2, 99, 2, 30],
    ];
    const tokens = await Promise.all(cases.map(([who]) => t.login(who)));
    const beat = (n: number, lesson: number, position: number) =>
      t.post<StudyBeatAnswer>(`${R}/Study`, { rescode: code, guid: `lessonbatch${n}`, speed: 1, position, lesson }, tokens[n]);
    for (const n of cases.keys()) expect((await beat(n, 0, 0)).data.opened).toBe(true);
    clock.advance(15_000);
    const before = beats(t.ctx).stats();
    const got = await Promise.all(cases.map(([, lesson, position], n) => beat(n, lesson, position)));
    const after = beats(t.ctx).stats();
    expect(after.largest, 'a batch held several learners').toBeGreaterThan(1);
    expect(after.batches - before.batches).toBeLessThan(after.items - before.items);
    for (const [n, [who, , , lesson, position]] of cases.entries()) {
      expect(got[n]?.data.credited, who).toBe(15);
      const d = (await detail(code, tokens[n])).data;
      expect([d.lastLesson, d.lastPosition], who).toEqual([lesson, position]);
    }
  });
});

describe('demo data', () => {
  it('the demo company has a course of three lessons made of its own uploads', async () => {
    type Page = { models: ResView[]; totalCount: number };
    const page = (await t.post<Page>(`${R}/GetTrainResPageList`, { keyword: '班组安全管理', pageSize: 10 }, corp)).data;
    const course = page.models.find((r) => r.resName === '班组安全管理（系列课）');
    expect(course).toMatchObject({ auditStatus: 20, companySysCode: DEMO_COMPANY.companySysCode });
    expect(course?.lessons.map((l) => l.title)).toEqual(['第 1 课 岗前安全检查', '第 2 课 隐患识别与上报', '第 3 课 事故应急处置']);
    expect(course?.duration).toBe(course?.lessons.reduce((s, l) => s + l.duration, 0));
    // the company administrator may see each lesson's media (its own uploads) and save the course as it is
    for (const l of course?.lessons ?? []) {
      expect((await t.post(`${R}/GetMediaStatus`, { mediaId: l.mediaId }, corp)).success).toBe(true);
    }
    const d = (await detail(course?.resCode ?? '')).data;
    expect(d.lessons).toHaveLength(3);
    const resave = await t.post(
      `${R}/UpdateData`,
      { ...course, lessons: course?.lessons.map((l) => ({ title: l.title, mediaId: l.mediaId })) },
      corp,
    );
    expect(resave.success, resave.msg).toBe(true);
  });
});
