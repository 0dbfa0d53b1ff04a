import { useEffect } from 'react';
import { useLocation } from 'react-router';

export const OAUTH_STORAGE_KEY = 'admin-oauth-code';

/** OAuth landing: stores the query string for the opener under admin-oauth-code and closes the window. */
export default function AuthRedirect() {
  const { search } = useLocation();
  useEffect(() => {
    localStorage.setItem(OAUTH_STORAGE_KEY, search);
    window.close();
  }, [search]);
  return null;
}
