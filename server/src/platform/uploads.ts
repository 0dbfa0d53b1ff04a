import { extname } from 'node:path';
import { Msg } from '@xuetu/contract';
import { fileTypeFromBuffer } from 'file-type';
import { appError, appErrorMsg } from './errors.ts';
import { checkFileName } from './files/filename.ts';
import type { UploadPart, UploadSource } from './files/source.ts';

/** What an upload may be, judged by its bytes, never by its name. */
export type UploadKind = 'image' | 'document' | 'spreadsheet' | 'video' | 'audio' | 'questionbank';

const KINDS: Record<UploadKind, { mimes: string[]; exts: string[] }> = {
  image: { mimes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'], exts: ['.jpg', '.jpeg', '.png', '.gif', '.webp'] },
  spreadsheet: {
    mimes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/x-cfb'],
    exts: ['.xlsx', '.xls'],
  },
  document: {
    mimes: [
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/x-cfb',
      'application/zip',
      'image/jpeg',
      'image/png',
      'text/plain',
    ],
    exts: ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', '.zip', '.jpg', '.jpeg', '.png', '.txt'],
  },
  // question bank files (issue 27): Moodle XML, GIFT and Aiken text, QTI packages (zip)
  questionbank: { mimes: ['application/xml', 'text/xml', 'application/zip', 'text/plain'], exts: ['.xml', '.gift', '.txt', '.zip'] },
  video: { mimes: ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska'], exts: ['.mp4', '.mov', '.webm', '.mkv'] },
  audio: {
    mimes: ['audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/wav', 'audio/x-wav', 'audio/ogg', 'audio/aac'],
    exts: ['.mp3', '.m4a', '.wav', '.ogg', '.aac'],
  },
};

const TEXT_EXTS = ['.txt', '.gift', '.xml'];

export interface ReceivedUpload {
  buffer: Buffer;
  /** the client's file name, for display and downloads only */
  filename: string;
  /** the type the bytes show */
  mime: string;
  /** extension matching the bytes (or the name, for plain text and legacy Office files) */
  ext: string;
}

export interface UploadRules {
  kinds: UploadKind[];
  maxBytes: number;
  /** message when the content is not an allowed kind */
  typeMessage: string;
  /** message when the file is larger than maxBytes */
  sizeMessage: string;
}

/** Reads the upload's one file into memory and checks its real type and size. */
export async function receiveUpload(source: UploadSource, rules: UploadRules): Promise<ReceivedUpload> {
  let part: UploadPart | undefined;
  try {
    part = await source.file({ fileSize: rules.maxBytes });
  } catch {
    throw appError('FILE_REQUIRED');
  }
  if (!part) throw appError('FILE_REQUIRED');
  checkFileName(part.filename);
  const buffer = await part.toBuffer().catch(() => {
    throw appErrorMsg('FAILED', rules.sizeMessage);
  });
  if (part.file.truncated || buffer.length > rules.maxBytes) throw appErrorMsg('FAILED', rules.sizeMessage);
  if (buffer.length === 0) throw appError('FILE_EMPTY');
  return checkContent(buffer, part.filename, rules);
}

/** Checks bytes already in memory against the rules. */
export async function checkContent(
  buffer: Buffer,
  filename: string,
  rules: Pick<UploadRules, 'kinds' | 'typeMessage'>,
  /** `partial`: only the leading bytes of a streamed file (its text is checked as it streams) */
  opts: { partial?: boolean } = {},
): Promise<ReceivedUpload> {
  const nameExt = extname(filename).toLowerCase();
  const detected = await fileTypeFromBuffer(buffer);
  const allowedMimes = rules.kinds.flatMap((k) => KINDS[k].mimes);
  const allowedExts = rules.kinds.flatMap((k) => KINDS[k].exts);
  if (detected) {
    if (!allowedMimes.includes(detected.mime)) throw appErrorMsg('FAILED', rules.typeMessage);
    // legacy Office files share one container format: trust the name's extension among those
    const ext = detected.mime === 'application/x-cfb' ? nameExt : `.${detected.ext === 'jpg' ? 'jpg' : detected.ext}`;
    if (detected.mime === 'application/x-cfb' && !['.doc', '.xls', '.ppt'].some((e) => e === nameExt && allowedExts.includes(e))) {
      throw appErrorMsg('FAILED', rules.typeMessage);
    }
    return { buffer, filename, mime: detected.mime, ext };
  }
  // no signature: only plain UTF-8 text is accepted, and only where text is allowed (.txt, and the
  // question bank's .gift and .xml without an XML declaration)
  if (
    allowedMimes.includes('text/plain') &&
    TEXT_EXTS.includes(nameExt) &&
    allowedExts.includes(nameExt) &&
    (opts.partial ? !buffer.includes(0) : isUtf8Text(buffer))
  )
    return { buffer, filename, mime: 'text/plain', ext: nameExt };
  // a text file of an allowed kind that is not UTF-8 is told so, not that another type was expected
  // (a GBK .xml for the question import was answered "请上传excel文件", issue 38 item 13)
  if (allowedMimes.includes('text/plain') && TEXT_EXTS.includes(nameExt) && allowedExts.includes(nameExt))
    throw appErrorMsg('FAILED', Msg.textNotUtf8);
  throw appErrorMsg('FAILED', rules.typeMessage);
}

function isUtf8Text(buffer: Buffer): boolean {
  if (buffer.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return true;
  } catch {
    return false;
  }
}
