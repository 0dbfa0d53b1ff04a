import type { LoginBody, LoginResult, UserInfo } from '@xuetu/contract';
import type { AxiosRequestConfig } from 'axios';
import { post } from './request';

const base = '/Api/User/user_user';

export const login = (body: LoginBody) => post<LoginResult>(`${base}/Login`, body);
export const logout = () => post<null>(`${base}/LoginOut`, undefined, { silent: true });
export const getUserInfo = (config?: AxiosRequestConfig) => post<UserInfo | null>(`${base}/GetUserInfo`, undefined, config);
