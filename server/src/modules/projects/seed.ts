import { ProjectStatus } from '@xuetu/contract';
import { DEMO_COMPANY } from '../../db/seed/demo.ts';
import { newCode } from '../../platform/codes.ts';
import type { AppContext } from '../../platform/context.ts';
import { liveResourcesOf } from '../courses/public.ts';
import { findPeopleByAccount } from '../directory/public.ts';
import { chinaDay } from './progress.ts';
import { projectParticipants, projectPlans, projectResources, projects, projectUsers } from './schema.ts';

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Demo training projects of the demo company, both published and running around the seed day:
 * 新员工入职培训 (open to the whole company, two plans) with learner01–03 enrolled, and
 * 安全生产培训（三类人员） (a safety-training project for picked people) with learner01 enrolled
 * and certificate attributes. Courses are the demo company's and the platform's approved resources.
 */
export async function seedDemoProjects(ctx: AppContext): Promise<void> {
  const db = ctx.db;
  const now = ctx.clock.now();
  const today = chinaDay(now);
  const company = DEMO_COMPANY.companySysCode;
  const res = await liveResourcesOf(db, company);
  if (!res.length) return;
  const people = new Map(
    (await findPeopleByAccount(db, { codes: ['corpadmin', 'learner01', 'learner02', 'learner03'] })).map((u) => [u.accountCode, u.id]),
  );
  const add = async (p: {
    name: string;
    introduce: string;
    start: string;
    end: string;
    checkHrs: number;
    speeds: string;
    seek: number;
    openJoin: number;
    safety: number;
    resIds: number[];
  }) => {
    const [row] = await db
      .insert(projects)
      .values({
        projectCode: newCode('P'),
        companySysCode: company,
        projectName: p.name,
        introduce: p.introduce,
        startDate: p.start,
        endDate: p.end,
        checkHrs: p.checkHrs,
        reachRule: 1,
        allowedSpeeds: p.speeds,
        allowSeekAhead: p.seek,
        openJoin: p.openJoin,
        isThreeSafety: p.safety,
        status: ProjectStatus.Published,
        publishedAt: now,
        createdBy: people.get('corpadmin') ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // without ffmpeg the demo company may have no approved course to put in a project
    if (p.resIds.length) {
      await db.insert(projectResources).values(p.resIds.map((resId, i) => ({ projectId: row.id, resId, sort: (i + 1) * 10 })));
    }
    return row;
  };
  const onboarding = await add({
    name: '新员工入职培训',
    introduce: '帮助新员工了解公司文化、规章制度与基本岗位技能。',
    start: addDays(today, -7),
    end: addDays(today, 23),
    checkHrs: 2,
    speeds: '0.75,1,1.25,1.5',
    seek: 0,
    openJoin: 1,
    safety: 0,
    resIds: res.filter((r) => r.company === company).map((r) => r.id),
  });
  const plans = [
    { planCode: newCode('PP'), planName: '第一期', startDate: addDays(today, -7), endDate: addDays(today, 8), sort: 10 },
    { planCode: newCode('PP'), planName: '第二期', startDate: addDays(today, 9), endDate: addDays(today, 23), sort: 20 },
  ];
  await db.insert(projectPlans).values(plans.map((p) => ({ ...p, projectId: onboarding.id })));
  const safety = await add({
    name: '安全生产培训（三类人员）',
    introduce: '面向主要负责人、项目负责人和专职安全生产管理人员的年度安全生产培训。',
    start: addDays(today, -3),
    end: addDays(today, 60),
    checkHrs: 1,
    speeds: '1',
    seek: 0,
    openJoin: 0,
    safety: 1,
    resIds: res.filter((r) => r.company === null).map((r) => r.id),
  });
  const picked = ['learner01', 'learner02'].map((a) => people.get(a)).filter((x): x is number => x !== undefined);
  if (picked.length) await db.insert(projectParticipants).values(picked.map((refId) => ({ projectId: safety.id, kind: 'user', refId })));
  const enrol = (projectId: number, account: string, planCode = '', cert?: { certType: string; certNo: string }) => {
    const userId = people.get(account);
    if (!userId) return;
    return db.insert(projectUsers).values({
      projectId,
      userId,
      planCode,
      joinedAt: now,
      ...(cert ? { ...cert, certValidFrom: addDays(today, -365), certValidTo: addDays(today, 730) } : {}),
    });
  };
  for (const a of ['learner01', 'learner02', 'learner03']) await enrol(onboarding.id, a, plans[0].planCode);
  await enrol(safety.id, 'learner01', '', { certType: '专职安全生产管理人员（C证）', certNo: '（演示）安C（2026）0000001' });
}
