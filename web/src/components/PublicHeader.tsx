import { DownOutlined, LogoutOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { Link } from 'react-router';
import { LogoMark } from '../app/layout/Logo';
import { useIsLoggedIn, useSession } from '../app/store/session';
import { useLogout } from '../app/useLogout';
import { UserAvatar } from './UserAvatar';
import './public-header.css';

/**
 * Top bar of the public pages (spec portal-and-learner §2 "Public home page"): logo, home link;
 * logged in: 我的主页 (/dashboard) and a user dropdown (avatar, name, logout); otherwise 登录.
 * `onLogin` replaces the /login link (e.g. with the login dialog).
 */
export function PublicHeader({ onLogin }: { onLogin?: () => void }) {
  const loggedIn = useIsLoggedIn();
  const user = useSession((s) => s.userInfo);
  const logout = useLogout();
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
            <Dropdown
              trigger={['click']}
              placement="bottomRight"
              menu={{
                items: [{ key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">退出登录</span> }],
                onClick: () => void logout(),
              }}
            >
              <button type="button" className="xt-public-user" data-testid="user-dropdown">
                <UserAvatar size={28} />
                <span className="xt-public-user-name">{user?.name || user?.chnName}</span>
                <DownOutlined style={{ fontSize: 10 }} />
              </button>
            </Dropdown>
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
