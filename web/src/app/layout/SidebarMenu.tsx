import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MenuIcon } from '../../components/MenuIcon';
import { buildSidebar, openKeysFor, type SidebarNode } from '../menuRoutes';
import { useSession } from '../store/session';

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

/** The sidebar's menu (antd Menu): its own chunk, loaded with antd after the page (ADR 0050). */
export default function SidebarMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const menus = useSession((s) => s.menus);
  const roles = useSession((s) => s.roles);
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
  );
}
