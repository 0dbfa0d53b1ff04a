// The audit log's query keys (ADR 0039, ADR 0045): every key of its calls, in one place.
export const auditlogKeys = {
  page: (key: string, action: string, page: unknown) => ['admin', 'audit', key, action, page] as const,
};
