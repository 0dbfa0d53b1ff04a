import { z } from 'zod';
import { sendStoredFile } from '../../platform/files/index.ts';
import { defineRoute } from '../../platform/route.ts';

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
    handler: async ({ input, caller, req, reply }) => {
      const key = decodeURIComponent((req.params as { '*': string })['*'] ?? '');
      return sendStoredFile(caller, req, reply, key, input);
    },
  }),
];
