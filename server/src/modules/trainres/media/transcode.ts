import { join } from 'node:path';
import { runTool } from './tools.ts';

/** spec §9 / DESIGN.md §4: FD 流畅 ~360p, LD 标清 ~540p, SD 高清 ~720p, OD 原画 (the source). */
export const LADDER = [
  { quality: 'FD', height: 360, videoKbps: 800 },
  { quality: 'LD', height: 540, videoKbps: 1400 },
  { quality: 'SD', height: 720, videoKbps: 2500 },
] as const;

export interface PlannedRendition {
  quality: string;
  height: number;
  /** OD of an h264/aac source is remuxed, not re-encoded */
  copy: boolean;
  videoKbps: number;
}

/**
 * The renditions of a video, none larger than the source: each ladder step capped at the source's
 * height (a step that would repeat a height already made is dropped), then OD.
 */
export function planRenditions(src: { height: number; videoCodec: string; audioCodec: string }): PlannedRendition[] {
  const out: PlannedRendition[] = [];
  const even = (h: number) => Math.max(2, h - (h % 2));
  for (const step of LADDER) {
    const height = even(Math.min(step.height, src.height));
    if (!out.some((r) => r.height === height)) out.push({ quality: step.quality, height, copy: false, videoKbps: step.videoKbps });
  }
  const copyable = src.videoCodec === 'h264' && ['aac', 'mp3', ''].includes(src.audioCodec);
  out.push({ quality: 'OD', height: src.height, copy: copyable, videoKbps: 4000 });
  return out;
}

/** ffmpeg arguments for one HLS rendition into `outDir` (index.m3u8 + seg_NNNN.ts). */
export function renditionArgs(input: string, outDir: string, r: PlannedRendition): string[] {
  const common = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', input, '-map', '0:v:0', '-map', '0:a:0?'];
  const codec = r.copy
    ? ['-c', 'copy']
    : [
        '-vf',
        `scale=-2:${r.height}`,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-profile:v',
        'main',
        '-b:v',
        `${r.videoKbps}k`,
        '-maxrate',
        `${Math.round(r.videoKbps * 1.2)}k`,
        '-bufsize',
        `${r.videoKbps * 2}k`,
        '-g',
        '48',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-ac',
        '2',
      ];
  return [
    ...common,
    ...codec,
    '-f',
    'hls',
    '-hls_time',
    '6',
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    join(outDir, 'seg_%04d.ts'),
    '-progress',
    'pipe:1',
    join(outDir, 'index.m3u8'),
  ];
}

/** Runs one rendition; `onProgress` gets 0–1 of the source's duration. */
export async function transcodeRendition(
  ffmpeg: string,
  input: string,
  outDir: string,
  r: PlannedRendition,
  opts: { durationSec: number; timeoutMs: number; signal?: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<void> {
  const res = await runTool(ffmpeg, renditionArgs(input, outDir, r), {
    timeoutMs: opts.timeoutMs,
    signal: opts.signal,
    nice: true,
    onLine: (line) => {
      const m = /^out_time_(?:us|ms)=(\d+)/.exec(line);
      if (m && opts.durationSec > 0) opts.onProgress?.(Math.min(1, Number(m[1]) / 1e6 / opts.durationSec));
    },
  });
  if (res.code !== 0) {
    const last = res.stderr.trim().split('\n').pop() ?? '';
    throw new Error(
      `转码失败（${r.quality}）：${/codec|decoder|encoder/i.test(last) ? '不支持的编码格式' : '文件可能已损坏'}${last ? ` — ${last.slice(0, 200)}` : ''}`,
    );
  }
}
