import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import { TRAIN_BASE } from './resources.schemas.ts';
import type { CourseCard, StudyBeatAnswer, StudyCompleteAnswer, StudyDetail, StudyNote, StudySettingsView } from './study.schemas.ts';
import {
  noteAddInput,
  noteIdInput,
  noteListInput,
  noteUpdateInput,
  studyBeatInput,
  studyCatalogueInput,
  studyCompleteInput,
  studyPresenceInput,
  studyResInput,
  studySettingsGetInput,
  studySettingsSaveInput,
} from './study.schemas.ts';

const res = `${TRAIN_BASE}/Train_Res`;

/** The learner's study calls (issue 13, ADR 0017; ADR 0039): catalogue, study page, notes, favourites, likes, heartbeat. */
export const studyApi = /* @__PURE__ */ defineGroup('courses', 'study', {
  showCompanyTrainRes: endpoint({
    path: `${res}/ShowCompanyTrainRes`,
    input: studyCatalogueInput,
    output: answer<PageResult<CourseCard>>(),
  }),
  getTrainResDetail: endpoint({ path: `${res}/GetTrainResDetail`, input: studyResInput, output: answer<StudyDetail>() }),
  getTrainResStudyDetail: endpoint({ path: `${res}/GetTrainResStudyDetail`, input: studyResInput, output: answer<StudyDetail>() }),
  getRelevantList: endpoint({ path: `${res}/GetRelevantList`, input: studyResInput, output: answer<CourseCard[]>() }),
  getNoteList: endpoint({ path: `${res}/GetNoteList`, input: noteListInput, output: answer<StudyNote[]>() }),
  addNoteData: endpoint({ path: `${res}/AddNoteData`, input: noteAddInput, output: answer<StudyNote>() }),
  updateNote: endpoint({ path: `${res}/UpdateNote`, input: noteUpdateInput, output: answer<StudyNote>() }),
  delNote: endpoint({ path: `${res}/DelNote`, input: noteIdInput, output: answer<null>() }),
  collect: endpoint({ path: `${res}/Collect`, input: studyResInput, output: answer<{ isCollect: 0 | 1; collectCnt: number }>() }),
  setThumbsup: endpoint({ path: `${res}/SetThumbsup`, input: studyResInput, output: answer<{ isThumbsup: 1; thumbsupCnt: number }>() }),
  /** the heartbeat's interval in seconds */
  getStudyInterval: endpoint({ path: `${res}/GetStudyInterval`, output: answer<number>() }),
  study: endpoint({ path: `${res}/Study`, input: studyBeatInput, output: answer<StudyBeatAnswer>() }),
  studyComplete: endpoint({ path: `${res}/StudyComplete`, input: studyCompleteInput, output: answer<StudyCompleteAnswer>() }),
  /** the answer to a presence check (ADR 0058): crediting resumes */
  studyPresence: endpoint({ path: `${res}/StudyPresence`, input: studyPresenceInput, output: answer<{ presence: 0 }>() }),
  /** a company's study guard (防挂机、随机在场确认、动态水印; ADR 0058): administrators */
  getStudySettings: endpoint({ path: `${res}/GetStudySettings`, input: studySettingsGetInput, output: answer<StudySettingsView>() }),
  saveStudySettings: endpoint({ path: `${res}/SaveStudySettings`, input: studySettingsSaveInput, output: answer<StudySettingsView>() }),
});
