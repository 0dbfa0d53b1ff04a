import { extname } from 'node:path';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { defineRoute } from '../../platform/route.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.doc': 'application/msword',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.txt': 'text/plain; charset=utf-8',
  '.zip': 'application/zip',
};

// Stored files are served by key. Keys carry a random part, so a link is the capability to read it.
export const fileRoutes = [
  defineRoute({
    method: 'GET',
    url: '/files/*',
    access: 'public',
    summary: '读取已上传的文件',
    input: z.object({ name: z.string().max(200).optional() }),
    handler: async ({ input, ctx, req, reply }) => {
      const key = decodeURIComponent((req.params as { '*': string })['*'] ?? '');
      let obj: Awaited<ReturnType<typeof ctx.storage.get>>;
      try {
        obj = await ctx.storage.get(key);
      } catch {
        obj = null;
      }
      if (!obj) throw notFound('文件不存在');
      const type = obj.contentType ?? CONTENT_TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream';
      reply.header('content-type', type);
      reply.header('content-length', obj.size);
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
      // never render uploaded html/svg as a page of ours
      if (type.includes('svg') || input.name) {
        const name = input.name ?? key.split('/').pop() ?? 'file';
        reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
      }
      return reply.send(obj.body);
    },
  }),
];
