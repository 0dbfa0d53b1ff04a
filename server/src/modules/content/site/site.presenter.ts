import {
  formatDateTime,
  type LecturerAdminItem,
  type LecturerDetail,
  type LecturerItem,
  type LinkItem,
  type ModelItem,
  type RegulationItem,
  regulationFileType,
} from '@xuetu/contract';
import { downloadUrl, fileUrl } from '../../../platform/files/index.ts';
import type { LecturerRow, LinkRow, ModelRow, RegulationRow } from './site.repository.ts';

export function presentLink(row: LinkRow): LinkItem {
  return {
    linkCode: row.linkCode,
    linkName: row.linkName,
    linkType: row.linkType,
    pcBanner: fileUrl(row.pcBanner),
    pcLinkName: row.pcLinkName,
    pcLinkUrl: row.pcLinkUrl,
    pcCoverUrlPath: fileUrl(row.pcCoverUrlPath),
    sortOrder: row.sortOrder,
    status: row.status,
    pcBannerKey: row.pcBanner,
    pcCoverKey: row.pcCoverUrlPath,
  };
}

export function parseVideos(text: string): { name: string; key: string }[] {
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x) => x && typeof x.key === 'string') : [];
  } catch {
    return [];
  }
}

export function presentLecturer(row: LecturerRow): LecturerItem {
  return {
    lecturerCode: row.lecturerCode,
    lecturerName: row.lecturerName,
    lecturerTag: row.lecturerTag,
    briefIntroduce: row.briefIntroduce,
    faceUrl: fileUrl(row.faceUrl),
  };
}

export function presentLecturerDetail(row: LecturerRow): LecturerDetail {
  // spec: playList items are pairs; item2 is the video url
  const playList = parseVideos(row.videos).map((v, i) => ({ item1: v.name || `介绍视频${i + 1}`, item2: fileUrl(v.key) }));
  return { ...presentLecturer(row), profilesDetail: row.profilesDetail, playList };
}

export function presentLecturerAdmin(row: LecturerRow): LecturerAdminItem {
  return {
    ...presentLecturerDetail(row),
    faceKey: row.faceUrl,
    videos: parseVideos(row.videos).map((v) => ({ ...v, url: fileUrl(v.key) })),
    sortOrder: row.sortOrder,
    status: row.status,
  };
}

export function presentModel(row: ModelRow): ModelItem {
  return {
    modelCode: row.modelCode,
    modelName: row.modelName,
    modelDesc: row.modelDesc,
    clientType: row.clientType,
    imageUrl: fileUrl(row.imageUrl),
    imageKey: row.imageUrl,
    linkUrl: row.linkUrl,
    sortOrder: row.sortOrder,
    status: row.status,
  };
}

export function presentRegulation(row: RegulationRow, companyName: string | null): RegulationItem {
  return {
    docCode: row.docCode,
    title: row.title,
    fileName: row.fileName,
    fileType: regulationFileType(row.fileName),
    fileUrl: downloadUrl(row.fileKey, row.fileName),
    fileKey: row.fileKey,
    size: row.size,
    companySysCode: row.companySysCode ?? '',
    companyName: companyName ?? '',
    sortOrder: row.sortOrder,
    status: row.status,
    createTime: formatDateTime(row.createdAt),
  };
}
