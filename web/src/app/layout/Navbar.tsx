import {
  BellOutlined,
  DownOutlined,
  FontSizeOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Breadcrumb, Dropdown, type MenuProps, Tooltip } from 'antd';
import { Link, useLocation } from 'react-router';
import { getNoReadCount } from '../../api/message';
import { messageKeys } from '../../api/message.keys';
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
  const items: { title: React.ReactNode }[] = [{ title: <Link to="/dashboard">首页</Link> }];
  if (current && current.path.toLowerCase() !== '/dashboard') {
    for (const name of current.trail ?? []) items.push({ title: name });
    items.push({ title: current.title });
  }
  return <Breadcrumb className="xt-breadcrumb" data-testid="breadcrumb" items={items} />;
}

function MessageBadge() {
  // spec: the unread count is fetched when the layout mounts
  const { data } = useQuery({ queryKey: messageKeys.noReadCount, queryFn: getNoReadCount, retry: false, refetchOnWindowFocus: false });
  const count = typeof data === 'number' ? data : 0;
  // the name holds the number the badge shows (WCAG 2.5.3, label in name)
  const label = count > 0 ? `消息 ${count > 99 ? '99+' : count} 条未读` : '消息';
  return (
    <Tooltip title="消息">
      <Link to={MESSAGES_PATH} className="xt-navbar-item" data-testid="message-badge" aria-label={label}>
        <Badge count={count} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Link>
    </Tooltip>
  );
}

const sizeItems: MenuProps['items'] = [
  { key: 'large', label: '大' },
  { key: 'middle', label: '默认' },
  { key: 'small', label: '小' },
];

export function UserDropdown({ compact = false }: { compact?: boolean }) {
  const user = useSession((s) => s.userInfo);
  const logout = useLogout();
  const items: MenuProps['items'] = [
    { key: 'profile', label: <span data-testid="user-menu-profile">个人信息</span> },
    { key: 'password', label: <span data-testid="user-menu-password">修改密码</span> },
    { key: 'cancel', label: <span data-testid="user-menu-cancel">注销账户</span> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">退出登录</span> },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') void logout();
    else openUserDialog(key as 'profile' | 'password' | 'cancel');
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <button type="button" className="xt-navbar-item xt-user" data-testid="user-dropdown">
        <UserAvatar size={30} />
        {!compact && <span className="xt-user-name">{user?.name || user?.chnName}</span>}
        <DownOutlined style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
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
          <Dropdown
            menu={{ items: sizeItems, selectable: true, selectedKeys: [size], onClick: ({ key }) => setSize(key as ComponentSize) }}
            trigger={['click']}
          >
            <button type="button" className="xt-navbar-item" aria-label="布局大小" data-testid="size-select">
              <FontSizeOutlined style={{ fontSize: 17 }} />
            </button>
          </Dropdown>
        )}
        <Tooltip title="系统布局配置">
          <button
            type="button"
            className="xt-navbar-item"
            aria-label="系统布局配置"
            data-testid="settings-toggle"
            onClick={() => openSettings(true)}
          >
            <SettingOutlined style={{ fontSize: 17 }} />
          </button>
        </Tooltip>
        <UserDropdown compact={mobile} />
      </div>
    </div>
  );
}
