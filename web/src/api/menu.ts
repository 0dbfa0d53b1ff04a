import { menuApi } from '@xuetu/contract';
import type { AxiosRequestConfig } from 'axios';
import { call } from './client';

export const getUserMenuList = (config?: AxiosRequestConfig) => call(menuApi.getUserMenuList, undefined, config);
export const getUserActionValue = (config?: AxiosRequestConfig) => call(menuApi.getUserActionValue, undefined, config);
