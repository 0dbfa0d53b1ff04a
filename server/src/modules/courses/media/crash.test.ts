import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runsFfmpeg } from '../../../../test/ffmpeg.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { ffmpegWrapper, storeUploadedMedia } from '../../../../test/media-kit.ts';
import { enqueueJob } from '../../../platform/jobs/index.ts';
import { processMedia, processMediaJob } from './jobs.ts';
import * as repo from './media.repository.ts';
import { makeWorkDir, sweepWorkDirs } from './workdir.ts';

// A transcoding worker killed outright (issue 38 item 7): the folder it left goes, and the job taken
// back keeps the renditions already stored. ffmpeg is the real one behind a wrapper that writes
// down which rendition each run makes.
const HAS_FFMPEG = runsFfmpeg('crash.test');

const SAMPLE = join(import.meta.dirname, '../resources/samples/sample.mp4');

/** A pid no process has: one that just exited. */
const deadPid = () => spawnSync('true').pid as number;

describe.runIf(HAS_FFMPEG)('a transcode killed midway', () => {
  let t: TestApp;
  let work: string;
  let runs: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'xuetu-crash-test-'));
    runs = join(work, 'runs.log');
    writeFileSync(runs, '');
    // each rendition run names its output folder (…/FD/index.m3u8) in the log; told by XUETU_HANG,
    // the OD run hangs (the test kills it there, as a dying worker's ffmpeg is)
    const wrapper = ffmpegWrapper(work, [
      `for a in "$@"; do case "$a" in */index.m3u8) echo "$a" >> ${runs} ;; esac; done`,
      'case "$XUETU_HANG:$*" in OD:*/OD/index.m3u8*) exec sleep 30 ;; esac',
    ]);
    t = await buildTestApp({ env: { FFMPEG_PATH: wrapper } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('the sweep removes the folder a dead process left, and keeps those of live transcodes', async () => {
    const root = mkdtempSync(join(work, 'tmp-'));
    const dead = join(root, `xuetu-media-${deadPid()}-MCRASH-abc123`);
    const live = join(root, `xuetu-media-${process.ppid}-MLIVE-abc123`);
    // a folder that only starts like ours (another test's) is left alone
    const other = join(root, 'xuetu-media-test-abc123');
    for (const dir of [dead, live, other]) {
      mkdirSync(join(dir, 'FD'), { recursive: true });
      writeFileSync(join(dir, 'FD', 'seg_0000.ts'), Buffer.alloc(1024 * 1024));
    }
    expect(await sweepWorkDirs(t.ctx, root)).toEqual([dead]);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });

  it("a folder with this process's pid is swept when an earlier process left it, kept while this one uses it", async () => {
    const root = mkdtempSync(join(work, 'tmp-'));
    // a container restarted after kill -9 often gets the same pid (1) as the process that died
    const earlier = join(root, `xuetu-media-${process.pid}.00000000-MEARLIER-abc123`);
    mkdirSync(earlier);
    const mine = await makeWorkDir('MMINE', root);
    expect(await sweepWorkDirs(t.ctx, root)).toEqual([earlier]);
    expect(existsSync(mine.path)).toBe(true);
    await mine.release();
    expect(existsSync(mine.path)).toBe(false);
  });

  it('a process that starts taking media jobs sweeps the temporary folder', async () => {
    const dead = join(tmpdir(), `xuetu-media-${deadPid()}-MSTART-abc123`);
    mkdirSync(dead);
    const stop = processMediaJob.onStart?.(t.ctx, t.app.log);
    try {
      await vi.waitFor(() => expect(existsSync(dead)).toBe(false));
    } finally {
      stop?.();
    }
  });

  it('the job taken back keeps the renditions the killed run finished', async () => {
    const bytes = readFileSync(SAMPLE);
    const code = 'MCRASH1';
    const now = new Date();
    const row = await storeUploadedMedia(t.ctx, code, bytes, { now });
    // the first run dies while making OD, FD already stored (this clip plans FD and OD): its
    // ffmpeg is killed as the process's would be
    const dying = new AbortController();
    process.env.XUETU_HANG = 'OD';
    const watch = setInterval(() => {
      if (readFileSync(runs, 'utf8').includes('/OD/')) dying.abort();
    }, 50);
    try {
      await expect(processMedia(t.ctx, row, dying.signal, async () => {})).rejects.toThrow();
    } finally {
      clearInterval(watch);
      delete process.env.XUETU_HANG;
    }
    const left = await repo.findMediaById(t.ctx.db, row.id);
    expect(left?.status).toBe('processing');
    expect(left?.renditions.map((r) => r.quality)).toEqual(['FD']);
    writeFileSync(runs, '');
    await enqueueJob(t.ctx.db, processMediaJob, { mediaId: row.id }, { now });
    await t.ctx.jobs.drain({ kinds: [processMediaJob.kind] });
    const done = await repo.findMediaById(t.ctx.db, row.id);
    expect(done?.status).toBe('ready');
    expect(done?.renditions.map((r) => r.quality)).toEqual(['FD', 'OD']);
    // the retaken run made OD only
    const made = readFileSync(runs, 'utf8').trim().split('\n');
    expect(made.map((p) => p.split('/').at(-2))).toEqual(['OD']);
    expect(await t.ctx.storage.head(`media/${code}/FD/index.m3u8`)).not.toBeNull();
  });
});
