import { menuApi } from '@xuetu/contract';
import { defineRoute } from '../../../platform/route.ts';
import { getUserMenu, userActionValues } from './menu.service.ts';

export const menuRoutes = [
  defineRoute({
    endpoint: menuApi.getUserMenuList,
    access: 'user',
    summary: '当前用户的菜单树',
    handler: ({ caller }) => getUserMenu(caller),
  }),
  defineRoute({
    endpoint: menuApi.getUserActionValue,
    access: 'user',
    summary: '当前用户的权限值',
    handler: async ({ caller }) => userActionValues(caller),
  }),
];
