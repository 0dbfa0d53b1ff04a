// Training projects under /Api/Project_Manage/project_project (issue 13).
import { projectsApi } from '@xuetu/contract';
import { call } from './client';

// ---------- learner ----------
export const getMyStudyData = (filter: { keyword?: string; joinState?: number } = {}) => call(projectsApi.getFPMyStudyData, { filter });
export const joinProject = (projectCode: string, planCode = '') => call(projectsApi.joinProject, { projectCode, planCode });
export const getProjectDetailData = (projectCode: string) => call(projectsApi.getProjectDetailData, { projectCode });
export const getCheckProjectSettings = (body: { projectCode?: string; rescode?: string }) =>
  call(projectsApi.getCheckProjectSettings, body);
export const getThreeSafetyInfo = (projectCode = '') => call(projectsApi.getPrjusrattrInfoForThreeSafety, { projectCode });
