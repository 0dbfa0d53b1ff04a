import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSession } from './store/session';

/** Logs out (LoginOut, token/roles/routes/tabs cleared) and goes to /home. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await useSession.getState().logout();
    queryClient.clear();
    navigate('/home', { replace: true });
  };
}
