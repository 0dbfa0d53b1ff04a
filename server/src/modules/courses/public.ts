// The public surface of the courses module (ADR 0027): what other modules may use of it.

// What a training project offers: resources usable in it, and each one's card with a learner's study.
export {
  courseHoursView,
  courseStudyView,
  liveResourcesOf,
  resIdByCode,
  resourcesWithStudy,
  studyDayView,
  usableResources,
} from './resources/project-courses.repository.ts';
// The one rule of who sees a resource on the learner side (resources/visibility.ts): training
// projects list and open their resources by it.
export { isResVisible, viewerScope, visibleResWhere } from './resources/visibility.ts';
// The composition root (modules/index.ts) wires these: the study-rules lookup of training
// projects, and forgetting remembered rules when a project changes (an after-commit event).
export { forgetStudyRules, provideProjectStudyRules } from './study/rules.ts';
