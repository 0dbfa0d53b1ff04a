import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runsFfmpeg } from '../../../../test/ffmpeg.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { ffmpegWrapper, storeUploadedMedia } from '../../../../test/media-kit.ts';
import { enqueueJob } from '../../../platform/jobs/index.ts';
import { processMediaJob } from './jobs.ts';

// Lessons uploaded together transcode together (issue 38 item 10: four lessons waited at 0 % while
// one clip took minutes). The ffmpeg wrapper's FD run waits (up to 20 s) for a second FD run to
// start beside it and writes down whether one did: 'together' or 'alone'.
const HAS_FFMPEG = runsFfmpeg('concurrency.test');

describe.runIf(HAS_FFMPEG)('MEDIA_TRANSCODE_CONCURRENCY', () => {
  let t: TestApp;
  let work: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'xuetu-concurrency-test-'));
    const wrapper = ffmpegWrapper(work, [
      'case "$*" in',
      `  */FD/index.m3u8*) touch ${work}/fd-$$; i=0; while [ $(ls ${work} | grep -c '^fd-') -lt 2 ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i+1)); done;`,
      `    if [ $i -lt 200 ]; then echo together >> ${work}/runs; else echo alone >> ${work}/runs; fi ;;`,
      'esac',
    ]);
    t = await buildTestApp({ env: { FFMPEG_PATH: wrapper, MEDIA_TRANSCODE_CONCURRENCY: 2 } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('two uploads are transcoded at once', async () => {
    const bytes = readFileSync(join(import.meta.dirname, '../resources/samples/sample.mp4'));
    const now = new Date();
    for (const code of ['MCONC1', 'MCONC2']) {
      const row = await storeUploadedMedia(t.ctx, code, bytes, { originalName: `${code}.mp4`, now });
      await enqueueJob(t.ctx.db, processMediaJob, { mediaId: row.id }, { now });
    }
    await t.ctx.jobs.drain({ kinds: [processMediaJob.kind] });
    expect(readFileSync(join(work, 'runs'), 'utf8').trim().split('\n')).toEqual(['together', 'together']);
  });
});
