// Resource library calls under /Api/Train_Manage/ (issue 11).
import {
  type AuditHistoryRow,
  type BatchOutcome,
  type MediaView,
  type PageResult,
  type PlayListAnswer,
  type ResDirNode,
  type ResView,
  TRAIN_BASE,
} from '@xuetu/contract';
import { post, postEnvelope } from './request';

const dir = `${TRAIN_BASE}/Train_ResDir`;
const res = `${TRAIN_BASE}/Train_Res`;

export const getResDirTree = (companySysCode = '') => post<ResDirNode[]>(`${dir}/GetTreeData`, { companySysCode });
export const saveResDir = (body: { dCode?: string; dName: string; dpNo?: string; sort?: number; companySysCode?: string }) =>
  post<{ dCode: string; dNo: string }>(`${dir}/SaveData`, body);
export const deleteResDir = (dcode: string) => post<null>(`${dir}/DeleteData`, { dcode });

export interface ResSearch {
  dCode: string;
  keyword: string;
  resType?: number;
  auditStatus?: number;
  isRecommend?: number;
  companySysCode?: string;
}
export const getResPage = (body: ResSearch & { pageIndex: number; pageSize: number }) =>
  post<PageResult<ResView>>(`${res}/GetTrainResPageList`, body);
export const getAuditPage = (body: ResSearch & { pageIndex: number; pageSize: number }) =>
  post<PageResult<ResView>>(`${res}/GetTrainResAuditPageList`, body);
export const getRes = (rescode: string) => post<ResView>(`${res}/GetTrainRes`, { rescode });
export const addRes = (body: Record<string, unknown>) => post<{ resCode: string }>(`${res}/AddData`, body);
export const updateRes = (body: Record<string, unknown>) => post<{ resCode: string }>(`${res}/UpdateData`, body);
export const moveRes = (rescodes: string[], dcode: string) => post<number>(`${res}/MultiChangeDirectory`, { rescodes, dcode });
export const reorderRes = (rescode: string, direction: 'up' | 'down') => post<null>(`${res}/ReOrder`, { rescode, direction });
export const setResPrivate = (rescode: string, isPrivate: number) =>
  post<{ isPrivate: number }>(`${res}/SetPrivate`, { rescode, isPrivate });
export const setResRecommend = (rescode: string, recommendCate: number) =>
  post<{ recommendCate: number }>(`${res}/EditRecommendRes`, { rescode, recommendCate });
export const deleteRes = (rescodes: string[]) => post<number>(`${res}/BatchDelete`, { rescodes });
export const submitRes = (rescode: string) => post<null>(`${res}/PostCheck`, { rescode });
export const batchSubmitRes = (rescodes: string[]) => postEnvelope<BatchOutcome>(`${res}/BatchPostCheck`, { rescodes });
export const auditRes = (rescode: string, pass: boolean, comment: string) => post<null>(`${res}/Audit`, { rescode, pass, comment });
export const revokeRes = (rescode: string) => post<null>(`${res}/Revoke`, { rescode });
export const getAuditHistory = (rescode: string) => post<AuditHistoryRow[]>(`${res}/GetAuditHistory`, { rescode });
/** lesson: which lesson of a course of several (ADR 0022) */
export const getPreview = (rescode: string, lesson = 0) =>
  post<PlayListAnswer & { content: string; introduce: string }>(`${res}/GetTrainResPreView`, { rescode, lesson });
export const getMediaStatus = (mediaId: string) => post<MediaView>(`${res}/GetMediaStatus`, { mediaId });
export const retryMedia = (mediaId: string) => post<MediaView>(`${res}/RetryMedia`, { mediaId });
export const getMediaCapability = () =>
  post<{ canTranscode: boolean; version: string; reason: string; uploadLimitBytes: number }>(`${res}/GetMediaCapability`, {});
