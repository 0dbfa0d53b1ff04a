// Menu-driven routes: entries with children become groups, entries with a url become pages
// (spec portal-and-learner §2). Pure helpers; the router and the sidebar both use them.
import type { MenuEntry } from '@xuetu/contract';
import { normalisePath } from './guard';
import { hasAnyRole } from './permission';

export interface MenuPage {
  path: string;
  title: string;
  icon?: string;
  hidden: boolean;
  roles?: string[];
  /** names of the groups above the page, outermost first */
  trail: string[];
}

/**
 * spec (administration §2): the permission pages are for the admin role only. Role management
 * (/permission/role) is also open to company administrators, who build their company's roles
 * (issue 4; docs/adr/0002-route-roles.md); the server menu and actions decide that page.
 */
export const STATIC_ROUTE_ROLES: Record<string, string[]> = { '/permission/pageCtrl': ['admin'] };

export function staticRolesFor(path: string): string[] | undefined {
  const p = normalisePath(path).toLowerCase();
  for (const [route, roles] of Object.entries(STATIC_ROUTE_ROLES)) {
    const prefix = route.toLowerCase();
    if (p === prefix || p.startsWith(`${prefix}/`)) return roles;
  }
  return undefined;
}

/** A route with a roles list is shown only to users holding any of them. */
export function visibleTo(entry: Pick<MenuEntry, 'roles'>, userRoles: readonly string[]): boolean {
  return !entry.roles || entry.roles.length === 0 || hasAnyRole(userRoles, entry.roles);
}

/** Every page (url) in the menu tree the user may open, hidden ones included. */
export function flattenMenuPages(menus: readonly MenuEntry[], userRoles: readonly string[], trail: string[] = []): MenuPage[] {
  const out: MenuPage[] = [];
  for (const entry of menus ?? []) {
    if (!visibleTo(entry, userRoles)) continue;
    if (entry.url) {
      out.push({
        path: normalisePath(entry.url),
        title: entry.name,
        icon: entry.icon,
        hidden: entry.isHidden === 1,
        roles: entry.roles,
        trail,
      });
    }
    if (entry.child?.length) out.push(...flattenMenuPages(entry.child, userRoles, [...trail, entry.name]));
  }
  return out;
}

export interface SidebarNode {
  key: string;
  label: string;
  icon?: string;
  /** present for pages */
  path?: string;
  children?: SidebarNode[];
}

/** The sidebar tree: hidden entries and entries outside the user's roles are left out, as are empty groups. */
export function buildSidebar(menus: readonly MenuEntry[], userRoles: readonly string[]): SidebarNode[] {
  const out: SidebarNode[] = [];
  for (const entry of menus ?? []) {
    if (entry.isHidden === 1 || !visibleTo(entry, userRoles)) continue;
    const children = entry.child?.length ? buildSidebar(entry.child, userRoles) : [];
    if (children.length > 0) {
      out.push({ key: `group:${entry.id}`, label: entry.name, icon: entry.icon, children });
    } else if (entry.url) {
      const path = normalisePath(entry.url);
      out.push({ key: path, label: entry.name, icon: entry.icon, path });
    }
  }
  return out;
}

/** Keys of the groups leading to `path` (to open the right sidebar submenu). */
export function openKeysFor(nodes: readonly SidebarNode[], path: string): string[] {
  const target = normalisePath(path).toLowerCase();
  for (const node of nodes) {
    if (node.path?.toLowerCase() === target) return [];
    if (node.children) {
      const below = openKeysFor(node.children, path);
      if (below.length > 0 || node.children.some((c) => c.path?.toLowerCase() === target)) return [node.key, ...below];
    }
  }
  return [];
}

/** Roles a path asks for: the static table first, then the menu entry's roles list. */
export function routeRolesFor(menus: readonly MenuEntry[], path: string): string[] | undefined {
  const fixed = staticRolesFor(path);
  if (fixed) return fixed;
  const target = normalisePath(path).toLowerCase();
  const walk = (entries: readonly MenuEntry[]): string[] | undefined => {
    for (const e of entries ?? []) {
      if (e.url && normalisePath(e.url).toLowerCase() === target) return e.roles?.length ? e.roles : undefined;
      const below = e.child ? walk(e.child) : undefined;
      if (below) return below;
    }
    return undefined;
  };
  return walk(menus);
}
