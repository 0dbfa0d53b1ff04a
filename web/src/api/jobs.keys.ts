// The background jobs' query keys (ADR 0039, ADR 0045): every key of their calls, in one place.
export const jobKeys = {
  /** every page of jobs (what a retry invalidates) */
  list: ['admin', 'jobs'] as const,
  page: (status: unknown, page: unknown) => ['admin', 'jobs', status, page] as const,
};
