// The messages' query keys (ADR 0039, ADR 0045): every key of their calls, in one place.
export const messageKeys = {
  /** the unread count (the navbar's badge); invalidate it after marking a message read */
  noReadCount: ['sys_message', 'GetNoReadCount'] as const,
  /** the message list, every page */
  list: ['sys_message', 'list'] as const,
  page: (search: unknown, page: unknown) => ['sys_message', 'list', search, page] as const,
};
