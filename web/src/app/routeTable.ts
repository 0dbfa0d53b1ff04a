// The table of in-layout pages (menu pages + registry layout pages) with their titles.
import type { MenuEntry } from '@xuetu/contract';
import { useMemo } from 'react';
import { layoutPages, menuPages, type PageComponent, UnderConstruction } from '../pages/registry';
import { normalisePath } from './guard';
import { flattenMenuPages } from './menuRoutes';
import type { PageMeta } from './pageMeta';
import { useSession } from './store/session';

export interface LayoutRoute extends PageMeta {
  component: PageComponent;
}

const lower = (p: string) => normalisePath(p).toLowerCase();
const menuPagesByPath = new Map(Object.entries(menuPages).map(([path, page]) => [lower(path), page]));

export function componentForUrl(url: string): PageComponent {
  return menuPagesByPath.get(lower(url)) ?? UnderConstruction;
}

/** Menu pages the user may open, then registry layout pages the menu does not already hold. */
export function buildLayoutRoutes(menus: readonly MenuEntry[], userRoles: readonly string[]): LayoutRoute[] {
  const routes: LayoutRoute[] = [];
  const seen = new Set<string>();
  for (const p of flattenMenuPages(menus, userRoles)) {
    if (seen.has(lower(p.path))) continue;
    seen.add(lower(p.path));
    const extra = layoutPages[p.path];
    routes.push({
      path: p.path,
      title: p.title,
      hidden: p.hidden,
      trail: p.trail,
      affix: extra?.affix,
      component: componentForUrl(p.path),
    });
  }
  for (const [path, extra] of Object.entries(layoutPages)) {
    if (seen.has(lower(path))) continue;
    seen.add(lower(path));
    routes.push({ path, title: extra.title, hidden: true, trail: [], affix: extra.affix, component: extra.page ?? componentForUrl(path) });
  }
  return routes;
}

export function useLayoutRoutes(): LayoutRoute[] {
  const menus = useSession((s) => s.menus);
  const roles = useSession((s) => s.roles);
  return useMemo(() => buildLayoutRoutes(menus, roles), [menus, roles]);
}

/** The layout route for a pathname (case-insensitive), if any. */
export function findLayoutRoute(routes: readonly LayoutRoute[], pathname: string): LayoutRoute | undefined {
  const p = lower(pathname);
  return routes.find((r) => lower(r.path) === p);
}
