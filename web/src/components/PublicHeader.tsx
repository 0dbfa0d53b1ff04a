import { lazy } from 'react';
import { Link } from 'react-router';
import { AntIsland } from '../app/AntIsland';
import { LogoMark } from '../app/layout/Logo';
import { useIsLoggedIn } from '../app/store/session';
import './public-header.css';

// the user menu (antd Dropdown and Menu) only for a signed-in visitor: not in the portal's first
// load for everyone else (issue 15 budget); with antd's configuration and styles, which /home
// does not load otherwise (issue 39 item 2)
const PublicUserMenu = lazy(() => import('./PublicUserMenu'));

/**
 * Top bar of the public pages (spec portal-and-learner §2 "Public home page"): logo, home link;
 * logged in: 我的主页 (/dashboard) and a user dropdown (avatar, name, logout); otherwise 登录.
 * `onLogin` replaces the /login link (e.g. with the login dialog).
 */
export function PublicHeader({ onLogin }: { onLogin?: () => void }) {
  const loggedIn = useIsLoggedIn();
  return (
    <header className="xt-public-header" data-testid="public-header">
      <div className="xt-public-header-inner">
        <Link to="/home" className="xt-public-brand">
          <LogoMark size={32} />
          <span>学途</span>
        </Link>
        <nav className="xt-public-nav">
          <Link to="/home">首页</Link>
          {loggedIn && (
            <Link to="/dashboard" data-testid="my-home-link">
              我的主页
            </Link>
          )}
        </nav>
        <div className="xt-public-actions">
          {loggedIn ? (
            <AntIsland fallback={<span className="xt-public-user" />}>
              <PublicUserMenu />
            </AntIsland>
          ) : onLogin ? (
            <button type="button" className="xt-public-login" onClick={onLogin} data-testid="login-link">
              登录
            </button>
          ) : (
            <Link to="/login" className="xt-public-login" data-testid="login-link">
              登录
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
