import { type LoginBody, sessionApi } from '@xuetu/contract';
import type { AxiosRequestConfig } from 'axios';
import { call } from './client';

export const login = (body: LoginBody) => call(sessionApi.login, body);
export const logout = () => call(sessionApi.loginOut, undefined, { silent: true });
export const getUserInfo = (config?: AxiosRequestConfig) => call(sessionApi.getUserInfo, undefined, config);
