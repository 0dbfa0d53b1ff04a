import { createInflateRaw } from 'node:zlib';
import { IMPORT_LIMITS } from '@xuetu/contract';
import { appError } from '../errors.ts';

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;

/**
 * The inflated size of one deflated part, counted chunk by chunk and never kept: stops as soon
 * as it passes `cap`. Streaming keeps memory flat and lets other requests run in between.
 */
function inflatedSize(data: Buffer, cap: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) {
        inflate.destroy();
        resolve(size);
      }
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', reject);
    inflate.end(data);
  });
}

/** One part of a checked archive: its name and its compressed bytes. */
export interface ZipPart {
  name: string;
  method: 0 | 8;
  data: Buffer;
}

/**
 * Checks an xlsx (a zip) before any parser touches it: entry count, no encryption or zip64, and
 * the real inflated size of every part, measured by inflating with a hard cap — the sizes the
 * archive declares are never trusted (zip-bomb guard). Answers the parts by name.
 */
export async function assertSafeXlsx(
  buf: Buffer,
  limits: { maxUnzippedBytes: number; maxZipEntries: number } = IMPORT_LIMITS,
): Promise<Map<string, ZipPart>> {
  if (buf.length < 22 || buf.readUInt32LE(0) !== LOC_SIG) throw appError('IMPORT_FILE_TYPE');
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw appError('IMPORT_UNREADABLE');
  const entries = buf.readUInt16LE(eocd + 10);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (entries === 0xffff || cdOffset === 0xffffffff) throw appError('IMPORT_UNREADABLE'); // zip64: never needed for our limits
  if (entries > limits.maxZipEntries) throw appError('IMPORT_UNREADABLE');
  let budget = limits.maxUnzippedBytes;
  let p = cdOffset;
  const parts = new Map<string, ZipPart>();
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CEN_SIG) throw appError('IMPORT_UNREADABLE');
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const compSize = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const localOffset = buf.readUInt32LE(p + 42);
    if (p + 46 + nameLen > buf.length) throw appError('IMPORT_UNREADABLE');
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    if (flags & 0x1) throw appError('IMPORT_ENCRYPTED');
    if (localOffset + 30 > buf.length || buf.readUInt32LE(localOffset) !== LOC_SIG) throw appError('IMPORT_UNREADABLE');
    const dataStart = localOffset + 30 + buf.readUInt16LE(localOffset + 26) + buf.readUInt16LE(localOffset + 28);
    if (dataStart + compSize > buf.length) throw appError('IMPORT_UNREADABLE');
    const data = buf.subarray(dataStart, dataStart + compSize);
    let size: number;
    if (method === 0) size = compSize;
    else if (method === 8) {
      try {
        size = await inflatedSize(data, budget);
      } catch {
        throw appError('IMPORT_UNZIP_BROKEN');
      }
    } else throw appError('IMPORT_UNREADABLE');
    budget -= size;
    if (budget < 0) throw appError('IMPORT_UNZIP_TOO_LARGE');
    parts.set(name, { name, method, data });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return parts;
}
