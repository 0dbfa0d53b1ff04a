// Training projects under /Api/Project_Manage/project_project (issue 13).
import { projectsApi } from '@xuetu/contract';
import { call, callEnvelope } from './client';
import { searchResources as searchTrainRes } from './trainres';

// ---------- administration ----------
export const getProjectPage = (body: { keyword: string; status?: number; companySysCode: string; pageIndex: number; pageRows: number }) =>
  call(projectsApi.getPageList, body);
export const getProject = (projectCode: string) => call(projectsApi.getDetail, { projectCode });
export const saveProject = (body: Record<string, unknown>) => call(projectsApi.saveData, body);
export const deleteProject = (projectCode: string) => call(projectsApi.delete, { projectCode });
export const publishProject = (projectCode: string) => callEnvelope(projectsApi.publish, { projectCode });
export const closeProject = (projectCode: string) => call(projectsApi.close, { projectCode });
export const saveProjectResources = (projectCode: string, resCodes: string[]) => call(projectsApi.saveResources, { projectCode, resCodes });
export const saveProjectParticipants = (projectCode: string, participants: { users: number[]; orgs: number[]; posts: number[] }) =>
  call(projectsApi.saveParticipants, { projectCode, participants });
export const getProjectParticipants = (projectCode: string) => call(projectsApi.getParticipants, { projectCode });
export const getEnrolments = (body: { projectCode: string; keyword: string; pageIndex: number; pageRows: number }) =>
  call(projectsApi.getEnrolments, body);
export const savePrjusrattr = (body: {
  projectCode: string;
  userId: number;
  certType: string;
  certNo: string;
  certValidFrom: string;
  certValidTo: string;
}) => call(projectsApi.savePrjusrattr, body);
/** the resource library's search list (the picker of project courses) */
export const searchResources = (body: { keyword: string; companySysCode: string; pageIndex: number; pageSize: number }) =>
  searchTrainRes({ dCode: '', ...body });

// ---------- learner ----------
export const getMyStudyData = (filter: { keyword?: string; joinState?: number } = {}) => call(projectsApi.getFPMyStudyData, { filter });
export const joinProject = (projectCode: string, planCode = '') => call(projectsApi.joinProject, { projectCode, planCode });
export const getProjectDetailData = (projectCode: string) => call(projectsApi.getProjectDetailData, { projectCode });
export const getCheckProjectSettings = (body: { projectCode?: string; rescode?: string }) =>
  call(projectsApi.getCheckProjectSettings, body);
export const getThreeSafetyInfo = (projectCode = '') => call(projectsApi.getPrjusrattrInfoForThreeSafety, { projectCode });
