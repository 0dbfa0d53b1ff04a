import { createWriteStream } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MediaStatus } from '@xuetu/contract';
import type { AppContext } from '../../../platform/context.ts';
import { defineJob } from '../../../platform/jobs/index.ts';
import { PLATFORM_WIDE } from '../../../platform/scope.ts';
import * as repo from './media.repository.ts';
import { canToneMap, MediaError, mediaCapability, probeMedia } from './tools.ts';
import { type PlannedRendition, planRenditions, transcodeRendition } from './transcode.ts';
import { makeWorkDir, startWorkDirSweeper } from './workdir.ts';

const PROBE_TIMEOUT_MS = 60_000;

// The job has no caller: it processes whichever company's upload it was given (the row it loaded
// by id) and gives the read duration to every resource using that media, so its writes pass
// PLATFORM_WIDE (ADR 0023).

/** Where a media file's renditions live in storage. */
export const renditionPrefix = (mediaCode: string, quality: string) => `media/${mediaCode}/${quality}`;

/**
 * Probes an uploaded video or audio file and, for video, makes the HLS renditions. Progress and
 * the failure reason are kept on the media row for the admin; a failed run is not retried on its
 * own (a corrupt file stays corrupt): the admin retries it (RetryMedia), which enqueues it again.
 * A long ffmpeg run keeps its job through the runner's lease heartbeat; a dead process's job is
 * taken back by another one after the lease (JOBS_LEASE_MS) and goes on from the renditions
 * already stored. A process runs MEDIA_TRANSCODE_CONCURRENCY uploads at once (issue 38 item 10:
 * a short lesson is not stuck at 0 % behind a long one).
 */
export const processMediaJob = defineJob<{ mediaId: number }>('trainres.processMedia', {
  concurrency: (env) => env.MEDIA_TRANSCODE_CONCURRENCY,
  // the work folders of runs killed outright on this machine go at start and every 10 minutes
  onStart: (ctx, log) => startWorkDirSweeper(ctx, log),
  maxAttempts: 1,
  run: async (job, { ctx, progress, signal, log }) => {
    const row = await repo.findMediaById(ctx.db, job.payload.mediaId);
    if (!row) return;
    try {
      await processMedia(ctx, row, signal, async (pct) => {
        await progress(pct);
        await repo.updateMedia(ctx.db, PLATFORM_WIDE, row.id, { progress: pct, updatedAt: ctx.clock.now() });
      });
    } catch (err) {
      // the process is stopping (or lost the job): the job goes back to the queue and its next
      // run goes on from the renditions stored so far; the video stays 处理中 rather than failed
      if (signal.aborted) throw err;
      // the admin reads a short Chinese reason; the tool's words stay apart for 详情
      const reason = err instanceof MediaError ? err.reason : '处理失败，请重试';
      const detail = err instanceof MediaError ? err.detail : err instanceof Error ? err.message : String(err);
      log.warn({ err: { message: reason, detail }, media: row.mediaCode }, 'media processing failed');
      await repo.updateMedia(ctx.db, PLATFORM_WIDE, row.id, {
        status: MediaStatus.Failed,
        error: reason.slice(0, 500),
        errorDetail: detail.slice(0, 4000),
        updatedAt: ctx.clock.now(),
      });
      throw err;
    }
  },
});

export async function processMedia(
  ctx: AppContext,
  row: repo.MediaRow,
  signal: AbortSignal,
  report: (pct: number) => Promise<void>,
): Promise<void> {
  const { env } = ctx;
  await repo.updateMedia(ctx.db, PLATFORM_WIDE, row.id, {
    status: MediaStatus.Processing,
    progress: 0,
    error: '',
    errorDetail: '',
    updatedAt: ctx.clock.now(),
  });
  const original = { quality: 'OD', key: row.sourceKey, height: row.height, format: 'file' as const };
  const cap = await mediaCapability(ctx);
  if (!cap.ffprobe || !cap.ffmpeg) {
    // without ffmpeg the original plays as the only quality; the admin sees why
    await repo.updateMedia(ctx.db, PLATFORM_WIDE, row.id, {
      status: MediaStatus.Ready,
      progress: 100,
      error: cap.reason,
      renditions: [original],
      updatedAt: ctx.clock.now(),
    });
    return;
  }
  const work = await makeWorkDir(row.mediaCode);
  try {
    const input = join(work.path, `source${row.ext}`);
    const obj = await ctx.storage.get(row.sourceKey);
    if (!obj) throw new MediaError('原文件已不存在，请重新上传');
    await pipeline(obj.body, createWriteStream(input));
    const info = await probeMedia(env.FFPROBE_PATH, input, PROBE_TIMEOUT_MS);
    const base = { duration: info.duration, width: info.width, height: info.height, updatedAt: ctx.clock.now() };
    // an audio upload (or a "video" with no picture) becomes one AAC rendition; a video uploaded
    // for an audio resource keeps only its sound
    const sound = row.kind !== 'video' || !info.height;
    const source = sound ? { ...info, width: 0, height: 0 } : info;
    if (sound && !info.audioCodec) throw new MediaError('文件中没有声音，不能作为音频使用');
    await repo.updateMedia(ctx.db, PLATFORM_WIDE, row.id, base);
    const plan = planRenditions(source, { canToneMap: await canToneMap(ctx) });
    // a run that died (kill -9, a lost node) or failed stored the renditions it finished: they are kept
    const made = await finishedRenditions(ctx, row, plan);
    await repo.updateMedia(ctx.db, PLATFORM_WIDE, row.id, { renditions: made });
    const failures: MediaError[] = [];
    // progress writes in order, all written before the final state
    let writes = Promise.resolve();
    const push = (pct: number) => {
      writes = writes.then(() => report(pct)).catch(() => {});
    };
    if (made.length) push(Math.floor((made.length / plan.length) * 100));
    for (const [i, r] of plan.entries()) {
      if (made.some((m) => m.quality === r.quality)) continue;
      const outDir = join(work.path, r.quality);
      await mkdir(outDir);
      let last = -1;
      try {
        await transcodeRendition(env.FFMPEG_PATH, input, outDir, r, {
          durationSec: info.duration,
          timeoutMs: env.MEDIA_TRANSCODE_TIMEOUT_MS,
          signal,
          onProgress: (f) => {
            const pct = Math.min(99, Math.floor(((i + f) / plan.length) * 100));
            if (pct !== last) {
              last = pct;
              push(pct);
            }
          },
        });
      } catch (err) {
        // one quality failing does not cost the others: learners get what was made
        if (!(err instanceof MediaError) || signal.aborted) throw err;
        failures.push(err);
        continue;
      }
      made.push(await storeRendition(ctx, row.mediaCode, r, outDir));
      // stored at once, so a run that dies after this point does not make it again
      await repo.updateMedia(ctx.db, PLATFORM_WIDE, row.id, { renditions: made, updatedAt: ctx.clock.now() });
      push(Math.min(99, Math.floor(((i + 1) / plan.length) * 100)));
    }
    await writes;
    if (failures.length) {
      const failed = plan.filter((r) => !made.some((m) => m.quality === r.quality)).map((r) => r.quality);
      // the renditions that worked stay playable; the media is failed so the admin sees it and retries
      if (made.length) await repo.setResourceDuration(ctx.db, PLATFORM_WIDE, row.mediaCode, info.duration);
      throw new MediaError(
        made.length ? `${failures[0].reason}（${failed.join('、')} 未生成，其余清晰度可播放）` : failures[0].reason,
        failures.map((f) => f.detail).join('\n---\n'),
      );
    }
    await repo.updateMedia(ctx.db, PLATFORM_WIDE, row.id, {
      status: MediaStatus.Ready,
      progress: 100,
      error: '',
      renditions: made,
      updatedAt: ctx.clock.now(),
    });
    await repo.setResourceDuration(ctx.db, PLATFORM_WIDE, row.mediaCode, info.duration);
  } finally {
    await work.release();
  }
}

/**
 * The renditions an earlier run of this upload stored that this plan still wants (same quality
 * and size) and whose playlist is still in storage; the playlist is stored after its segments, so
 * it being there means the rendition is whole.
 */
async function finishedRenditions(ctx: AppContext, row: repo.MediaRow, plan: PlannedRendition[]): Promise<repo.Rendition[]> {
  const kept: repo.Rendition[] = [];
  for (const r of row.renditions) {
    const wanted = plan.some((p) => p.quality === r.quality && p.height === r.height);
    if (r.format === 'hls' && wanted && (await ctx.storage.head(r.key))) kept.push(r);
  }
  return kept;
}

/** Copies a finished rendition to storage, segments first and its playlist last. */
async function storeRendition(ctx: AppContext, mediaCode: string, r: PlannedRendition, outDir: string): Promise<repo.Rendition> {
  const prefix = renditionPrefix(mediaCode, r.quality);
  const names = (await readdir(outDir)).sort((a, b) => Number(a.endsWith('.m3u8')) - Number(b.endsWith('.m3u8')));
  for (const name of names) {
    const type = name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t';
    await ctx.storage.putFile(`${prefix}/${name}`, join(outDir, name), type);
  }
  return { quality: r.quality, key: `${prefix}/index.m3u8`, height: r.height, format: 'hls' };
}
