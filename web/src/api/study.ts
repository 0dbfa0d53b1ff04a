// Learner study calls under /Api/Train_Manage/Train_Res (issue 13, ADR 0017).
import { studyApi, trainResApi } from '@xuetu/contract';
import { call, callEnvelope } from './client';

export const getCatalogue = (body: { dcode?: string; dno?: string; keyword?: string; pageIndex: number; pageSize: number }) =>
  call(studyApi.showCompanyTrainRes, body);
export const getStudyDetail = (rescode: string) => call(studyApi.getTrainResStudyDetail, { rescode });
export const getResDetail = (rescode: string) => call(studyApi.getTrainResDetail, { rescode }, { silent: true });
export const getRelevantList = (rescode: string) => call(studyApi.getRelevantList, { rescode }, { silent: true });
/** lesson: the lesson's index in a course of several (ADR 0022); 0 = the first, or the only media */
export const getPlayList = (rescode: string, lesson = 0) => call(trainResApi.getVideoPlayList, { videoId: rescode, lesson });
export const getNoteList = (recordId: string) => call(studyApi.getNoteList, { recordId });
export const addNote = (body: { rescode: string; content: string; position: number }) => call(studyApi.addNoteData, body);
export const updateNote = (body: { id: number; content: string }) => call(studyApi.updateNote, body);
export const deleteNote = (id: number) => call(studyApi.delNote, { id });
export const toggleCollect = (rescode: string) => callEnvelope(studyApi.collect, { rescode });
export const setThumbsup = (rescode: string) => callEnvelope(studyApi.setThumbsup, { rescode });
export const getStudyInterval = () => call(studyApi.getStudyInterval, {}, { silent: true });
/** silent, not deduplicated: the player shows the heartbeat's outcome itself */
export const sendStudyBeat = (body: { rescode: string; guid: string; speed: number; position: number; lesson?: number }) =>
  callEnvelope(studyApi.study, body, { silent: true, dedupe: false });
export const studyComplete = (rescode: string, guid: string) =>
  callEnvelope(studyApi.studyComplete, { rescode, guid }, { silent: true, dedupe: false });
