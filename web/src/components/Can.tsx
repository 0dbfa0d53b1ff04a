import type { ReactNode } from 'react';
import { hasAction, hasAnyRole } from '../app/permission';
import { useSession } from '../app/store/session';

/** `const can = useCan(); can('User.AddUser')` — true when the session holds that action value. */
export function useCan(): (action: string) => boolean {
  const actions = useSession((s) => s.actions);
  return (action: string) => hasAction(actions, action);
}

/** `const inRole = useHasRole(); inRole(['admin'])` */
export function useHasRole(): (list: unknown) => boolean {
  const roles = useSession((s) => s.roles);
  return (list: unknown) => hasAnyRole(roles, list);
}

/** Renders its children only when the user holds `action` (spec: the element is removed otherwise). */
export function Can({ action, children, fallback = null }: { action: string; children: ReactNode; fallback?: ReactNode }) {
  const can = useCan();
  return <>{can(action) ? children : fallback}</>;
}
