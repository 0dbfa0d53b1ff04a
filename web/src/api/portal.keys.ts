// The public portal's query keys (ADR 0039, ADR 0045): every key of its calls, in one place.
export const portalKeys = {
  /** everything of the portal (what signing in or out invalidates) */
  all: ['portal'] as const,
  /** the footer's site settings (portal and sign-in pages) */
  site: ['portal', 'site'] as const,
  links: (linkType: number) => ['portal', 'links', linkType] as const,
  lecturers: ['portal', 'lecturers'] as const,
  lecturer: (lecturerCode: string | null) => ['portal', 'lecturer', lecturerCode] as const,
  imageNotices: ['portal', 'imageNotices'] as const,
  homeNotices: ['portal', 'homeNotices'] as const,
  noticePage: (page: unknown) => ['portal', 'noticePage', page] as const,
  models: ['portal', 'models'] as const,
  resDirs: ['portal', 'resdirs'] as const,
  hot: (dCode: string) => ['portal', 'hot', dCode] as const,
  ranking: ['portal', 'ranking'] as const,
  stars: ['portal', 'stars'] as const,
  regulations: (keyword: string) => ['regulations', keyword] as const,
};
