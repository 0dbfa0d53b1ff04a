// The people administration's query keys (ADR 0039, ADR 0045): every key of its calls, in one place.
export const userKeys = {
  /** the user list, every filter and page (what a write invalidates) */
  list: ['admin', 'users'] as const,
  page: (filters: unknown, page: unknown) => ['admin', 'users', filters, page] as const,
};
