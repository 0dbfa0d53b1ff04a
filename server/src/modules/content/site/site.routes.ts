import {
  ContentMsg,
  lecturerCodeInput,
  lecturerSaveInput,
  linkSaveInput,
  linkTypeInput,
  Msg,
  modelListInput,
  modelSaveInput,
  Perm,
  regulationListInput,
  regulationSaveInput,
  siteSettingsInput,
} from '@xuetu/contract';
import { z } from 'zod';
import { withMsg } from '../../../platform/envelope.ts';
import { defineRoute } from '../../../platform/route.ts';
import * as service from './site.service.ts';

// Content administration (DESIGN.md §4 "Content"): links, lecturers, display models, regulations
// documents and site settings. Every write clears the portal cache.
const fp = '/Api/Fp_Manage';
const sys = '/Api/SysConfig';
const code = (name: string) => z.object({ [name]: z.string().trim().min(1, ContentMsg.codeRequired).max(64) });

export const contentRoutes = [
  // links
  defineRoute({
    method: 'POST',
    url: `${fp}/Fp_link/GetLinkDataList`,
    access: { action: Perm.LinkList },
    summary: '链接管理列表',
    input: linkTypeInput,
    handler: ({ input, caller }) => service.adminLinks(caller, input.linkType),
  }),
  defineRoute({
    method: 'POST',
    url: `${fp}/Fp_link/SaveLinkData`,
    access: { action: Perm.LinkEdit },
    summary: '新增 / 编辑链接',
    input: linkSaveInput,
    handler: async ({ input, caller }) => withMsg(await service.saveLink(caller, input), Msg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${fp}/Fp_link/DelLinkData`,
    access: { action: Perm.LinkEdit },
    summary: '删除链接',
    input: code('linkCode'),
    handler: async ({ input, caller }) => withMsg(await service.deleteLink(caller, input.linkCode as string), Msg.deleted),
  }),
  // lecturers
  defineRoute({
    method: 'POST',
    url: `${fp}/Fp_lecturer/GetLecturerDataList`,
    access: { action: Perm.LecturerList },
    summary: '讲师管理列表',
    handler: ({ caller }) => service.adminLecturers(caller),
  }),
  defineRoute({
    method: 'POST',
    url: `${fp}/Fp_lecturer/SaveLecturerData`,
    access: { action: Perm.LecturerEdit },
    summary: '新增 / 编辑讲师',
    input: lecturerSaveInput,
    handler: async ({ input, caller }) => withMsg(await service.saveLecturer(caller, input), Msg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${fp}/Fp_lecturer/DelLecturerData`,
    access: { action: Perm.LecturerEdit },
    summary: '删除讲师',
    input: lecturerCodeInput,
    handler: async ({ input, caller }) => withMsg(await service.deleteLecturer(caller, input.lecturerCode), Msg.deleted),
  }),
  // display models
  defineRoute({
    method: 'POST',
    url: `${fp}/Fp_modelinfo/GetModelInfoDataList`,
    access: { action: Perm.ModelList },
    summary: '展示模块管理列表',
    input: modelListInput,
    handler: ({ input, caller }) => service.adminModels(caller, input.clientType),
  }),
  defineRoute({
    method: 'POST',
    url: `${fp}/Fp_modelinfo/SaveModelInfoData`,
    access: { action: Perm.ModelEdit },
    summary: '新增 / 编辑展示模块',
    input: modelSaveInput,
    handler: async ({ input, caller }) => withMsg(await service.saveModel(caller, input), Msg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${fp}/Fp_modelinfo/DelModelInfoData`,
    access: { action: Perm.ModelEdit },
    summary: '删除展示模块',
    input: code('modelCode'),
    handler: async ({ input, caller }) => withMsg(await service.deleteModel(caller, input.modelCode as string), Msg.deleted),
  }),
  // regulations documents
  defineRoute({
    method: 'POST',
    url: `${sys}/sys_regulation/GetRegulationDataList`,
    access: { action: Perm.RegulationList },
    summary: '规章制度文件管理列表',
    input: regulationListInput,
    handler: ({ input, caller }) => service.adminRegulations(caller, input.keyword),
  }),
  defineRoute({
    method: 'POST',
    url: `${sys}/sys_regulation/SaveRegulationData`,
    access: { action: Perm.RegulationEdit },
    summary: '新增 / 编辑规章制度文件',
    input: regulationSaveInput,
    handler: async ({ input, caller }) => withMsg(await service.saveRegulation(caller, input), Msg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${sys}/sys_regulation/DelRegulationData`,
    access: { action: Perm.RegulationEdit },
    summary: '删除规章制度文件',
    input: code('docCode'),
    handler: async ({ input, caller }) => withMsg(await service.deleteRegulation(caller, input.docCode as string), Msg.deleted),
  }),
  // site settings
  defineRoute({
    method: 'POST',
    url: `${sys}/sys_site/GetSiteSettings`,
    access: { action: Perm.SiteSettings },
    summary: '站点设置',
    handler: ({ caller }) => service.readSiteSettings(caller),
  }),
  defineRoute({
    method: 'POST',
    url: `${sys}/sys_site/SaveSiteSettings`,
    access: { action: Perm.SiteSettings },
    summary: '保存站点设置（页脚联系方式、工作时间、地址、备案号、公司名称等）',
    input: siteSettingsInput,
    handler: async ({ input, caller }) => withMsg(await service.saveSiteSettings(caller, input), Msg.saved),
  }),
];
