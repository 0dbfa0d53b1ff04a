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

// the original system's controllers these paths are under
const fpLecturer = '/Api/Fp_Manage/Fp_lecturer';
const fpLink = '/Api/Fp_Manage/Fp_link';
const fpModelInfo = '/Api/Fp_Manage/Fp_modelinfo';
const sysRegulation = '/Api/SysConfig/sys_regulation';
const sysSite = '/Api/SysConfig/sys_site';

/** The content calls (ADR 0039). */
export const contentApi = /* @__PURE__ */ defineGroup('content', 'site', {
  getLinkDataList: endpoint({ path: `${fpLink}/GetLinkDataList`, input: linkTypeInput, output: answer<LinkItem[]>() }),
  saveLinkData: endpoint({ path: `${fpLink}/SaveLinkData`, input: linkSaveInput, output: answer<{ linkCode: string }>() }),
  delLinkData: endpoint({ path: `${fpLink}/DelLinkData`, input: linkCodeInput, output: answer<void>() }),
  getLecturerDataList: endpoint({ path: `${fpLecturer}/GetLecturerDataList`, output: answer<LecturerAdminItem[]>() }),
  saveLecturerData: endpoint({
    path: `${fpLecturer}/SaveLecturerData`,
    input: lecturerSaveInput,
    output: answer<{ lecturerCode: string }>(),
  }),
  delLecturerData: endpoint({
    method: 'POST',
    path: `${fpLecturer}/DelLecturerData`,
    input: lecturerCodeInput,
    // the service answers nothing: the envelope carries no data
    output: answer<void>(),
  }),
  getModelInfoDataList: endpoint({ path: `${fpModelInfo}/GetModelInfoDataList`, input: modelListInput, output: answer<ModelItem[]>() }),
  saveModelInfoData: endpoint({ path: `${fpModelInfo}/SaveModelInfoData`, input: modelSaveInput, output: answer<{ modelCode: string }>() }),
  delModelInfoData: endpoint({ path: `${fpModelInfo}/DelModelInfoData`, input: modelCodeInput, output: answer<void>() }),
  getRegulationDataList: endpoint({
    path: `${sysRegulation}/GetRegulationDataList`,
    input: regulationListInput,
    output: answer<RegulationItem[]>(),
  }),
  saveRegulationData: endpoint({
    path: `${sysRegulation}/SaveRegulationData`,
    input: regulationSaveInput,
    output: answer<{ docCode: string }>(),
  }),
  delRegulationData: endpoint({ path: `${sysRegulation}/DelRegulationData`, input: docCodeInput, output: answer<void>() }),
  getSiteSettings: endpoint({ path: `${sysSite}/GetSiteSettings`, output: answer<SiteSettings>() }),
  saveSiteSettings: endpoint({ path: `${sysSite}/SaveSiteSettings`, input: siteSettingsInput, output: answer<SiteSettings>() }),
});
