import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { MenuEntry } from '../identity/session.schemas.ts';

/** The menu calls (ADR 0039). */
export const menuApi = /* @__PURE__ */ defineGroup('directory', 'menu', {
  getUserMenuList: endpoint({ path: '/Api/SysConfig/sys_action/GetUserMenuList', output: answer<MenuEntry[]>() }),
  getUserActionValue: endpoint({ path: '/Api/SysConfig/sys_action/GetUserActionValue', output: answer<string[]>() }),
});
