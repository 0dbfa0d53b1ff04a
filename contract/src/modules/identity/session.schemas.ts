import { z } from 'zod';
import { Msg } from '../../messages.ts';

export const loginBody = z.object({
  username: z.string({ error: Msg.usernameRequired }).trim().min(1, Msg.usernameRequired).max(64),
  password: z.string({ error: Msg.passwordRequired }).min(1, Msg.passwordRequired).max(128),
});
export type LoginBody = z.infer<typeof loginBody>;

export interface LoginResult {
  token: string;
  /** true when an administrator reset the password: the user must change it */
  mustChangePassword: boolean;
}

/** GetUserInfo data: the session fields of spec portal-and-learner §3 plus the profile fields. */
export interface UserInfo {
  userId: number;
  accountCode: string;
  userType: 'SysUser' | 'ComPanyUser';
  // session fields
  name: string;
  avatar: string;
  introduction: string;
  roles: string[];
  company: string;
  sysroles: number[];
  orgname: string;
  postname: string;
  loginlogo: string;
  // user info
  chnName: string;
  headImage: string;
  headImagePath: string;
  comPanyName: string;
  companySysCode: string;
  orgName: string;
  postName: string;
  roleNameList: string[];
  sysRoles: number[];
  idCard: string;
  sex: number;
  mobile: string;
  qq: string;
  weChat: string;
  email: string;
  jobNum: string;
  orgCodeName: string;
  postCodeName: string;
  partTimePostCodeName: string;
  ssNo: string;
  ssAddr: string;
  ssState: string;
  validDate: string;
  mustChangePassword: boolean;
}

/** One entry of GetUserMenuList: groups have child entries, pages have a url. */
export interface MenuEntry {
  id: number;
  name: string;
  icon: string;
  isHidden: 0 | 1;
  url?: string;
  value: string;
  roles?: string[];
  child?: MenuEntry[];
}
