// Training resources (issue 11): directories (Train_ResDir), resources (Train_Res) with the audit
// workflow, and media. Field names are the wire names the issue gives (dCode, dName, dNo, dpNo,
// resCode, resName, resType, recommendCate, auditStatus, playList item1/item2, attExt, …).
import { z } from 'zod';
import { pagingShape } from '../../shared/common.schemas.ts';

export const TRAIN_BASE = '/Api/Train_Manage';
/** spec: the home page's category tabs start at directory number 00 (the virtual root) */
export const ROOT_DIR_NO = '00';

/** 1 video, 2 audio, 3 document (pdf), 4 rich text */
export const ResType = { Video: 1, Audio: 2, Document: 3, RichText: 4 } as const;
export const RES_TYPE_LABELS: Record<number, string> = { 1: '视频', 2: '音频', 3: '文档', 4: '图文' };
/** DESIGN.md §4: 0 draft, 10 pending audit, 20 approved, 30 rejected, 40 revoked */
export const AuditStatus = { Draft: 0, Pending: 10, Approved: 20, Rejected: 30, Revoked: 40 } as const;
export type AuditStatusValue = (typeof AuditStatus)[keyof typeof AuditStatus];
export const AUDIT_STATUS_LABELS: Record<number, string> = { 0: '草稿', 10: '待审核', 20: '已通过', 30: '已驳回', 40: '已撤回' };
/** 0 none, 1 HOT (精选), 2 NEW (最新), 3 GOOD (免费) */
export const RECOMMEND_LABELS: Record<number, string> = { 0: '不推荐', 1: 'HOT', 2: 'NEW', 3: 'GOOD' };
/** spec §9: video quality codes */
export const QUALITY_LABELS: Record<string, string> = { FD: '流畅', LD: '标清', SD: '高清', OD: '原画' };
/** spec §9: anonymous preview pauses after 30 seconds */
export const PREVIEW_SECONDS = 30;
/** Media processing state shown to the administrator. */
export const MediaStatus = { Uploaded: 'uploaded', Processing: 'processing', Ready: 'ready', Failed: 'failed' } as const;
export const MEDIA_STATUS_LABELS: Record<string, string> = {
  uploaded: '等待处理',
  processing: '转码中',
  ready: '可播放',
  failed: '处理失败',
};
/** a waiting or processing upload whose job died with its process (MediaView.stalled) */
export const MEDIA_STALLED_TEXT = '处理已中断（处理进程已退出），请重试';
/** the tus endpoint (resumable uploads) */
export const MEDIA_UPLOAD_PATH = '/prod-api/media/upload';

export const TrainResLimits = {
  nameMax: 100,
  introMax: 50_000,
  contentMax: 200_000,
  commentMax: 500,
  batchMax: 200,
  /** a course's lessons (课时): at most this many, each title 1–50 characters (ADR 0022) */
  lessonsMax: 50,
  lessonTitleMax: 50,
} as const;

export const TrainResMsg = {
  dirNameRequired: '请输入目录名称',
  resNameRequired: '请输入资源名称',
  resTypeInvalid: '请选择资源类型',
  dirRequired: '请选择资源目录',
  rescodeRequired: '请选择资源',
  rescodesRequired: '请至少选择一个资源',
  directionInvalid: '排序方向应为 up 或 down',
  creditHoursInvalid: '学时应在 0 到 1000 之间',
  readSecondsInvalid: '阅读时长应在 0 到 24 小时之间',
  commentRequired: '驳回时请填写审核意见',
  dirHasResources: (n: number) => `该目录（含下级目录）下还有 ${n} 个资源，请先移走或删除资源`,
  batchSubmitted: (ok: number, failed: number) => (failed ? `已提交 ${ok} 个，${failed} 个未能提交` : `已提交 ${ok} 个资源`),
  batchDeleted: (n: number) => `已删除 ${n} 个资源`,
  submitted: '已提交审核',
  audited: '审核完成',
  revoked: '已撤回',
} as const;

const text = (max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string().trim().max(max));
const flag = z.preprocess((v) => (v === true ? 1 : v === false ? 0 : v === '' || v == null ? 0 : v), z.coerce.number().int().min(0).max(1));
const optionalInt = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().optional());
const codeList = z
  .array(z.string().trim().min(1).max(60))
  .min(1, TrainResMsg.rescodesRequired)
  .max(TrainResLimits.batchMax)
  .or(
    z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string()).min(1, TrainResMsg.rescodesRequired)),
  );

// ---------- directories ----------

export const resDirTreeInput = z.object({ companySysCode: text(100).default('') });
export const resDirSaveInput = z.object({
  dCode: text(60).default(''),
  dName: text(TrainResLimits.nameMax).pipe(z.string().min(1, TrainResMsg.dirNameRequired)),
  /** ignored on create (assigned), checked against the row on update */
  dNo: text(30).default(''),
  /** the parent's dNo; empty = top level (00) */
  dpNo: text(30).default(''),
  sort: optionalInt,
  /** platform staff: the company a new directory belongs to; empty = platform-wide */
  companySysCode: text(100).default(''),
});
export const resDirCodeInput = z.object({ dcode: text(60).pipe(z.string().min(1, '目录不存在')) });
export const resDirPNoInput = z.object({ pNo: text(30).default(ROOT_DIR_NO) });
export const resDirIndexInput = z.object({ dNo: text(30).default(ROOT_DIR_NO) });

export interface ResDirNode {
  dCode: string;
  dName: string;
  dNo: string;
  dpNo: string;
  sort: number;
  /** '' = platform-wide */
  companySysCode: string;
  /** resources in this directory alone */
  resCount: number;
  children: ResDirNode[];
}

// ---------- resources ----------

export const resPageInput = z.object({
  ...pagingShape,
  dCode: text(60).default(''),
  keyword: text(100).default(''),
  resType: optionalInt,
  auditStatus: optionalInt,
  recommendCate: optionalInt,
  isRecommend: optionalInt,
  companySysCode: text(100).default(''),
});
export const resCodeInput = z.object({ rescode: text(60).pipe(z.string().min(1, TrainResMsg.rescodeRequired)) });
export const resCodesInput = z.object({ rescodes: codeList });
export const resMoveInput = resCodeInput.extend({ dcode: text(60).pipe(z.string().min(1, TrainResMsg.dirRequired)) });
export const resMultiMoveInput = resCodesInput.extend({ dcode: text(60).pipe(z.string().min(1, TrainResMsg.dirRequired)) });
export const resReorderInput = resCodeInput.extend({ direction: z.enum(['up', 'down'], { error: TrainResMsg.directionInvalid }) });
export const resSetPrivateInput = resCodeInput.extend({ isPrivate: flag.optional() });
export const resSetRecommendInput = resCodeInput.extend({ recommendCate: optionalInt });
export const resRecommendEditInput = resCodeInput.extend({
  recommendCate: z.coerce.number().int().min(0).max(3),
  sort: optionalInt,
});
export const resAuditInput = resCodeInput
  .extend({
    pass: z.preprocess(
      (v) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : v),
      z.boolean(),
    ),
    comment: text(TrainResLimits.commentMax).default(''),
  })
  .refine((v) => v.pass || v.comment.length > 0, { message: TrainResMsg.commentRequired, path: ['comment'] });

export const resSaveInput = z.object({
  resCode: text(60).default(''),
  resName: text(TrainResLimits.nameMax).pipe(z.string().min(1, TrainResMsg.resNameRequired)),
  introduce: text(TrainResLimits.introMax).default(''),
  cover: text(500).default(''),
  lecturerCode: text(60).default(''),
  resType: z.coerce
    .number({ error: TrainResMsg.resTypeInvalid })
    .int()
    .min(1, TrainResMsg.resTypeInvalid)
    .max(4, TrainResMsg.resTypeInvalid),
  content: text(TrainResLimits.contentMax).default(''),
  mediaId: text(60).default(''),
  dCode: text(60).pipe(z.string().min(1, TrainResMsg.dirRequired)),
  creditHours: z.coerce
    .number({ error: TrainResMsg.creditHoursInvalid })
    .min(0, TrainResMsg.creditHoursInvalid)
    .max(1000, TrainResMsg.creditHoursInvalid)
    .default(0),
  /**
   * seconds; only a document (resType 3) takes it — its reading time, credited by the study
   * heartbeats (ADR 0021); video and audio take the duration read from their media
   */
  duration: z.coerce
    .number({ error: TrainResMsg.readSecondsInvalid })
    .int(TrainResMsg.readSecondsInvalid)
    .min(0, TrainResMsg.readSecondsInvalid)
    .max(86_400, TrainResMsg.readSecondsInvalid)
    .default(0),
  isPrivate: flag.default(0),
  /** the dynamic watermark on the study page (ADR 0058): 0 = as the viewer's company says, 1 = always, 2 = never */
  watermark: z.coerce.number({ error: '水印设置无效' }).int('水印设置无效').min(0, '水印设置无效').max(2, '水印设置无效').default(0),
  recommendCate: z.coerce.number().int().min(0).max(3).default(0),
  companySysCode: text(100).default(''),
  /**
   * video / audio: the course's lessons in order (ADR 0022). Absent = the single `mediaId` as
   * before; present = mediaId becomes the first lesson's and duration the sum. The count and
   * titles are checked by the service (coded errors), the bounds here only keep bodies small.
   */
  lessons: z
    .array(z.object({ title: z.preprocess((v) => (v == null ? '' : v), z.string().trim().max(500)), mediaId: text(60) }))
    .max(500)
    .optional(),
});
export type ResSaveInput = z.output<typeof resSaveInput>;

export interface MediaView {
  mediaId: string;
  status: string;
  progress: number;
  /** short Chinese reason of a failure (or a note such as "no ffmpeg here") */
  error: string;
  /** the tool's last lines behind that reason, shown to administrators behind 详情 */
  errorDetail: string;
  duration: number;
  qualities: string[];
  originalName: string;
  size: number;
  /** waiting or processing, but no job works on it any more (its process died): it may be retried */
  stalled?: boolean;
}

/** One lesson (课时) of a course as stored: its media and that media's duration (seconds). */
export interface Lesson {
  title: string;
  mediaId: string;
  duration: number;
}

/** A lesson in the editor: with its media's processing state. */
export interface LessonView extends Lesson {
  media: MediaView | null;
}

export interface ResView {
  resCode: string;
  resName: string;
  introduce: string;
  cover: string;
  lecturerCode: string;
  lecturerName: string;
  resType: number;
  content: string;
  mediaId: string;
  dCode: string;
  dName: string;
  creditHours: number;
  duration: number;
  isPrivate: number;
  /** 0 = as the viewer's company says, 1 = always, 2 = never (ADR 0058) */
  watermark: number;
  isRecommend: number;
  recommendCate: number;
  auditStatus: number;
  sort: number;
  viewCnt: number;
  companySysCode: string;
  companyName: string;
  /** an approved version learners still see while this edit waits for audit */
  hasLiveVersion: boolean;
  media: MediaView | null;
  /** video / audio: the lessons in order; a single-media resource is a list of one (ADR 0022) */
  lessons: LessonView[];
  createTime: string;
  updateTime: string;
}

export interface AuditHistoryRow {
  id: number;
  action: string;
  fromStatus: number;
  toStatus: number;
  comment: string;
  userName: string;
  createTime: string;
}

export interface BatchOutcome {
  ok: string[];
  failed: { rescode: string; reason: string }[];
}

export interface PlayListItem {
  /** quality code FD / LD / SD / OD */
  item1: string;
  /** signed URL */
  item2: string;
}

export interface PlayListAnswer {
  playList: PlayListItem[];
  attExt: string;
  cover: string;
  resType: number;
  resName: string;
  duration: number;
  /** seconds an anonymous viewer may watch; 0 = all */
  previewSeconds: number;
  /** HLS playlist (m3u8) or a plain file */
  format: 'hls' | 'file';
  /** why only the original plays (no ffmpeg, failed transcode) */
  note: string;
  /** the lesson these URLs play (0 = the first, or the only media) */
  lesson?: number;
}

// ---------- media (GetMediaStatus, RetryMedia, GetVideoPlayList, GetTrainResPreView) ----------

export const mediaIdInput = z.object({ mediaId: z.string().trim().min(1, '媒体文件不存在').max(60) });
/** lesson: the lesson's index in a course of several (ADR 0022); 0 = the first, or the only media */
const lessonField = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? 0 : v),
  z.coerce.number({ error: '课时不存在' }).int('课时不存在').min(0, '课时不存在').max(1000, '课时不存在'),
);
export const videoIdInput = z.object({ videoId: z.string().trim().min(1, '资源不存在').max(60), lesson: lessonField });
export const resPreviewInput = resCodeInput.extend({ lesson: lessonField });

/** GetVideoPlayList / GetTrainResPreView: the play list with the resource's text. */
export type PlayAnswer = PlayListAnswer & { content: string; introduce: string };

/** GetMediaCapability: can this server transcode? */
export interface MediaCapability {
  canTranscode: boolean;
  version: string;
  reason: string;
  uploadLimitBytes: number;
}

/** GetIndexResDirList: the home page's categories. */
export interface IndexResDir {
  dCode: string;
  dName: string;
  dNo: string;
  dpNo: string;
}
