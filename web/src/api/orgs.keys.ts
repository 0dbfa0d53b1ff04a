// The departments' query keys (ADR 0039, ADR 0045): every key of their calls, in one place.
export const orgKeys = {
  /** a company's department tree (showTop 1: with the company as its root) */
  tree: (companySysCode: string, showTop: 0 | 1) => ['admin', 'orgTree', companySysCode, showTop] as const,
};
