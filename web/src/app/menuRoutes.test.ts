import { ACTION_TREE, type ActionNode, type MenuEntry } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';
import { layoutPages, menuPages, UnderConstruction } from '../pages/registry';
import { buildSidebar, flattenMenuPages, openKeysFor, routeRolesFor } from './menuRoutes';
import { buildLayoutRoutes, componentForUrl } from './routeTable';

const menus: MenuEntry[] = [
  {
    id: 1,
    name: '用户管理',
    icon: 'TeamOutlined',
    isHidden: 0,
    value: 'Menu.User',
    child: [
      { id: 2, name: '用户管理', icon: 'UserOutlined', isHidden: 0, value: 'User.List', url: '/ydUser/index' },
      { id: 3, name: '隐藏页', icon: '', isHidden: 1, value: 'User.Hidden', url: '/ydUser/hidden' },
    ],
  },
  {
    id: 4,
    name: '系统管理',
    icon: 'SafetyOutlined',
    isHidden: 0,
    value: 'Menu.System',
    child: [
      { id: 5, name: '角色管理', icon: 'UsergroupAddOutlined', isHidden: 0, value: 'Role.List', url: '/permission/role', roles: ['admin'] },
    ],
  },
  { id: 6, name: '空分组', icon: '', isHidden: 0, value: 'Menu.Empty', child: [] },
];

describe('menu routes', () => {
  it('entries with a url become pages (hidden ones routable), with their group trail', () => {
    const pages = flattenMenuPages(menus, ['admin']);
    expect(pages.map((p) => [p.path, p.hidden, p.trail])).toEqual([
      ['/ydUser/index', false, ['用户管理']],
      ['/ydUser/hidden', true, ['用户管理']],
      ['/permission/role', false, ['系统管理']],
    ]);
  });

  it('drops routes whose roles the user lacks', () => {
    expect(flattenMenuPages(menus, ['learner']).map((p) => p.path)).toEqual(['/ydUser/index', '/ydUser/hidden']);
  });

  it('the sidebar leaves out hidden entries, other roles and empty groups', () => {
    const tree = buildSidebar(menus, ['learner']);
    expect(tree).toEqual([
      {
        key: 'group:1',
        label: '用户管理',
        icon: 'TeamOutlined',
        children: [{ key: '/ydUser/index', label: '用户管理', icon: 'UserOutlined', path: '/ydUser/index' }],
      },
    ]);
    expect(openKeysFor(tree, '/ydUser/index')).toEqual(['group:1']);
    expect(openKeysFor(tree, '/elsewhere')).toEqual([]);
  });

  it('route roles: permission management is admin only, others follow the menu', () => {
    expect(routeRolesFor([], '/permission/pageCtrl')).toEqual(['admin']);
    expect(routeRolesFor([], '/permission/role')).toBeUndefined();
    expect(routeRolesFor(menus, '/ydUser/index')).toBeUndefined();
  });

  it('layout routes add the registry pages (dashboard affixed) after the menu pages', () => {
    const routes = buildLayoutRoutes(menus, ['learner']);
    const dashboard = routes.find((r) => r.path === '/dashboard');
    expect(dashboard).toMatchObject({ title: '首页', affix: true, hidden: true });
    expect(routes.find((r) => r.path === '/profile/index')).toMatchObject({ hidden: true });
    expect(routes.filter((r) => r.path === '/ydUser/index')).toHaveLength(1);
  });
});

describe('page registry', () => {
  const urls = (nodes: ActionNode[]): string[] => nodes.flatMap((n) => [...(n.url ? [n.url] : []), ...urls(n.children ?? [])]);

  it('maps every view url of the action tree', () => {
    const missing = urls(ACTION_TREE).filter((u) => !(u in menuPages));
    expect(missing).toEqual([]);
  });

  it('unknown urls fall back to the under-construction page', () => {
    expect(componentForUrl('/not/built')).toBe(UnderConstruction);
    expect(componentForUrl('/YDUSER/index')).toBe(menuPages['/ydUser/index']);
  });

  it('keeps /dashboard and /profile/index as layout pages', () => {
    expect(layoutPages['/dashboard']).toMatchObject({ title: '首页', affix: true });
    expect(layoutPages['/profile/index']).toBeDefined();
  });
});
