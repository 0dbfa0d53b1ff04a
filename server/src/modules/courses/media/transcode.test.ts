import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runsFfmpeg } from '../../../../test/ffmpeg.ts';
import { ffmpegFilters, probeMedia } from './tools.ts';
import { browserPlayable, failureReason, planRenditions, type SourceInfo, transcodeRendition } from './transcode.ts';

// The sources people upload (issue 23 item 2): each one, made tiny by ffmpeg's lavfi, is probed,
// planned and transcoded for real, and every rendition is checked with ffprobe to be what browsers
// play: H.264 8-bit 4:2:0 with even, upright dimensions (or AAC alone for audio).
const HAS_FFMPEG = runsFfmpeg('transcode.test');

const plain: SourceInfo = {
  width: 1280,
  height: 720,
  videoCodec: 'h264',
  audioCodec: 'aac',
  pixFmt: 'yuv420p',
  rotation: 0,
  colorTransfer: '',
  variableFrameRate: false,
  fps: 25,
};

describe('planning renditions', () => {
  it('a landscape ladder stops at the source; OD remuxes only what browsers play', () => {
    const plan = planRenditions(plain);
    expect(plan.map((r) => [r.quality, r.width, r.height, r.copy])).toEqual([
      ['FD', 640, 360, false],
      ['LD', 960, 540, false],
      ['SD', 1280, 720, false],
      ['OD', 1280, 720, true],
    ]);
    expect(plan[0].filter).toBe('scale=640:360,format=yuv420p');
    for (const other of [
      { pixFmt: 'yuv444p' },
      { pixFmt: 'yuv422p' },
      { pixFmt: 'yuv420p10le' },
      { videoCodec: 'hevc' },
      { videoCodec: 'vp9' },
      { audioCodec: 'opus' },
      { rotation: 90 },
      { colorTransfer: 'smpte2084' },
    ]) {
      expect(browserPlayable({ ...plain, ...other }), JSON.stringify(other)).toBe(false);
    }
    expect(browserPlayable({ ...plain, audioCodec: '' })).toBe(true);
    expect(browserPlayable({ ...plain, audioCodec: 'mp3' })).toBe(true);
  });

  it('a portrait phone video: the ladder bounds the shorter side, sizes stay portrait and even', () => {
    const plan = planRenditions({ ...plain, width: 1080, height: 1920, rotation: 90 });
    expect(plan.map((r) => [r.quality, r.width, r.height, r.copy])).toEqual([
      ['FD', 360, 640, false],
      ['LD', 540, 960, false],
      ['SD', 720, 1280, false],
      ['OD', 1080, 1920, false],
    ]);
  });

  it('odd sizes become even; HDR is tone-mapped when zscale is there; VFR gets a constant rate; audio is one rendition', () => {
    const odd = planRenditions({ ...plain, width: 99, height: 67, pixFmt: 'yuv444p' });
    expect(odd.map((r) => [r.quality, r.width, r.height])).toEqual([
      ['FD', 98, 66],
      ['OD', 98, 66],
    ]);
    const hdr = planRenditions(
      { ...plain, videoCodec: 'hevc', colorTransfer: 'arib-std-b67', pixFmt: 'yuv420p10le' },
      { canToneMap: true },
    );
    expect(hdr[0].filter).toContain('tonemap=tonemap=hable');
    expect(hdr[0].filter).toContain('zscale=tin=arib-std-b67');
    expect(hdr[0].filter.endsWith('format=yuv420p')).toBe(true);
    expect(planRenditions({ ...plain, colorTransfer: 'smpte2084' })[0].filter).not.toContain('tonemap');
    expect(planRenditions({ ...plain, variableFrameRate: true, fps: 7.4 })[0].filter).toBe('scale=640:360,fps=7,format=yuv420p');
    expect(planRenditions({ ...plain, width: 0, height: 0 })).toEqual([
      { quality: 'OD', width: 0, height: 0, copy: false, audioOnly: true, videoKbps: 0, filter: '' },
    ]);
  });

  it('the administrator reads a short Chinese reason per kind of failure', () => {
    expect(failureReason('SD', 'Unknown encoder libfoo')).toBe('高清（SD）转码失败：编码参数与视频不兼容');
    expect(failureReason('OD', 'Decoder (codec av1) not found for input stream')).toBe('原画（OD）转码失败：不支持的编码格式');
    expect(failureReason('FD', 'ffmpeg timed out after 10 ms', true)).toMatch(/^流畅（FD）转码超时/);
    expect(failureReason('FD', 'moov atom not found')).toBe('流畅（FD）转码失败：文件可能已损坏或格式不受支持');
  });
});

interface Stream {
  codec_type: string;
  codec_name: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  side_data_list?: { rotation?: number }[];
}

describe.runIf(HAS_FFMPEG)('transcoding what people upload (real ffmpeg)', () => {
  let work: string;
  const LAVFI_VIDEO = ['-f', 'lavfi', '-i', 'testsrc=size=128x72:rate=5'];
  const LAVFI_SOUND = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050'];
  const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast'];

  function make(name: string, args: string[]): string {
    const out = join(work, name);
    const r = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, '-t', '1', out], { timeout: 30_000 });
    if (r.status !== 0) throw new Error(`ffmpeg could not make ${name}: ${r.stderr}`);
    return out;
  }

  function streams(path: string): Stream[] {
    const r = spawnSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', path], { timeout: 10_000 });
    return JSON.parse(String(r.stdout)).streams;
  }

  /** Probes, plans and transcodes every rendition; answers what ffprobe reads in each. */
  async function transcodeAll(source: string, audio = false) {
    const info = await probeMedia('ffprobe', source, 10_000);
    const plan = planRenditions(audio ? { ...info, width: 0, height: 0 } : info, {
      canToneMap: (await ffmpegFilters('ffmpeg')).has('zscale'),
    });
    const out: { quality: string; copy: boolean; video?: Stream; audio?: Stream; segments: number }[] = [];
    for (const r of plan) {
      const dir = join(work, `${source.split('/').pop()}-${r.quality}`);
      mkdirSync(dir);
      await transcodeRendition('ffmpeg', source, dir, r, { durationSec: info.duration, timeoutMs: 60_000 });
      const got = streams(join(dir, 'index.m3u8'));
      out.push({
        quality: r.quality,
        copy: r.copy,
        video: got.find((s) => s.codec_type === 'video'),
        audio: got.find((s) => s.codec_type === 'audio'),
        segments: readdirSync(dir).filter((f) => f.endsWith('.ts')).length,
      });
    }
    return { info, out };
  }

  /** Every rendition is upright H.264 8-bit 4:2:0 with even sides, of the expected size. */
  function expectPlayable(out: Awaited<ReturnType<typeof transcodeAll>>['out'], sizes: [string, number, number][]) {
    expect(out.map((r) => [r.quality, r.video?.width, r.video?.height])).toEqual(sizes);
    for (const r of out) {
      expect(r.video?.codec_name, r.quality).toBe('h264');
      expect(r.video?.pix_fmt, r.quality).toBe('yuv420p');
      expect((r.video?.width ?? 1) % 2, r.quality).toBe(0);
      expect((r.video?.height ?? 1) % 2, r.quality).toBe(0);
      expect(
        r.video?.side_data_list?.some((d) => d.rotation),
        r.quality,
      ).toBeFalsy();
      expect(r.segments, r.quality).toBeGreaterThan(0);
    }
  }

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'xuetu-transcode-test-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('4:4:4 H.264 (what lavfi and screen recorders write) and 4:2:2 re-encode to 4:2:0, OD included', async () => {
    for (const pixFmt of ['yuv444p', 'yuv422p']) {
      const { info, out } = await transcodeAll(make(`${pixFmt}.mp4`, [...LAVFI_VIDEO, ...LAVFI_SOUND, ...X264, '-pix_fmt', pixFmt]));
      expect(info.pixFmt).toBe(pixFmt);
      expectPlayable(out, [
        ['FD', 128, 72],
        ['OD', 128, 72],
      ]);
      expect(out.map((r) => r.copy)).toEqual([false, false]);
      expect(out.every((r) => r.audio?.codec_name === 'aac')).toBe(true);
    }
  });

  it('10-bit H.264 and 10-bit HDR (PQ) HEVC come out 8-bit', async () => {
    const h264 = await transcodeAll(make('10bit.mp4', [...LAVFI_VIDEO, ...X264, '-pix_fmt', 'yuv420p10le']));
    expectPlayable(h264.out, [
      ['FD', 128, 72],
      ['OD', 128, 72],
    ]);
    const hevc = await transcodeAll(
      make('hdr.mp4', [
        ...LAVFI_VIDEO,
        ...LAVFI_SOUND,
        '-c:v',
        'libx265',
        '-preset',
        'ultrafast',
        '-x265-params',
        'log-level=error',
        '-pix_fmt',
        'yuv420p10le',
        '-color_primaries',
        'bt2020',
        '-color_trc',
        'smpte2084',
        '-colorspace',
        'bt2020nc',
        '-tag:v',
        'hvc1',
        '-c:a',
        'aac',
      ]),
    );
    expect([hevc.info.videoCodec, hevc.info.colorTransfer]).toEqual(['hevc', 'smpte2084']);
    expectPlayable(hevc.out, [
      ['FD', 128, 72],
      ['OD', 128, 72],
    ]);
  });

  it('VP9/Opus WebM, odd dimensions, variable frame rate and no sound', async () => {
    const vp9 = await transcodeAll(
      make('vp9.webm', [
        ...LAVFI_VIDEO,
        ...LAVFI_SOUND,
        '-c:v',
        'libvpx-vp9',
        '-deadline',
        'realtime',
        '-cpu-used',
        '8',
        '-c:a',
        'libopus',
      ]),
    );
    expect(vp9.info.videoCodec).toBe('vp9');
    expectPlayable(vp9.out, [
      ['FD', 128, 72],
      ['OD', 128, 72],
    ]);
    expect(vp9.out.every((r) => r.audio?.codec_name === 'aac')).toBe(true);

    const odd = await transcodeAll(make('odd.mp4', ['-f', 'lavfi', '-i', 'testsrc=size=99x67:rate=5', ...X264, '-pix_fmt', 'yuv444p']));
    expectPlayable(odd.out, [
      ['FD', 98, 66],
      ['OD', 98, 66],
    ]);

    const vfr = await transcodeAll(
      make('vfr.mp4', [
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=128x72:rate=10',
        '-vf',
        "select='lt(n\\,3)+not(mod(n\\,4))'",
        '-fps_mode',
        'vfr',
        ...X264,
        '-pix_fmt',
        'yuv420p',
        '-an',
      ]),
    );
    expect(vfr.info.variableFrameRate).toBe(true);
    // h264 4:2:0 without sound: OD is the source remuxed
    expect(vfr.out.map((r) => r.copy)).toEqual([false, true]);
    expectPlayable(vfr.out, [
      ['FD', 128, 72],
      ['OD', 128, 72],
    ]);
    expect(vfr.out.some((r) => r.audio)).toBe(false);
  });

  it('a phone video with rotation metadata comes out upright (portrait), even when it is plain H.264', async () => {
    const flat = make('flat.mp4', [...LAVFI_VIDEO, ...LAVFI_SOUND, ...X264, '-pix_fmt', 'yuv420p', '-c:a', 'aac']);
    const rotated = join(work, 'rotated.mp4');
    const r = spawnSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      flat,
      '-c',
      'copy',
      '-metadata:s:v',
      'rotate=90',
      rotated,
    ]);
    expect(r.status, String(r.stderr)).toBe(0);
    const { info, out } = await transcodeAll(rotated);
    expect([info.width, info.height, Math.abs(info.rotation)]).toEqual([72, 128, 90]);
    expectPlayable(out, [
      ['FD', 72, 128],
      ['OD', 72, 128],
    ]);
    expect(out.map((x) => x.copy)).toEqual([false, false]);
    // the same video upright is remuxed for OD
    expect((await transcodeAll(flat)).out.map((x) => x.copy)).toEqual([false, true]);
  });

  it('audio uploads (MP3, M4A, WAV) become one AAC HLS rendition', async () => {
    for (const [name, args] of [
      ['a.mp3', ['-c:a', 'libmp3lame']],
      ['a.m4a', ['-c:a', 'aac']],
      ['a.wav', []],
    ] as const) {
      const { info, out } = await transcodeAll(make(name, [...LAVFI_SOUND, ...args]), true);
      expect(info.height, name).toBe(0);
      expect(
        out.map((x) => [x.quality, x.video, x.audio?.codec_name]),
        name,
      ).toEqual([['OD', undefined, 'aac']]);
      expect(out[0].segments).toBeGreaterThan(0);
    }
  });
});
