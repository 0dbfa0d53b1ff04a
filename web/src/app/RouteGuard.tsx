import { MESSAGE_DURATION_MS } from '@xuetu/contract';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { feedback } from './feedback';
import { decideRoute } from './guard';
import { routeRolesFor } from './menuRoutes';
import { useSession } from './store/session';

export const LOAD_FAILED_FALLBACK = 'Has Error';

// one session load at a time, whatever re-renders happen meanwhile
let loading: Promise<void> | null = null;

/** Applies decideRoute() on every navigation (spec portal-and-learner §2 "Route guard and session"). */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const roles = useSession((s) => s.roles);
  const menus = useSession((s) => s.menus);

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
      // silent: the guard itself reports the failure once, then sends the user home
      loading = useSession
        .getState()
        .loadSession({ silent: true })
        .catch((err: unknown) => {
          useSession.getState().resetToken();
          const msg = err instanceof Error && err.message ? err.message : LOAD_FAILED_FALLBACK;
          feedback.error(msg, MESSAGE_DURATION_MS);
          navigate('/home', { replace: true });
        })
        .finally(() => {
          loading = null;
        });
    }
  }, [decision, navigate]);

  if (decision.type === 'allow') return <>{children}</>;
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  return <PageLoading fullscreen />;
}
