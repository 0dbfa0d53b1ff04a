import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isSignedFileLink, sendStoredFile } from '../../../platform/files/index.ts';
import { defineRoute } from '../../../platform/route.ts';

/** Unsigned file downloads per address and minute (public files: pictures of pages, covers). */
const PUBLIC_FILES_PER_MINUTE = 30_000;

/** The key a download names; a name that does not decode stays as sent (no storage key: the rule refuses it). */
const fileKey = (req: FastifyRequest) => {
  const raw = (req.params as { '*'?: string })['*'] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

// Stored files are served by key. Public keys carry a random part, so a link is the capability to
// read them; private files also need the signed `sig` their owner's page was given.
export const fileRoutes = [
  defineRoute({
    method: 'GET',
    url: '/files/*',
    access: 'public',
    summary: '读取已上传的文件（支持 Range 与条件请求；私有文件需签名链接；公开图片可按宽度 w 取缩小版）',
    input: z.object({
      name: z.string().max(200).optional(),
      sig: z.string().max(2048).optional(),
      // a public image at about this width (px): its resized copy when one was made, else the original
      w: z.coerce.number().int().min(1).max(10_000).optional(),
    }),
    // a private file's signed link is checked by its signature and not counted (issue 21 item 4)
    signedLink: (caller, req) => isSignedFileLink(caller, fileKey(req), String((req.query as { sig?: unknown }).sig ?? '')),
    // public files (covers, pictures) are fetched by <img> without a session, so per address: a
    // class opening its course list at once fetches thousands; their own counter, well above the
    // API's, keeps them from eating the office's anonymous allowance (and it from them)
    rateLimit: { max: PUBLIC_FILES_PER_MINUTE, timeWindow: '1 minute', per: 'address' },
    handler: async ({ input, caller, req, reply }) => {
      const key = fileKey(req);
      return sendStoredFile(caller, req, reply, key, input);
    },
  }),
];
