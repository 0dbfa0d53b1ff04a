/**
 * What learners study, and so what an audit approves (issue 23 item 7, issue 38 item 14): a save
 * of an approved resource that changes any of it goes back to draft for re-audit; 推荐 and
 * 私有 are administrative settings and keep it approved. The server decides with this function
 * and the editor warns with the same one.
 */
export interface ResContent {
  resName: string;
  introduce?: string;
  cover?: string;
  lecturerCode?: string;
  resType: number;
  content?: string;
  mediaId?: string;
  lessons?: readonly { title: string; mediaId: string }[];
  dCode: string;
  creditHours?: number | string;
  duration?: number;
}

const RICH_TEXT = 4;
const DOCUMENT = 3;

/** The content in one shape: a list of one lesson is the single media (ADR 0022); what a kind has not, ''. */
function normal(r: ResContent) {
  const lessons = r.resType === RICH_TEXT ? [] : (r.lessons ?? []);
  return {
    resName: r.resName.trim(),
    introduce: (r.introduce ?? '').trim(),
    cover: r.cover ?? '',
    lecturerCode: r.lecturerCode ?? '',
    resType: r.resType,
    content: r.resType === RICH_TEXT ? (r.content ?? '').trim() : '',
    mediaId: r.resType === RICH_TEXT ? '' : lessons.length === 1 ? lessons[0].mediaId : (r.mediaId ?? ''),
    lessons: lessons.length > 1 ? lessons.map((l) => [l.title.trim(), l.mediaId]) : [],
    dCode: r.dCode,
    creditHours: Number(r.creditHours ?? 0),
    // a video's or audio's duration is its media's; only a document's is the administrator's
    duration: r.resType === DOCUMENT ? (r.duration ?? 0) : 0,
  };
}

/** True when saving `after` over `before` changes what learners study (and so needs a new audit). */
export function resContentChanged(before: ResContent, after: ResContent): boolean {
  return JSON.stringify(normal(before)) !== JSON.stringify(normal(after));
}
