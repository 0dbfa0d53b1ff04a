import { type AccountChoice, OIDC_SIGNIN_ERRORS, type OidcSignInError } from '@xuetu/contract';
import { useEffect } from 'react';
import { useAccountLogin } from './useAccountLogin';

// A login secret is single-use on the server; a page that remounts while the session loads must
// not trade the same one again.
const traded = new Set<string>();

/**
 * The end of an OpenID Connect sign-in (issue 41 item 2): the server's callback sends the browser
 * to /login with a single-use login secret in the fragment (`#oidc=…`, never sent to any server
 * nor in a Referer), traded here for the session as after LoginStep1 (LoginStep2); or with
 * `?oidcError=<key>`, whose text (the contract's, never the URL's) the page shows.
 */
export function useOidcReturn(onLoggedIn: () => void, errorKey: string | null): string | null {
  const { finish } = useAccountLogin(onLoggedIn);
  useEffect(() => {
    const match = /^#oidc=([^&]+)$/.exec(window.location.hash);
    if (!match) return;
    const secret = decodeURIComponent(match[1]!);
    // out of the address bar and the history at once
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    if (traded.has(secret)) return;
    traded.add(secret);
    const choice: AccountChoice = { item1: '', item2: secret };
    finish([choice]).catch(() => {
      // the request wrapper has shown the server's message (e.g. the secret expired)
    });
  }, [finish]);
  return errorKey && Object.hasOwn(OIDC_SIGNIN_ERRORS, errorKey) ? OIDC_SIGNIN_ERRORS[errorKey as OidcSignInError] : null;
}
