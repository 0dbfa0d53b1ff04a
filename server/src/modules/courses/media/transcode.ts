import { join } from 'node:path';
import { lastLines, MediaError, type ProbeResult, runTool } from './tools.ts';

/** spec §9 / DESIGN.md §4: FD 流畅 ~360p, LD 标清 ~540p, SD 高清 ~720p, OD 原画 (the source). */
export const LADDER = [
  { quality: 'FD', height: 360, videoKbps: 800 },
  { quality: 'LD', height: 540, videoKbps: 1400 },
  { quality: 'SD', height: 720, videoKbps: 2500 },
] as const;

export type SourceInfo = Pick<
  ProbeResult,
  'width' | 'height' | 'videoCodec' | 'audioCodec' | 'pixFmt' | 'rotation' | 'colorTransfer' | 'variableFrameRate' | 'fps'
>;

export interface PlannedRendition {
  quality: string;
  /** the output frame as displayed, both even (H.264 4:2:0 needs it); 0 for audio */
  width: number;
  height: number;
  /** OD of a source browsers already play is remuxed, not re-encoded */
  copy: boolean;
  /** an audio upload: one AAC rendition, no picture */
  audioOnly: boolean;
  videoKbps: number;
  /** the -vf chain of a re-encode ('' for copies and audio) */
  filter: string;
}

const HDR_TRANSFERS = ['smpte2084', 'arib-std-b67'];
const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/**
 * Whether the OD rendition may be the source's own streams in HLS: only what every browser (and
 * hls.js over MSE) decodes — 8-bit 4:2:0 H.264 with AAC/MP3 or no sound — and only upright, since
 * MPEG-TS has no rotation flag (a phone video would play on its side). Everything else is re-encoded.
 */
export function browserPlayable(src: SourceInfo): boolean {
  return (
    src.videoCodec === 'h264' &&
    ['yuv420p', 'yuvj420p'].includes(src.pixFmt) &&
    src.rotation === 0 &&
    !HDR_TRANSFERS.includes(src.colorTransfer) &&
    ['aac', 'mp3', ''].includes(src.audioCodec)
  );
}

/**
 * The -vf chain of a re-encode. ffmpeg has turned the picture upright before the chain (autorotate),
 * so the size is the displayed one. HDR (PQ/HLG) is tone-mapped to SDR BT.709 when this ffmpeg has
 * zscale and tonemap; without them it is only converted (duller colours, but it plays). Always ends
 * in 8-bit yuv420p: 4:4:4, 4:2:2 and 10-bit sources otherwise make libx264 refuse `-profile main`.
 */
function videoFilter(src: SourceInfo, width: number, height: number, canToneMap: boolean): string {
  const chain = [`scale=${width}:${height}`];
  // variable frame rate (screen recorders, phones): constant frames make even HLS segments
  if (src.variableFrameRate && src.fps > 0) chain.push(`fps=${Math.min(60, Math.max(1, Math.round(src.fps)))}`);
  if (HDR_TRANSFERS.includes(src.colorTransfer) && canToneMap) {
    chain.push(
      `zscale=tin=${src.colorTransfer}:pin=bt2020:min=bt2020nc:t=linear:npl=100`,
      'format=gbrpf32le',
      'zscale=p=bt709',
      'tonemap=tonemap=hable:desat=0',
      'zscale=t=bt709:m=bt709:r=tv',
    );
  }
  chain.push('format=yuv420p');
  return chain.join(',');
}

/**
 * The renditions of an upload, none larger than the source. Audio (no picture): one AAC rendition.
 * Video: each ladder step bounds the picture's shorter side, capped at the source's (a step that
 * would repeat a size already made is dropped), then OD at the source size. The shorter side, so a
 * portrait phone video's 流畅 is 360 wide and 640 high — as many pixels as a landscape 640x360 —
 * rather than an unreadable 202x360.
 */
export function planRenditions(src: SourceInfo, opts: { canToneMap?: boolean } = {}): PlannedRendition[] {
  if (!src.height || !src.width) {
    return [{ quality: 'OD', width: 0, height: 0, copy: false, audioOnly: true, videoKbps: 0, filter: '' }];
  }
  const portrait = src.height > src.width;
  const short = portrait ? src.width : src.height;
  const long = portrait ? src.height : src.width;
  const size = (s: number) => {
    const other = even(Math.round((s * long) / short));
    return portrait ? { width: s, height: other } : { width: other, height: s };
  };
  const out: PlannedRendition[] = [];
  for (const step of LADDER) {
    const s = even(Math.min(step.height, short));
    if (out.some((r) => Math.min(r.width, r.height) === s)) continue;
    const { width, height } = size(s);
    out.push({
      quality: step.quality,
      width,
      height,
      copy: false,
      audioOnly: false,
      videoKbps: step.videoKbps,
      filter: videoFilter(src, width, height, Boolean(opts.canToneMap)),
    });
  }
  const copy = browserPlayable(src);
  const width = even(src.width);
  const height = even(src.height);
  out.push({
    quality: 'OD',
    width: copy ? src.width : width,
    height: copy ? src.height : height,
    copy,
    audioOnly: false,
    videoKbps: 4000,
    filter: copy ? '' : videoFilter(src, width, height, Boolean(opts.canToneMap)),
  });
  return out;
}

const AUDIO = ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'];

/** ffmpeg arguments for one HLS rendition into `outDir` (index.m3u8 + seg_NNNN.ts). */
export function renditionArgs(input: string, outDir: string, r: PlannedRendition): string[] {
  const common = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', input];
  const codec = r.audioOnly
    ? ['-map', '0:a:0', '-vn', ...AUDIO]
    : r.copy
      ? ['-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy']
      : [
          '-map',
          '0:v:0',
          '-map',
          '0:a:0?',
          '-vf',
          r.filter,
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-profile:v',
          'main',
          '-pix_fmt',
          'yuv420p',
          '-b:v',
          `${r.videoKbps}k`,
          '-maxrate',
          `${Math.round(r.videoKbps * 1.2)}k`,
          '-bufsize',
          `${r.videoKbps * 2}k`,
          // a key frame every 2 s of time (not of frames), so segments cut evenly at any frame rate
          '-force_key_frames',
          'expr:gte(t,n_forced*2)',
          ...AUDIO,
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

export const QUALITY_NAMES: Record<string, string> = { FD: '流畅', LD: '标清', SD: '高清', OD: '原画' };

/** The administrator's short reason for a failed ffmpeg run (its own lines go to 详情). */
export function failureReason(quality: string, stderr: string, timedOut = false): string {
  const which = `${QUALITY_NAMES[quality] ?? quality}（${quality}）`;
  if (timedOut) return `${which}转码超时：视频过长或服务器繁忙，请稍后重试`;
  if (/decoder|codec not (?:currently )?supported|unknown codec|no decoder/i.test(stderr)) return `${which}转码失败：不支持的编码格式`;
  if (/encoder|profile|pixel format|incompatible/i.test(stderr)) return `${which}转码失败：编码参数与视频不兼容`;
  if (/no space left/i.test(stderr)) return `${which}转码失败：服务器磁盘空间不足`;
  return `${which}转码失败：文件可能已损坏或格式不受支持`;
}

/** Runs one rendition; `onProgress` gets 0–1 of the source's duration. Throws a MediaError. */
export async function transcodeRendition(
  ffmpeg: string,
  input: string,
  outDir: string,
  r: PlannedRendition,
  opts: { durationSec: number; timeoutMs: number; signal?: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<void> {
  let res: Awaited<ReturnType<typeof runTool>>;
  try {
    res = await runTool(ffmpeg, renditionArgs(input, outDir, r), {
      timeoutMs: opts.timeoutMs,
      signal: opts.signal,
      nice: true,
      onLine: (line) => {
        const m = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (m && opts.durationSec > 0) opts.onProgress?.(Math.min(1, Number(m[1]) / 1e6 / opts.durationSec));
      },
    });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    const message = err instanceof Error ? err.message : String(err);
    throw new MediaError(failureReason(r.quality, message, /timed out/.test(message)), message);
  }
  if (res.code !== 0) throw new MediaError(failureReason(r.quality, res.stderr), lastLines(res.stderr));
}
