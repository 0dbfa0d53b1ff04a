// The training projects' query keys (ADR 0039, ADR 0045): every key of their calls, in one place.
export const projectKeys = {
  /** everything of project administration (what a write invalidates) */
  all: ['project'] as const,
  /** the administration list (useLifecycleList adds filter, page and company) */
  list: ['project', 'projects'] as const,
  /** one project in the editor (useEditorRecord adds the code) */
  detail: ['project', 'detail'] as const,
  /** projects an exam may be linked to */
  options: (company: string) => ['project', 'options', company] as const,
  /** exams a project may link */
  examOptions: (company: string) => ['project', 'exam-options', company] as const,
  /** the course picker's search */
  resSearch: (company: string, keyword: string) => ['project', 'res-search', company, keyword] as const,
  enrolments: (projectCode: string) => ['project', 'enrolments', projectCode] as const,
  enrolmentPage: (projectCode: string, keyword: string, page: unknown) => ['project', 'enrolments', projectCode, keyword, page] as const,
  // ---------- learner ----------
  /** the learner's project pages and cards (what studying invalidates) */
  learner: ['projects'] as const,
  myStudy: ['projects', 'mystudy'] as const,
  learnerDetail: (projectCode: string) => ['projects', 'detail', projectCode] as const,
};
