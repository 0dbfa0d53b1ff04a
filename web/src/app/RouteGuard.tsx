import { MESSAGE_DURATION_MS } from '@xuetu/contract';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { isCancelled } from '../api/request';
import { PageLoading } from '../components/PageLoading';
import { feedback } from './feedback';
import { decideRoute, isWhiteListed } from './guard';
import { routeRolesFor } from './menuRoutes';
import { PasswordChangeGate } from './PasswordChangeGate';
import { useSession } from './store/session';

export const LOAD_FAILED_FALLBACK = 'Has Error';

// the guard reports a failed load once, however often it re-renders while the load runs
let loading: Promise<void> | null = null;

/** Applies decideRoute() on every navigation (spec portal-and-learner §2 "Route guard and session"). */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const roles = useSession((s) => s.roles);
  const menus = useSession((s) => s.menus);
  const mustChangePassword = useSession((s) => s.mustChangePassword);

  const decision = decideRoute({
    pathname: location.pathname,
    search: location.search,
    token,
    hasRoles: roles.length > 0,
    userRoles: roles,
    routeRoles: routeRolesFor(menus, location.pathname),
  });

  useEffect(() => {
    if (decision.type === 'store-token') {
      useSession.getState().acceptToken(decision.token);
      navigate(decision.to, { replace: true });
    } else if (decision.type === 'load' && !loading) {
      const tokenLoaded = useSession.getState().token;
      const load = (triesLeft: number): Promise<void> =>
        // silent: the guard itself reports the failure once, then sends the user home
        useSession
          .getState()
          .loadSession({ silent: true })
          .catch((err: unknown) => {
            // a load for a token that is gone is nobody's failure
            if (useSession.getState().token !== tokenLoaded) return;
            // a cancelled call is not a failure: load again
            if (isCancelled(err) && triesLeft > 0) return load(triesLeft - 1);
            useSession.getState().resetToken();
            if (isCancelled(err)) return navigate('/home', { replace: true });
            const msg = err instanceof Error && err.message ? err.message : LOAD_FAILED_FALLBACK;
            feedback.error(msg, MESSAGE_DURATION_MS);
            navigate('/home', { replace: true });
          });
      loading = load(2).finally(() => {
        loading = null;
      });
    }
  }, [decision, navigate]);

  if (decision.type === 'allow') {
    // a temporary password: only the password change until it is done (public pages stay public)
    if (token && mustChangePassword && !isWhiteListed(location.pathname)) return <PasswordChangeGate />;
    return <>{children}</>;
  }
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  return <PageLoading fullscreen />;
}
