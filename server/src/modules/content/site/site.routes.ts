import { contentApi, Msg, Perm } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { routesOf } from '../../../platform/route.ts';
import * as service from './site.service.ts';

// Content administration (DESIGN.md §4 "Content"): links, lecturers, display models, regulations
// documents and site settings. Every write clears the portal cache.

export const contentRoutes = routesOf(contentApi, {
  // links
  getLinkDataList: {
    access: { action: Perm.LinkList },
    summary: '链接管理列表',
    handler: ({ input, caller }) => service.adminLinks(caller, input.linkType),
  },
  saveLinkData: {
    access: { action: Perm.LinkEdit },
    summary: '新增 / 编辑链接',
    handler: async ({ input, caller }) => withMsg(await service.saveLink(caller, input), Msg.saved),
  },
  delLinkData: {
    access: { action: Perm.LinkEdit },
    summary: '删除链接',
    handler: async ({ input, caller }) => withMsg(await service.deleteLink(caller, input.linkCode), Msg.deleted),
  },
  // lecturers
  getLecturerDataList: {
    access: { action: Perm.LecturerList },
    summary: '讲师管理列表',
    handler: ({ caller }) => service.adminLecturers(caller),
  },
  saveLecturerData: {
    access: { action: Perm.LecturerEdit },
    summary: '新增 / 编辑讲师',
    handler: async ({ input, caller }) => withMsg(await service.saveLecturer(caller, input), Msg.saved),
  },
  delLecturerData: {
    access: { action: Perm.LecturerEdit },
    summary: '删除讲师',
    handler: async ({ input, caller }) => withMsg(await service.deleteLecturer(caller, input.lecturerCode), Msg.deleted),
  },
  // display models
  getModelInfoDataList: {
    access: { action: Perm.ModelList },
    summary: '展示模块管理列表',
    handler: ({ input, caller }) => service.adminModels(caller, input.clientType),
  },
  saveModelInfoData: {
    access: { action: Perm.ModelEdit },
    summary: '新增 / 编辑展示模块',
    handler: async ({ input, caller }) => withMsg(await service.saveModel(caller, input), Msg.saved),
  },
  delModelInfoData: {
    access: { action: Perm.ModelEdit },
    summary: '删除展示模块',
    handler: async ({ input, caller }) => withMsg(await service.deleteModel(caller, input.modelCode), Msg.deleted),
  },
  // regulations documents
  getRegulationDataList: {
    access: { action: Perm.RegulationList },
    summary: '规章制度文件管理列表',
    handler: ({ input, caller }) => service.adminRegulations(caller, input.keyword),
  },
  saveRegulationData: {
    access: { action: Perm.RegulationEdit },
    summary: '新增 / 编辑规章制度文件',
    handler: async ({ input, caller }) => withMsg(await service.saveRegulation(caller, input), Msg.saved),
  },
  delRegulationData: {
    access: { action: Perm.RegulationEdit },
    summary: '删除规章制度文件',
    handler: async ({ input, caller }) => withMsg(await service.deleteRegulation(caller, input.docCode), Msg.deleted),
  },
  // site settings
  getSiteSettings: {
    access: { action: Perm.SiteSettings },
    summary: '站点设置',
    handler: ({ caller }) => service.readSiteSettings(caller),
  },
  saveSiteSettings: {
    access: { action: Perm.SiteSettings },
    summary: '保存站点设置（页脚联系方式、工作时间、地址、备案号、公司名称等）',
    handler: async ({ input, caller }) => withMsg(await service.saveSiteSettings(caller, input), Msg.saved),
  },
});
