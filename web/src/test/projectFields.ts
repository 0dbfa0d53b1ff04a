import type { StudyCard } from '@xuetu/contract';

// A stored project's own fields (no plans, exams or courses), for the project editor's tests.
export const projectFields = {
  projectName: '项目甲',
  introduce: '',
  cover: '',
  startDate: '2030-03-01',
  endDate: '2030-03-10',
  checkHrs: 2,
  reachRule: 1,
  allowedSpeeds: [1],
  allowSeekAhead: 0,
  openJoin: 0,
  isThreeSafety: 0,
};

/** A learner's card of a joined project, half way (the dashboard's and the project page's tests). */
export const studyCard = (extra: Partial<StudyCard> = {}): StudyCard => ({
  projectCode: 'P1',
  projectName: '新员工入职培训',
  cover: '',
  startDate: '2030-03-01',
  endDate: '2030-03-10',
  status: 1,
  leftDays: 6,
  checkHrs: 2,
  getHrs: 1.25,
  reachState: 0,
  reachProgress: 62,
  lastStudyDate: '2030-03-05',
  todayProgress: 40,
  todayHrs: 0.1,
  todayTargetHrs: 0.25,
  isJoined: 1,
  joinTime: '2030-03-01 10:00:00',
  planCode: '',
  plans: [],
  canJoin: 0,
  ...extra,
});
