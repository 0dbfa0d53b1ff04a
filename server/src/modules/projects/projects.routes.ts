import { PAGE_SIZE_DEFAULT, Perm, ProjectMsg, pageWindow, projectsApi } from '@xuetu/contract';
import { doneWithMsg, withMsg } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/route.ts';
import * as learner from './learner.service.ts';
import * as service from './projects.service.ts';

const LIST = { action: Perm.ProjectList };
const EDIT = { action: Perm.ProjectEdit };
const PUBLISH = { action: Perm.ProjectPublish };

/** Training project administration (issue 13). */
const adminRoutes = routesOf(projectsApi, {
  getPageList: {
    access: LIST,
    summary: '培训项目列表',
    handler: ({ input, caller }) => service.listProjectPage(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT)),
  },
  getDetail: {
    access: LIST,
    summary: '培训项目详情（批次、资源、考试、参训人员）',
    handler: ({ input, caller }) => service.readProject(caller, input.projectCode),
  },
  saveData: {
    access: EDIT,
    summary: '新增或修改培训项目（周期、考核学时、达标规则、学习设置、批次、考试）',
    handler: async ({ input, caller }) => withMsg(await service.saveProject(caller, input), ProjectMsg.saved),
  },
  delete: {
    access: EDIT,
    summary: '删除培训项目（已有学员加入时拒绝）',
    handler: ({ input, caller }) => doneWithMsg(service.deleteProject(caller, input.projectCode), ProjectMsg.deleted),
  },
  saveResources: {
    access: EDIT,
    summary: '设置项目课程（按顺序，来自资源库）',
    handler: ({ input, caller }) => doneWithMsg(service.saveResources(caller, input.projectCode, input.resCodes), ProjectMsg.saved),
  },
  saveParticipants: {
    access: EDIT,
    summary: '设置参训人员（人员、部门、岗位）',
    handler: ({ input, caller }) => doneWithMsg(service.saveParticipants(caller, input.projectCode, input.participants), ProjectMsg.saved),
  },
  getParticipants: {
    access: LIST,
    summary: '参训人员选择',
    handler: ({ input, caller }) => service.getParticipants(caller, input.projectCode),
  },
  getEnrolments: {
    access: LIST,
    summary: '已加入项目的学员（学时、达标、证书信息）',
    handler: ({ input, caller }) => service.listEnrolments(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT)),
  },
  savePrjusrattr: {
    access: EDIT,
    summary: '修改学员的安全培训证书信息',
    handler: ({ input, caller }) => doneWithMsg(service.savePrjusrattr(caller, input), ProjectMsg.saved),
  },
  publish: {
    access: PUBLISH,
    summary: '发布培训项目并通知参训人员',
    handler: async ({ input, caller }) => {
      const n = await service.publishProject(caller, input.projectCode);
      return withMsg({ userCount: n }, ProjectMsg.published(n));
    },
  },
  close: {
    access: PUBLISH,
    summary: '结束培训项目（不再接受加入）',
    handler: ({ input, caller }) => doneWithMsg(service.closeProject(caller, input.projectCode), ProjectMsg.closed),
  },
});

/** The learner's calls (spec §7 names). */
const learnerRoutes = routesOf(projectsApi, {
  getFPMyStudyData: {
    access: 'user',
    summary: '我的学习：培训项目学习卡片',
    handler: ({ input, caller }) => learner.myStudyData(caller, input),
  },
  joinProject: {
    access: 'user',
    summary: '加入培训项目',
    handler: async ({ input, caller }) => withMsg(await learner.joinProject(caller, input), ProjectMsg.joined),
  },
  getProjectDetailData: {
    access: 'user',
    summary: '培训项目详情：课程与学习进度',
    handler: ({ input, caller }) => learner.projectDetailData(caller, input.projectCode),
  },
  getCheckProjectSettings: {
    access: 'user',
    summary: '播放规则（允许的倍速、是否可拖动）',
    handler: ({ input, caller }) => learner.checkProjectSettings(caller, input),
  },
  getPrjusrattrInfoForThreeSafety: {
    access: 'user',
    summary: '安全培训项目的证书信息',
    handler: ({ input, caller }) => learner.threeSafetyInfo(caller, input.projectCode),
  },
});

export const projectRoutes = [...adminRoutes, ...learnerRoutes];
