// Helpers for the media job tests: a wrapper standing in for ffmpeg, and an upload the job takes.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { media } from '../src/db/schema/index.ts';
import type { AppContext } from '../src/platform/context.ts';

/**
 * Writes `dir/ffmpeg`, a shell script that runs `lines` and then the real ffmpeg with the same
 * arguments (what FFMPEG_PATH then names); returns its path.
 */
export function ffmpegWrapper(dir: string, lines: readonly string[]): string {
  const wrapper = join(dir, 'ffmpeg');
  writeFileSync(wrapper, ['#!/bin/sh', ...lines, 'exec ffmpeg "$@"', ''].join('\n'));
  chmodSync(wrapper, 0o755);
  return wrapper;
}

/**
 * A file of the demo company stored as an upload (status 'uploaded'), as the media job finds one;
 * by default a video, `lesson.mp4`. Returns the media row.
 */
export async function storeUploadedMedia(
  ctx: AppContext,
  code: string,
  bytes: Buffer,
  opts: { kind?: 'video' | 'audio'; ext?: string; mime?: string; originalName?: string; now?: Date } = {},
): Promise<typeof media.$inferSelect> {
  const { kind = 'video', ext = '.mp4', mime = 'video/mp4', originalName = 'lesson.mp4', now = new Date() } = opts;
  const sourceKey = `media/${code}/source${ext}`;
  await ctx.storage.put(sourceKey, bytes);
  const [row] = await ctx.db
    .insert(media)
    .values({
      mediaCode: code,
      companySysCode: 'C-DEMO-TECH',
      kind,
      sourceKey,
      ext,
      mime,
      originalName,
      size: bytes.length,
      status: 'uploaded',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}
