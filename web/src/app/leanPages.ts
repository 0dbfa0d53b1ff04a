// The signed-in pages whose first screen is drawn without antd (ADR 0050). Plain data without
// imports: the build reads it (build/antd-static-style.ts: these pages get no antd sheet up front),
// and the registry marks the same pages with `leanPage` (registry.test.ts checks both agree).

/** pathnames, lower case, without a trailing slash */
export const LEAN_PAGE_PATHS = ['/dashboard', '/trainres/index', '/trainres/study', '/ysuserexam/exam'];

/**
 * The public pages drawn without antd (issue 39 item 2): no antd sheet up front, signed in or not;
 * their dialogs (sign-in, course preview, lecturer) and /login's other forms (phone code,
 * registration, reset) load antd when they open (AntIsland).
 */
export const LEAN_PUBLIC_PATHS = ['/home', '/login'];
