import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../../server/src/platform/context.ts';
import { defineRoute } from '../../../server/src/platform/route.ts';
import { insertApprovedVideoCourse } from './study-fixtures.ts';

/** the segment the issue measured: 1.5 MB */
export const SEGMENT_BYTES = 1_500_000;

/**
 * The segments scenario's course (issue 25 item 3): an approved platform video with one HLS
 * rendition of three 10-second segments of SEGMENT_BYTES each, written to storage; answers its
 * resource code and the first segment's storage key.
 */
export const segmentsBenchRoutes = (ctx: AppContext) => [
  defineRoute({
    method: 'POST',
    url: '/__bench/segments-course',
    access: 'public',
    summary: 'bench: a video course with 1.5 MB HLS segments',
    handler: async () => {
      const mediaCode = `BSEG${Date.now().toString(36)}`;
      const dir = `media/${mediaCode}/FD`;
      const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:10', '#EXT-X-PLAYLIST-TYPE:VOD'];
      for (let i = 0; i < 3; i++) {
        lines.push('#EXTINF:10.0,', `seg_000${i}.ts`);
        await ctx.storage.put(`${dir}/seg_000${i}.ts`, randomBytes(SEGMENT_BYTES));
      }
      await ctx.storage.put(`${dir}/index.m3u8`, Buffer.from(`${[...lines, '#EXT-X-ENDLIST'].join('\n')}\n`));
      const resCode = await insertApprovedVideoCourse(ctx, {
        mediaCode,
        resCode: `R${mediaCode}`,
        resName: '分片基准课程',
        duration: 30,
        creditHours: 0,
        height: 360,
        renditions: [{ quality: 'FD', key: `${dir}/index.m3u8`, height: 360, format: 'hls' }],
      });
      return { resCode, segmentKey: `${dir}/seg_0000.ts` };
    },
  }),
];
