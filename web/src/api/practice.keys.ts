// The practice domain's query keys (ADR 0039, ADR 0043): every key of its calls, in one place.
export const practiceKeys = {
  /** everything of practice (invalidated together after a change) */
  all: ['practice'] as const,
  /** the administration list (useLifecycleList adds the filter, page and company) */
  page: ['practice', 'page'] as const,
  /** one practice in the editor */
  detail: ['practice', 'detail'] as const,
  /** the editor's source choices of a company */
  dirs: (companySysCode: string) => ['practice', 'dirs', companySysCode] as const,
  papers: (companySysCode: string) => ['practice', 'papers', companySysCode] as const,
  /** the open exams holding a source's questions (the editor's notice) */
  overlap: (companySysCode: string, sourceKind: number, sourceCode: string) =>
    ['practice', 'overlap', companySysCode, sourceKind, sourceCode] as const,
  /** the learner's practices, next question, 错题本 and the dashboard's counts */
  mine: ['practice', 'mine'] as const,
  next: (practiceCode: string) => ['practice', 'next', practiceCode] as const,
  wrongBook: ['practice', 'wrongbook'] as const,
  counts: ['practice', 'counts'] as const,
};
