import { AdminMsg } from './admin.schemas.ts';

/**
 * Administration (users, organisations, posts, roles, permissions, companies). Where a failure
 * carries a count or a code, the thrown message is the formatted one from `AdminMsg`.
 */
export const AdminErrors = {
  ACTION_CODE_TAKEN: AdminMsg.actionCodeTaken,
  ACTION_BUILTIN_DELETE: '系统内置权限不能删除，可将其设为无效',
  ACTION_BUILTIN_VALUE: '系统内置权限的值不能修改',
  ACTION_BUILTIN_CODE: '系统内置权限的编码和值不能修改',
  ACTION_PARENT_NOT_FOUND: '上级菜单不存在',
  ACTION_PARENT_LOOP: '不能把菜单移动到它自己的下级',
  COMPANY_TAKEN: AdminMsg.companyTaken,
  COMPANY_PICK_REQUIRED: AdminMsg.pickCompany,
  ORG_NOT_FOUND: '部门不存在',
  ORG_PARENT_NOT_FOUND: '上级部门不存在',
  ORG_NAME_TAKEN: AdminMsg.orgNameTaken,
  ORG_ROOT_LOCKED: AdminMsg.rootNotEditable,
  ORG_PARENT_LOOP: AdminMsg.orgParentLoop,
  /** message: AdminMsg.orgHasUsers(n) */
  ORG_HAS_USERS: '该部门及其下级部门还有用户，请先将他们调到其他部门后再删除',
  POST_NAME_TAKEN: AdminMsg.postNameTaken,
  /** message: AdminMsg.postHasUsers(n) */
  POST_HAS_USERS: '该岗位还有用户，请先调整他们的岗位后再删除',
  ROLE_NOT_FOUND: '角色不存在',
  ROLE_ACTIONS_NOT_HELD: AdminMsg.actionsNotHeld,
  ROLE_SYS_LOCKED: AdminMsg.sysRoleLocked,
  ROLE_SYS_RESTRICTED: AdminMsg.sysRoleRestricted,
  ROLE_NOT_GRANTABLE: AdminMsg.roleNotGrantable,
  USER_CANNOT_DISABLE_SELF: AdminMsg.cannotDisableSelf,
  USER_ORG_INVALID: AdminMsg.selectOrg,
  USER_POST_INVALID: AdminMsg.selectPost,
  USER_PART_TIME_POST_INVALID: AdminMsg.selectPartTimePost,
  USER_ID_CARD_TAKEN: AdminMsg.idCardTaken,
  USER_MOBILE_TAKEN: AdminMsg.mobileTaken,
  USER_EXPORT_PICK_COMPANY: AdminMsg.exportPickCompany,
} as const;
