import {
  checkSettingsInput,
  joinProjectInput,
  myStudyInput,
  PAGE_SIZE_DEFAULT,
  Perm,
  PROJECT_BASE,
  ProjectMsg,
  pageWindow,
  prjusrattrSaveInput,
  projectCodeInput,
  projectEnrolmentPageInput,
  projectPageInput,
  projectParticipantsInput,
  projectResourcesInput,
  projectSaveInput,
  threeSafetyInput,
} from '@xuetu/contract';
import { withMsg } from '../../platform/envelope.ts';
import { defineRoute } from '../../platform/route.ts';
import * as learner from './learner.service.ts';
import * as service from './projects.service.ts';

const base = PROJECT_BASE;
const LIST = { action: Perm.ProjectList };
const EDIT = { action: Perm.ProjectEdit };
const PUBLISH = { action: Perm.ProjectPublish };

/** Training project administration (issue 13). */
const adminRoutes = [
  defineRoute({
    method: 'POST',
    url: `${base}/GetPageList`,
    access: LIST,
    summary: '培训项目列表',
    input: projectPageInput,
    handler: ({ input, caller }) => service.listProjectPage(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT)),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetDetail`,
    access: LIST,
    summary: '培训项目详情（批次、资源、考试、参训人员）',
    input: projectCodeInput,
    handler: ({ input, caller }) => service.readProject(caller, input.projectCode),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/SaveData`,
    access: EDIT,
    summary: '新增或修改培训项目（周期、考核学时、达标规则、学习设置、批次、考试）',
    input: projectSaveInput,
    handler: async ({ input, caller }) => withMsg(await service.saveProject(caller, input), ProjectMsg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/Delete`,
    access: EDIT,
    summary: '删除培训项目（已有学员加入时拒绝）',
    input: projectCodeInput,
    handler: async ({ input, caller }) => withMsg(await service.deleteProject(caller, input.projectCode), ProjectMsg.deleted),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/SaveResources`,
    access: EDIT,
    summary: '设置项目课程（按顺序，来自资源库）',
    input: projectResourcesInput,
    handler: async ({ input, caller }) => withMsg(await service.saveResources(caller, input.projectCode, input.resCodes), ProjectMsg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/SaveParticipants`,
    access: EDIT,
    summary: '设置参训人员（人员、部门、岗位）',
    input: projectParticipantsInput,
    handler: async ({ input, caller }) =>
      withMsg(await service.saveParticipants(caller, input.projectCode, input.participants), ProjectMsg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetParticipants`,
    access: LIST,
    summary: '参训人员选择',
    input: projectCodeInput,
    handler: ({ input, caller }) => service.getParticipants(caller, input.projectCode),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetEnrolments`,
    access: LIST,
    summary: '已加入项目的学员（学时、达标、证书信息）',
    input: projectEnrolmentPageInput,
    handler: ({ input, caller }) => service.listEnrolments(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT)),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/SavePrjusrattr`,
    access: EDIT,
    summary: '修改学员的安全培训证书信息',
    input: prjusrattrSaveInput,
    handler: async ({ input, caller }) => withMsg(await service.savePrjusrattr(caller, input), ProjectMsg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/Publish`,
    access: PUBLISH,
    summary: '发布培训项目并通知参训人员',
    input: projectCodeInput,
    handler: async ({ input, caller }) => {
      const n = await service.publishProject(caller, input.projectCode);
      return withMsg({ userCount: n }, ProjectMsg.published(n));
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/Close`,
    access: PUBLISH,
    summary: '结束培训项目（不再接受加入）',
    input: projectCodeInput,
    handler: async ({ input, caller }) => withMsg(await service.closeProject(caller, input.projectCode), ProjectMsg.closed),
  }),
];

/** The learner's calls (spec §7 names). */
const learnerRoutes = [
  defineRoute({
    method: 'POST',
    url: `${base}/GetFPMyStudyData`,
    access: 'user',
    summary: '我的学习：培训项目学习卡片',
    input: myStudyInput,
    handler: ({ input, caller }) => learner.myStudyData(caller, input),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/JoinProject`,
    access: 'user',
    summary: '加入培训项目',
    input: joinProjectInput,
    handler: async ({ input, caller }) => withMsg(await learner.joinProject(caller, input), ProjectMsg.joined),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetProjectDetailData`,
    access: 'user',
    summary: '培训项目详情：课程与学习进度',
    input: projectCodeInput,
    handler: ({ input, caller }) => learner.projectDetailData(caller, input.projectCode),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetCheckProjectSettings`,
    access: 'user',
    summary: '播放规则（允许的倍速、是否可拖动）',
    input: checkSettingsInput,
    handler: ({ input, caller }) => learner.checkProjectSettings(caller, input),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetPrjusrattrInfoForThreeSafety`,
    access: 'user',
    summary: '安全培训项目的证书信息',
    input: threeSafetyInput,
    handler: ({ input, caller }) => learner.threeSafetyInfo(caller, input.projectCode),
  }),
];

export const projectRoutes = [...adminRoutes, ...learnerRoutes];
