import { AuditStatus, formatDate, ResType } from '@xuetu/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { DEMO_COMPANY } from '../../../db/seed/demo.ts';
import type { AppContext } from '../../../platform/context.ts';
import { anyLecturerCode } from '../../content/public.ts';
import { findPeopleByAccount } from '../../directory/public.ts';
import { insertSeedCourse } from '../resources/seed.ts';
import { media, resDirs, resources } from '../schema/resources.ts';
import { resStudies, resStudyDays } from '../schema/study.ts';

/**
 * Demo study history (issue 13, ADR 0019): four weeks of credited study for learner12 … learner19
 * (accounts no e2e spec changes) so the calendar, count cards, course ranking and study stars
 * show data. The demo clips are seconds long, so the history is on four series courses whose
 * duration is their nominal length (2–4 hours of lessons; the player shows the ~40 s demo clip as a
 * placeholder). Every learner's credited seconds on a course stay within its duration, and
 * res_study totals equal the sum of the res_study_day rows. View counts are set so the hot list
 * has an order (the preview course first).
 */
export const STATS_LEARNERS = ['learner12', 'learner13', 'learner14', 'learner15', 'learner16', 'learner17', 'learner18', 'learner19'];
const HISTORY_DAYS = 28;

export async function seedDemoStudyHistory(ctx: AppContext): Promise<void> {
  const db = ctx.db;
  const now = ctx.clock.now();
  const dirOf = async (name: string) => (await db.select({ dCode: resDirs.dCode }).from(resDirs).where(eq(resDirs.dName, name)))[0]?.dCode;
  const safety = await dirOf('安全生产');
  const onboard = await dirOf('新员工入职');
  const skills = await dirOf('岗位技能');
  if (!safety || !onboard || !skills) return;
  const [clip] = await db.select().from(media).where(eq(media.originalName, '演示长视频.mp4')).limit(1);
  const lecturer = await anyLecturerCode(db);

  const series = [
    { name: '安全生产法规精讲（系列课）', dir: safety, company: null, minutes: 180, views: 64, recommend: 1 },
    { name: '职业健康与防护（系列课）', dir: safety, company: null, minutes: 120, views: 41, recommend: 3 },
    { name: '高效沟通与团队协作（系列课）', dir: skills, company: DEMO_COMPANY.companySysCode, minutes: 240, views: 52, recommend: 0 },
    { name: '公司制度与办事流程（系列课）', dir: onboard, company: DEMO_COMPANY.companySysCode, minutes: 150, views: 23, recommend: 2 },
  ];
  const courses: { id: number; duration: number }[] = [];
  let sort = 1000;
  for (const s of series) {
    const video = Boolean(clip);
    const fields = {
      resName: s.name,
      introduce: `<p>${s.name}：共 ${s.minutes} 分钟，演示学习日历、课程排行与学习之星的数据。</p>`,
      cover: '',
      lecturerCode: lecturer,
      resType: video ? ResType.Video : ResType.RichText,
      content: video ? '' : `<h2>${s.name}</h2><p>本课程共 ${s.minutes} 分钟。</p>`,
      mediaId: clip?.mediaCode ?? '',
      duration: s.minutes * 60,
      creditHours: Math.round(s.minutes / 45),
    };
    sort += 10;
    const row = await insertSeedCourse(
      db,
      {
        ...fields,
        companySysCode: s.company,
        dCode: s.dir,
        recommendCate: s.recommend,
        sort,
        viewCnt: s.views,
        auditStatus: AuditStatus.Approved,
        live: fields,
      },
      now,
    );
    courses.push({ id: row.id, duration: fields.duration });
  }
  // the signed-out preview's course leads the hot list; the other demo courses get some views too
  await db
    .update(resources)
    .set({ viewCnt: sql`case when ${resources.resName} = '应急处置与逃生演练' then 128 else ${resources.viewCnt} + 12 end` })
    .where(inArray(resources.resName, ['应急处置与逃生演练', '安全生产基础', '新员工入职指引', '沟通技巧（音频课）', '企业文化与价值观']));

  const learners = (await findPeopleByAccount(db, { codes: STATS_LEARNERS })).map((u) => ({
    id: u.id,
    account: u.accountCode,
    company: u.companySysCode,
  }));
  learners.sort((a, b) => a.account.localeCompare(b.account));
  const days: (typeof resStudyDays.$inferInsert)[] = [];
  const totals: (typeof resStudies.$inferInsert)[] = [];
  learners.forEach((u, i) => {
    const credited = new Map<number, { seconds: number; first: Date; last: Date }>();
    for (let d = HISTORY_DAYS - 1; d >= 0; d--) {
      // a learner studies most days, every learner today; the earlier learners study more
      if (d > 0 && (i * 7 + d * 3) % 5 === 0) continue;
      // the day's course: the first from a rotating start with time left
      const left = (c: { id: number; duration: number }) => c.duration - (credited.get(c.id)?.seconds ?? 0);
      const course = [0, 1, 2, 3].map((k) => courses[(d + i + k) % courses.length]).find((c) => left(c) > 0);
      if (!course) continue;
      const had = credited.get(course.id)?.seconds ?? 0;
      const want = (5 + ((i * 13 + d * 17) % 21) - i) * 60;
      const seconds = Math.min(Math.max(want, 120), left(course));
      const at = new Date(now.getTime() - d * 86_400_000);
      days.push({ userId: u.id, resId: course.id, day: formatDate(at), companySysCode: u.company, seconds });
      const prev = credited.get(course.id);
      credited.set(course.id, { seconds: had + seconds, first: prev?.first ?? at, last: at });
    }
    for (const [resId, c] of credited) {
      const duration = courses.find((x) => x.id === resId)?.duration ?? 0;
      totals.push({
        userId: u.id,
        resId,
        companySysCode: u.company,
        creditedSeconds: c.seconds,
        lastPosition: Math.min(c.seconds, duration),
        completedAt: c.seconds >= duration * 0.9 ? c.last : null,
        firstStudyAt: c.first,
        lastStudyAt: c.last,
      });
    }
  });
  if (days.length) await db.insert(resStudyDays).values(days);
  if (totals.length) await db.insert(resStudies).values(totals);
}
