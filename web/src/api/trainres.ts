// Resource library calls under /Api/Train_Manage/ (issue 11).
import { resDirApi, trainResApi } from '@xuetu/contract';
import { call, callEnvelope } from './client';

export const getResDirTree = (companySysCode = '') => call(resDirApi.getTreeData, { companySysCode });
export const saveResDir = (body: { dCode?: string; dName: string; dpNo?: string; sort?: number; companySysCode?: string }) =>
  call(resDirApi.saveData, body);
export const deleteResDir = (dcode: string) => call(resDirApi.deleteData, { dcode });

export interface ResSearch {
  dCode: string;
  keyword: string;
  resType?: number;
  auditStatus?: number;
  isRecommend?: number;
  companySysCode?: string;
}
export const getResPage = (body: ResSearch & { pageIndex: number; pageSize: number }) => call(trainResApi.getTrainResPageList, body);
export const getAuditPage = (body: ResSearch & { pageIndex: number; pageSize: number }) => call(trainResApi.getTrainResAuditPageList, body);
/** the search list (the dialogs that pick resources) */
export const searchResources = (body: ResSearch & { pageIndex: number; pageSize: number }) => call(trainResApi.getSearchPageList, body);
export const getRes = (rescode: string) => call(trainResApi.getTrainRes, { rescode });
export const addRes = (body: Record<string, unknown>) => call(trainResApi.addData, body);
export const updateRes = (body: Record<string, unknown>) => call(trainResApi.updateData, body);
export const moveRes = (rescodes: string[], dcode: string) => call(trainResApi.multiChangeDirectory, { rescodes, dcode });
export const reorderRes = (rescode: string, direction: 'up' | 'down') => call(trainResApi.reOrder, { rescode, direction });
export const setResPrivate = (rescode: string, isPrivate: number) => call(trainResApi.setPrivate, { rescode, isPrivate });
export const setResRecommend = (rescode: string, recommendCate: number) => call(trainResApi.editRecommendRes, { rescode, recommendCate });
export const deleteRes = (rescodes: string[]) => call(trainResApi.batchDelete, { rescodes });
export const submitRes = (rescode: string) => call(trainResApi.postCheck, { rescode });
export const batchSubmitRes = (rescodes: string[]) => callEnvelope(trainResApi.batchPostCheck, { rescodes });
export const auditRes = (rescode: string, pass: boolean, comment: string) => call(trainResApi.audit, { rescode, pass, comment });
export const revokeRes = (rescode: string) => call(trainResApi.revoke, { rescode });
export const getAuditHistory = (rescode: string) => call(trainResApi.getAuditHistory, { rescode });
/** lesson: which lesson of a course of several (ADR 0022) */
export const getPreview = (rescode: string, lesson = 0) => call(trainResApi.getTrainResPreView, { rescode, lesson });
export const getMediaStatus = (mediaId: string) => call(trainResApi.getMediaStatus, { mediaId });
export const retryMedia = (mediaId: string) => call(trainResApi.retryMedia, { mediaId });
export const getMediaCapability = () => call(trainResApi.getMediaCapability);
