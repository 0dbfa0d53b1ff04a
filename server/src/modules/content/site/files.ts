import { ContentLimits, ContentMsg, SITE_OR_HTTP_URL } from '@xuetu/contract';
import type { Caller } from '../../../platform/caller.ts';
import { appError } from '../../../platform/errors.ts';
import { fileUrl, storeUpload, streamUpload, type UploadSource } from '../../../platform/files/index.ts';
import { receiveUpload, type UploadRules } from '../../../platform/uploads.ts';

export const CONTENT_PREFIX = 'content';
const KEY = /^content\/\d{4}\/\d{2}\/[0-9a-f]{24}\.[a-z0-9]{1,5}$/;

export type ContentUploadKind = 'image' | 'document' | 'video';

const RULES: Record<ContentUploadKind, UploadRules> = {
  image: { kinds: ['image'], maxBytes: ContentLimits.imageMaxBytes, typeMessage: ContentMsg.imageType, sizeMessage: ContentMsg.imageSize },
  document: {
    kinds: ['document', 'spreadsheet'],
    maxBytes: ContentLimits.documentMaxBytes,
    typeMessage: ContentMsg.documentType,
    sizeMessage: ContentMsg.documentSize,
  },
  video: { kinds: ['video'], maxBytes: ContentLimits.videoMaxBytes, typeMessage: ContentMsg.videoType, sizeMessage: ContentMsg.videoSize },
};

/**
 * Receives one content file (cover, inline image, attachment, document, intro video), checked by
 * its bytes. Images are small and read whole; documents and videos stream to storage.
 */
export async function uploadContentFile(caller: Caller, source: UploadSource, kind: ContentUploadKind) {
  // images (banners, covers, lecturer photos…) get resized copies for the portal's srcset
  const opts = { prefix: CONTENT_PREFIX, purpose: 'content', imageVariants: kind === 'image' };
  const stored =
    kind === 'image'
      ? await storeUpload(caller, await receiveUpload(source, RULES[kind]), opts)
      : await streamUpload(caller, source, RULES[kind], opts);
  return { key: stored.key, url: fileUrl(stored.key), name: stored.filename, size: stored.size, mime: stored.mime };
}

/**
 * A file reference saved with content: a key our upload produced, an in-site path or an http(s) URL
 * (`keyOnly`: stored uploads only, e.g. attachments). Anything else is refused.
 */
export function assertContentRef(ref: string, keyOnly = false): void {
  if (!ref) return;
  if (KEY.test(ref)) return;
  if (!keyOnly && SITE_OR_HTTP_URL.test(ref) && !/[\s"'<>]/.test(ref)) return;
  throw appError('CONTENT_FILE_URL_INVALID');
}
