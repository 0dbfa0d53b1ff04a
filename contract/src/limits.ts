// Business constants shared by server and web. Values come from the specs (§9 of each).
export const API_BASE = '/prod-api';
export const TOKEN_COOKIE_KEY = 'Admin-Token';
export const AUTH_HEADER = 'ydAuthorization';
export const REQUEST_TIMEOUT_MS = 30_000;
export const MESSAGE_DURATION_MS = 5_000;
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 210;
export const DEFAULT_THEME_COLOR = '#409EFF';
export const EMPTY_DATE = '1900-01-01 00:00:00';

export const SMS_COUNTDOWN_SHORT_S = 60; // registration, login, reset
export const SMS_COUNTDOWN_LONG_S = 120; // phone change, password change, cancellation

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_OPTIONS = [20, 50, 100] as const;
export const PAGE_SIZE_MAX = 1000;
export const NOTICE_PAGE_SIZE = 10;
export const MESSAGE_PAGE_SIZE = 10;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIALS = '#?!@$%^&*-';
/** spec: at least 8, upper case, lower case and one of # ? ! @ $ % ^ & * - */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*[#?!@$%^&*-]).{8,}$/;
/** spec: 1, then 3-9, then 9 more digits */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const PHONE_LENGTH = 11;
/** the digits of an SMS code */
export const SMS_CODE_LENGTH = 6;
export const ID_CARD_LENGTH = 18;
/** a contact number: a mobile, a landline with optional area code and extension, or a 400/800 hotline */
export const CONTACT_PHONE_PATTERN = /^(1[3-9]\d{9}|(0\d{2,3}-?)?\d{7,8}(-\d{1,6})?|[48]00-?\d{3}-?\d{4})$/;
export const CONTACT_PHONE_MSG = '请输入正确的联系电话（手机、固话或 400 电话）';
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MSG = '请输入正确的邮箱地址';
export const ID_CARD_PATTERN = /^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/;

/** sysRoleEnum values (DESIGN.md §3) */
export const SysRole = {
  Custom: 0,
  PlatformAdmin: 1,
  PlatformOperator: 2,
  CompanyAdmin: 3,
  Learner: 4,
} as const;
export type SysRoleValue = (typeof SysRole)[keyof typeof SysRole];

/**
 * spec: system role 4 sees personal study counts on the dashboard; a user who is also staff
 * (system roles 1, 2 or 3 — the demo company administrator is a learner too) sees the organisation's.
 */
export function isLearnerOnly(sysRoles: readonly number[]): boolean {
  return (
    sysRoles.includes(SysRole.Learner) &&
    ![SysRole.PlatformAdmin, SysRole.PlatformOperator, SysRole.CompanyAdmin].some((r) => sysRoles.includes(r))
  );
}

export const UserType = { SysUser: 'SysUser', CompanyUser: 'ComPanyUser' } as const;
export type UserTypeValue = (typeof UserType)[keyof typeof UserType];

/** sys_action types */
export const ActionType = { Menu: 0, Page: 1, Permission: 2 } as const;
