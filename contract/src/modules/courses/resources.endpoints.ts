import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import type {
  AuditHistoryRow,
  BatchOutcome,
  IndexResDir,
  MediaCapability,
  MediaView,
  PlayAnswer,
  ResDirNode,
  ResView,
} from './resources.schemas.ts';
import {
  mediaIdInput,
  resAuditInput,
  resCodeInput,
  resCodesInput,
  resDirCodeInput,
  resDirIndexInput,
  resDirPNoInput,
  resDirSaveInput,
  resDirTreeInput,
  resMoveInput,
  resMultiMoveInput,
  resPageInput,
  resPreviewInput,
  resRecommendEditInput,
  resReorderInput,
  resSaveInput,
  resSetPrivateInput,
  resSetRecommendInput,
  TRAIN_BASE,
  videoIdInput,
} from './resources.schemas.ts';

const dir = `${TRAIN_BASE}/Train_ResDir`;
const res = `${TRAIN_BASE}/Train_Res`;

/** The resource directory calls (issue 11; ADR 0039). */
export const resDirApi = /* @__PURE__ */ defineGroup('courses', 'dirs', {
  getTreeData: endpoint({ method: 'POST', path: `${dir}/GetTreeData`, input: resDirTreeInput, output: answer<ResDirNode[]>() }),
  getListByPNo: endpoint({ method: 'POST', path: `${dir}/GetListByPNo`, input: resDirPNoInput, output: answer<ResDirNode[]>() }),
  saveData: endpoint({ method: 'POST', path: `${dir}/SaveData`, input: resDirSaveInput, output: answer<{ dCode: string; dNo: string }>() }),
  deleteData: endpoint({ method: 'POST', path: `${dir}/DeleteData`, input: resDirCodeInput, output: answer<null>() }),
  getIndexResDirList: endpoint({
    method: 'POST',
    path: `${dir}/GetIndexResDirList`,
    input: resDirIndexInput,
    output: answer<IndexResDir[]>(),
  }),
});

/** The resource library's administration and media calls (issue 11; ADR 0039). */
export const trainResApi = /* @__PURE__ */ defineGroup('courses', 'resources', {
  getTrainResPageList: endpoint({
    method: 'POST',
    path: `${res}/GetTrainResPageList`,
    input: resPageInput,
    output: answer<PageResult<ResView>>(),
  }),
  getSearchPageList: endpoint({
    method: 'POST',
    path: `${res}/GetSearchPageList`,
    input: resPageInput,
    output: answer<PageResult<ResView>>(),
  }),
  getTrainResAuditPageList: endpoint({
    method: 'POST',
    path: `${res}/GetTrainResAuditPageList`,
    input: resPageInput,
    output: answer<PageResult<ResView>>(),
  }),
  getTrainRes: endpoint({ method: 'POST', path: `${res}/GetTrainRes`, input: resCodeInput, output: answer<ResView>() }),
  addData: endpoint({ method: 'POST', path: `${res}/AddData`, input: resSaveInput, output: answer<{ resCode: string }>() }),
  updateData: endpoint({ method: 'POST', path: `${res}/UpdateData`, input: resSaveInput, output: answer<{ resCode: string }>() }),
  changeDirectory: endpoint({ method: 'POST', path: `${res}/ChangeDirectory`, input: resMoveInput, output: answer<number>() }),
  multiChangeDirectory: endpoint({
    method: 'POST',
    path: `${res}/MultiChangeDirectory`,
    input: resMultiMoveInput,
    output: answer<number>(),
  }),
  reOrder: endpoint({ method: 'POST', path: `${res}/ReOrder`, input: resReorderInput, output: answer<null>() }),
  setPrivate: endpoint({ method: 'POST', path: `${res}/SetPrivate`, input: resSetPrivateInput, output: answer<{ isPrivate: number }>() }),
  setRecommend: endpoint({
    method: 'POST',
    path: `${res}/SetRecommend`,
    input: resSetRecommendInput,
    output: answer<{ recommendCate: number }>(),
  }),
  editRecommendRes: endpoint({
    method: 'POST',
    path: `${res}/EditRecommendRes`,
    input: resRecommendEditInput,
    output: answer<{ recommendCate: number }>(),
  }),
  delete: endpoint({ method: 'POST', path: `${res}/Delete`, input: resCodeInput, output: answer<number>() }),
  batchDelete: endpoint({ method: 'POST', path: `${res}/BatchDelete`, input: resCodesInput, output: answer<number>() }),
  postCheck: endpoint({ method: 'POST', path: `${res}/PostCheck`, input: resCodeInput, output: answer<null>() }),
  batchPostCheck: endpoint({ method: 'POST', path: `${res}/BatchPostCheck`, input: resCodesInput, output: answer<BatchOutcome>() }),
  audit: endpoint({ method: 'POST', path: `${res}/Audit`, input: resAuditInput, output: answer<null>() }),
  revoke: endpoint({ method: 'POST', path: `${res}/Revoke`, input: resCodeInput, output: answer<null>() }),
  getAuditHistory: endpoint({ method: 'POST', path: `${res}/GetAuditHistory`, input: resCodeInput, output: answer<AuditHistoryRow[]>() }),
  // media (tus uploads and signed segments are not endpoints: modules/endpoints.test.ts)
  getVideoPlayList: endpoint({ method: 'POST', path: `${res}/GetVideoPlayList`, input: videoIdInput, output: answer<PlayAnswer>() }),
  getTrainResPreView: endpoint({ method: 'POST', path: `${res}/GetTrainResPreView`, input: resPreviewInput, output: answer<PlayAnswer>() }),
  getMediaStatus: endpoint({ method: 'POST', path: `${res}/GetMediaStatus`, input: mediaIdInput, output: answer<MediaView>() }),
  retryMedia: endpoint({ method: 'POST', path: `${res}/RetryMedia`, input: mediaIdInput, output: answer<MediaView>() }),
  getMediaCapability: endpoint({ method: 'POST', path: `${res}/GetMediaCapability`, output: answer<MediaCapability>() }),
});
