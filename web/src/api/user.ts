import { type LoginBody, sessionApi } from '@xuetu/contract';
import { call } from './client';
import type { RequestConfig } from './http';

export const login = (body: LoginBody) => call(sessionApi.login, body);
export const logout = () => call(sessionApi.loginOut, undefined, { silent: true });
export const getUserInfo = (config?: RequestConfig) => call(sessionApi.getUserInfo, undefined, config);
