import type { MenuEntry } from '@xuetu/contract';
import type { AxiosRequestConfig } from 'axios';
import { post } from './request';

const base = '/Api/SysConfig/sys_action';

export const getUserMenuList = (config?: AxiosRequestConfig) => post<MenuEntry[]>(`${base}/GetUserMenuList`, undefined, config);
export const getUserActionValue = (config?: AxiosRequestConfig) => post<string[]>(`${base}/GetUserActionValue`, undefined, config);
