import { defineRoute } from '../../../platform/route.ts';
import { getUserMenu, userActionValues } from './menu.service.ts';

const base = '/Api/SysConfig/sys_action';

export const menuRoutes = [
  defineRoute({
    method: 'POST',
    url: `${base}/GetUserMenuList`,
    access: 'user',
    summary: '当前用户的菜单树',
    handler: ({ caller }) => getUserMenu(caller),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetUserActionValue`,
    access: 'user',
    summary: '当前用户的权限值',
    handler: async ({ caller }) => userActionValues(caller),
  }),
];
