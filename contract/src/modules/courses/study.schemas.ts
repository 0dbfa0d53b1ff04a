// Learner study (issue 13): the catalogue, the study page, notes, favourites, likes and the
// heartbeat that credits study time (ADR 0017). Field names are the spec's wire names
// (rescode, recordId, guid, speed, position, studySeconds).
import { z } from 'zod';
import { DB_INT_MAX, pagingShape } from '../../shared/common.schemas.ts';
import type { StudyRules } from '../projects/projects.schemas.ts';

/** a note's length */
export const NOTE_MAX = 1000;

export const StudyMsg = {
  noteRequired: '请输入笔记内容',
  noteTooLong: `笔记内容不能超过 ${NOTE_MAX} 字`,
  noteMissing: '笔记不存在',
  guidRequired: '缺少学习会话标识',
  speedInvalid: '播放速度无效',
  positionInvalid: '播放位置无效',
  lessonInvalid: '课时无效',
  rescodeRequired: '请选择资源',
  takenOver: '已在其他窗口或设备继续学习',
  presenceNeeded: '请确认您仍在学习，确认前不计学习时长',
  presenceOk: '已确认，继续计时',
  presenceWrong: '所选数字不正确，请重新选择',
  presenceInvalid: '请选择提示的数字',
  idleInvalid: '无操作时长无效',
  completed: '恭喜，已完成本课程',
  collected: '已收藏',
  uncollected: '已取消收藏',
  thumbsup: '点赞成功',
  thumbsupAlready: '您已点过赞',
  notEnough: (percent: number, need: number) => `学习时长不足，暂不能完成本课程（已学 ${percent}%，需达到 ${need}%）`,
} as const;

/** StudyComplete needs at least this share of the media's duration credited (ADR 0017). */
export const STUDY_COMPLETE_RATIO = 0.9;
/** Playback speeds a player may offer, filtered by the allowed maximum. */
export const STUDY_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

const text = (max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string().trim().max(max));
const rescode = text(60).pipe(z.string().min(1, StudyMsg.rescodeRequired));
const noteContent = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z.string().trim().min(1, StudyMsg.noteRequired).max(NOTE_MAX, StudyMsg.noteTooLong),
);
const seconds = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? 0 : v),
  z.coerce.number({ error: StudyMsg.positionInvalid }).min(0, StudyMsg.positionInvalid).max(1_000_000, StudyMsg.positionInvalid),
);

/** ShowCompanyTrainRes: the learner catalogue (directory by dcode or dno, with sub-directories). */
export const studyCatalogueInput = z.object({
  ...pagingShape,
  dcode: text(60).default(''),
  dno: text(30).default(''),
  keyword: text(100).default(''),
});
export const studyResInput = z.object({ rescode });
export const noteListInput = z.object({ recordId: rescode });
export const noteAddInput = z.object({ rescode, content: noteContent, position: seconds });
export const noteUpdateInput = z.object({
  id: z.coerce.number({ error: StudyMsg.noteMissing }).int().min(1, StudyMsg.noteMissing).max(DB_INT_MAX, StudyMsg.noteMissing),
  content: noteContent,
  position: seconds.optional(),
});
export const noteIdInput = z.object({
  id: z.coerce.number({ error: StudyMsg.noteMissing }).int().min(1, StudyMsg.noteMissing).max(DB_INT_MAX, StudyMsg.noteMissing),
});
export const studyBeatInput = z.object({
  rescode,
  guid: text(64).pipe(z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, StudyMsg.guidRequired)),
  speed: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 1 : v),
    z.coerce.number({ error: StudyMsg.speedInvalid }).min(0.1, StudyMsg.speedInvalid).max(16, StudyMsg.speedInvalid),
  ),
  position: seconds,
  /** the lesson playing (its index, 0 = the first); position is within it (ADR 0022) */
  lesson: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : v),
    z.coerce
      .number({ error: StudyMsg.lessonInvalid })
      .int(StudyMsg.lessonInvalid)
      .min(0, StudyMsg.lessonInvalid)
      .max(1000, StudyMsg.lessonInvalid),
  ),
  /**
   * seconds since the learner last moved the pointer, pressed a key, touched or scrolled the study
   * page (ADR 0058). Absent = nothing reported: the server counts the learner idle since the last
   * activity it knows of.
   */
  idle: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: StudyMsg.idleInvalid })
      .int(StudyMsg.idleInvalid)
      .min(0, StudyMsg.idleInvalid)
      .max(31_536_000, StudyMsg.idleInvalid)
      .optional(),
  ),
});
/** StudyPresence: the answer to a presence check (the number the dialog asked to tap). */
export const studyPresenceInput = z.object({
  code: z.coerce
    .number({ error: StudyMsg.presenceInvalid })
    .int(StudyMsg.presenceInvalid)
    .min(1, StudyMsg.presenceInvalid)
    .max(99, StudyMsg.presenceInvalid),
});
export const studyCompleteInput = z.object({ rescode, guid: text(64).default('') });

/** What the player enforces (and the server credits by): from project settings, defaults otherwise. */
// the player's rules (allowed speeds, seeking ahead): StudyRules of ./projects.ts, whose settings give them

export interface CourseCard {
  resCode: string;
  resName: string;
  /** plain text, shortened */
  introduce: string;
  cover: string;
  resType: number;
  viewCnt: number;
  creditHours: number;
  duration: number;
  dName: string;
  lecturerName: string;
  studySeconds: number;
  /** 0–100 */
  progress: number;
  completed: 0 | 1;
}

export interface StudyLesson {
  index: number;
  title: string;
  duration: number;
  /** the resource's code and, for a single resource, its name (kept from before lessons existed) */
  resCode: string;
  resName: string;
}

export interface StudyDetail extends CourseCard {
  /** sanitised HTML */
  introduceHtml: string;
  /** rich-text resources: sanitised HTML */
  content: string;
  dCode: string;
  lecturerCode: string;
  lecturerFace: string;
  lecturerIntro: string;
  lastPosition: number;
  completeTime: string;
  lastStudyTime: string;
  isCollect: 0 | 1;
  isThumbsup: 0 | 1;
  collectCnt: number;
  thumbsupCnt: number;
  noteCnt: number;
  /**
   * a course with several lessons lists them in order; a single resource is its own only lesson
   * (ADR 0022). Each plays through GetVideoPlayList { videoId, lesson: index }.
   */
  lessons: StudyLesson[];
  /** the lesson the learner was in last (lastPosition is within it) */
  lastLesson: number;
  rules: StudyRules;
  interval: number;
  /** the company's study guard for this viewer and course (ADR 0058) */
  guard: StudyGuard;
}

/** What the study page enforces for this viewer and course (ADR 0058): anti-idle and the watermark. */
export interface StudyGuard {
  /** minutes without activity before the presence check; 0 = off */
  idleMinutes: number;
  /** presence checks at random moments while playing */
  randomCheck: boolean;
  /** the text drawn over the video and the document (name, last four phone digits or job number); '' = no watermark */
  watermark: string;
}

export interface StudyNote {
  id: number;
  recordId: string;
  content: string;
  position: number;
  createTime: string;
  updateTime: string;
}

/**
 * The answer to a Study heartbeat. `opened`: this beat started (or took over) the viewing
 * session; `takenOver`: another window or device has the session now — pause the player.
 */
export interface StudyBeatAnswer {
  accepted: boolean;
  opened: boolean;
  takenOver: boolean;
  /** seconds credited by this beat */
  credited: number;
  studySeconds: number;
  duration: number;
  progress: number;
  completed: 0 | 1;
  /**
   * a presence check waits (ADR 0058): the number the learner must tap; 0 = none. While one
   * waits nothing is credited.
   */
  presence: number;
}

export interface StudyCompleteAnswer {
  completed: 1;
  studySeconds: number;
  progress: number;
  completeTime: string;
}

// ---------- the company's study guard settings (ADR 0058) ----------

export const STUDY_IDLE_DEFAULT = 10;
export const STUDY_IDLE_MAX = 120;
export const StudySettingsMsg = {
  idleInvalid: `无操作暂停时间应为 0 到 ${STUDY_IDLE_MAX} 之间的整数（分钟，0 表示不检查）`,
  flagInvalid: '开关取值无效',
  watermarkInvalid: '水印设置无效',
} as const;
const onOff = z.preprocess(
  (v) => (v === true || v === 'true' || v === '1' ? 1 : v === false || v === 'false' || v === '0' || v === '' || v == null ? 0 : v),
  z.union([z.literal(0), z.literal(1)], { error: StudySettingsMsg.flagInvalid }),
);
export const studySettingsGetInput = z.object({ companySysCode: text(100).default('') });
export const studySettingsSaveInput = z.object({
  companySysCode: text(100).default(''),
  idleMinutes: z.coerce
    .number({ error: StudySettingsMsg.idleInvalid })
    .int(StudySettingsMsg.idleInvalid)
    .min(0, StudySettingsMsg.idleInvalid)
    .max(STUDY_IDLE_MAX, StudySettingsMsg.idleInvalid),
  randomCheck: onOff,
  watermark: onOff,
});
/** A company's study guard (防挂机、随机在场确认、动态水印). */
export interface StudySettingsView {
  companySysCode: string;
  idleMinutes: number;
  randomCheck: 0 | 1;
  watermark: 0 | 1;
}
/** A course's watermark: 0 = as the viewer's company says, 1 = always, 2 = never. */
export const RES_WATERMARK_LABELS: Record<number, string> = { 0: '跟随公司设置', 1: '始终显示', 2: '不显示' };
