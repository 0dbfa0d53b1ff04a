import { Perm, portalApi } from '@xuetu/contract';
import { appError } from '../../../platform/errors.ts';
import { routesOf } from '../../../platform/route.ts';
import * as content from '../site/site.service.ts';

// Portal reads of the public home page (spec portal-and-learner §7 OpenApi, Fp_modelinfo, sys_notice).

export const portalRoutes = routesOf(portalApi, {
  getFPLinkInfoList: {
    access: 'public',
    summary: '首页链接（linkType 0 轮播图，1 顶部导航，2 中部导航，3 职业技能，4 社团，5 公益项目）',
    handler: ({ input, caller }) => content.publicLinks(caller, input.linkType),
  },
  getFPLecturerInfoList: {
    access: 'public',
    summary: '首页讲师',
    handler: ({ caller }) => content.publicLecturers(caller),
  },
  getFPLecturerDetailInfoData: {
    access: 'public',
    summary: '讲师详情（playList 的 item2 为视频地址）',
    handler: async ({ input, caller }) => {
      const detail = await content.publicLecturerDetail(caller, input.lecturerCode);
      if (!detail) throw appError('LECTURER_NOT_FOUND');
      return detail;
    },
  },
  getSiteConfig: {
    access: 'public',
    summary: '页脚站点信息（联系方式、工作时间、地址、备案号、公司名称）',
    handler: ({ caller }) => content.publicSiteSettings(caller),
  },
  getShowModelInfoDataList: {
    access: 'public',
    summary: '展示模块（clientType 2 为 PC 端）',
    handler: ({ input, caller }) => content.publicModels(caller, input.clientType),
  },
  getguizhangzhidu: {
    access: { action: Perm.StudyRegulations },
    summary: '规章制度与文件',
    handler: ({ input, caller }) => content.visibleRegulations(caller, input.keyword),
  },
});
