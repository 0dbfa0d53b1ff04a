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
  getTreeData: endpoint({ path: `${dir}/GetTreeData`, input: resDirTreeInput, output: answer<ResDirNode[]>() }),
  getListByPNo: endpoint({ path: `${dir}/GetListByPNo`, input: resDirPNoInput, output: answer<ResDirNode[]>() }),
  saveData: endpoint({ path: `${dir}/SaveData`, input: resDirSaveInput, output: answer<{ dCode: string; dNo: string }>() }),
  deleteData: endpoint({ path: `${dir}/DeleteData`, input: resDirCodeInput, output: answer<null>() }),
  getIndexResDirList: endpoint({ path: `${dir}/GetIndexResDirList`, input: resDirIndexInput, output: answer<IndexResDir[]>() }),
});

/** The resource library's administration and media calls (issue 11; ADR 0039). */
export const trainResApi = /* @__PURE__ */ defineGroup('courses', 'resources', {
  getTrainResPageList: endpoint({ path: `${res}/GetTrainResPageList`, input: resPageInput, output: answer<PageResult<ResView>>() }),
  getSearchPageList: endpoint({ path: `${res}/GetSearchPageList`, input: resPageInput, output: answer<PageResult<ResView>>() }),
  getTrainResAuditPageList: endpoint({
    path: `${res}/GetTrainResAuditPageList`,
    input: resPageInput,
    output: answer<PageResult<ResView>>(),
  }),
  getTrainRes: endpoint({ path: `${res}/GetTrainRes`, input: resCodeInput, output: answer<ResView>() }),
  addData: endpoint({ path: `${res}/AddData`, input: resSaveInput, output: answer<{ resCode: string }>() }),
  updateData: endpoint({ path: `${res}/UpdateData`, input: resSaveInput, output: answer<{ resCode: string }>() }),
  changeDirectory: endpoint({ path: `${res}/ChangeDirectory`, input: resMoveInput, output: answer<number>() }),
  multiChangeDirectory: endpoint({ path: `${res}/MultiChangeDirectory`, input: resMultiMoveInput, output: answer<number>() }),
  reOrder: endpoint({ path: `${res}/ReOrder`, input: resReorderInput, output: answer<null>() }),
  setPrivate: endpoint({ path: `${res}/SetPrivate`, input: resSetPrivateInput, output: answer<{ isPrivate: number }>() }),
  setRecommend: endpoint({ path: `${res}/SetRecommend`, input: resSetRecommendInput, output: answer<{ recommendCate: number }>() }),
  editRecommendRes: endpoint({
    path: `${res}/EditRecommendRes`,
    input: resRecommendEditInput,
    output: answer<{ recommendCate: number }>(),
  }),
  delete: endpoint({ path: `${res}/Delete`, input: resCodeInput, output: answer<number>() }),
  batchDelete: endpoint({ path: `${res}/BatchDelete`, input: resCodesInput, output: answer<number>() }),
  postCheck: endpoint({ path: `${res}/PostCheck`, input: resCodeInput, output: answer<null>() }),
  batchPostCheck: endpoint({ path: `${res}/BatchPostCheck`, input: resCodesInput, output: answer<BatchOutcome>() }),
  audit: endpoint({ path: `${res}/Audit`, input: resAuditInput, output: answer<null>() }),
  revoke: endpoint({ path: `${res}/Revoke`, input: resCodeInput, output: answer<null>() }),
  getAuditHistory: endpoint({ path: `${res}/GetAuditHistory`, input: resCodeInput, output: answer<AuditHistoryRow[]>() }),
  // media (tus uploads and signed segments are not endpoints: modules/endpoints.test.ts)
  getVideoPlayList: endpoint({ path: `${res}/GetVideoPlayList`, input: videoIdInput, output: answer<PlayAnswer>() }),
  getTrainResPreView: endpoint({ path: `${res}/GetTrainResPreView`, input: resPreviewInput, output: answer<PlayAnswer>() }),
  getMediaStatus: endpoint({ path: `${res}/GetMediaStatus`, input: mediaIdInput, output: answer<MediaView>() }),
  retryMedia: endpoint({ path: `${res}/RetryMedia`, input: mediaIdInput, output: answer<MediaView>() }),
  getMediaCapability: endpoint({ path: `${res}/GetMediaCapability`, output: answer<MediaCapability>() }),
});
