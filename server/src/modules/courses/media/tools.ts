import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import type { AppContext } from '../../../platform/context.ts';

/**
 * The system ffmpeg/ffprobe, spawned with argument arrays (never a shell string), each run with
 * a timeout and at a lower CPU priority, so a transcode never starves the API.
 */
export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** called with each stdout line (ffmpeg -progress pipe:1) */
  onLine?: (line: string) => void;
  /** lower the priority of the child (nice 10) */
  nice?: boolean;
}

const MAX_CAPTURE = 64 * 1024;

export function runTool(cmd: string, args: string[], opts: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    } catch (err) {
      reject(err);
      return;
    }
    if (opts.nice && child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // not permitted here: run at normal priority
      }
    }
    let stdout = '';
    let stderr = '';
    let pending = '';
    let timedOut = false;
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, opts.timeoutMs);
    opts.signal?.addEventListener('abort', kill, { once: true });
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (stdout.length < MAX_CAPTURE) stdout += text;
      if (!opts.onLine) return;
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) opts.onLine(line.trim());
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-MAX_CAPTURE);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', kill);
      if (timedOut) reject(new Error(`${cmd} timed out after ${opts.timeoutMs} ms`));
      else if (opts.signal?.aborted) reject(new Error(`${cmd} stopped: the app is shutting down`));
      else resolve({ code, stdout, stderr });
    });
  });
}

export interface Capability {
  ffmpeg: boolean;
  ffprobe: boolean;
  version: string;
  /** why media cannot be transcoded, empty when it can */
  reason: string;
}

/**
 * What this app remembers of its tools (ctx.locals): whether ffmpeg/ffprobe run and which
 * filters ffmpeg has (asked once, of the app's FFMPEG_PATH/FFPROBE_PATH).
 */
interface MediaTools {
  capability: Promise<Capability> | null;
  toneMap: Promise<boolean> | null;
}
const toolsOf = (ctx: Pick<AppContext, 'locals'>) => ctx.locals.of<MediaTools>('media.tools', () => ({ capability: null, toneMap: null }));

/** Whether ffmpeg and ffprobe run here (checked once per app). */
export function mediaCapability(ctx: Pick<AppContext, 'env' | 'locals'>): Promise<Capability> {
  const tools = toolsOf(ctx);
  tools.capability ??= probeCapability(ctx.env.FFMPEG_PATH, ctx.env.FFPROBE_PATH);
  return tools.capability;
}

async function probeCapability(ffmpeg: string, ffprobe: string): Promise<Capability> {
  const probe = async (cmd: string) => {
    try {
      const r = await runTool(cmd, ['-version'], { timeoutMs: 5000 });
      return r.code === 0 ? r.stdout.split('\n')[0] : null;
    } catch {
      return null;
    }
  };
  const [a, b] = await Promise.all([probe(ffmpeg), probe(ffprobe)]);
  const reason = a && b ? '' : '服务器未安装 ffmpeg/ffprobe：视频不能转码，只能以原画（原文件）播放';
  return { ffmpeg: Boolean(a), ffprobe: Boolean(b), version: a ?? '', reason };
}

export interface ProbeResult {
  duration: number;
  /** the displayed frame (after the rotation players apply), 0 without video */
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string;
  /** e.g. yuv420p, yuv444p, yuv420p10le */
  pixFmt: string;
  /** degrees the player turns the picture (display matrix or the old rotate tag) */
  rotation: number;
  /** smpte2084 (HDR10) / arib-std-b67 (HLG) / bt709 / '' */
  colorTransfer: string;
  /** the frame rate varies (screen recorders, phones): average and nominal rate differ */
  variableFrameRate: boolean;
  /** average frames per second, 0 when unknown */
  fps: number;
}

/** A media failure: a short Chinese reason for the administrator and the tool's own words. */
export class MediaError extends Error {
  constructor(
    readonly reason: string,
    readonly detail = '',
  ) {
    super(detail ? `${reason} — ${detail.split('\n').pop()}` : reason);
  }
}

/** The last lines a tool wrote to stderr, for the administrator's 详情. */
export const lastLines = (stderr: string, lines = 12) => stderr.trim().split('\n').slice(-lines).join('\n').slice(-2000);

const rate = (r: string | undefined) => {
  const [n, d] = String(r ?? '')
    .split('/')
    .map(Number);
  return n > 0 && d > 0 ? n / d : 0;
};

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  pix_fmt?: string;
  color_transfer?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  tags?: { rotate?: string };
  side_data_list?: { side_data_type?: string; rotation?: number }[];
  disposition?: { attached_pic?: number };
}

/** Reads duration, size and codecs; throws a readable reason for a corrupt or unsupported file. */
export async function probeMedia(ffprobe: string, path: string, timeoutMs: number): Promise<ProbeResult> {
  const r = await runTool(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path], { timeoutMs });
  const unreadable = '无法读取媒体文件：文件已损坏或格式不受支持';
  if (r.code !== 0) throw new MediaError(unreadable, lastLines(r.stderr));
  let info: { format?: { duration?: string }; streams?: ProbeStream[] };
  try {
    info = JSON.parse(r.stdout);
  } catch {
    throw new MediaError(unreadable, lastLines(r.stderr));
  }
  // an mp3/m4a's cover art is a one-picture "video" stream: not a video
  const video = info.streams?.find((s) => s.codec_type === 'video' && s.width && !s.disposition?.attached_pic);
  const audio = info.streams?.find((s) => s.codec_type === 'audio');
  const duration = Number(info.format?.duration ?? video?.duration ?? audio?.duration ?? 0);
  if (!video && !audio) throw new MediaError('文件中没有可播放的音视频内容', lastLines(r.stderr));
  const matrix = video?.side_data_list?.find((d) => d.side_data_type === 'Display Matrix')?.rotation;
  const rotation = ((Math.round(Number(matrix ?? video?.tags?.rotate ?? 0)) % 360) + 360) % 360 || 0;
  const turned = rotation === 90 || rotation === 270;
  const avg = rate(video?.avg_frame_rate);
  const nominal = rate(video?.r_frame_rate);
  return {
    duration: Number.isFinite(duration) ? Math.round(duration) : 0,
    width: (turned ? video?.height : video?.width) ?? 0,
    height: (turned ? video?.width : video?.height) ?? 0,
    videoCodec: video?.codec_name ?? '',
    audioCodec: audio?.codec_name ?? '',
    pixFmt: video?.pix_fmt ?? '',
    rotation,
    colorTransfer: video?.color_transfer ?? '',
    variableFrameRate: avg > 0 && nominal > 0 && Math.abs(avg - nominal) / nominal > 0.01,
    fps: avg || nominal,
  };
}

/** The filters this ffmpeg was built with: zscale/tonemap are optional. */
export function ffmpegFilters(ffmpeg: string): Promise<Set<string>> {
  return runTool(ffmpeg, ['-hide_banner', '-filters'], { timeoutMs: 5000 })
    .then((r) => new Set(r.stdout.split('\n').map((l) => l.trim().split(/\s+/)[1] ?? '')))
    .catch(() => new Set<string>());
}

/** Whether the app's ffmpeg can tone-map HDR to SDR (has zscale; asked once per app). */
export function canToneMap(ctx: Pick<AppContext, 'env' | 'locals'>): Promise<boolean> {
  const tools = toolsOf(ctx);
  tools.toneMap ??= ffmpegFilters(ctx.env.FFMPEG_PATH).then((f) => f.has('zscale'));
  return tools.toneMap;
}
