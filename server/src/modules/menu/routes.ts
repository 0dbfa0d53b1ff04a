import type { MenuEntry } from '@xuetu/contract';
import { aclEpoch, menuCacheKey } from '../../platform/actor.ts';
import { defineRoute } from '../../platform/route.ts';
import { buildUserMenu } from './service.ts';

const base = '/Api/SysConfig/sys_action';

export const menuRoutes = [
  defineRoute({
    method: 'POST',
    url: `${base}/GetUserMenuList`,
    access: 'user',
    summary: '当前用户的菜单树',
    handler: async ({ actor, ctx }) => {
      const key = menuCacheKey(actor.userId, await aclEpoch(ctx));
      const cached = await ctx.cache.get<MenuEntry[]>(key);
      if (cached) return cached;
      const menu = await buildUserMenu(ctx, actor);
      await ctx.cache.set(key, menu, 60);
      return menu;
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetUserActionValue`,
    access: 'user',
    summary: '当前用户的权限值',
    handler: async ({ actor }) => actor.actions,
  }),
];
