import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MenuIcon } from '../../components/MenuIcon';
import { UserAvatar } from '../../components/UserAvatar';
import { buildSidebar, openKeysFor, type SidebarNode } from '../menuRoutes';
import { useSession } from '../store/session';
import { useSettings } from '../store/settings';
import { Logo } from './Logo';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: SidebarNode[]): Item[] {
  return nodes.map((n) => ({
    key: n.key,
    icon: <MenuIcon name={n.icon} />,
    label: (
      <span data-testid="sidebar-menu-item" data-path={n.path ?? ''}>
        {n.label}
      </span>
    ),
    children: n.children ? toItems(n.children) : undefined,
  }));
}

export function Sidebar({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const menus = useSession((s) => s.menus);
  const roles = useSession((s) => s.roles);
  const user = useSession((s) => s.userInfo);
  const showLogo = useSettings((s) => s.sidebarLogo);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const nodes = useMemo(() => buildSidebar(menus, roles), [menus, roles]);
  const items = useMemo(() => toItems(nodes), [nodes]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(nodes, pathname));
  useEffect(() => {
    const want = openKeysFor(nodes, pathname);
    if (want.length) setOpenKeys((keys) => Array.from(new Set([...keys, ...want])));
  }, [nodes, pathname]);

  return (
    <div className="xt-sidebar" data-testid="sidebar">
      {showLogo && <Logo collapsed={collapsed} />}
      <div className={`xt-sidebar-user${collapsed ? ' is-collapsed' : ''}`} data-testid="sidebar-user">
        <UserAvatar size={collapsed ? 32 : 56} />
        {!collapsed && (
          <>
            <div className="xt-sidebar-user-name">{user?.name || user?.chnName}</div>
            {(user?.postname || user?.postName) && <div className="xt-sidebar-user-post">{user?.postname || user?.postName}</div>}
          </>
        )}
      </div>
      <Menu
        data-testid="sidebar-menu"
        mode="inline"
        theme="dark"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={[pathname]}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={({ key }) => {
          if (!key.startsWith('group:')) {
            navigate(key);
            onNavigate?.();
          }
        }}
      />
    </div>
  );
}
