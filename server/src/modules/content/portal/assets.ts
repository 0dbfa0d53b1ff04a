import { execFile } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

// Small real files generated at seed time for the demo content: PNG banners and portraits drawn
// as SVG and encoded by sharp, PDF attachments written by PDFKit, and (when ffmpeg is installed) a
// short MP4 intro video. The Word attachments are committed samples (db/seed/samples.ts).

type Rgb = [number, number, number];

const hex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as Rgb;

/** An RGB PNG whose pixels come from `paint(x, y)`. */
export function makePng(width: number, height: number, paint: (x: number, y: number) => Rgb): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set(paint(x, y), (y * width + x) * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** An SVG drawing as an RGB PNG. */
const svgPng = (width: number, height: number, body: string): Promise<Buffer> =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`))
    .removeAlpha()
    .png({ compressionLevel: 9 })
    .toBuffer();

/** A wide banner: diagonal gradient with soft circles. */
export function bannerPng(from: Rgb, to: Rgb, width = 1200, height = 400): Promise<Buffer> {
  const circles = [
    [0.78 * width, 0.35 * height, 0.55 * height],
    [0.92 * width, 0.9 * height, 0.35 * height],
    [0.1 * width, 1.05 * height, 0.3 * height],
  ];
  return svgPng(
    width,
    height,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0.43"><stop offset="0" stop-color="${hex(from)}"/><stop offset="1" stop-color="${hex(to)}"/></linearGradient></defs>` +
      `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
      circles.map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="0.12"/>`).join(''),
  );
}

/** A portrait placeholder: a head-and-shoulders silhouette on a tinted background. */
export function portraitPng(bg: Rgb, size = 240): Promise<Buffer> {
  const light = hex(mix(bg, [255, 255, 255], 0.75));
  return svgPng(
    size,
    size,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hex(bg)}"/><stop offset="1" stop-color="${hex(mix(bg, [0, 0, 0], 0.15))}"/></linearGradient></defs>` +
      `<rect width="${size}" height="${size}" fill="url(#g)"/>` +
      `<circle cx="${size / 2}" cy="${size * 0.4}" r="${size * 0.18}" fill="${light}"/>` +
      `<ellipse cx="${size / 2}" cy="${size * 0.98}" rx="${size * 0.32}" ry="${size * 0.4}" fill="${light}"/>`,
  );
}

/** A one-page PDF with a title and a few lines (ASCII text, Helvetica). */
export async function makePdf(title: string, lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 72, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.font('Helvetica').fontSize(20).text(title).moveDown().fontSize(12);
  for (const line of lines) doc.text(line);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

const run = promisify(execFile);

/** A 4-second 320x180 test-pattern MP4 made by ffmpeg, cached in the temp dir; null without ffmpeg. */
export async function makeIntroMp4(): Promise<Buffer | null> {
  const path = join(tmpdir(), 'xuetu-demo-intro-v1.mp4');
  if (existsSync(path)) return readFileSync(path);
  const partial = `${path}.${process.pid}.mp4`;
  try {
    await run(
      'ffmpeg',
      [
        '-y',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=320x180:rate=15',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440',
        '-t',
        '4',
        '-c:v',
        'libx264',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        '-movflags',
        '+faststart',
        partial,
      ],
      { timeout: 30_000 },
    );
    // several processes may seed at once: publish the file whole
    renameSync(partial, path);
    return readFileSync(path);
  } catch {
    rmSync(partial, { force: true });
    return null;
  }
}
