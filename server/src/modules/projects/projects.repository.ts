import { ProjectStatus } from '@xuetu/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { forbidden } from '../../platform/errors.ts';
import { likeContains } from '../../platform/like.ts';
import { scopeWhere, type TenantScope } from '../../platform/scope.ts';
import { findInScope, pageLastChangedFirst } from '../../platform/table-reads.ts';
import { insertInScope } from '../../platform/table-writes.ts';
import { courseHoursView, courseStudyView, resourcesWithStudy, studyDayView } from '../courses/public.ts';
import { peopleView } from '../directory/public.ts';
import { type CourseStudy, type ProjectCredit, projectCredit } from './progress.ts';
import { projectExams, projectNotices, projectParticipants, projectPlans, projectResources, projects, projectUsers } from './schema.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectInsert = typeof projects.$inferInsert;
export type PlanRow = typeof projectPlans.$inferSelect;
export type ParticipantKind = 'user' | 'org' | 'post';

// ---------- projects ----------
// Admin writes take the caller's scope: the project's own row by its company, the rows under a
// project (plans, resources, exams, participants, enrolments) through their project's company.

const projectInScope = (scope: TenantScope, id: number) => and(eq(projects.id, id), scopeWhere(scope, projects.companySysCode));

/** `column` (a project id) names a project inside the scope. */
function underScopedProject(scope: TenantScope, column: PgColumn): SQL {
  if (scope.all) return sql`true`;
  return sql`${column} in (select ${projects.id} from ${projects} where ${scopeWhere(scope, projects.companySysCode)})`;
}

/** Before adding rows under a project: it must be inside the scope (the service found it there). */
async function assertProjectInScope(db: DbOrTx, scope: TenantScope, projectId: number): Promise<void> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(projectInScope(scope, projectId)).limit(1);
  if (!row) throw forbidden();
}

export async function pageProjects(
  db: DbOrTx,
  scope: TenantScope,
  f: { keyword: string; status?: number; companySysCode?: string },
  window: { limit: number; offset: number },
): Promise<{ rows: ProjectRow[]; total: number }> {
  const where = and(
    scopeWhere(scope, projects.companySysCode),
    f.companySysCode ? eq(projects.companySysCode, f.companySysCode) : undefined,
    f.status !== undefined ? eq(projects.status, f.status) : undefined,
    f.keyword ? ilike(projects.projectName, likeContains(f.keyword)) : undefined,
  );
  return pageLastChangedFirst(db, projects, where, window);
}

export async function findProject(db: DbOrTx, scope: TenantScope, projectCode: string): Promise<ProjectRow | undefined> {
  return findInScope(db, scope, projects, projects.projectCode, projectCode);
}

export async function findProjectById(db: DbOrTx, id: number): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row;
}

/** Locks the project row for a state change (publish / close / edit racing each other). */
export async function lockProject(db: DbOrTx, scope: TenantScope, id: number): Promise<ProjectRow> {
  const [row] = await db.select().from(projects).where(projectInScope(scope, id)).for('update');
  return row;
}

export async function insertProject(db: DbOrTx, scope: TenantScope, values: ProjectInsert): Promise<ProjectRow> {
  return insertInScope(db, scope, projects, values);
}

export async function updateProject(db: DbOrTx, scope: TenantScope, id: number, values: Partial<Omit<ProjectInsert, 'companySysCode'>>) {
  await db.update(projects).set(values).where(projectInScope(scope, id));
}

export async function deleteProject(db: DbOrTx, scope: TenantScope, id: number): Promise<void> {
  await db.delete(projects).where(projectInScope(scope, id));
}

/** Per project: resources and people enrolled. */
export async function projectCounts(db: DbOrTx, ids: number[]): Promise<Map<number, { resCount: number; userCount: number }>> {
  const out = new Map(ids.map((id) => [id, { resCount: 0, userCount: 0 }]));
  if (!ids.length) return out;
  const [r, u] = await Promise.all([
    db
      .select({ id: projectResources.projectId, n: count() })
      .from(projectResources)
      .where(inArray(projectResources.projectId, ids))
      .groupBy(projectResources.projectId),
    db
      .select({ id: projectUsers.projectId, n: count() })
      .from(projectUsers)
      .where(inArray(projectUsers.projectId, ids))
      .groupBy(projectUsers.projectId),
  ]);
  for (const x of r) out.get(x.id)!.resCount = Number(x.n);
  for (const x of u) out.get(x.id)!.userCount = Number(x.n);
  return out;
}

// ---------- plans ----------

export function listPlans(db: DbOrTx, projectIds: number[]): Promise<PlanRow[]> {
  if (!projectIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(projectPlans)
    .where(inArray(projectPlans.projectId, projectIds))
    .orderBy(asc(projectPlans.sort), asc(projectPlans.id));
}

export async function insertPlan(db: DbOrTx, scope: TenantScope, values: typeof projectPlans.$inferInsert): Promise<void> {
  await assertProjectInScope(db, scope, values.projectId);
  await db.insert(projectPlans).values(values);
}

export async function updatePlan(db: DbOrTx, scope: TenantScope, id: number, values: Partial<typeof projectPlans.$inferInsert>) {
  await db
    .update(projectPlans)
    .set(values)
    .where(and(eq(projectPlans.id, id), underScopedProject(scope, projectPlans.projectId)));
}

export async function deletePlans(db: DbOrTx, scope: TenantScope, ids: number[]): Promise<void> {
  if (ids.length)
    await db.delete(projectPlans).where(and(inArray(projectPlans.id, ids), underScopedProject(scope, projectPlans.projectId)));
}

export async function planCodesInUse(db: DbOrTx, projectId: number): Promise<Set<string>> {
  const rows = await db.selectDistinct({ c: projectUsers.planCode }).from(projectUsers).where(eq(projectUsers.projectId, projectId));
  return new Set(rows.map((r) => r.c));
}

// ---------- resources ----------

export async function replaceResources(db: DbOrTx, scope: TenantScope, projectId: number, resIds: number[]): Promise<void> {
  await assertProjectInScope(db, scope, projectId);
  await db.delete(projectResources).where(eq(projectResources.projectId, projectId));
  if (resIds.length) await db.insert(projectResources).values(resIds.map((resId, i) => ({ projectId, resId, sort: (i + 1) * 10 })));
}

/** The project's resources in order, with what learners see (the live version) and, given a user, their study row. */
export async function projectResourceList(db: DbOrTx, projectId: number, userId?: number) {
  const order = await db
    .select({ resId: projectResources.resId })
    .from(projectResources)
    .where(eq(projectResources.projectId, projectId))
    .orderBy(asc(projectResources.sort), asc(projectResources.resId));
  const found = await resourcesWithStudy(
    db,
    order.map((o) => o.resId),
    userId,
  );
  const byId = new Map(found.map((r) => [r.resId, r]));
  return order.flatMap((o) => byId.get(o.resId) ?? []);
}

// ---------- exams ----------

export async function replaceExams(db: DbOrTx, scope: TenantScope, projectId: number, codes: string[]): Promise<void> {
  await assertProjectInScope(db, scope, projectId);
  await db.delete(projectExams).where(eq(projectExams.projectId, projectId));
  if (codes.length) await db.insert(projectExams).values(codes.map((examCode, i) => ({ projectId, examCode, sort: (i + 1) * 10 })));
}

/** The codes of the exams each project links, in the project's order. */
export async function linkedExamCodes(db: DbOrTx, projectIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!projectIds.length) return out;
  const rows = await db
    .select({ projectId: projectExams.projectId, examCode: projectExams.examCode })
    .from(projectExams)
    .where(inArray(projectExams.projectId, projectIds))
    .orderBy(asc(projectExams.projectId), asc(projectExams.sort), asc(projectExams.examCode));
  for (const r of rows) out.set(r.projectId, [...(out.get(r.projectId) ?? []), r.examCode]);
  return out;
}

// ---------- participants ----------

export function listParticipants(db: DbOrTx, projectIds: number[]) {
  if (!projectIds.length) return Promise.resolve([]);
  return db.select().from(projectParticipants).where(inArray(projectParticipants.projectId, projectIds));
}

export async function replaceParticipants(
  db: DbOrTx,
  scope: TenantScope,
  projectId: number,
  picks: { kind: ParticipantKind; refId: number }[],
): Promise<void> {
  await assertProjectInScope(db, scope, projectId);
  await db.delete(projectParticipants).where(eq(projectParticipants.projectId, projectId));
  if (picks.length) await db.insert(projectParticipants).values(picks.map((p) => ({ projectId, ...p })));
}

/** Records who has been told; returns the ones not told before (each exactly once). The notify job's write: no caller scope. */
export async function claimNotices(db: DbOrTx, projectId: number, userIds: number[], at: Date): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await db
      .insert(projectNotices)
      .values(userIds.slice(i, i + 500).map((userId) => ({ projectId, userId, notifiedAt: at })))
      .onConflictDoNothing()
      .returning({ userId: projectNotices.userId });
    out.push(...rows.map((r) => r.userId));
  }
  return out;
}

// ---------- enrolment ----------

export async function enrolmentsOf(db: DbOrTx, userId: number, projectIds?: number[]) {
  return db
    .select()
    .from(projectUsers)
    .where(
      and(eq(projectUsers.userId, userId), projectIds ? inArray(projectUsers.projectId, projectIds.length ? projectIds : [-1]) : undefined),
    );
}

export async function findEnrolment(db: DbOrTx, projectId: number, userId: number) {
  const [row] = await db
    .select()
    .from(projectUsers)
    .where(and(eq(projectUsers.projectId, projectId), eq(projectUsers.userId, userId)));
  return row;
}

/** Enrols; false when already enrolled. The learner's own row (the owner is the user, who joins a project of their company). */
export async function enrol(db: DbOrTx, projectId: number, userId: number, planCode: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(projectUsers)
    .values({ projectId, userId, planCode, joinedAt: at })
    .onConflictDoNothing()
    .returning({ userId: projectUsers.userId });
  return rows.length > 0;
}

export async function updateEnrolment(
  db: DbOrTx,
  scope: TenantScope,
  projectId: number,
  userId: number,
  values: Partial<typeof projectUsers.$inferInsert>,
) {
  await db
    .update(projectUsers)
    .set(values)
    .where(and(eq(projectUsers.projectId, projectId), eq(projectUsers.userId, userId), underScopedProject(scope, projectUsers.projectId)));
}

export async function pageEnrolments(db: DbOrTx, projectId: number, keyword: string, window: { limit: number; offset: number }) {
  const person = peopleView;
  const where = and(
    eq(projectUsers.projectId, projectId),
    keyword ? or(ilike(person.chnName, likeContains(keyword)), ilike(person.accountCode, likeContains(keyword))) : undefined,
  ) as SQL;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ e: projectUsers, accountCode: person.accountCode, chnName: person.chnName, orgName: person.orgName })
      .from(projectUsers)
      .innerJoin(person, eq(person.id, projectUsers.userId))
      .where(where)
      .orderBy(desc(projectUsers.joinedAt), asc(person.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(projectUsers).innerJoin(person, eq(person.id, projectUsers.userId)).where(where),
  ]);
  return { rows, total: Number(n) };
}

// ---------- study time ----------

export type StudyTotals = ProjectCredit;

/**
 * Per (project, user): what the user's study of the project's courses credits to the project
 * (progress.ts `projectCredit`, the ADR 0018 amendment "Crediting by rule"). Reads, per course,
 * its declared 学时 (the approved version's, as learners see it), the credited seconds on days
 * within the project's period (and today's part) and the completion time (the courses module's
 * study facts, courses/public.ts).
 */
export async function studyTotals(db: DbOrTx, projectIds: number[], userIds: number[], today: string): Promise<Map<string, StudyTotals>> {
  const out = new Map<string, StudyTotals>();
  if (!projectIds.length || !userIds.length) return out;
  // the courses module's study facts (a course's 学时, completion, seconds per day)
  const s = courseStudyView;
  const x = studyDayView;
  const list = (ids: number[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  const rows = await db.execute<{
    project_id: number;
    user_id: number;
    res_id: number;
    credit_hours: string | number | null;
    completed_day: string | null;
    period_s: string | number | null;
    today_s: string | number | null;
    last_day: string | null;
    start_date: string;
    end_date: string;
  }>(sql`
    select p.id as project_id, u.id as user_id, r.res_id,
      to_char(p.start_date, 'YYYY-MM-DD') as start_date, to_char(p.end_date, 'YYYY-MM-DD') as end_date,
      course_hours.credit_hours,
      -- the Asia/Shanghai day (UTC+8, as the study days) of the completion
      to_char((${s.completedAt} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD') as completed_day,
      d.period_s, d.today_s, d.last_day
    from project_project p
    join project_res r on r.project_id = p.id
    join ${courseHoursView} on ${courseHoursView.id} = r.res_id
    join (select distinct unnest(array[${list(userIds)}]::int[]) as id) u on true
    left join ${s} on ${s.userId} = u.id and ${s.resId} = r.res_id
    left join lateral (
      select sum(${x.seconds}) as period_s,
        sum(case when ${x.day} = ${today}::date then ${x.seconds} else 0 end) as today_s,
        to_char(max(${x.day}), 'YYYY-MM-DD') as last_day
      from ${x}
      where ${x.userId} = u.id and ${x.resId} = r.res_id and ${x.day} between p.start_date and p.end_date
    ) d on true
    where p.id in (${list(projectIds)}) and (${s.completedAt} is not null or d.period_s is not null)`);
  const courses = new Map<string, { period: { startDate: string; endDate: string }; list: CourseStudy[] }>();
  for (const r of rows.rows) {
    const key = `${r.project_id}:${r.user_id}`;
    if (!courses.has(key)) courses.set(key, { period: { startDate: r.start_date, endDate: r.end_date }, list: [] });
    courses.get(key)!.list.push({
      resId: Number(r.res_id),
      creditHours: Number(r.credit_hours ?? 0) || 0,
      periodSeconds: Number(r.period_s ?? 0),
      todaySeconds: Number(r.today_s ?? 0),
      completedDay: r.completed_day ?? '',
      lastDay: r.last_day ?? '',
    });
  }
  for (const [key, c] of courses) out.set(key, projectCredit(c.list, c.period, today));
  return out;
}

/** Published projects of a company whose period has not ended (the ones a learner may be offered). */
export function openProjects(db: DbOrTx, company: string, today: string) {
  return db
    .select()
    .from(projects)
    .where(
      and(eq(projects.companySysCode, company), eq(projects.status, ProjectStatus.Published), sql`${projects.endDate} >= ${today}::date`),
    )
    .orderBy(asc(projects.endDate), asc(projects.id));
}

export function projectsById(db: DbOrTx, ids: number[]) {
  if (!ids.length) return Promise.resolve([] as ProjectRow[]);
  return db.select().from(projects).where(inArray(projects.id, ids));
}

/** Published projects the user is enrolled in that contain the resource. */
export function enrolledProjectsWithResource(db: DbOrTx, userId: number, resId: number) {
  return db
    .select({ allowedSpeeds: projects.allowedSpeeds, allowSeekAhead: projects.allowSeekAhead })
    .from(projects)
    .innerJoin(projectUsers, and(eq(projectUsers.projectId, projects.id), eq(projectUsers.userId, userId)))
    .innerJoin(projectResources, and(eq(projectResources.projectId, projects.id), eq(projectResources.resId, resId)))
    .where(eq(projects.status, ProjectStatus.Published));
}

/** A company's projects by code (certificates' rules name them), drafts too. */
export async function projectsByCodeInCompany(db: DbOrTx, company: string, codes: string[]) {
  if (!codes.length) return new Map<string, { id: number; projectName: string }>();
  const rows = await db
    .select({ id: projects.id, projectCode: projects.projectCode, projectName: projects.projectName })
    .from(projects)
    .where(and(eq(projects.companySysCode, company), inArray(projects.projectCode, codes)));
  return new Map(rows.map((r) => [r.projectCode, { id: r.id, projectName: r.projectName }]));
}

/** The people enrolled in a project (JoinProject). */
export async function enrolledUserIds(db: DbOrTx, projectId: number): Promise<number[]> {
  const rows = await db.select({ userId: projectUsers.userId }).from(projectUsers).where(eq(projectUsers.projectId, projectId));
  return rows.map((r) => r.userId);
}
