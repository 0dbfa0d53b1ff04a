// The participant picker's query keys (ADR 0039, ADR 0045): every key of its calls, in one place.
export const participantKeys = {
  orgTree: (companySysCode: string) => ['participant', 'orgTree', companySysCode] as const,
  posts: (companySysCode: string, page: unknown) => ['participant', 'posts', companySysCode, page] as const,
  users: (companySysCode: string, filter: unknown, page: unknown) => ['participant', 'users', companySysCode, filter, page] as const,
};
