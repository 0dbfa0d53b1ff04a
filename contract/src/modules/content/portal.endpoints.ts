import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { LecturerDetail, LecturerItem, LinkItem, ModelItem, RegulationItem, SiteSettings } from './content.schemas.ts';
import { lecturerCodeInput, linkTypeInput, modelListInput, regulationListInput } from './content.schemas.ts';

// the original system's controllers these paths are under
const openApi = '/Api/Ydxs/OpenApi';

/** The portal calls (ADR 0039). */
export const portalApi = /* @__PURE__ */ defineGroup('content', 'portal', {
  getFPLinkInfoList: endpoint({ path: `${openApi}/GetFPLinkInfoList`, input: linkTypeInput, output: answer<LinkItem[]>() }),
  getFPLecturerInfoList: endpoint({ path: `${openApi}/GetFPLecturerInfoList`, output: answer<LecturerItem[]>() }),
  getFPLecturerDetailInfoData: endpoint({
    path: `${openApi}/GetFPLecturerDetailInfoData`,
    input: lecturerCodeInput,
    output: answer<LecturerDetail>(),
  }),
  getSiteConfig: endpoint({ path: `${openApi}/GetSiteConfig`, output: answer<SiteSettings>() }),
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
