// The resource library's query keys (ADR 0039, ADR 0045): every key of its calls, in one place.
export const trainResKeys = {
  /** everything of the resource library (what a write invalidates) */
  all: ['trainres'] as const,
  /** the resource list, every page */
  list: ['trainres', 'list'] as const,
  page: (search: unknown, page: unknown) => ['trainres', 'list', search, page] as const,
  /** the audit queue */
  audit: (filter: unknown, company: string, page: unknown) => ['trainres', 'audit', filter, company, page] as const,
  dirs: (company: string) => ['trainres', 'dirs', company] as const,
  res: (resCode: string | null | undefined) => ['trainres', 'res', resCode] as const,
  history: (resCode: string | undefined) => ['trainres', 'history', resCode] as const,
  /** the preview's play list (the audit page names the lesson) */
  preview: (resCode: string | undefined) => ['trainres', 'preview', resCode] as const,
  previewLesson: (resCode: string | undefined, lesson: number) => ['trainres', 'preview', resCode, lesson] as const,
  media: (mediaId: string) => ['trainres', 'media', mediaId] as const,
  capability: ['trainres', 'capability'] as const,
};
