import type { AuditHistoryRow, LessonView, MediaView, ResView } from '@xuetu/contract';
import { formatDateTime } from '@xuetu/contract';
import type { AuditRow, MediaRow, ResListRow } from './resources.repository.ts';

export function presentMedia(m: MediaRow | undefined): MediaView | null {
  if (!m) return null;
  return {
    mediaId: m.mediaCode,
    status: m.status,
    progress: m.progress,
    error: m.error,
    errorDetail: m.errorDetail,
    duration: m.duration,
    qualities: m.renditions.map((r) => r.quality),
    originalName: m.originalName,
    size: m.size,
  };
}

/**
 * The editor's lesson list (ADR 0022): the stored lessons, or the single media as a list of one
 * (titled with the resource's name); none for documents and rich text.
 */
export function presentLessons(
  r: Pick<ResListRow, 'resType' | 'resName' | 'mediaId' | 'duration' | 'lessons'>,
  media: Map<string, MediaRow>,
) {
  const list: { title: string; mediaId: string; duration: number }[] = r.lessons.length
    ? r.lessons
    : (r.resType === 1 || r.resType === 2) && r.mediaId
      ? [{ title: r.resName, mediaId: r.mediaId, duration: r.duration }]
      : [];
  return list.map((l): LessonView => {
    const m = media.get(l.mediaId);
    return { title: l.title, mediaId: l.mediaId, duration: m?.duration || l.duration, media: presentMedia(m) };
  });
}

export function presentRes(r: ResListRow, media: Map<string, MediaRow> = new Map()): ResView {
  const m = media.get(r.mediaId);
  return {
    resCode: r.resCode,
    resName: r.resName,
    introduce: r.introduce,
    cover: r.cover,
    lecturerCode: r.lecturerCode,
    lecturerName: r.lecturerName ?? '',
    resType: r.resType,
    content: r.content,
    mediaId: r.mediaId,
    dCode: r.dCode,
    dName: r.dName ?? '',
    creditHours: Number(r.creditHours),
    duration: r.duration,
    isPrivate: r.isPrivate,
    watermark: r.watermark ?? 0,
    isRecommend: r.recommendCate > 0 ? 1 : 0,
    recommendCate: r.recommendCate,
    auditStatus: r.auditStatus,
    sort: r.sort,
    viewCnt: r.viewCnt,
    companySysCode: r.companySysCode ?? '',
    companyName: r.companyName ?? (r.companySysCode ? '' : '平台'),
    hasLiveVersion: r.live != null,
    media: presentMedia(m),
    lessons: presentLessons(r, media),
    createTime: formatDateTime(r.createdAt),
    updateTime: formatDateTime(r.updatedAt),
  };
}

export function presentAudit(a: AuditRow): AuditHistoryRow {
  return {
    id: a.id,
    action: a.action,
    fromStatus: a.fromStatus,
    toStatus: a.toStatus,
    comment: a.comment,
    userName: a.userName,
    createTime: formatDateTime(a.createdAt),
  };
}
