import type { AppContext } from '../../../server/src/platform/context.ts';
import { defineRoute } from '../../../server/src/platform/route.ts';
import { insertApprovedVideoCourse } from './study-fixtures.ts';

// Bench-only route of the office scenario (issue 21 item 4): an approved platform course whose
// video is a stored HLS rendition (no ffmpeg needed), so learners fetch a signed playlist and
// its segments as the player does.

/** segments of the bench video: 4 s each, 32 KiB each (a small real segment is 100–500 KiB) */
export const OFFICE_SEGMENTS = 60;
export const OFFICE_SEGMENT_SECONDS = 4;

export function officeBenchRoutes(ctx: AppContext) {
  return [
    defineRoute({
      method: 'POST',
      url: '/__bench/office/course',
      access: 'public',
      summary: 'bench: an approved platform video course with a stored HLS rendition',
      handler: async () => {
        const stamp = Date.now().toString(36);
        const mediaCode = `MOFFICE${stamp}`;
        const dir = `media/${mediaCode}/SD`;
        const playlist = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${OFFICE_SEGMENT_SECONDS}`, '#EXT-X-PLAYLIST-TYPE:VOD']
          .concat(
            ...Array.from({ length: OFFICE_SEGMENTS }, (_, i) => [
              `#EXTINF:${OFFICE_SEGMENT_SECONDS}.0,`,
              `seg_${String(i).padStart(4, '0')}.ts`,
            ]),
          )
          .concat('#EXT-X-ENDLIST')
          .join('\n');
        await ctx.storage.put(`${dir}/index.m3u8`, Buffer.from(playlist));
        const bytes = Buffer.alloc(32 * 1024, 0x47);
        for (let i = 0; i < OFFICE_SEGMENTS; i++) await ctx.storage.put(`${dir}/seg_${String(i).padStart(4, '0')}.ts`, bytes);
        const duration = OFFICE_SEGMENTS * OFFICE_SEGMENT_SECONDS;
        const resCode = await insertApprovedVideoCourse(ctx, {
          mediaCode,
          resCode: `ROFFICE${stamp}`,
          resName: '压测办公室课程',
          duration,
          creditHours: 1,
          height: 480,
          renditions: [{ quality: 'SD', key: `${dir}/index.m3u8`, height: 480, format: 'hls' }],
        });
        return { resCode };
      },
    }),
  ];
}
