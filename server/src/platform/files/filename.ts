import { FILE_NAME_MAX } from '@xuetu/contract';
import { appError } from '../errors.ts';

// A file name is kept for display and downloads (platform_file.original_name, media rows): it is
// checked before a byte of the file is stored, so a name the database refuses (NUL) or a header
// cannot carry never costs a stored object without its row. Refused rather than cleaned: the
// uploader sees why and renames the file; a silently changed name would surprise at download.

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const FORBIDDEN = /[\u0000-\u001F\u007F-\u009F/\\]/;
/** with the u flag a surrogate pair is one code point: only a half without its other half matches */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/** The upload's file name if it may be kept; else the error naming what is wrong with it. */
export function checkFileName(name: string): string {
  if (FORBIDDEN.test(name) || UNPAIRED_SURROGATE.test(name)) throw appError('FILE_NAME_INVALID');
  if ([...name].length > FILE_NAME_MAX) throw appError('FILE_NAME_TOO_LONG');
  return name;
}
