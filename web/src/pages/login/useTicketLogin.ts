import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { loginByTicket } from '../../api/account';
import { useSession } from '../../app/store/session';

/**
 * spec §2 (/home): a `ticket` in the URL logs in by ticket, then the route is replaced by /.
 * A failed ticket is ignored silently. Mount on any public page that may receive a ticket.
 */
export function useTicketLogin(): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const acceptToken = useSession((s) => s.acceptToken);
  const ticket = params.get('ticket');
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!ticket || done.current === ticket) return;
    done.current = ticket;
    loginByTicket(ticket)
      .then((r) => acceptToken(r.token))
      .catch(() => {})
      .finally(() => navigate('/', { replace: true }));
  }, [ticket, acceptToken, navigate]);
}
