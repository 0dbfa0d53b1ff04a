// Training projects under /Api/Project_Manage/project_project (issue 13).
import {
  type ExamParticipantsView,
  type PageResult,
  PROJECT_BASE,
  type PrjusrattrInfo,
  type ProjectDetail,
  type ProjectDetailData,
  type ProjectEnrolmentView,
  type ProjectView,
  type ResView,
  type StudyCard,
  type StudyRules,
  TRAIN_BASE,
} from '@xuetu/contract';
import { post, postEnvelope } from './request';

const base = PROJECT_BASE;

// ---------- administration ----------
export const getProjectPage = (body: { keyword: string; status?: number; companySysCode: string; pageIndex: number; pageRows: number }) =>
  post<PageResult<ProjectView>>(`${base}/GetPageList`, body);
export const getProject = (projectCode: string) => post<ProjectDetail>(`${base}/GetDetail`, { projectCode });
export const saveProject = (body: Record<string, unknown>) => post<{ projectCode: string }>(`${base}/SaveData`, body);
export const deleteProject = (projectCode: string) => post<null>(`${base}/Delete`, { projectCode });
export const publishProject = (projectCode: string) => postEnvelope<{ userCount: number }>(`${base}/Publish`, { projectCode });
export const closeProject = (projectCode: string) => post<null>(`${base}/Close`, { projectCode });
export const saveProjectResources = (projectCode: string, resCodes: string[]) =>
  post<null>(`${base}/SaveResources`, { projectCode, resCodes });
export const saveProjectParticipants = (projectCode: string, participants: { users: number[]; orgs: number[]; posts: number[] }) =>
  post<null>(`${base}/SaveParticipants`, { projectCode, participants });
export const getProjectParticipants = (projectCode: string) => post<ExamParticipantsView>(`${base}/GetParticipants`, { projectCode });
export const getEnrolments = (body: { projectCode: string; keyword: string; pageIndex: number; pageRows: number }) =>
  post<PageResult<ProjectEnrolmentView>>(`${base}/GetEnrolments`, body);
export const savePrjusrattr = (body: {
  projectCode: string;
  userId: number;
  certType: string;
  certNo: string;
  certValidFrom: string;
  certValidTo: string;
}) => post<null>(`${base}/SavePrjusrattr`, body);
/** the resource library's search list (the picker of project courses) */
export const searchResources = (body: { keyword: string; companySysCode: string; pageIndex: number; pageSize: number }) =>
  post<PageResult<ResView>>(`${TRAIN_BASE}/Train_Res/GetSearchPageList`, { dCode: '', ...body });

// ---------- learner ----------
export const MY_STUDY_KEY = ['projects', 'mystudy'] as const;
export const getMyStudyData = (filter: { keyword?: string; joinState?: number } = {}) =>
  post<StudyCard[]>(`${base}/GetFPMyStudyData`, { filter });
export const joinProject = (projectCode: string, planCode = '') => post<StudyCard>(`${base}/JoinProject`, { projectCode, planCode });
export const getProjectDetailData = (projectCode: string) => post<ProjectDetailData>(`${base}/GetProjectDetailData`, { projectCode });
export const getCheckProjectSettings = (body: { projectCode?: string; rescode?: string }) =>
  post<StudyRules>(`${base}/GetCheckProjectSettings`, body);
export const getThreeSafetyInfo = (projectCode = '') => post<PrjusrattrInfo[]>(`${base}/GetPrjusrattrInfoForThreeSafety`, { projectCode });
