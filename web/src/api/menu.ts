import { menuApi } from '@xuetu/contract';
import { call } from './client';
import type { RequestConfig } from './http';

export const getUserMenuList = (config?: RequestConfig) => call(menuApi.getUserMenuList, undefined, config);
export const getUserActionValue = (config?: RequestConfig) => call(menuApi.getUserActionValue, undefined, config);
