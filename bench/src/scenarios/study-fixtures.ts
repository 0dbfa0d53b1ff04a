import { eq, sql } from 'drizzle-orm';
import { media, resources } from '../../../server/src/db/schema/index.ts';
import type { AppContext } from '../../../server/src/platform/context.ts';
import { defineRoute } from '../../../server/src/platform/route.ts';

/**
 * An approved platform video course on a ready media row (what the bench scenarios watch): the
 * renditions given (none: the original only), filed under the first resource directory.
 */
export async function insertApprovedVideoCourse(
  ctx: AppContext,
  c: {
    mediaCode: string;
    resCode: string;
    resName: string;
    duration: number;
    creditHours: number;
    height?: number;
    renditions?: (typeof media.$inferInsert)['renditions'];
  },
): Promise<string> {
  const now = new Date();
  await ctx.db.insert(media).values({
    mediaCode: c.mediaCode,
    kind: 'video',
    sourceKey: `media/${c.mediaCode}/source.mp4`,
    ext: '.mp4',
    mime: 'video/mp4',
    size: 1,
    duration: c.duration,
    ...(c.height ? { height: c.height } : {}),
    status: 'ready',
    ...(c.renditions ? { progress: 100, renditions: c.renditions } : {}),
    createdAt: now,
    updatedAt: now,
  });
  const [dir] = await ctx.db.execute(sql`select d_code from train_resdir order by id limit 1`).then((r) => r.rows as { d_code: string }[]);
  const fields = {
    resName: c.resName,
    introduce: '',
    cover: '',
    lecturerCode: '',
    resType: 1,
    content: '',
    mediaId: c.mediaCode,
    duration: c.duration,
    creditHours: c.creditHours,
  };
  await ctx.db
    .insert(resources)
    .values({ ...fields, resCode: c.resCode, dCode: dir.d_code, auditStatus: 20, live: fields, createdAt: now, updatedAt: now });
  return c.resCode;
}

// Bench-only routes of the study scenario (issue 13): a long approved course to watch, and the
// credited seconds read straight from the database afterwards.
export function studyBenchRoutes(ctx: AppContext) {
  return [
    defineRoute({
      method: 'POST',
      url: '/__bench/study/course',
      access: 'public',
      summary: 'bench: an approved platform video course of ten hours',
      handler: async () => {
        const stamp = Date.now().toString(36);
        const mediaCode = `MBENCH${stamp}`;
        const resCode = await insertApprovedVideoCourse(ctx, {
          mediaCode,
          resCode: `RBENCH${stamp}`,
          resName: '压测课程',
          duration: 36_000,
          creditHours: 10,
        });
        return { resCode };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/__bench/study/check',
      access: 'public',
      summary: 'bench: credited seconds per learner on one course (total and the sum of its days)',
      handler: async ({ req }) => {
        const { resCode } = req.body as { resCode: string };
        const [res] = await ctx.db.select({ id: resources.id }).from(resources).where(eq(resources.resCode, resCode));
        const rows = await ctx.db.execute(sql`
          select s.user_id, s.credited_seconds,
                 (select coalesce(sum(d.seconds), 0)::int from res_study_day d where d.user_id = s.user_id and d.res_id = s.res_id) as day_sum
            from res_study s where s.res_id = ${res.id}`);
        return (rows.rows as { user_id: number; credited_seconds: number; day_sum: number }[]).map((r) => ({
          userId: Number(r.user_id),
          credited: Number(r.credited_seconds),
          daySum: Number(r.day_sum),
        }));
      },
    }),
  ];
}
