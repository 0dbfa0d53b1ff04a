import { accountApi } from '@xuetu/contract';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/client';
import { useSession } from '../../app/store/session';

// A ticket is single-use on the server; a page that remounts while the session loads (the route
// guard shows its loading screen meanwhile) must not trade the same ticket again.
const traded = new Set<string>();

/**
 * spec §2 (/home): a `ticket` in the URL logs in by ticket, then the route is replaced by /.
 * A failed ticket is ignored silently. Mount on any public page that may receive a ticket.
 */
export function useTicketLogin(): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const acceptToken = useSession((s) => s.acceptToken);
  const ticket = params.get('ticket');
  useEffect(() => {
    if (!ticket || traded.has(ticket)) return;
    traded.add(ticket);
    call(accountApi.loginByTicket, { ticket }, { silent: true })
      .then((r) => {
        // leave the ticket URL first, so nothing sees the ticket again once the token is in
        navigate('/', { replace: true });
        acceptToken(r.token);
      })
      .catch(() => navigate('/', { replace: true }));
  }, [ticket, acceptToken, navigate]);
}
