import { studyApi } from '@xuetu/contract';
import { callEnvelope } from '../../../api/client';

/** The heartbeat's sender (StudyHeartbeat's `send`): silent, not deduplicated — the player shows its outcome itself. */
export const sendStudyBeat = (body: { rescode: string; guid: string; speed: number; position: number; lesson?: number }) =>
  callEnvelope(studyApi.study, body, { silent: true, dedupe: false });

/** Completes a course (the player's last lesson, or 完成阅读): silent, not deduplicated. */
export const studyComplete = (rescode: string, guid: string) =>
  callEnvelope(studyApi.studyComplete, { rescode, guid }, { silent: true, dedupe: false });
