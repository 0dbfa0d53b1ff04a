// Action and role checks (spec portal-and-learner §6).

/** True when the user's action list holds `value`. An absent action name is an error (spec). */
export function hasAction(actions: readonly string[] | null | undefined, value: string): boolean {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`need an action name, e.g. <Can action="User.AddUser">`);
  }
  return Array.isArray(actions) && actions.includes(value);
}

/** True when any of the user's roles is in `list`; false for an empty or non-list input (spec). */
export function hasAnyRole(userRoles: readonly string[] | null | undefined, list: unknown): boolean {
  if (!Array.isArray(list) || list.length === 0) return false;
  if (!Array.isArray(userRoles)) return false;
  return userRoles.some((r) => list.includes(r));
}
