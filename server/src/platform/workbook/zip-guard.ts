import type { Readable } from 'node:stream';
import { IMPORT_LIMITS } from '@xuetu/contract';
import yauzl from 'yauzl';
import { appError } from '../errors.ts';

/** One part of a checked archive: its name, and its bytes inflated anew on each open. */
export interface ZipPart {
  name: string;
  open(): Promise<Readable>;
}

/**
 * The inflated size of one part, counted chunk by chunk and never kept: stops as soon as it
 * passes `cap`. Streaming keeps memory flat and lets other requests run in between.
 */
async function inflatedSize(stream: Readable, cap: number): Promise<number> {
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > cap) break; // leaving the loop destroys the stream: nothing more is inflated
  }
  return size;
}

/**
 * Checks an xlsx (a zip, read by yauzl) before any parser touches it: entry count, no encrypted
 * or zip64 part, names without absolute or `..` paths (yauzl refuses those), and the real inflated size of
 * every part, measured by inflating with a hard cap on the total — the sizes the archive declares
 * are never trusted (zip-bomb guard). Answers the parts by name.
 */
export async function assertSafeXlsx(
  buf: Buffer,
  limits: { maxUnzippedBytes: number; maxZipEntries: number } = IMPORT_LIMITS,
): Promise<Map<string, ZipPart>> {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) throw appError('IMPORT_FILE_TYPE');
  // the declared sizes are not checked (validateEntrySizes): the guard measures instead
  const zip = await yauzl.fromBufferPromise(buf, { lazyEntries: true, validateEntrySizes: false }).catch(() => {
    throw appError('IMPORT_UNREADABLE');
  });
  if (zip.entryCount > limits.maxZipEntries) throw appError('IMPORT_UNREADABLE');
  let budget = limits.maxUnzippedBytes;
  const parts = new Map<string, ZipPart>();
  const entries = zip.eachEntry();
  for (;;) {
    const next = await entries.next().catch(() => {
      throw appError('IMPORT_UNREADABLE');
    });
    if (next.done) break;
    const entry = next.value;
    if (entry.isEncrypted()) throw appError('IMPORT_ENCRYPTED');
    // zip64 (extra field 1): never needed within our limits (ADR 0011)
    if (entry.extraFields.some((f) => f.id === 0x0001)) throw appError('IMPORT_UNREADABLE');
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw appError('IMPORT_UNREADABLE');
    // a local header that is missing or points past the end
    const open = () => zip.openReadStreamPromise(entry);
    const stream = await open().catch(() => {
      throw appError('IMPORT_UNREADABLE');
    });
    let size: number;
    try {
      size = await inflatedSize(stream, budget);
    } catch {
      throw appError('IMPORT_UNZIP_BROKEN');
    }
    budget -= size;
    if (budget < 0) throw appError('IMPORT_UNZIP_TOO_LARGE');
    parts.set(entry.fileName, { name: entry.fileName, open });
  }
  return parts;
}
