import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { benchDir, benchSignIn, buildBenchApp } from './bench-app.ts';

// Media (issue 11): delivery of a signed HLS segment of a seeded video (req/s, compared with the
// baselines of the same run), and a 200 MB resumable (tus) upload end to end (received, checked,
// moved into storage) compared with a plain copy of the same file on the same disk.

const json = (r: Response) => r.json() as Promise<{ success: boolean; msg: string; data: never }>;

/** A GET of one signed segment of the seeded 新员工入职指引 video, as the signed-in learner plays it. */
export async function mediaScenarios(port: number) {
  const base = `http://127.0.0.1:${port}/prod-api`;
  const login = async (username: string) =>
    (
      (await json(
        await fetch(`${base}/Api/User/user_user/Login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: 'Xuetu@2026' }),
        }),
      )) as { data: { token: string } }
    ).data.token;
  const [corp, learner] = [await login('corpadmin'), await login('learner01')];
  const call = async (path: string, body: unknown, token: string) =>
    json(
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ydAuthorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }),
    );
  const page = (await call('/Api/Train_Manage/Train_Res/GetTrainResPageList', { keyword: '新员工入职指引' }, corp)) as {
    data: { models: { resCode: string }[] };
  };
  const resCode = page.data.models[0]?.resCode;
  if (!resCode) return []; // seeded only where ffmpeg is installed
  const pl = (await call('/Api/Train_Manage/Train_Res/GetVideoPlayList', { videoId: resCode }, learner)) as {
    data: { playList: { item2: string }[] };
  };
  const auth = { ydAuthorization: `Bearer ${learner}` };
  const m3u8 = pl.data.playList[0].item2;
  const text = await (await fetch(`http://127.0.0.1:${port}${m3u8}`, { headers: auth })).text();
  const segment = text.split('\n').find((l) => l.startsWith('seg_'));
  if (!segment) return [];
  const segPath = m3u8.replace(/index\.m3u8\?.*$/, segment);
  const kb = Math.round((await (await fetch(`http://127.0.0.1:${port}${segPath}`, { headers: auth })).arrayBuffer()).byteLength / 1024);
  return [
    { name: 'media playlist (signed m3u8, re-signed segments)', requests: [{ method: 'GET' as const, path: m3u8, headers: auth }] },
    { name: `media segment (signed HLS .ts, ${kb} KB each)`, requests: [{ method: 'GET' as const, path: segPath, headers: auth }] },
  ];
}

/** A file of `mb` MiB that starts like an mp4 (the upload's type check reads the first bytes). */
async function bigFile(path: string, mb: number): Promise<void> {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12)]);
  const chunk = Buffer.alloc(1 << 20, 0x2a);
  let i = 0;
  await pipeline(
    Readable.from(
      (function* () {
        yield head;
        for (; i < mb; i++) yield chunk;
      })(),
    ),
    createWriteStream(path),
  );
}

export async function benchMediaUpload(): Promise<{ name: string; seconds: number }[]> {
  const mb = Number(process.env.BENCH_UPLOAD_MB ?? 200);
  const dir = benchDir('media');
  const file = join(dir, 'big.mp4');
  await bigFile(file, mb);
  const size = statSync(file).size;
  const { app } = await buildBenchApp(dir, {
    MEDIA_TUS_DIR: join(dir, 'tus'),
    // the uploaded bytes are not a real video: no job runs in this process
    JOBS_POLL_MS: 0,
  });
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const auth = { ydAuthorization: `Bearer ${await benchSignIn(app, 'corpadmin')}`, 'tus-resumable': '1.0.0' };
    const t0 = performance.now();
    await copyFile(file, join(dir, 'copy.mp4'));
    const copySeconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const created = await fetch(`${base}/prod-api/media/upload`, { method: 'POST', headers: { ...auth, 'upload-length': String(size) } });
    const location = `${base}${created.headers.get('location')}`;
    // 50 MiB requests, as the web uploader sends them (8 MiB there)
    const CHUNK = 50 << 20;
    let mediaId = '';
    for (let offset = 0; offset < size; offset += CHUNK) {
      const end = Math.min(size, offset + CHUNK);
      const res = await fetch(location, {
        method: 'PATCH',
        headers: {
          ...auth,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(end - offset),
        },
        body: Readable.toWeb(createReadStream(file, { start: offset, end: end - 1 })) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      if (res.status !== 204) throw new Error(`tus PATCH answered ${res.status}: ${await res.text()}`);
      mediaId = res.headers.get('x-media-id') ?? mediaId;
    }
    if (!mediaId) throw new Error('the upload did not finish');
    const uploadSeconds = (performance.now() - t1) / 1000;
    return [
      { name: `plain file copy, ${mb} MiB (same disk)`, seconds: copySeconds },
      {
        name: `tus upload ${mb} MiB over HTTP (received, type-checked, moved to storage); ${(mb / uploadSeconds).toFixed(0)} MiB/s, ${(uploadSeconds / copySeconds).toFixed(1)}× the copy`,
        seconds: uploadSeconds,
      },
    ];
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
