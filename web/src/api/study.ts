// Learner study calls under /Api/Train_Manage/Train_Res (issue 13, ADR 0017).
import type { CourseCard, PageResult, PlayListAnswer, StudyBeatAnswer, StudyCompleteAnswer, StudyDetail, StudyNote } from '@xuetu/contract';
import { TRAIN_BASE } from '@xuetu/contract';
import { post, postEnvelope } from './request';

const res = `${TRAIN_BASE}/Train_Res`;

export const STUDY_KEY = ['study'] as const;

export const getCatalogue = (body: { dcode?: string; dno?: string; keyword?: string; pageIndex: number; pageSize: number }) =>
  post<PageResult<CourseCard>>(`${res}/ShowCompanyTrainRes`, body);
export const getStudyDetail = (rescode: string) => post<StudyDetail>(`${res}/GetTrainResStudyDetail`, { rescode });
export const getResDetail = (rescode: string) => post<StudyDetail>(`${res}/GetTrainResDetail`, { rescode }, { silent: true });
export const getRelevantList = (rescode: string) => post<CourseCard[]>(`${res}/GetRelevantList`, { rescode }, { silent: true });
/** lesson: the lesson's index in a course of several (ADR 0022); 0 = the first, or the only media */
export const getPlayList = (rescode: string, lesson = 0) =>
  post<PlayListAnswer & { content: string; introduce: string }>(`${res}/GetVideoPlayList`, { videoId: rescode, lesson });
export const getNoteList = (recordId: string) => post<StudyNote[]>(`${res}/GetNoteList`, { recordId });
export const addNote = (body: { rescode: string; content: string; position: number }) => post<StudyNote>(`${res}/AddNoteData`, body);
export const updateNote = (body: { id: number; content: string }) => post<StudyNote>(`${res}/UpdateNote`, body);
export const deleteNote = (id: number) => post<null>(`${res}/DelNote`, { id });
export const toggleCollect = (rescode: string) => postEnvelope<{ isCollect: number; collectCnt: number }>(`${res}/Collect`, { rescode });
export const setThumbsup = (rescode: string) =>
  postEnvelope<{ isThumbsup: number; thumbsupCnt: number }>(`${res}/SetThumbsup`, { rescode });
export const getStudyInterval = () => post<number>(`${res}/GetStudyInterval`, {}, { silent: true });
/** silent, not deduplicated: the player shows the heartbeat's outcome itself */
export const sendStudyBeat = (body: { rescode: string; guid: string; speed: number; position: number; lesson?: number }) =>
  postEnvelope<StudyBeatAnswer>(`${res}/Study`, body, { silent: true, dedupe: false });
export const studyComplete = (rescode: string, guid: string) =>
  postEnvelope<StudyCompleteAnswer>(`${res}/StudyComplete`, { rescode, guid }, { silent: true, dedupe: false });
