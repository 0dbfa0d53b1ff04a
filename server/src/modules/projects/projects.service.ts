// Project administration (Project_Manage/project_project): company-scoped like the other admin
// modules — platform staff see every company and name one on create, company administrators
// only their own. Every multi-step write is one transaction with an audit record.
import {
  formatDateTime,
  type PageResult,
  type ProjectDetail,
  type ProjectEnrolmentView,
  ProjectMsg,
  type ProjectSaveInput,
  ProjectStatus,
  type ProjectView,
  type participantsInput,
} from '@xuetu/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { type Caller, requireActor } from '../../platform/caller.ts';
import { newCode } from '../../platform/codes.ts';
import { appError, appErrorMsg } from '../../platform/errors.ts';
import { publish } from '../../platform/events.ts';
import { markFilesAttached } from '../../platform/files/index.ts';
import { enqueueJob } from '../../platform/jobs/index.ts';
import { inTransaction } from '../../platform/tx.ts';
import { usableResources } from '../courses/public.ts';
import { targetCompany } from '../directory/public.ts';
import { examsInCompany } from '../exams/public.ts';
import { notifyProjectJob } from './jobs.ts';
import { linkedExams } from './linked-exams.ts';
import { checkPicks, presentParticipants, resolveParticipants } from './participants.ts';
import { chinaDay, projectProgress } from './progress.ts';
import { authorize } from './projects.policy.ts';
import { presentProject } from './projects.presenter.ts';
import * as repo from './projects.repository.ts';

export async function listProjectPage(
  caller: Caller,
  q: { keyword: string; status?: number; companySysCode: string },
  window: { limit: number; offset: number },
): Promise<PageResult<ProjectView>> {
  const db = caller.ctx.db;
  const { rows, total } = await repo.pageProjects(db, caller.scope, { ...q, companySysCode: q.companySysCode || undefined }, window);
  const counts = await repo.projectCounts(
    db,
    rows.map((r) => r.id),
  );
  return { models: rows.map((r) => presentProject(r, counts.get(r.id)!)), totalCount: total };
}

async function found(db: DbOrTx, caller: Caller, projectCode: string): Promise<repo.ProjectRow> {
  const row = await repo.findProject(db, caller.scope, projectCode);
  if (!row) throw appError('PROJECT_NOT_FOUND');
  authorize(caller, 'read', row);
  return row;
}

/** Finds and locks a project the caller may change; a closed one refuses changes. */
async function forChange(tx: DbOrTx, caller: Caller, projectCode: string): Promise<repo.ProjectRow> {
  const row = await repo.lockProject(tx, caller.scope, (await found(tx, caller, projectCode)).id);
  authorize(caller, 'change', row);
  return row;
}

export async function readProject(caller: Caller, projectCode: string): Promise<ProjectDetail> {
  const db = caller.ctx.db;
  const row = await found(db, caller, projectCode);
  const [counts, plans, resources, exams, participants] = await Promise.all([
    repo.projectCounts(db, [row.id]),
    repo.listPlans(db, [row.id]),
    repo.projectResourceList(db, row.id),
    linkedExams(db, [row.id]).then((of) => of(row.id)),
    presentParticipants(db, row.id, row.companySysCode),
  ]);
  return {
    ...presentProject(row, counts.get(row.id)!),
    plans: plans.map((p) => ({ planCode: p.planCode, planName: p.planName, startDate: p.startDate ?? '', endDate: p.endDate ?? '' })),
    resources: resources.map((r) => ({
      resCode: r.resCode,
      resName: r.live?.resName ?? r.resName,
      resType: r.resType,
      creditHours: Number(r.live?.creditHours ?? r.creditHours),
      duration: r.live?.duration ?? r.duration,
    })),
    exams: exams.map((e) => ({ examCode: e.examCode, examName: e.examName })),
    participants,
  };
}

/** The settings as columns, after the rules that do not depend on the project's history. */
async function projectValues(db: DbOrTx, company: string, input: ProjectSaveInput) {
  if (input.endDate < input.startDate) throw appError('PROJECT_PERIOD_INVALID');
  const names = new Set<string>();
  for (const p of input.plans) {
    if (names.has(p.planName)) throw appError('PROJECT_PLAN_DUPLICATE');
    names.add(p.planName);
    const s = p.startDate || input.startDate;
    const e = p.endDate || input.endDate;
    if (e < s || s < input.startDate || e > input.endDate) throw appError('PROJECT_PLAN_INVALID');
  }
  const codes = [...new Set(input.examCodes)];
  if ((await examsInCompany(db, company, codes)).length !== codes.length) throw appError('PROJECT_EXAM_NOT_FOUND');
  return {
    projectName: input.projectName,
    introduce: input.introduce,
    cover: input.cover,
    startDate: input.startDate,
    endDate: input.endDate,
    checkHrs: input.checkHrs,
    reachRule: input.reachRule,
    allowedSpeeds: [...new Set(input.allowedSpeeds)].sort((a, b) => a - b).join(','),
    allowSeekAhead: input.allowSeekAhead,
    openJoin: input.openJoin,
    isThreeSafety: input.isThreeSafety,
  };
}

/** Plans by planCode: known codes are updated, new ones added, missing ones removed (not while learners are in them). */
async function savePlans(tx: DbOrTx, caller: Caller, projectId: number, plans: ProjectSaveInput['plans']): Promise<void> {
  const existing = await repo.listPlans(tx, [projectId]);
  const byCode = new Map(existing.map((p) => [p.planCode, p]));
  const kept = new Set<string>();
  let sort = 0;
  for (const p of plans) {
    sort += 10;
    const values = { planName: p.planName, startDate: p.startDate || null, endDate: p.endDate || null, sort };
    const old = p.planCode ? byCode.get(p.planCode) : undefined;
    if (old) {
      kept.add(old.planCode);
      await repo.updatePlan(tx, caller.scope, old.id, values);
    } else await repo.insertPlan(tx, caller.scope, { ...values, projectId, planCode: newCode('PP') });
  }
  const dropped = existing.filter((p) => !kept.has(p.planCode));
  const inUse = await repo.planCodesInUse(tx, projectId);
  const busy = dropped.find((p) => inUse.has(p.planCode));
  if (busy) throw appErrorMsg('PROJECT_PLAN_HAS_ENROLMENTS', ProjectMsg.planHasEnrolments(busy.planName));
  await repo.deletePlans(
    tx,
    caller.scope,
    dropped.map((p) => p.id),
  );
}

export async function saveProject(caller: Caller, input: ProjectSaveInput): Promise<{ projectCode: string }> {
  return inTransaction(caller, async (tx, afterCommit) => {
    // the study rules this process remembers may have changed (other processes: within their TTL)
    afterCommit(() => publish(caller.ctx, 'projects.changed', {}));
    if (!input.projectCode) {
      const company = (await targetCompany(tx, requireActor(caller), input.companySysCode)).companySysCode;
      const values = await projectValues(tx, company, input);
      await markFilesAttached(tx, [values.cover], caller.now);
      const row = await repo.insertProject(tx, caller.scope, {
        ...values,
        projectCode: newCode('P'),
        companySysCode: company,
        status: ProjectStatus.Draft,
        createdBy: requireActor(caller).userId,
        createdAt: caller.now,
        updatedAt: caller.now,
      });
      await savePlans(tx, caller, row.id, input.plans);
      await repo.replaceExams(tx, caller.scope, row.id, [...new Set(input.examCodes)]);
      await recordAudit(tx, caller, {
        action: 'project.add',
        target: row.projectCode,
        detail: { name: row.projectName },
      });
      if (input.resCodes) await applyResources(tx, caller, row, input.resCodes);
      if (input.participants) await applyParticipants(tx, caller, row, input.participants);
      return { projectCode: row.projectCode };
    }
    const row = await forChange(tx, caller, input.projectCode);
    const values = await projectValues(tx, row.companySysCode, input);
    await markFilesAttached(tx, [values.cover], caller.now);
    await repo.updateProject(tx, caller.scope, row.id, { ...values, updatedAt: caller.now });
    await savePlans(tx, caller, row.id, input.plans);
    await repo.replaceExams(tx, caller.scope, row.id, [...new Set(input.examCodes)]);
    await recordAudit(tx, caller, { action: 'project.update', target: row.projectCode });
    const updated = { ...row, ...values };
    if (input.resCodes) await applyResources(tx, caller, updated, input.resCodes);
    if (input.participants) await applyParticipants(tx, caller, updated, input.participants);
    return { projectCode: row.projectCode };
  });
}

/** The courses in order: approved resources of the platform or the project's company. */
async function applyResources(tx: DbOrTx, caller: Caller, row: repo.ProjectRow, resCodes: string[]): Promise<void> {
  const codes = [...new Set(resCodes)];
  const usable = new Map((await usableResources(tx, row.companySysCode, codes)).map((r) => [r.resCode, r.id]));
  if (usable.size !== codes.length) throw appError('PROJECT_RES_NOT_FOUND');
  if (!codes.length && row.status === ProjectStatus.Published) throw appError('PROJECT_RESOURCES_REQUIRED');
  await repo.replaceResources(
    tx,
    caller.scope,
    row.id,
    codes.map((c) => usable.get(c)!),
  );
  await recordAudit(tx, caller, {
    action: 'project.resources',
    target: row.projectCode,
    detail: { count: codes.length },
  });
}

/** The picks; on a published project, newly picked people are told at once (durable job). */
async function applyParticipants(
  tx: DbOrTx,
  caller: Caller,
  row: repo.ProjectRow,
  picks: z.output<typeof participantsInput>,
): Promise<void> {
  const rows = await checkPicks(tx, row.companySysCode, picks);
  if (row.status === ProjectStatus.Published && !rows.length && !row.openJoin) throw appError('PROJECT_PARTICIPANTS_REQUIRED');
  await repo.replaceParticipants(tx, caller.scope, row.id, rows);
  if (row.status === ProjectStatus.Published && rows.length)
    await enqueueJob(tx, notifyProjectJob, { projectId: row.id }, { now: caller.now });
  await recordAudit(tx, caller, {
    action: 'project.participants',
    target: row.projectCode,
    detail: { picks: rows.length },
  });
}

export async function saveResources(caller: Caller, projectCode: string, resCodes: string[]): Promise<void> {
  await inTransaction(caller, async (tx, afterCommit) => {
    // the study rules this process remembers may have changed (other processes: within their TTL)
    afterCommit(() => publish(caller.ctx, 'projects.changed', {}));
    const row = await forChange(tx, caller, projectCode);
    await applyResources(tx, caller, row, resCodes);
    await repo.updateProject(tx, caller.scope, row.id, { updatedAt: caller.now });
  });
}

export async function saveParticipants(caller: Caller, projectCode: string, picks: z.output<typeof participantsInput>): Promise<void> {
  await inTransaction(caller, async (tx, afterCommit) => {
    // the study rules this process remembers may have changed (other processes: within their TTL)
    afterCommit(() => publish(caller.ctx, 'projects.changed', {}));
    const row = await forChange(tx, caller, projectCode);
    await applyParticipants(tx, caller, row, picks);
    await repo.updateProject(tx, caller.scope, row.id, { updatedAt: caller.now });
  });
}

export async function getParticipants(caller: Caller, projectCode: string) {
  const row = await found(caller.ctx.db, caller, projectCode);
  return presentParticipants(caller.ctx.db, row.id, row.companySysCode);
}

export async function deleteProject(caller: Caller, projectCode: string): Promise<void> {
  await inTransaction(caller, async (tx, afterCommit) => {
    // the study rules this process remembers may have changed (other processes: within their TTL)
    afterCommit(() => publish(caller.ctx, 'projects.changed', {}));
    const row = await repo.lockProject(tx, caller.scope, (await found(tx, caller, projectCode)).id);
    authorize(caller, 'delete', { ...row, enrolled: (await repo.projectCounts(tx, [row.id])).get(row.id)!.userCount });
    await repo.deleteProject(tx, caller.scope, row.id);
    await recordAudit(tx, caller, {
      action: 'project.delete',
      target: projectCode,
      detail: { name: row.projectName },
    });
  });
}

/** Publish: needs resources and participants (or open to the company); the picked people are told by a durable job. */
export async function publishProject(caller: Caller, projectCode: string): Promise<number> {
  return inTransaction(caller, async (tx, afterCommit) => {
    // the study rules this process remembers may have changed (other processes: within their TTL)
    afterCommit(() => publish(caller.ctx, 'projects.changed', {}));
    const row = await forChange(tx, caller, projectCode);
    if (row.status === ProjectStatus.Published) throw appError('PROJECT_ALREADY_PUBLISHED');
    if ((await repo.projectCounts(tx, [row.id])).get(row.id)!.resCount === 0) throw appError('PROJECT_RESOURCES_REQUIRED');
    const picks = await repo.listParticipants(tx, [row.id]);
    if (!picks.length && !row.openJoin) throw appError('PROJECT_PARTICIPANTS_REQUIRED');
    await repo.updateProject(tx, caller.scope, row.id, { status: ProjectStatus.Published, publishedAt: caller.now, updatedAt: caller.now });
    const people = picks.length ? await resolveParticipants(tx, row) : [];
    if (people.length) await enqueueJob(tx, notifyProjectJob, { projectId: row.id }, { now: caller.now });
    await recordAudit(tx, caller, {
      action: 'project.publish',
      target: projectCode,
      detail: { participants: people.length },
    });
    return people.length;
  });
}

/** Close: nobody joins any more; enrolled learners keep their cards and hours. */
export async function closeProject(caller: Caller, projectCode: string): Promise<void> {
  await inTransaction(caller, async (tx, afterCommit) => {
    // the study rules this process remembers may have changed (other processes: within their TTL)
    afterCommit(() => publish(caller.ctx, 'projects.changed', {}));
    const row = await forChange(tx, caller, projectCode);
    if (row.status === ProjectStatus.Draft) throw appError('PROJECT_NOT_PUBLISHED');
    await repo.updateProject(tx, caller.scope, row.id, { status: ProjectStatus.Closed, closedAt: caller.now, updatedAt: caller.now });
    await recordAudit(tx, caller, { action: 'project.close', target: projectCode });
  });
}

export async function listEnrolments(
  caller: Caller,
  q: { projectCode: string; keyword: string },
  window: { limit: number; offset: number },
): Promise<PageResult<ProjectEnrolmentView>> {
  const db = caller.ctx.db;
  const row = await found(db, caller, q.projectCode);
  const { rows, total } = await repo.pageEnrolments(db, row.id, q.keyword, window);
  const today = chinaDay(caller.now);
  const [totals, plans, exams] = await Promise.all([
    repo.studyTotals(
      db,
      [row.id],
      rows.map((r) => r.e.userId),
      today,
    ),
    repo.listPlans(db, [row.id]),
    row.reachRule === 2
      ? linkedExams(
          db,
          [row.id],
          rows.map((r) => r.e.userId),
        ).then((of) => rows.map((r) => of(row.id, r.e.userId)))
      : Promise.resolve([]),
  ]);
  const planName = new Map(plans.map((p) => [p.planCode, p.planName]));
  return {
    totalCount: total,
    models: rows.map((r, i) => {
      const t = totals.get(`${row.id}:${r.e.userId}`);
      const p = projectProgress({
        startDate: row.startDate,
        endDate: row.endDate,
        checkHrs: Number(row.checkHrs),
        reachRule: row.reachRule,
        today,
        periodSeconds: t?.periodSeconds ?? 0,
        todaySeconds: t?.todaySeconds ?? 0,
        examsPassed: row.reachRule === 2 ? (exams[i] ?? []).every((e) => e.passed) : true,
      });
      return {
        userId: r.e.userId,
        accountCode: r.accountCode,
        chnName: r.chnName,
        orgName: r.orgName ?? '',
        planCode: r.e.planCode,
        planName: planName.get(r.e.planCode) ?? '',
        joinTime: formatDateTime(r.e.joinedAt),
        getHrs: p.getHrs,
        reachState: p.reachState,
        reachProgress: p.reachProgress,
        lastStudyDate: t?.lastDay ?? '',
        certType: r.e.certType,
        certNo: r.e.certNo,
        certValidFrom: r.e.certValidFrom ?? '',
        certValidTo: r.e.certValidTo ?? '',
      };
    }),
  };
}

export async function savePrjusrattr(
  caller: Caller,
  input: { projectCode: string; userId: number; certType: string; certNo: string; certValidFrom: string; certValidTo: string },
): Promise<void> {
  if (input.certValidFrom && input.certValidTo && input.certValidTo < input.certValidFrom) throw appError('PROJECT_CERT_VALID_INVALID');
  await inTransaction(caller, async (tx) => {
    const row = await found(tx, caller, input.projectCode);
    if (!row.isThreeSafety) throw appError('PROJECT_NOT_SAFETY');
    if (!(await repo.findEnrolment(tx, row.id, input.userId))) throw appError('PROJECT_USER_NOT_FOUND');
    await repo.updateEnrolment(tx, caller.scope, row.id, input.userId, {
      certType: input.certType,
      certNo: input.certNo,
      certValidFrom: input.certValidFrom || null,
      certValidTo: input.certValidTo || null,
      attrUpdatedAt: caller.now,
      attrUpdatedBy: requireActor(caller).userId,
    });
    await recordAudit(tx, caller, {
      action: 'project.userattr',
      target: input.projectCode,
      detail: { userId: input.userId },
    });
  });
}
