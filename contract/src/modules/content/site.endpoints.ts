import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { LecturerAdminItem, LinkItem, ModelItem, RegulationItem, SiteSettings } from './content.schemas.ts';
import {
  docCodeInput,
  lecturerCodeInput,
  lecturerSaveInput,
  linkCodeInput,
  linkSaveInput,
  linkTypeInput,
  modelCodeInput,
  modelListInput,
  modelSaveInput,
  regulationListInput,
  regulationSaveInput,
  siteSettingsInput,
} from './content.schemas.ts';

/** The content calls (ADR 0039). */
export const contentApi = /* @__PURE__ */ defineGroup('content', 'site', {
  getLinkDataList: endpoint({ path: '/Api/Fp_Manage/Fp_link/GetLinkDataList', input: linkTypeInput, output: answer<LinkItem[]>() }),
  saveLinkData: endpoint({ path: '/Api/Fp_Manage/Fp_link/SaveLinkData', input: linkSaveInput, output: answer<{ linkCode: string }>() }),
  delLinkData: endpoint({ path: '/Api/Fp_Manage/Fp_link/DelLinkData', input: linkCodeInput, output: answer<void>() }),
  getLecturerDataList: endpoint({ path: '/Api/Fp_Manage/Fp_lecturer/GetLecturerDataList', output: answer<LecturerAdminItem[]>() }),
  saveLecturerData: endpoint({
    path: '/Api/Fp_Manage/Fp_lecturer/SaveLecturerData',
    input: lecturerSaveInput,
    output: answer<{ lecturerCode: string }>(),
  }),
  delLecturerData: endpoint({
    method: 'POST',
    path: '/Api/Fp_Manage/Fp_lecturer/DelLecturerData',
    input: lecturerCodeInput,
    // the service answers nothing: the envelope carries no data
    output: answer<void>(),
  }),
  getModelInfoDataList: endpoint({
    path: '/Api/Fp_Manage/Fp_modelinfo/GetModelInfoDataList',
    input: modelListInput,
    output: answer<ModelItem[]>(),
  }),
  saveModelInfoData: endpoint({
    path: '/Api/Fp_Manage/Fp_modelinfo/SaveModelInfoData',
    input: modelSaveInput,
    output: answer<{ modelCode: string }>(),
  }),
  delModelInfoData: endpoint({ path: '/Api/Fp_Manage/Fp_modelinfo/DelModelInfoData', input: modelCodeInput, output: answer<void>() }),
  getRegulationDataList: endpoint({
    path: '/Api/SysConfig/sys_regulation/GetRegulationDataList',
    input: regulationListInput,
    output: answer<RegulationItem[]>(),
  }),
  saveRegulationData: endpoint({
    path: '/Api/SysConfig/sys_regulation/SaveRegulationData',
    input: regulationSaveInput,
    output: answer<{ docCode: string }>(),
  }),
  delRegulationData: endpoint({ path: '/Api/SysConfig/sys_regulation/DelRegulationData', input: docCodeInput, output: answer<void>() }),
  getSiteSettings: endpoint({ path: '/Api/SysConfig/sys_site/GetSiteSettings', output: answer<SiteSettings>() }),
  saveSiteSettings: endpoint({
    path: '/Api/SysConfig/sys_site/SaveSiteSettings',
    input: siteSettingsInput,
    output: answer<SiteSettings>(),
  }),
});
