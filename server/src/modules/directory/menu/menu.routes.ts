import { menuApi } from '@xuetu/contract';
import { routesOf } from '../../../platform/route.ts';
import { getUserMenu, userActionValues } from './menu.service.ts';

export const menuRoutes = routesOf(menuApi, {
  getUserMenuList: {
    access: 'user',
    summary: '当前用户的菜单树',
    handler: ({ caller }) => getUserMenu(caller),
  },
  getUserActionValue: {
    access: 'user',
    summary: '当前用户的权限值',
    handler: async ({ caller }) => userActionValues(caller),
  },
});
