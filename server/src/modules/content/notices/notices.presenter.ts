import {
  formatDateTime,
  type NoticeAdminItem,
  type NoticeDetail,
  type NoticeEnclosure,
  type NoticeItem,
  NoticeType,
} from '@xuetu/contract';
import { downloadUrl, fileUrl } from '../../../platform/files/index.ts';
import type { EnclosureRow, NoticeRow } from './notices.repository.ts';

export function presentNotice(row: NoticeRow): NoticeItem {
  const release = row.releaseTime ?? null;
  const text = formatDateTime(release);
  const cover = fileUrl(row.pcCoverUrl);
  return {
    noticeSysCode: row.noticeSysCode,
    noticeTitle: row.noticeTitle,
    noticeSecondTitle: row.noticeSecondTitle,
    noticeDesc: row.noticeDesc,
    status: row.status,
    releaseTime: text,
    releaseYear: release ? text.slice(0, 4) : '',
    releaseMonth: release ? text.slice(5, 7) : '',
    releaseDay: release ? text.slice(8, 10) : '',
    pv: row.pv,
    companySysCode: row.companySysCode ?? '',
    noticeChannel: row.noticeChannel,
    noticeType: row.noticeType,
    noticeUrl: row.noticeType === NoticeType.External ? row.noticeUrl : '',
    pcCoverUrl: cover,
    // where a click on the image notice goes: the external URL or the in-app viewer
    pcLinkUrl:
      row.noticeType === NoticeType.External ? row.noticeUrl : `/ydnotice/showview?noticeSysCode=${encodeURIComponent(row.noticeSysCode)}`,
    pcBanner: cover,
  };
}

export function presentEnclosure(row: EnclosureRow): NoticeEnclosure {
  return {
    nId: row.id,
    enclosureName: row.enclosureName,
    enclosurloadUrl: downloadUrl(row.fileKey, row.enclosureName),
    fileKey: row.fileKey,
    size: row.size,
  };
}

export function presentNoticeDetail(row: NoticeRow, enclosures: EnclosureRow[]): NoticeDetail {
  return { ...presentNotice(row), noticeValue: row.noticeValue, enclosure: enclosures.map(presentEnclosure) };
}

export function presentNoticeAdmin(row: NoticeRow, companyName: string | null): NoticeAdminItem {
  return {
    ...presentNotice(row),
    companyName: companyName ?? '',
    pcCoverKey: row.pcCoverUrl,
    sortOrder: row.sortOrder,
    updateTime: formatDateTime(row.updatedAt),
  };
}
