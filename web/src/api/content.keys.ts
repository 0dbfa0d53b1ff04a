// Content administration's query keys (ADR 0039, ADR 0045): every key of its calls, in one place.
export const contentKeys = {
  /** the scope selector's companies */
  companies: ['content', 'companies'] as const,
  site: ['content', 'site'] as const,
  /** the notices list, every page (what a write invalidates) */
  notices: ['content', 'notices'] as const,
  noticePage: (search: unknown, page: unknown) => ['content', 'notices', search, page] as const,
  notice: (noticeSysCode: string | null) => ['content', 'notice', noticeSysCode] as const,
};
