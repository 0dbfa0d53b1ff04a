import { useQueryClient } from '@tanstack/react-query';
import { createContext, lazy, useCallback, useContext, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { invalidateCalls } from '../../../api/hooks';
import { AntIsland } from '../../../app/AntIsland';
import { useSession } from '../../../app/store/session';
import { PublicHeader } from '../../../components/PublicHeader';

// the login form (antd Form, Tabs, captcha) is fetched when the visitor first opens the dialog,
// not with the portal page (issue 15 budget), with antd's configuration and styles (/home draws no
// antd before it: issue 39 item 2)
const LoginDialog = lazy(() => import('../../login/LoginDialog'));

export interface PortalLogin {
  isOpen: boolean;
  /** opens the login dialog; with a target, the visitor continues there after signing in */
  open: (target?: string) => void;
  close: () => void;
  /** where to go after signing in (a nav entry that needs a session) */
  target?: string;
}

export function usePortalLogin(): PortalLogin {
  const [state, setState] = useState<{ isOpen: boolean; target?: string }>({ isOpen: false });
  const open = useCallback((target?: string) => setState({ isOpen: true, target }), []);
  const close = useCallback(() => setState((s) => ({ ...s, isOpen: false })), []);
  return useMemo(() => ({ ...state, open, close }), [state, open, close]);
}

/** The portal page's login dialog, for links deep in the page (nav entries that need a session). */
export const PortalLoginContext = createContext<PortalLogin | null>(null);
export const usePortalLoginContext = () => useContext(PortalLoginContext);

/** The public pages' top bar with the login dialog (spec: the login link opens the login dialog). */
export function PortalHeader({ login }: { login: PortalLogin }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const loadSession = useSession((s) => s.loadSession);
  // mounted from the first opening on, so that closing still animates
  const [wanted, setWanted] = useState(false);
  if (login.isOpen && !wanted) setWanted(true);
  return (
    <>
      <PublicHeader onLogin={() => login.open()} />
      {wanted && (
        <AntIsland>
          <LoginDialog
            open={login.isOpen}
            onClose={login.close}
            onLoggedIn={() => {
              // a nav entry sent the visitor here: continue to it (the guard loads the session)
              if (login.target) {
                navigate(login.target);
                return;
              }
              // the header shows the avatar; company notices become visible to the learner
              void loadSession({ silent: true }).catch(() => {});
              // the portal's content and the course showcase
              void invalidateCalls(qc, 'content', 'courses');
            }}
          />
        </AntIsland>
      )}
    </>
  );
}
