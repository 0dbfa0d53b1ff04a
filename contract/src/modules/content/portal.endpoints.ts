import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { LecturerDetail, LecturerItem, LinkItem, ModelItem, RegulationItem, SiteSettings } from './content.schemas.ts';
import { lecturerCodeInput, linkTypeInput, modelListInput, regulationListInput } from './content.schemas.ts';

/** The portal calls (ADR 0039). */
export const portalApi = /* @__PURE__ */ defineGroup('content', 'portal', {
  getFPLinkInfoList: endpoint({ path: '/Api/Ydxs/OpenApi/GetFPLinkInfoList', input: linkTypeInput, output: answer<LinkItem[]>() }),
  getFPLecturerInfoList: endpoint({ path: '/Api/Ydxs/OpenApi/GetFPLecturerInfoList', output: answer<LecturerItem[]>() }),
  getFPLecturerDetailInfoData: endpoint({
    path: '/Api/Ydxs/OpenApi/GetFPLecturerDetailInfoData',
    input: lecturerCodeInput,
    output: answer<LecturerDetail>(),
  }),
  getSiteConfig: endpoint({ path: '/Api/Ydxs/OpenApi/GetSiteConfig', output: answer<SiteSettings>() }),
  getShowModelInfoDataList: endpoint({
    path: '/Api/Fp_Manage/Fp_modelinfo/GetShowModelInfoDataList',
    input: modelListInput,
    output: answer<ModelItem[]>(),
  }),
  getguizhangzhidu: endpoint({
    path: '/Api/SysConfig/sys_notice/Getguizhangzhidu',
    input: regulationListInput,
    output: answer<RegulationItem[]>(),
  }),
});
