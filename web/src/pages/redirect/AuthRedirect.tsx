import { useEffect } from 'react';

export const OAUTH_STORAGE_KEY = 'admin-oauth-code';

/** OAuth landing: stores the query string for the opener under admin-oauth-code and closes the window. */
export default function AuthRedirect() {
  useEffect(() => {
    localStorage.setItem(OAUTH_STORAGE_KEY, window.location.search);
    window.close();
  }, []);
  return null;
}
