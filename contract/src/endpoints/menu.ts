import { answer, endpoint } from '../endpoint.ts';
import type { MenuEntry } from '../schemas/session.ts';

/** The menu calls (ADR 0039). */
export const menuApi = {
  getUserMenuList: endpoint({ method: 'POST', path: '/Api/SysConfig/sys_action/GetUserMenuList', output: answer<MenuEntry[]>() }),
  getUserActionValue: endpoint({ method: 'POST', path: '/Api/SysConfig/sys_action/GetUserActionValue', output: answer<string[]>() }),
};
