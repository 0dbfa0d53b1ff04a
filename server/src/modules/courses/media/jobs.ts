import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MediaStatus } from '@xuetu/contract';
import type { AppContext } from '../../../platform/context.ts';
import { defineJob } from '../../../platform/jobs/index.ts';
import { PLATFORM_WIDE } from '../../../platform/scope.ts';
import * as repo from './media.repository.ts';
import { canToneMap, MediaError, mediaCapability, oneAtATime, probeMedia } from './tools.ts';
import { planRenditions, transcodeRendition } from './transcode.ts';

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
 * taken back by another one after the lease (JOBS_LEASE_MS).
 */
export const processMediaJob = defineJob<{ mediaId: number }>('trainres.processMedia', {
  concurrency: 1,
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
      // run starts over; the video stays 处理中 rather than failed
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
  const work = await mkdtemp(join(tmpdir(), 'xuetu-media-'));
  try {
    const input = join(work, `source${row.ext}`);
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
    const made: repo.Rendition[] = [];
    const failures: MediaError[] = [];
    // progress writes in order, all written before the final state
    let writes = Promise.resolve();
    const push = (pct: number) => {
      writes = writes.then(() => report(pct)).catch(() => {});
    };
    await oneAtATime(ctx, async () => {
      for (const [i, r] of plan.entries()) {
        const outDir = join(work, r.quality);
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
        const prefix = renditionPrefix(row.mediaCode, r.quality);
        for (const name of await readdir(outDir)) {
          const type = name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t';
          await ctx.storage.put(`${prefix}/${name}`, await readFile(join(outDir, name)), type);
        }
        made.push({ quality: r.quality, key: `${prefix}/index.m3u8`, height: r.height, format: 'hls' });
        push(Math.min(99, Math.floor(((i + 1) / plan.length) * 100)));
      }
    });
    await writes;
    if (failures.length) {
      const failed = plan.filter((r) => !made.some((m) => m.quality === r.quality)).map((r) => r.quality);
      // the renditions that worked stay playable; the media is failed so the admin sees it and retries
      await repo.updateMedia(ctx.db, PLATFORM_WIDE, row.id, { renditions: made, updatedAt: ctx.clock.now() });
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
    await rm(work, { recursive: true, force: true });
  }
}
