import { EnableStatus, type MenuEntry } from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { type Actor, aclEpoch, menuCacheKey } from '../../../platform/actor.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import type { actions } from '../schema/users.ts';
import { listMenuRows } from './menu.repository.ts';

// menus are sys_action rows, platform-owned (no company): read without a tenant scope (ADR 0023).
type ActionRow = typeof actions.$inferSelect;

/** GetUserMenuList: the caller's menu tree, cached per user until roles or actions change (aclEpoch). */
export async function getUserMenu(caller: Caller): Promise<MenuEntry[]> {
  const { ctx } = caller;
  const actor = requireActor(caller);
  const key = menuCacheKey(actor.userId, await aclEpoch(ctx));
  const cached = await ctx.cache.get<MenuEntry[]>(key);
  if (cached) return cached;
  const menu = await buildUserMenu(ctx.db, actor);
  await ctx.cache.set(key, menu, 60);
  return menu;
}

/** GetUserActionValue: the action values the caller holds. */
export function userActionValues(caller: Caller): string[] {
  return requireActor(caller).actions;
}

/**
 * The menu tree a user may see: valid menus (type 0) and pages (type 1) whose value the user
 * holds, plus the menus above them. A menu left without visible children is dropped.
 */
export async function buildUserMenu(db: DbOrTx, actor: Actor): Promise<MenuEntry[]> {
  const rows = await listMenuRows(db);
  const granted = new Set(actor.actions);
  const valid = rows.filter((r) => r.status === EnableStatus.Enabled);
  const byParent = new Map<number, ActionRow[]>();
  for (const r of valid) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);

  const build = (parentId: number): MenuEntry[] =>
    (byParent.get(parentId) ?? []).flatMap((r): MenuEntry[] => {
      if (r.type === 1) {
        if (r.needAction === 1 && !granted.has(r.value)) return [];
        return [{ id: r.id, name: r.name, icon: r.icon, isHidden: r.isHidden === 1 ? 1 : 0, url: r.url, value: r.value }];
      }
      const child = build(r.id);
      if (child.length === 0) return [];
      return [{ id: r.id, name: r.name, icon: r.icon, isHidden: r.isHidden === 1 ? 1 : 0, value: r.value, child }];
    });
  return build(0);
}
