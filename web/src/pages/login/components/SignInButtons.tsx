import { connectionsApi, type SignInButton } from '@xuetu/contract';
import { useEffect, useState } from 'react';
import { call } from '../../../api/client';

/**
 * The companies' sign-in buttons (issue 41: 使用 XX 登录, an enabled OpenID Connect connection
 * each), under the password form of /login and the login dialog. A plain link: the browser goes
 * to the server's start route, then the provider, and comes back to /login. Nothing shows while
 * they load or when there are none (a failed read is not the visitor's concern).
 */
export function SignInButtons({ redirect }: { redirect?: string | null }) {
  const [buttons, setButtons] = useState<SignInButton[]>([]);
  useEffect(() => {
    let live = true;
    call(connectionsApi.getSignInButtons, undefined, { silent: true })
      .then((r) => {
        if (live) setButtons(r.models);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  if (!buttons.length) return null;
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return (
    <nav className="xt-login-sources" aria-label="其他登录方式" data-testid="signin-buttons">
      <div className="xt-login-sources-title">其他登录方式</div>
      {buttons.map((b) => (
        <a key={b.id} className="xt-login-source" href={`${b.startPath}${query}`} data-testid={`signin-button-${b.id}`}>
          {b.label}
        </a>
      ))}
    </nav>
  );
}
