import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../app/store/session';
import { PublicHeader } from '../../../components/PublicHeader';
import LoginDialog from '../../login/LoginDialog';

export interface PortalLogin {
  isOpen: boolean;
  open: () => void;
  close: () => void;
}

export function usePortalLogin(): PortalLogin {
  const [isOpen, setOpen] = useState(false);
  return { isOpen, open: () => setOpen(true), close: () => setOpen(false) };
}

/** The public pages' top bar with the login dialog (spec: the login link opens the login dialog). */
export function PortalHeader({ login }: { login: PortalLogin }) {
  const qc = useQueryClient();
  const loadSession = useSession((s) => s.loadSession);
  return (
    <>
      <PublicHeader onLogin={login.open} />
      <LoginDialog
        open={login.isOpen}
        onClose={login.close}
        onLoggedIn={() => {
          // the header shows the avatar; company notices become visible to the learner
          void loadSession({ silent: true }).catch(() => {});
          void qc.invalidateQueries({ queryKey: ['portal'] });
        }}
      />
    </>
  );
}
