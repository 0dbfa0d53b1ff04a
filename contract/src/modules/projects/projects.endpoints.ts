import type { z } from 'zod';
import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import type { ExamParticipantsView } from '../exams/exams.schemas.ts';
import type {
  PrjusrattrInfo,
  ProjectDetail,
  ProjectDetailData,
  ProjectEnrolmentView,
  ProjectView,
  StudyCard,
  StudyRules,
} from './projects.schemas.ts';
import {
  checkSettingsInput,
  joinProjectInput,
  myStudyInput,
  PROJECT_BASE,
  prjusrattrSaveInput,
  projectCodeInput,
  projectEnrolmentPageInput,
  projectPageInput,
  projectParticipantsInput,
  projectResourcesInput,
  projectSaveInput,
  threeSafetyInput,
} from './projects.schemas.ts';

const base = PROJECT_BASE;

/**
 * GetFPMyStudyData reads `filter` or the same fields flat (a preprocess, whose input zod types as
 * `unknown`): this declares what callers send, the schema and its checks are unchanged.
 */
const myStudyCall = myStudyInput as unknown as z.ZodType<
  z.output<typeof myStudyInput>,
  { filter?: { keyword?: string; joinState?: number }; keyword?: string; joinState?: number }
>;

/** The training project calls (issue 13; ADR 0039): administration, then the learner's. */
export const projectsApi = /* @__PURE__ */ defineGroup('projects', 'projects', {
  getPageList: endpoint({ path: `${base}/GetPageList`, input: projectPageInput, output: answer<PageResult<ProjectView>>() }),
  getDetail: endpoint({ path: `${base}/GetDetail`, input: projectCodeInput, output: answer<ProjectDetail>() }),
  saveData: endpoint({ path: `${base}/SaveData`, input: projectSaveInput, output: answer<{ projectCode: string }>() }),
  delete: endpoint({ path: `${base}/Delete`, input: projectCodeInput, output: answer<null>() }),
  saveResources: endpoint({ path: `${base}/SaveResources`, input: projectResourcesInput, output: answer<null>() }),
  saveParticipants: endpoint({ path: `${base}/SaveParticipants`, input: projectParticipantsInput, output: answer<null>() }),
  getParticipants: endpoint({ path: `${base}/GetParticipants`, input: projectCodeInput, output: answer<ExamParticipantsView>() }),
  getEnrolments: endpoint({
    path: `${base}/GetEnrolments`,
    input: projectEnrolmentPageInput,
    output: answer<PageResult<ProjectEnrolmentView>>(),
  }),
  savePrjusrattr: endpoint({ path: `${base}/SavePrjusrattr`, input: prjusrattrSaveInput, output: answer<null>() }),
  publish: endpoint({ path: `${base}/Publish`, input: projectCodeInput, output: answer<{ userCount: number }>() }),
  close: endpoint({ path: `${base}/Close`, input: projectCodeInput, output: answer<null>() }),
  getFPMyStudyData: endpoint({ path: `${base}/GetFPMyStudyData`, input: myStudyCall, output: answer<StudyCard[]>() }),
  joinProject: endpoint({ path: `${base}/JoinProject`, input: joinProjectInput, output: answer<StudyCard>() }),
  getProjectDetailData: endpoint({ path: `${base}/GetProjectDetailData`, input: projectCodeInput, output: answer<ProjectDetailData>() }),
  getCheckProjectSettings: endpoint({ path: `${base}/GetCheckProjectSettings`, input: checkSettingsInput, output: answer<StudyRules>() }),
  getPrjusrattrInfoForThreeSafety: endpoint({
    path: `${base}/GetPrjusrattrInfoForThreeSafety`,
    input: threeSafetyInput,
    output: answer<PrjusrattrInfo[]>(),
  }),
});
