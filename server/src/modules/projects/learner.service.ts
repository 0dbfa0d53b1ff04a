// The learner's side of training projects (spec §7 Project_Manage): study cards, joining, the
// project page and the rules the player enforces. See docs/adr/0018-training-projects.md.
import {
  type CourseProgress,
  DEFAULT_STUDY_RULES,
  formatDateTime,
  type PrjusrattrInfo,
  type ProjectDetailData,
  ProjectStatus,
  type StudyCard,
  type StudyRules,
} from '@xuetu/contract';
import type { DbOrTx } from '../../db/client.ts';
import { type Caller, requireActor } from '../../platform/caller.ts';
import { appError } from '../../platform/errors.ts';
import { publish } from '../../platform/events.ts';
import { inTransaction } from '../../platform/tx.ts';
import { sendMessage } from '../content/public.ts';
import { isResVisible, resIdByCode } from '../courses/public.ts';
import { pickSource, placeOfPerson } from '../directory/public.ts';
import { PROJECT_MESSAGE_TYPE, projectMessageUrl } from './jobs.ts';
import { linkedExams } from './linked-exams.ts';
import { chinaDay, hoursOf, parseSpeeds, personProgress } from './progress.ts';
import * as repo from './projects.repository.ts';
import { projectStudyRules } from './public.ts';

type Enrolment = Awaited<ReturnType<typeof repo.enrolmentsOf>>[number];

/** A published project within its period (the only kind anyone may join). */
function isOpen(p: repo.ProjectRow, today: string): boolean {
  return p.status === ProjectStatus.Published && p.startDate <= today && today <= p.endDate;
}

/** May this learner join: open to the company, or among the picked participants. */
async function eligibleIds(db: DbOrTx, userId: number, candidates: repo.ProjectRow[]): Promise<Set<number>> {
  const place = await placeOfPerson(db, userId);
  if (!place) return new Set();
  const picks = await repo.listParticipants(
    db,
    candidates.map((p) => p.id),
  );
  return new Set(
    candidates
      .filter((p) => p.companySysCode === place.company)
      .filter(
        (p) =>
          p.openJoin === 1 ||
          pickSource(
            picks.filter((x) => x.projectId === p.id),
            userId,
            place,
            p.companySysCode,
          ) !== null,
      )
      .map((p) => p.id),
  );
}

async function buildCards(
  db: DbOrTx,
  userId: number,
  list: repo.ProjectRow[],
  enrolled: Map<number, Enrolment>,
  now: Date,
  known?: Map<string, repo.StudyTotals>,
): Promise<StudyCard[]> {
  const today = chinaDay(now);
  const ids = list.map((p) => p.id);
  const [totals, plans, exams] = await Promise.all([
    known ?? repo.studyTotals(db, ids, [userId], today),
    repo.listPlans(db, ids),
    linkedExams(
      db,
      list.filter((p) => p.reachRule === 2).map((p) => p.id),
      [userId],
    ),
  ]);
  const cards: StudyCard[] = [];
  for (const p of list) {
    const e = enrolled.get(p.id);
    const prog = personProgress(p, userId, totals, exams, today);
    cards.push({
      projectCode: p.projectCode,
      projectName: p.projectName,
      cover: p.cover,
      startDate: p.startDate,
      endDate: p.endDate,
      status: p.status,
      leftDays: prog.leftDays,
      checkHrs: Number(p.checkHrs),
      getHrs: prog.getHrs,
      reachState: prog.reachState,
      reachProgress: prog.reachProgress,
      lastStudyDate: totals.get(`${p.id}:${userId}`)?.lastDay ?? '',
      todayProgress: prog.todayProgress,
      todayHrs: prog.todayHrs,
      todayTargetHrs: prog.todayTargetHrs,
      isJoined: e ? 1 : 0,
      joinTime: e ? formatDateTime(e.joinedAt) : '',
      planCode: e?.planCode ?? '',
      plans: plans
        .filter((x) => x.projectId === p.id)
        .map((x) => ({
          planCode: x.planCode,
          planName: x.planName,
          startDate: x.startDate ?? p.startDate,
          endDate: x.endDate ?? p.endDate,
        })),
      canJoin: !e && isOpen(p, today) ? 1 : 0,
    });
  }
  return cards;
}

/**
 * GetFPMyStudyData: the learner's enrolled projects (published or closed) and the open ones they
 * may join, nearest end first. joinState 1 joined only, 2 joinable only.
 */
export async function myStudyData(caller: Caller, f: { keyword: string; joinState: number }): Promise<StudyCard[]> {
  const userId = requireActor(caller).userId;
  const db = caller.ctx.db;
  const today = chinaDay(caller.now);
  const enrolments = await repo.enrolmentsOf(db, userId);
  const enrolled = new Map(enrolments.map((e) => [e.projectId, e]));
  const mine = (await repo.projectsById(db, [...enrolled.keys()])).filter((p) => p.status !== ProjectStatus.Draft);
  const place = await placeOfPerson(db, userId);
  const open = place ? (await repo.openProjects(db, place.company, today)).filter((p) => !enrolled.has(p.id) && isOpen(p, today)) : [];
  const eligible = await eligibleIds(db, userId, open);
  let list = [...(f.joinState === 2 ? [] : mine), ...(f.joinState === 1 ? [] : open.filter((p) => eligible.has(p.id)))];
  if (f.keyword) list = list.filter((p) => p.projectName.includes(f.keyword));
  // joined first, then by end date (the most urgent first), ended projects last
  list.sort(
    (a, b) =>
      Number(a.endDate < today) - Number(b.endDate < today) ||
      Number(!enrolled.has(a.id)) - Number(!enrolled.has(b.id)) ||
      a.endDate.localeCompare(b.endDate) ||
      a.id - b.id,
  );
  return buildCards(db, userId, list, enrolled, caller.now);
}

/** A project the learner may look at: enrolled (not a draft), or open and eligible. */
async function visibleProject(db: DbOrTx, caller: Caller, projectCode: string) {
  const userId = requireActor(caller).userId;
  const company = caller.actor?.companySysCode;
  const p = company ? await repo.findProject(db, { all: false, companySysCode: company }, projectCode) : undefined;
  if (!p || p.status === ProjectStatus.Draft) throw appError('PROJECT_NOT_FOUND');
  const enrolment = await repo.findEnrolment(db, p.id, userId);
  if (!enrolment && !(isOpen(p, chinaDay(caller.now)) && (await eligibleIds(db, userId, [p])).has(p.id)))
    throw appError('PROJECT_NOT_FOUND');
  return { project: p, enrolment };
}

/** JoinProject: open (published, within the period) projects only, once; a plan when the project has plans. */
export async function joinProject(caller: Caller, input: { projectCode: string; planCode: string }): Promise<StudyCard> {
  const userId = requireActor(caller).userId;
  const today = chinaDay(caller.now);
  return inTransaction(caller, async (tx, afterCommit) => {
    // the study rules this process remembers may have changed (other processes: within their TTL)
    afterCommit(() => publish(caller.ctx, 'projects.changed', {}));
    const company = caller.actor?.companySysCode;
    const p = company ? await repo.findProject(tx, { all: false, companySysCode: company }, input.projectCode) : undefined;
    if (!p || p.status === ProjectStatus.Draft) throw appError('PROJECT_NOT_FOUND');
    if (await repo.findEnrolment(tx, p.id, userId)) throw appError('PROJECT_ALREADY_JOINED');
    if (!isOpen(p, today)) throw appError('PROJECT_NOT_OPEN');
    if (!(await eligibleIds(tx, userId, [p])).has(p.id)) throw appError('PROJECT_NOT_PARTICIPANT');
    const plans = await repo.listPlans(tx, [p.id]);
    let planCode = '';
    if (plans.length) {
      const inWindow = (x: repo.PlanRow) => (x.startDate ?? p.startDate) <= today && today <= (x.endDate ?? p.endDate);
      const plan = input.planCode ? plans.find((x) => x.planCode === input.planCode) : plans.length === 1 ? plans[0] : undefined;
      if (!plan && !input.planCode) throw appError('PROJECT_PLAN_REQUIRED');
      if (!plan || !inWindow(plan)) throw appError('PROJECT_PLAN_NOT_FOUND');
      planCode = plan.planCode;
    } else if (input.planCode) throw appError('PROJECT_PLAN_NOT_FOUND');
    if (!(await repo.enrol(tx, p.id, userId, planCode, caller.now))) throw appError('PROJECT_ALREADY_JOINED');
    await sendMessage(tx, {
      sentAt: caller.now,
      userIds: [userId],
      title: `已加入培训项目：${p.projectName}`,
      content: `您已加入培训项目「${p.projectName}」，请在 ${p.endDate} 前完成 ${Number(p.checkHrs)} 学时的学习。`,
      templeteType: PROJECT_MESSAGE_TYPE,
      messageUrl: projectMessageUrl(p.projectCode),
    });
    const e = (await repo.findEnrolment(tx, p.id, userId))!;
    return (await buildCards(tx, userId, [p], new Map([[p.id, e]]), caller.now))[0];
  });
}

/** GetProjectDetailData: the card, the introduction, courses with the learner's progress, linked exams, settings. */
export async function projectDetailData(caller: Caller, projectCode: string): Promise<ProjectDetailData> {
  const db = caller.ctx.db;
  const userId = requireActor(caller).userId;
  const { project: p, enrolment } = await visibleProject(db, caller, projectCode);
  // the card and the per-course hours from one reading, so they agree
  const totals = await repo.studyTotals(db, [p.id], [userId], chinaDay(caller.now));
  const credit = totals.get(`${p.id}:${userId}`);
  const [card] = await buildCards(db, userId, [p], new Map(enrolment ? [[p.id, enrolment]] : []), caller.now, totals);
  const [resources, exams] = await Promise.all([
    repo.projectResourceList(db, p.id, userId),
    linkedExams(db, [p.id], [userId]).then((of) => of(p.id, userId)),
  ]);
  const courses: CourseProgress[] = resources
    // what the learner may open (a platform resource made private since leaves the list)
    .filter((r) => isResVisible(caller.scope, r))
    .map((r) => {
      const duration = r.live?.duration ?? r.duration;
      const seconds = r.creditedSeconds ?? 0;
      const completed = r.completedAt ? 1 : 0;
      return {
        resCode: r.resCode,
        resName: r.live?.resName ?? r.resName,
        cover: r.live?.cover ?? r.cover,
        resType: r.live?.resType ?? r.resType,
        creditHours: Number(r.live?.creditHours ?? r.creditHours),
        duration,
        studySeconds: seconds,
        progress: completed ? 100 : duration > 0 ? Math.min(100, Math.floor((seconds * 100) / duration)) : 0,
        completed,
        lastStudyTime: r.lastStudyAt ? formatDateTime(r.lastStudyAt) : '',
        creditedHrs: hoursOf(credit?.byRes.get(r.resId) ?? 0),
      };
    });
  const speeds = parseSpeeds(p.allowedSpeeds);
  return {
    ...card,
    introduce: p.introduce,
    reachRule: p.reachRule,
    isThreeSafety: p.isThreeSafety,
    courses,
    exams: exams.map((e) => ({ examCode: e.examCode, examName: e.examName, passed: e.passed ? 1 : 0, taken: e.taken ? 1 : 0 })),
    settings: { allowedSpeeds: speeds, maxSpeed: Math.max(...speeds), allowSeekAhead: p.allowSeekAhead === 1 },
  };
}

/**
 * GetCheckProjectSettings: the rules the player enforces. With rescode, the strictest of the
 * learner's published projects containing it (the defaults when none); with projectCode, that
 * project's own settings.
 */
export async function checkProjectSettings(caller: Caller, input: { projectCode: string; rescode: string }): Promise<StudyRules> {
  const db = caller.ctx.db;
  const userId = requireActor(caller).userId;
  if (input.rescode) {
    const resId = await resIdByCode(db, input.rescode);
    const rules = resId ? await projectStudyRules(db, userId, resId) : null;
    if (!rules) return DEFAULT_STUDY_RULES;
    return {
      allowedSpeeds: DEFAULT_STUDY_RULES.allowedSpeeds.filter((s) => s <= rules.maxSpeed),
      maxSpeed: rules.maxSpeed,
      allowSeekAhead: rules.allowSeekAhead,
    };
  }
  if (!input.projectCode) return DEFAULT_STUDY_RULES;
  const { project: p } = await visibleProject(db, caller, input.projectCode);
  const speeds = parseSpeeds(p.allowedSpeeds);
  return { allowedSpeeds: speeds, maxSpeed: Math.max(...speeds), allowSeekAhead: p.allowSeekAhead === 1 };
}

/** GetPrjusrattrInfoForThreeSafety: the learner's certificate attributes in their safety-training projects. */
export async function threeSafetyInfo(caller: Caller, projectCode: string): Promise<PrjusrattrInfo[]> {
  const db = caller.ctx.db;
  const userId = requireActor(caller).userId;
  const today = chinaDay(caller.now);
  const enrolments = await repo.enrolmentsOf(db, userId);
  const list = (
    await repo.projectsById(
      db,
      enrolments.map((e) => e.projectId),
    )
  ).filter((p) => p.isThreeSafety === 1 && p.status !== ProjectStatus.Draft && (!projectCode || p.projectCode === projectCode));
  if (projectCode && !list.length) throw appError('PROJECT_NOT_FOUND');
  const place = await placeOfPerson(db, userId);
  return list.map((p) => {
    const e = enrolments.find((x) => x.projectId === p.id)!;
    return {
      projectCode: p.projectCode,
      projectName: p.projectName,
      chnName: place?.chnName ?? '',
      certType: e.certType,
      certNo: e.certNo,
      certValidFrom: e.certValidFrom ?? '',
      certValidTo: e.certValidTo ?? '',
      isValid: e.certNo && (!e.certValidFrom || e.certValidFrom <= today) && (!e.certValidTo || today <= e.certValidTo) ? 1 : 0,
    };
  });
}
