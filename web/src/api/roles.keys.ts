// The roles and permission tree's query keys (ADR 0039, ADR 0045): every key of their calls, in one place.
export const roleKeys = {
  /** every role (lists and the assign dialog) */
  all: ['admin', 'roles', 'all'] as const,
  /** the permission tree the role page grants from */
  roleTree: ['admin', 'roleTree'] as const,
  sysRoleEnum: ['admin', 'sysRoleEnum'] as const,
  /** the whole permission tree (the page-control page) */
  actionTree: ['admin', 'actionTree', 'all'] as const,
};
