import type { PageResult, ResView } from '@xuetu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAIN_RES as R } from '../../../../test/api-paths.ts';
import { buildTestApp, openTestDatabase, type TestApp } from '../../../../test/helper.ts';
import { sampleFile } from './seed.ts';

// The demo seed on a machine without ffmpeg: the committed samples stand in for the generated
// clips (playing as the original only), and the demo pdf course is there too.
let t: TestApp;
let drop: () => Promise<void>;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  const empty = await openTestDatabase();
  drop = empty.drop;
  closeDb = () => empty.database.close();
  t = await buildTestApp({ database: empty.database, env: { FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' } });
}, 120_000);
afterAll(async () => {
  await t.close();
  await closeDb();
  await drop();
});

describe('demo resources without ffmpeg', () => {
  it('the committed samples are tiny and real media', () => {
    const mp4 = sampleFile('sample.mp4');
    const mp3 = sampleFile('sample.mp3');
    const pdf = sampleFile('sample.pdf');
    expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(mp3.subarray(0, 3).toString('latin1') === 'ID3' || (mp3[0] === 0xff && (mp3[1] & 0xe0) === 0xe0)).toBe(true);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(mp4.length + mp3.length).toBeLessThan(40_000);
  });

  it('video and audio courses play the sample as the original only; the pdf course is approved', async () => {
    const admin = await t.login('admin');
    const learner = await t.login('learner01');
    const page = (await t.post<PageResult<ResView>>(`${R}/GetTrainResPageList`, { pageSize: 100 }, admin)).data.models;
    const byName = new Map(page.map((m) => [m.resName, m]));
    for (const name of ['新员工入职指引', '沟通技巧（音频课）']) {
      const res = byName.get(name);
      expect(res?.auditStatus, name).toBe(20);
      const pl = await t.post<{ playList: { item1: string; item2: string }[]; note: string }>(
        `${R}/GetVideoPlayList`,
        { videoId: res!.resCode },
        learner,
      );
      expect(pl.data.playList.map((p) => p.item1)).toEqual(['OD']);
      const file = await t.inject({ method: 'GET', url: pl.data.playList[0].item2, headers: { ydAuthorization: `Bearer ${learner}` } });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(sampleFile(name.includes('音频') ? 'sample.mp3' : 'sample.mp4'))).toBe(true);
    }
    const doc = byName.get('安全操作手册（文档）');
    expect(doc).toMatchObject({ auditStatus: 20, resType: 3, companySysCode: 'C-DEMO-TECH' });
    const pl = await t.post<{ playList: { item1: string; item2: string }[]; format: string }>(
      `${R}/GetVideoPlayList`,
      { videoId: doc!.resCode },
      learner,
    );
    expect(pl.data.format).toBe('file');
    const file = await t.inject({ method: 'GET', url: pl.data.playList[0].item2 });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.equals(sampleFile('sample.pdf'))).toBe(true);
  });
});
