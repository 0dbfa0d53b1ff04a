import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import FontSizeOutlined from '@ant-design/icons/es/icons/FontSizeOutlined';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import MenuFoldOutlined from '@ant-design/icons/es/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/es/icons/MenuUnfoldOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import { messageApi } from '@xuetu/contract';
import { Fragment } from 'react';
import { Link, useLocation } from 'react-router';
import { useCall } from '../../api/hooks';
import { type LeanMenuItem, MenuButton } from '../../components/LeanMenu';
import { UserAvatar } from '../../components/UserAvatar';
import { findLayoutRoute, useLayoutRoutes } from '../routeTable';
import { type ComponentSize, useAppStore } from '../store/app';
import { useSession } from '../store/session';
import { useLogout } from '../useLogout';
import { openUserDialog } from '../userDialogs';

export const MESSAGES_PATH = '/ydmessage/index';

function Crumbs() {
  const { pathname } = useLocation();
  const routes = useLayoutRoutes();
  const current = findLayoutRoute(routes, pathname);
  // spec: the breadcrumb starts at the main page
  const names = current && current.path.toLowerCase() !== '/dashboard' ? [...(current.trail ?? []), current.title] : [];
  return (
    <nav className="xt-breadcrumb" data-testid="breadcrumb" aria-label="面包屑">
      <ol>
        <li>{names.length ? <Link to="/dashboard">首页</Link> : <span aria-current="page">首页</span>}</li>
        {names.map((name, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a trail's place is its identity (a group and its page may share a name)
          <Fragment key={`${i}:${name}`}>
            <li className="xt-breadcrumb-sep" aria-hidden>
              /
            </li>
            <li aria-current={i === names.length - 1 ? 'page' : undefined}>{name}</li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}

function MessageBadge() {
  // spec: the unread count is fetched when the layout mounts
  const { data } = useCall(messageApi.getNoReadCount, undefined, { retry: false, refetchOnWindowFocus: false });
  const count = typeof data === 'number' ? data : 0;
  // the name holds the number the badge shows (WCAG 2.5.3, label in name)
  const label = count > 0 ? `消息 ${count > 99 ? '99+' : count} 条未读` : '消息';
  return (
    <Link to={MESSAGES_PATH} className="xt-navbar-item" data-testid="message-badge" aria-label={label} title="消息">
      <span className="xt-badge">
        <BellOutlined style={{ fontSize: 18 }} />
        {count > 0 && (
          <sup className="xt-badge-count" data-testid="message-badge-count">
            {count > 99 ? '99+' : count}
          </sup>
        )}
      </span>
    </Link>
  );
}

const SIZES: { key: ComponentSize; label: string }[] = [
  { key: 'large', label: '大' },
  { key: 'middle', label: '默认' },
  { key: 'small', label: '小' },
];

const USER_MENU: LeanMenuItem[] = [
  { key: 'profile', label: <span data-testid="user-menu-profile">个人信息</span> },
  { key: 'password', label: <span data-testid="user-menu-password">修改密码</span> },
  { key: 'cancel', label: <span data-testid="user-menu-cancel">注销账户</span> },
  { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">退出登录</span>, dividerAbove: true },
];

export function UserDropdown({ compact = false }: { compact?: boolean }) {
  const user = useSession((s) => s.userInfo);
  const logout = useLogout();
  return (
    <MenuButton
      items={USER_MENU}
      label="用户菜单"
      onSelect={(key) => {
        if (key === 'logout') void logout();
        else openUserDialog(key as 'profile' | 'password' | 'cancel');
      }}
      className="xt-navbar-item xt-user"
      testId="user-dropdown"
    >
      <UserAvatar size={30} />
      {!compact && <span className="xt-user-name">{user?.name || user?.chnName}</span>}
      <DownOutlined style={{ fontSize: 10 }} />
    </MenuButton>
  );
}

export function Navbar() {
  const opened = useAppStore((s) => s.sidebarOpened);
  const toggle = useAppStore((s) => s.toggleSidebar);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const size = useAppStore((s) => s.size);
  const setSize = useAppStore((s) => s.setSize);
  const openSettings = useAppStore((s) => s.setSettingsOpen);
  return (
    <div className="xt-navbar" data-testid="navbar">
      <button type="button" className="xt-navbar-item xt-hamburger" data-testid="hamburger" aria-label="切换侧边栏" onClick={toggle}>
        {opened && !mobile ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      {!mobile && <Crumbs />}
      <div className="xt-navbar-right">
        <MessageBadge />
        {!mobile && (
          <MenuButton
            items={SIZES.map((s) => ({ ...s, checked: s.key === size }))}
            label="布局大小"
            onSelect={(key) => setSize(key as ComponentSize)}
            className="xt-navbar-item"
            testId="size-select"
            ariaLabel="布局大小"
          >
            <FontSizeOutlined style={{ fontSize: 17 }} />
          </MenuButton>
        )}
        <button
          type="button"
          className="xt-navbar-item"
          aria-label="系统布局配置"
          title="系统布局配置"
          data-testid="settings-toggle"
          onClick={() => openSettings(true)}
        >
          <SettingOutlined style={{ fontSize: 17 }} />
        </button>
        <UserDropdown compact={mobile} />
      </div>
    </div>
  );
}
