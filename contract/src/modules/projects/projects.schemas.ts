// Training projects (issue 13, Project_Manage): administration under project_project and the
// learner's study cards. Learner call names and card fields are the spec's (portal-and-learner
// §2 / §7: projectName, leftDays, checkHrs, getHrs, reachState, reachProgress, lastStudyDate,
// todayProgress). The arithmetic is described in docs/adr/0018-training-projects.md.
import { z } from 'zod';
import { pagingShape } from '../../shared/common.schemas.ts';
import { type ExamParticipantsView, participantsInput } from '../exams/exams.schemas.ts';

export const PROJECT_BASE = '/Api/Project_Manage/project_project';

/** 0 draft, 1 published, 2 closed */
export const ProjectStatus = { Draft: 0, Published: 1, Closed: 2 } as const;
export const PROJECT_STATUS_LABELS: Record<number, string> = { 0: '草稿', 1: '已发布', 2: '已结束' };
/** Achievement rule: 1 hours only; 2 hours and every linked exam passed. */
export const ReachRule = { Hours: 1, HoursAndExams: 2 } as const;
export const REACH_RULE_LABELS: Record<number, string> = { 1: '学时达标', 2: '学时达标且考试合格' };
/** reachState: 0 not reached, 1 reached */
export const REACH_STATE_LABELS: Record<number, string> = { 0: '未达标', 1: '已达标' };
/** Playback speeds an administrator may allow. */
export const SPEED_CHOICES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
/** The rules when no project restricts a resource. */
export const DEFAULT_STUDY_RULES = { allowedSpeeds: [...SPEED_CHOICES] as number[], maxSpeed: 2, allowSeekAhead: true };
/** Safety-training (三类人员) certificate types. */
export const CERT_TYPES = ['主要负责人（A证）', '项目负责人（B证）', '专职安全生产管理人员（C证）', '特种作业操作证', '其他'] as const;

export const ProjectLimits = {
  nameMax: 100,
  certNoMax: 100,
  introMax: 5000,
  plansMax: 50,
  resMax: 500,
  examsMax: 50,
  checkHrsMax: 10_000,
} as const;

export const ProjectMsg = {
  projectCodeRequired: '请选择培训项目',
  projectNameRequired: '请输入项目名称',
  periodRequired: '请设置项目开始和结束日期',
  dateInvalid: '日期格式应为 yyyy-MM-dd',
  checkHrsInvalid: `考核学时应在 0 到 ${10_000} 之间`,
  speedsRequired: '请至少允许一种播放倍速',
  speedInvalid: '播放倍速只能是 0.5、0.75、1、1.25、1.5 或 2',
  reachRuleInvalid: '请选择达标规则',
  planNameRequired: '请输入培训批次名称',
  userRequired: '请选择学员',
  certValidInvalid: '证书有效期结束日期不能早于开始日期',
  planHasEnrolments: (planName: string) => `培训批次「${planName}」已有学员加入，不能删除`,
  saved: '保存成功',
  deleted: '删除成功',
  published: (n: number) => `发布成功，已通知 ${n} 名参训人员`,
  closed: '项目已结束',
  joined: '加入成功',
} as const;

const text = (max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string().trim().max(max));
const flag = z.preprocess((v) => (v === true ? 1 : v === false ? 0 : v === '' || v == null ? 0 : v), z.coerce.number().int().min(0).max(1));
const optionalInt = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().optional());
/** yyyy-MM-dd (a longer date-time is cut to its date); '' allowed where optional */
const day = text(30)
  .transform((s) => s.slice(0, 10))
  .pipe(z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, ProjectMsg.dateInvalid));
const requiredDay = day.pipe(z.string().min(1, ProjectMsg.periodRequired));
const codeList = (max: number) => z.array(z.string().trim().min(1).max(60)).max(max).default([]);

export const projectCodeInput = z.object({ projectCode: text(60).pipe(z.string().min(1, ProjectMsg.projectCodeRequired)) });
export const projectPageInput = z.object({
  ...pagingShape,
  keyword: text(100).default(''),
  status: optionalInt,
  companySysCode: text(100).default(''),
});
export const projectPlanInput = z.object({
  planCode: text(60).default(''),
  planName: text(ProjectLimits.nameMax).pipe(z.string().min(1, ProjectMsg.planNameRequired)),
  startDate: day.default(''),
  endDate: day.default(''),
});
export const projectSaveInput = z.object({
  projectCode: text(60).default(''),
  companySysCode: text(100).default(''),
  projectName: text(ProjectLimits.nameMax).pipe(z.string().min(1, ProjectMsg.projectNameRequired)),
  introduce: text(ProjectLimits.introMax).default(''),
  cover: text(500).default(''),
  startDate: requiredDay,
  endDate: requiredDay,
  checkHrs: z.coerce
    .number({ error: ProjectMsg.checkHrsInvalid })
    .min(0, ProjectMsg.checkHrsInvalid)
    .max(ProjectLimits.checkHrsMax, ProjectMsg.checkHrsInvalid),
  reachRule: z.coerce
    .number({ error: ProjectMsg.reachRuleInvalid })
    .int()
    .min(1, ProjectMsg.reachRuleInvalid)
    .max(2, ProjectMsg.reachRuleInvalid)
    .default(1),
  allowedSpeeds: z
    .array(z.coerce.number().refine((n) => (SPEED_CHOICES as readonly number[]).includes(n), ProjectMsg.speedInvalid))
    .min(1, ProjectMsg.speedsRequired)
    .max(SPEED_CHOICES.length)
    .default([1]),
  allowSeekAhead: flag.default(0),
  /** 1: every learner of the company may join; 0: only the picked participants */
  openJoin: flag.default(0),
  /** 1: a safety-training (三类人员) project with certificate attributes per learner */
  isThreeSafety: flag.default(0),
  plans: z.array(projectPlanInput).max(ProjectLimits.plansMax).default([]),
  examCodes: codeList(ProjectLimits.examsMax),
  /** optional: the courses in order (as SaveResources), saved in the same transaction */
  resCodes: z.array(z.string().trim().min(1).max(60)).max(ProjectLimits.resMax).optional(),
  /** optional: the participants (as SaveParticipants), saved in the same transaction */
  participants: participantsInput.optional(),
});
export type ProjectSaveInput = z.output<typeof projectSaveInput>;
export const projectResourcesInput = z.object({
  projectCode: projectCodeInput.shape.projectCode,
  resCodes: codeList(ProjectLimits.resMax),
});
export const projectParticipantsInput = z.object({
  projectCode: projectCodeInput.shape.projectCode,
  participants: participantsInput.default({ users: [], orgs: [], posts: [] }),
});
export const projectEnrolmentPageInput = z.object({
  ...pagingShape,
  projectCode: projectCodeInput.shape.projectCode,
  keyword: text(100).default(''),
});
export const prjusrattrSaveInput = z.object({
  projectCode: projectCodeInput.shape.projectCode,
  userId: z.coerce.number({ error: ProjectMsg.userRequired }).int().min(1, ProjectMsg.userRequired),
  certType: text(50).default(''),
  certNo: text(ProjectLimits.certNoMax).default(''),
  certValidFrom: day.default(''),
  certValidTo: day.default(''),
});

// ---------- learner ----------

/** GetFPMyStudyData: `filter` (or the same fields flat). joinState 0 all, 1 joined, 2 may join. */
export const myStudyInput = z.preprocess(
  (v) => {
    const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
    const f = o.filter && typeof o.filter === 'object' ? (o.filter as Record<string, unknown>) : {};
    return { ...o, ...f };
  },
  z.object({ keyword: text(100).default(''), joinState: z.coerce.number().int().min(0).max(2).catch(0).default(0) }),
);
export const joinProjectInput = z.object({
  projectCode: projectCodeInput.shape.projectCode,
  planCode: text(60).default(''),
});
export const checkSettingsInput = z.object({ projectCode: text(60).default(''), rescode: text(60).default('') });
export const threeSafetyInput = z.object({ projectCode: text(60).default('') });

// ---------- views ----------

export interface ProjectPlanView {
  planCode: string;
  planName: string;
  startDate: string;
  endDate: string;
}
export interface ProjectView {
  projectCode: string;
  companySysCode: string;
  projectName: string;
  introduce: string;
  cover: string;
  startDate: string;
  endDate: string;
  checkHrs: number;
  reachRule: number;
  allowedSpeeds: number[];
  maxSpeed: number;
  allowSeekAhead: number;
  openJoin: number;
  isThreeSafety: number;
  status: number;
  resCount: number;
  userCount: number;
  publishTime: string;
  updateTime: string;
}
export interface ProjectResView {
  resCode: string;
  resName: string;
  resType: number;
  creditHours: number;
  duration: number;
}
export interface ProjectDetail extends ProjectView {
  plans: ProjectPlanView[];
  resources: ProjectResView[];
  exams: { examCode: string; examName: string }[];
  participants: ExamParticipantsView;
}
export interface ProjectEnrolmentView {
  userId: number;
  accountCode: string;
  chnName: string;
  orgName: string;
  planCode: string;
  planName: string;
  joinTime: string;
  getHrs: number;
  reachState: number;
  reachProgress: number;
  lastStudyDate: string;
  certType: string;
  certNo: string;
  certValidFrom: string;
  certValidTo: string;
}
/** A study card (spec §2 "My study tab"). Hours are decimals with two places. */
export interface StudyCard {
  projectCode: string;
  projectName: string;
  cover: string;
  startDate: string;
  endDate: string;
  status: number;
  /** days of the period left, today included; 0 once it has ended */
  leftDays: number;
  checkHrs: number;
  getHrs: number;
  /** 0 not reached, 1 reached */
  reachState: number;
  /** getHrs / checkHrs in %, 0–100 */
  reachProgress: number;
  /** yyyy-MM-dd, '' before the first study */
  lastStudyDate: string;
  /** today's hours against today's target in %, 0–100 */
  todayProgress: number;
  todayHrs: number;
  todayTargetHrs: number;
  isJoined: number;
  joinTime: string;
  planCode: string;
  plans: ProjectPlanView[];
  /** may join now (published, within the period, not joined) */
  canJoin: number;
}
export interface CourseProgress {
  resCode: string;
  resName: string;
  cover: string;
  resType: number;
  creditHours: number;
  duration: number;
  studySeconds: number;
  /** % of the duration credited (100 when completed) */
  progress: number;
  completed: number;
  lastStudyTime: string;
  /**
   * the hours this course counts toward the project (2 decimals, down): its creditHours in full
   * once completed within the period, else the time studied within the period, at most its
   * creditHours (all of it when it declares none) — ADR 0018 "Crediting by rule"
   */
  creditedHrs: number;
}
export interface StudyRules {
  allowedSpeeds: number[];
  maxSpeed: number;
  allowSeekAhead: boolean;
}
export interface ProjectDetailData extends StudyCard {
  introduce: string;
  reachRule: number;
  isThreeSafety: number;
  courses: CourseProgress[];
  /** passed: 1 when the best score reaches the pass mark; taken: 1 once an attempt was begun */
  exams: { examCode: string; examName: string; passed: number; taken: number }[];
  settings: StudyRules;
}
export interface PrjusrattrInfo {
  projectCode: string;
  projectName: string;
  chnName: string;
  certType: string;
  certNo: string;
  certValidFrom: string;
  certValidTo: string;
  /** 1 when today is within the validity */
  isValid: number;
}
