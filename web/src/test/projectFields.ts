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
