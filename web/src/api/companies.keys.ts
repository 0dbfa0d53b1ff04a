// The companies' query keys (ADR 0039, ADR 0045): every key of their calls, in one place.
export const companyKeys = {
  /** the company selector's search */
  search: (key: string) => ['admin', 'companies', key] as const,
  page: (key: string, status: unknown, page: unknown) => ['admin', 'companyPage', key, status, page] as const,
};
