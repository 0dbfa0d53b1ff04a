import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { MenuEntry } from '../identity/session.schemas.ts';

// the original system's controllers these paths are under
const sysAction = '/Api/SysConfig/sys_action';

/** The menu calls (ADR 0039). */
export const menuApi = /* @__PURE__ */ defineGroup('directory', 'menu', {
  getUserMenuList: endpoint({ path: `${sysAction}/GetUserMenuList`, output: answer<MenuEntry[]>() }),
  getUserActionValue: endpoint({ path: `${sysAction}/GetUserActionValue`, output: answer<string[]>() }),
});
