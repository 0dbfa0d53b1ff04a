import { Perm, trainResApi } from '@xuetu/contract';
import { z } from 'zod';
import { sendStorageBytes } from '../../../platform/files/index.ts';
import { defineRoute } from '../../../platform/route.ts';
import { isSignedMediaLink, linkError, openMedia, playList } from './delivery.ts';
import * as service from './media.service.ts';
import { handleTus } from './upload.ts';

const UPLOAD = { action: [Perm.ResAdd, Perm.ResEdit] };

/** tus: the access check runs here, before tus reads a byte. */
const tusRoute = (url: string) =>
  defineRoute({
    method: ['POST', 'PATCH', 'HEAD', 'DELETE'],
    url,
    access: UPLOAD,
    summary: '断点续传上传媒体文件（tus 协议）',
    multipart: true,
    handler: async ({ caller, req, reply }) => {
      reply.hijack();
      await handleTus(caller, req.raw, reply.raw);
      return reply;
    },
  });

export const mediaRoutes = [
  tusRoute('/media/upload'),
  tusRoute('/media/upload/*'),
  defineRoute({
    method: 'GET',
    url: '/media/play/*',
    access: 'public',
    summary: '媒体播放（签名链接；HLS 播放列表、分片或原文件，支持 Range）',
    input: z.object({ t: z.string().max(2048).default('') }),
    // a player asks for a segment every few seconds: checked by its signature, not counted
    signedLink: (caller, req) =>
      isSignedMediaLink(caller, (req.params as { '*'?: string })['*'] ?? '', String((req.query as { t?: unknown }).t ?? '')),
    handler: async ({ input, caller, req, reply }) => {
      const media = await openMedia(caller, (req.params as { '*': string })['*'] ?? '', input.t);
      if ('playlist' in media)
        return reply
          .header('content-type', 'application/vnd.apple.mpegurl')
          .header('cache-control', 'private, no-store')
          .send(media.playlist);
      // the URL carries a personal token: the browser may keep it, shared caches may not
      // (nginx or the bucket sends them when so configured: FILES_ACCEL_REDIRECT, S3_PRESIGN_SECONDS)
      return sendStorageBytes(caller.ctx, req, reply, media.key, {
        type: media.type,
        cacheControl: 'private, max-age=600',
        missing: linkError,
        presignSeconds: media.seconds,
      });
    },
  }),
  defineRoute({
    endpoint: trainResApi.getVideoPlayList,
    access: 'public',
    summary: '播放地址（各清晰度的签名链接；未登录仅可预览前 30 秒）',
    handler: ({ input, caller }) => playList(caller, input.videoId, input.lesson),
  }),
  defineRoute({
    endpoint: trainResApi.getTrainResPreView,
    access: 'public',
    summary: '资源预览（播放地址、封面、文件类型）',
    handler: ({ input, caller }) => playList(caller, input.rescode, input.lesson),
  }),
  defineRoute({
    endpoint: trainResApi.getMediaStatus,
    access: UPLOAD,
    summary: '媒体处理进度（状态、百分比、失败原因）',
    handler: ({ input, caller }) => service.mediaStatus(caller, input.mediaId),
  }),
  defineRoute({
    endpoint: trainResApi.retryMedia,
    access: UPLOAD,
    summary: '重试处理失败的媒体文件',
    handler: ({ input, caller }) => service.retryMedia(caller, input.mediaId),
  }),
  defineRoute({
    endpoint: trainResApi.getMediaCapability,
    access: { action: [Perm.ResList, Perm.ResAdd, Perm.ResEdit] },
    summary: '服务器能否转码（ffmpeg 检查结果）',
    handler: ({ caller }) => service.capability(caller),
  }),
];
